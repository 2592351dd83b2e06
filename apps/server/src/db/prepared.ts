// Prepared statements for the queries every request runs (the session of each call, the documents in payment of
// each list page, …): drizzle builds their SQL once per database instead of on every call, where building it
// (walking every selected column and condition) cost more CPU than PostgreSQL spent answering (issue 17,
// bench/README.md). Values go in through `sql.placeholder(name)`; each statement is named, so PostgreSQL also
// parses it once per connection.
import { sql, type Query, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { PgDialect } from 'drizzle-orm/pg-core';
import type { Db, Tx } from './client';

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

/** Gives the SQL of a value by its name: a placeholder when a statement is rendered once for many calls. */
export type Bind = (name: string) => SQLWrapper;

/** Rendered statements by dialect: a database and its transactions share one (and its casing). */
const shapedStatements = new WeakMap<PgDialect, Map<string, Query>>();
/** Shapes kept per database; a list's filters combine into a few dozen in practice. */
const maxShapes = 2_000;

/**
 * Runs a statement whose text depends on which parts a request has (the invoice list: its filters, sort and
 * cursor), not on their values: `build` writes it with `bind(name)` for each value, and it is rendered to SQL once
 * per shape and database, its transactions included (drizzle's rendering of the list's two statements was about a tenth of the list's CPU,
 * issue 17); each call sends that text with `values`. Unnamed on the wire, so PostgreSQL plans each call with its
 * own values, as before. `shape` must name everything `build` depends on besides the bound values. In a
 * transaction too (`db` a transaction: the statement goes over its connection).
 */
export async function executeShaped<Row>(
  db: Db | Tx,
  shape: string,
  build: (bind: Bind) => SQL,
  values: Record<string, unknown>,
): Promise<Row[]> {
  // The database's own dialect: it carries the casing the schema was declared with.
  const { dialect } = db as unknown as { dialect: PgDialect };
  let byShape = shapedStatements.get(dialect);
  if (!byShape) {
    byShape = new Map();
    shapedStatements.set(dialect, byShape);
  }
  let query = byShape.get(shape);
  if (!query) {
    query = dialect.sqlToQuery(build((name) => sql.placeholder(name)));
    if (byShape.size >= maxShapes) byShape.clear();
    byShape.set(shape, query);
  }
  const result = (await db._.session.prepareQuery(query, undefined, undefined, false).execute(values)) as {
    rows: Row[];
  };
  return result.rows;
}
