// Shaped statements: rendered once per shape, each call answered with its own values, on both drivers (PGlite, and PostgreSQL with TEST_DATABASE_URL).
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app';
import { executeShaped, type Bind } from './prepared';

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
});
