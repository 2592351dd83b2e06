// Shaped statements: rendered once per shape, each call answered with its own values, on both drivers (PGlite,
// and PostgreSQL with TEST_DATABASE_URL).
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseUrl } from '../config';
import { createTestApp, type TestApp } from '../test/test-app';
import { executeShaped, executeWithRows, rowOf, type Bind } from './prepared';
import { auditEvents } from './schema';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ demoUsers: false });
});
afterAll(() => t.close());

describe('executeShaped', () => {
  it('renders a shape once and answers each call with its own values', async () => {
    let builds = 0;
    const numbersUpTo = (bind: Bind) => {
      builds += 1;
      return sql`SELECT n FROM generate_series(1, 10) AS n WHERE n <= ${bind('max')} AND n = ANY(${bind('wanted')}::int[]) ORDER BY n`;
    };
    const first = await executeShaped<{ n: number }>(t.database.db, 'test|up-to', numbersUpTo, {
      max: 5,
      wanted: [2, 4, 6],
    });
    const second = await executeShaped<{ n: number }>(t.database.db, 'test|up-to', numbersUpTo, {
      max: 9,
      wanted: [6, 9],
    });
    expect(first.map((row) => Number(row.n))).toEqual([2, 4]);
    expect(second.map((row) => Number(row.n))).toEqual([6, 9]);
    expect(builds).toBe(1);
  });

  it('keeps shapes apart', async () => {
    const even = await executeShaped<{ n: number }>(
      t.database.db,
      'test|even',
      (bind) => sql`SELECT n FROM generate_series(1, ${bind('to')}) AS n WHERE n % 2 = 0 ORDER BY n`,
      { to: 6 },
    );
    const odd = await executeShaped<{ n: number }>(
      t.database.db,
      'test|odd',
      (bind) => sql`SELECT n FROM generate_series(1, ${bind('to')}) AS n WHERE n % 2 = 1 ORDER BY n`,
      { to: 6 },
    );
    expect(even.map((row) => Number(row.n))).toEqual([2, 4, 6]);
    expect(odd.map((row) => Number(row.n))).toEqual([1, 3, 5]);
  });

  it.runIf(Boolean(testDatabaseUrl()))(
    'names a shape on the wire (parsed once per connection), but not a statement that plans each call',
    async () => {
      await t.database.db.transaction(async (tx) => {
        const named = (bind: Bind) => sql`SELECT ${bind('n')}::int + 1 AS n`;
        const eachCall = (bind: Bind) => sql`SELECT ${bind('n')}::int + 2 AS n`;
        await executeShaped(tx, 'test|named', named, { n: 1 });
        await executeShaped(tx, 'test|each-call', eachCall, { n: 1 }, { planEachCall: true });
        const prepared = await tx.execute<{ statement: string }>(
          sql`SELECT statement FROM pg_prepared_statements WHERE statement LIKE 'SELECT $1::int + %'`,
        );
        const statements = (prepared as unknown as { rows: { statement: string }[] }).rows.map((row) => row.statement);
        expect(statements).toEqual(['SELECT $1::int + 1 AS n']);
      });
    },
  );

  it.runIf(Boolean(testDatabaseUrl()))(
    'names at most a few hundred texts: past them a new one goes unnamed, and every call is still answered',
    async () => {
      await t.database.db.transaction(async (tx) => {
        for (let n = 0; n < 310; n++) {
          const [row] = await executeShaped<{ n: number }>(
            tx,
            `test|many-${n}`,
            (bind) => sql`SELECT ${bind('n')}::int * ${sql.raw(String(n))} AS n`,
            { n: 2 },
          );
          expect(Number(row?.n)).toBe(2 * n);
        }
        const prepared = await tx.execute<{ count: number }>(
          sql`SELECT count(*)::int AS count FROM pg_prepared_statements WHERE statement LIKE 'SELECT $1::int * %'`,
        );
        const named = (prepared as unknown as { rows: { count: number }[] }).rows[0]!.count;
        expect(named).toBeGreaterThan(0);
        expect(named).toBeLessThanOrEqual(300);
      });
    },
  );

  it("inserts rows through a builder with their columns' encodings, a null as SQL NULL, shapes by nulls and count", async () => {
    const db = t.database.db;
    const at = new Date('2026-11-02T09:30:00Z');
    let builds = 0;
    const insert = (rows: { at: Date; event: 'login_failed'; subject: string; details: object | null }[]) =>
      executeWithRows(db, 'test_audit', rows, (bound) => {
        builds += 1;
        return db.insert(auditEvents).values(bound);
      });
    await insert([{ at, event: 'login_failed', subject: 'shaped-1', details: { n: 1 } }]);
    await insert([{ at, event: 'login_failed', subject: 'shaped-2', details: null }]);
    await insert([{ at, event: 'login_failed', subject: 'shaped-2b', details: { n: 2 } }]);
    await insert([
      { at, event: 'login_failed', subject: 'shaped-3', details: { n: 3 } },
      { at, event: 'login_failed', subject: 'shaped-4', details: { n: 4 } },
    ]);
    // One rendering per shape: a null, and another count, are other shapes; the same shape is rendered once.
    expect(builds).toBe(3);
    const result = (await db.execute(
      sql`SELECT subject, details IS NULL AS missing, details->>'n' AS n, at = ${at.toISOString()}::timestamptz AS same_time
        FROM portal.audit_events WHERE subject LIKE 'shaped-%' ORDER BY subject`,
    )) as unknown as { rows: { subject: string; missing: boolean; n: string | null; same_time: boolean }[] };
    expect(result.rows).toEqual([
      { subject: 'shaped-1', missing: false, n: '1', same_time: true },
      { subject: 'shaped-2', missing: true, n: null, same_time: true },
      { subject: 'shaped-2b', missing: false, n: '2', same_time: true },
      { subject: 'shaped-3', missing: false, n: '3', same_time: true },
      { subject: 'shaped-4', missing: false, n: '4', same_time: true },
    ]);
  });

  it("refuses an undefined value (a key left out is the column's default; undefined would be neither)", () => {
    expect(() =>
      executeWithRows(t.database.db, 'test_undefined', [{ subject: 'x', details: undefined }], (rows) =>
        t.database.db.insert(auditEvents).values(rows as never),
      ),
    ).toThrow(/details is undefined/);
  });

  it("gives a returned row back in the table's keys and types, as drizzle's own select reads it (rowOf)", async () => {
    const db = t.database.db;
    const row = {
      at: new Date('2026-11-03T10:15:00.123Z'),
      event: 'login_failed' as const,
      subject: 'row-of',
      details: { n: 7 },
    };
    const [sent] = await executeWithRows<Record<string, unknown>, typeof row>(db, 'test_row_of', [row], (bound) =>
      db.insert(auditEvents).values(bound).returning(),
    );
    const [selected] = await db.select().from(auditEvents).where(eq(auditEvents.subject, 'row-of'));
    const mapped = rowOf(auditEvents, sent!);
    expect(mapped).toEqual(selected);
    expect(mapped.at).toBeInstanceOf(Date);
    expect(mapped.at.toISOString()).toBe('2026-11-03T10:15:00.123Z');
    expect(mapped.details).toEqual({ n: 7 });
  });
});
