// Statements built once. Prepared statements for the queries every request runs (the session of each call, the
// documents in payment of each list page, …): drizzle builds their SQL once per database instead of on every
// call, where building it (walking every selected column and condition) cost more CPU than PostgreSQL spent
// answering (issue 17, bench/README.md). Values go in through `sql.placeholder(name)`; each statement is named, so PostgreSQL also
// parses it once per connection. Statements whose text depends on the request's shape are rendered once per shape
// (executeShaped, executeWithRows).
import { createHash } from 'node:crypto';
import { getTableColumns, is, SQL, sql, type Column, type Query, type SQLWrapper } from 'drizzle-orm';
import type { PgDialect, PgTable } from 'drizzle-orm/pg-core';
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

/**
 * Rendered statements by dialect: a database and its transactions share one (and its casing). `name`: undefined
 * until the statement is first run named, null once it is known to go unnamed (maxNamedTexts).
 */
const shapedStatements = new WeakMap<PgDialect, Map<string, Query & { name?: string | null }>>();

export type ShapeOptions = {
  /** Unnamed on the wire: PostgreSQL plans each call with its own values (a statement whose best plan depends on them). */
  planEachCall?: boolean;
};
/** Shapes kept per database; a list's filters combine into a few dozen in practice. */
const maxShapes = 2_000;
/**
 * Names given per database, at most: each is a prepared statement on every pooled connection that runs it, kept by
 * PostgreSQL for the connection's life. Shapes that differ by their row count (a payment of 1, 2, … 200 invoices)
 * could otherwise fill a backend's memory; past the first ones, a new text goes unnamed.
 */
const maxNamedTexts = 300;
const namedTexts = new WeakMap<PgDialect, Set<string>>();

/** The wire name of a statement's text (the same text, the same name), while names are left (maxNamedTexts). */
function nameOf(dialect: PgDialect, text: string): string | null {
  let named = namedTexts.get(dialect);
  if (!named) {
    named = new Set();
    namedTexts.set(dialect, named);
  }
  const name = `shaped_${createHash('sha1').update(text).digest('base64url')}`;
  if (!named.has(name)) {
    if (named.size >= maxNamedTexts) return null;
    named.add(name);
  }
  return name;
}

/**
 * Runs a statement whose text depends on which parts a request has (the invoice list: its filters, sort and
 * cursor), not on their values: `build` writes it with `bind(name)` for each value, and it is rendered to SQL once
 * per shape and database (drizzle's rendering of the list's two statements was about a tenth of the list's CPU,
 * issue 17); each call sends that text with `values`. `shape` must name everything `build` depends on besides the
 * bound values. `db` may be a transaction: the statement goes over its connection (a database and its transactions
 * share the rendering).
 *
 * On the wire each shape is a named statement, which PostgreSQL parses once per connection and, after a few calls,
 * plans once (planning was a sixth of a payment's PostgreSQL time: issue 17). A statement whose best plan depends
 * on its values (the invoice list: a payer of ten documents or of a million) asks `planEachCall`: unnamed, planned
 * with each call's values.
 *
 * `build` may give a drizzle insert, update or delete (its `getSQL()`; executeWithRows binds their rows): a value
 * bound in `values(…)` or `set(…)` goes through its column's encoding when the call runs (jsonb, timestamps,
 * bigint), as drizzle would send it; a value bound in a condition is sent as given. Rows come back as PostgreSQL
 * names them (`returning` columns by their database names, int8 as text).
 */
export async function executeShaped<Row>(
  db: Db | Tx,
  shape: string,
  build: (bind: Bind) => SQL | { getSQL: () => SQL },
  values: Record<string, unknown>,
  options: ShapeOptions = {},
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
  // Named by its text: a name stands for one text on every connection, whichever shape rendered it.
  const name = options.planEachCall ? undefined : (query.name ??= nameOf(dialect, query.sql));
  const result = (await db._.session.prepareQuery(query, undefined, name ?? undefined, false).execute(values)) as {
    rows: Row[];
  };
  return result.rows;
}

/**
 * Runs a statement over `rows` (an insert's rows, or an update's one set of columns), rendered once per shape
 * (executeShaped): `build` gets the rows with each value bound by name, and `bind` for `values` of its own. A value
 * in a builder's `values(…)` or `set(…)` goes through its column's encoding. A null is written into the statement
 * as NULL (a bound null would be encoded too: jsonb would store JSON's null), so which values are null is part of
 * the shape, with `name`, the count and the keys. An undefined value is refused: leave the key out (the column's
 * default) or give null.
 */
export function executeWithRows<Row, T extends Record<string, unknown>>(
  db: Db | Tx,
  name: string,
  rows: T[],
  build: (rows: T[], bind: Bind) => SQL | { getSQL: () => SQL },
  values: Record<string, unknown> = {},
  options: ShapeOptions = {},
): Promise<Row[]> {
  return executeWithRowSets<Row, { rows: T[] }>(
    db,
    name,
    { rows },
    (sets, bind) => build(sets.rows, bind),
    values,
    options,
  );
}

/**
 * executeWithRows over several sets of rows in one statement: a write with the writes that go with it, as
 * data-modifying WITH queries (one round trip instead of one per table). `sets` by name; each row is bound and
 * shaped as executeWithRows does it.
 */
export function executeWithRowSets<Row, Sets extends Record<string, Record<string, unknown>[]>>(
  db: Db | Tx,
  name: string,
  sets: Sets,
  build: (sets: Sets, bind: Bind) => SQL | { getSQL: () => SQL },
  values: Record<string, unknown> = {},
  options: ShapeOptions = {},
): Promise<Row[]> {
  const rowValues: Record<string, unknown> = {};
  const shapes = Object.entries(sets).map(([set, rows]) => {
    const shape = rows.map((row, index) =>
      Object.entries(row)
        .map(([key, value]) => {
          if (value === undefined) throw new Error(`${name}: ${key} is undefined (give null or leave the key out)`);
          if (value === null) return `${key}=null`;
          rowValues[`${set}.${index}.${key}`] = value;
          return key;
        })
        .join(','),
    );
    return `${set}:${shape.join('|')}`;
  });
  const bound = (bind: Bind) =>
    Object.fromEntries(
      Object.entries(sets).map(([set, rows]) => [
        set,
        rows.map((row, index) =>
          Object.fromEntries(
            Object.entries(row).map(([key, value]) => [
              key,
              value === null ? sql`null` : bind(`${set}.${index}.${key}`),
            ]),
          ),
        ),
      ]),
    ) as Sets;
  return executeShaped<Row>(
    db,
    `${name}|${shapes.join('|')}`,
    (bind) => build(bound(bind), bind),
    { ...rowValues, ...values },
    options,
  );
}

/** Each table's columns as [key, column], looked up once. */
const tableColumns = new WeakMap<PgTable, [string, Column][]>();

/**
 * A row of `table` as PostgreSQL sent it (`returning()` of a statement run by executeWithRows: its column names,
 * int8 as text), in the table's own keys and types, as drizzle's own insert or select gives it.
 */
export function rowOf<T extends PgTable>(table: T, sent: Record<string, unknown>): T['$inferSelect'] {
  let columns = tableColumns.get(table);
  if (!columns) {
    columns = Object.entries(getTableColumns(table));
    tableColumns.set(table, columns);
  }
  const row: Record<string, unknown> = {};
  for (const [key, column] of columns) {
    const value = sent[column.name];
    row[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
  }
  return row as T['$inferSelect'];
}
