// Prepared statements for the queries every request runs (the session of each call, the documents in payment of
// each list page, …): drizzle builds their SQL once per database instead of on every call, where building it
// (walking every selected column and condition) cost more CPU than PostgreSQL spent answering (issue 17,
// bench/README.md). Values go in through `sql.placeholder(name)`; each statement is named, so PostgreSQL also
// parses it once per connection.
import { is, SQL, sql, type Query, type SQLWrapper } from 'drizzle-orm';
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
 *
 * `build` may give a drizzle insert, update or delete (its `getSQL()`): a value bound in `values(…)` or `set(…)`
 * goes through its column's encoding when the call runs (jsonb, timestamps, bigint), as drizzle would send it; a
 * value bound in a condition is sent as given. Rows come back as PostgreSQL names them (`returning` columns by
 * their database names, unparsed numbers of int8 as text).
 */
export async function executeShaped<Row>(
  db: Db | Tx,
  shape: string,
  build: (bind: Bind) => SQL | { getSQL: () => SQL },
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
    const built = build((name) => sql.placeholder(name));
    query = dialect.sqlToQuery(is(built, SQL) ? built : built.getSQL());
    if (byShape.size >= maxShapes) byShape.clear();
    byShape.set(shape, query);
  }
  const result = (await db._.session.prepareQuery(query, undefined, undefined, false).execute(values)) as {
    rows: Row[];
  };
  return result.rows;
}

/** Rows for a statement rendered once per shape (executeShaped): see shapedRows. */
export type ShapedRows<T> = {
  /** Their count, keys and which values are null: part of the statement's shape. */
  shape: string;
  /** Each value under `${prefix}${index}.${key}` (nulls apart: they are written into the statement). */
  values: Record<string, unknown>;
  /** The rows with their values bound by name, for a builder's `values(…)` or `set(…)`. */
  bound: (bind: Bind) => T[];
};

/**
 * Rows of an insert (or the set of an update) for executeShaped. A null is written into the statement as NULL (a
 * bound null would go through its column's encoding: jsonb would store JSON's null), so which values are null is
 * part of the shape, as are the count and the keys.
 */
export function shapedRows<T extends Record<string, unknown>>(prefix: string, rows: T[]): ShapedRows<T> {
  const values: Record<string, unknown> = {};
  const shape = rows.map((row, index) =>
    Object.entries(row)
      .map(([key, value]) => {
        if (value === undefined) throw new Error(`shapedRows: ${key} is undefined (give null or leave the key out)`);
        if (value === null) return `${key}=null`;
        values[`${prefix}${index}.${key}`] = value;
        return key;
      })
      .join(','),
  );
  return {
    shape: `${prefix}[${shape.join('|')}]`,
    values,
    bound: (bind) =>
      rows.map(
        (row, index) =>
          Object.fromEntries(
            Object.entries(row).map(([key, value]) => [
              key,
              value === null ? sql`null` : bind(`${prefix}${index}.${key}`),
            ]),
          ) as unknown as T,
      ),
  };
}
