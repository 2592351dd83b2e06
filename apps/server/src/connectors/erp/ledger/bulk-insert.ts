// Multi-row INSERT for seeding: one array parameter per column, expanded by unnest(). A 1,000-row batch is ~30
// parameters instead of ~30,000, which keeps drizzle's per-parameter query building out of the load time.
import { getTableColumns, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../../../db/client';

function toParameter(value: unknown): unknown {
  if (value === undefined) return null;
  if (typeof value === 'bigint') return value.toString();
  if (value !== null && typeof value === 'object' && !(value instanceof Date)) return JSON.stringify(value);
  return value;
}

/** Inserts rows that all carry the same keys (those of the first row); other columns take their defaults. */
export async function insertByUnnest(db: Db, table: PgTable, rows: readonly Record<string, unknown>[]): Promise<void> {
  const first = rows[0];
  if (!first) return;
  const columns = Object.entries(getTableColumns(table)).filter(([key]) => key in first);
  const names = sql.join(
    columns.map(([, column]) => sql.identifier(column.name)),
    sql`, `,
  );
  const arrays = sql.join(
    columns.map(
      ([key, column]) =>
        sql`${sql.param(rows.map((row) => toParameter(row[key])))}::${sql.raw(`${column.getSQLType()}[]`)}`,
    ),
    sql`, `,
  );
  await db.execute(sql`INSERT INTO ${table} (${names}) SELECT * FROM unnest(${arrays})`);
}
