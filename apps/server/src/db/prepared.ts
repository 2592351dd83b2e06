// Prepared statements for the queries every request runs (the session of each call, the documents in payment of
// each list page, …): drizzle builds their SQL once per database instead of on every call, where building it
// (walking every selected column and condition) cost more CPU than PostgreSQL spent answering (issue 17,
// bench/README.md). Values go in through `sql.placeholder(name)`; each statement is named, so PostgreSQL also
// parses it once per connection.
import type { Db } from './client';

const statements = new WeakMap<object, Map<string, unknown>>();

/**
 * The statement `name` of this database, built by `build` on first use and kept with the database object.
 * `build` must not depend on anything but `db`: the values of a call are the placeholders' `execute({ … })`.
 */
export function preparedStatement<T>(db: Db, name: string, build: (db: Db) => T): T {
  let byName = statements.get(db);
  if (!byName) {
    byName = new Map();
    statements.set(db, byName);
  }
  let statement = byName.get(name) as T | undefined;
  if (statement === undefined) {
    statement = build(db);
    byName.set(name, statement);
  }
  return statement;
}
