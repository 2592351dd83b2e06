// Payments received (issue 27 §3): the search's filters each alone and together, the cursor walking every row once
// (ties to the microsecond included), totals per currency and per day over the whole filter to the last minor unit
// (beyond a float's precision), the period rule, the CSV and Excel exports with formula injection neutralised, and
// the refusals (a customer's user, an internal user, a manager without the permission, nobody).
import { eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  PaymentsReceivedSearchResponse,
  paymentsReceivedPeriod,
  type PaymentReceived,
  type PaymentsReceivedSearchRequest,
} from '@portal/contracts';
import { formatMinorUnits } from '@portal/domain';
import { users } from '../../db/schema';
import { createTestApp, signInAs, type TestApp } from '../../test/test-app';
import { feedRow, insertFeedRows, type TestFeedRow } from './payments-received.test-helpers';

let t: TestApp;
const tokens: Record<'admin' | 'manager' | 'internal' | 'payer', string> = {
  admin: '',
  manager: '',
  internal: '',
  payer: '',
};
const rows: TestFeedRow[] = [];

const currencies = [
  { key: 'USD', decimals: 2 },
  { key: 'JPY', decimals: 0 },
  { key: 'KWD', decimals: 3 },
] as const;
const kinds = ['invoice', 'deposit', 'guest'] as const;
const methods = ['VISA', 'MC', 'AMEX', 'EC'] as const;
const companyCodes = ['1000', '2000', 'JP01'] as const;
const payers = ['0000100001', '0000100002', '0000300001'] as const;

/** A small seeded generator: the same rows on every run, so that a failure can be replayed. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let value = Math.imul(state ^ (state >>> 15), 1 | state);
    value = (value + Math.imul(value ^ (value >>> 7), 61 | value)) ^ value;
    return ((value ^ (value >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** An ISO moment with microseconds: the day's start plus ms, plus a microsecond part. */
function moment(day: string, ms: number, micros: number): string {
  const base = new Date(Date.parse(`${day}T00:00:00Z`) + ms).toISOString().slice(0, 23);
  return `${base}${String(micros).padStart(3, '0')}Z`;
}

const hostile = `=cmd|' /C calc'!A0`;
const big = 3_002_399_751_580_331n; // three of them add up to 2^53 + 1: a float cannot hold the sum

beforeAll(async () => {
  t = await createTestApp();
  for (const who of ['admin', 'manager', 'internal', 'payer'] as const)
    tokens[who] = (await signInAs(t.app, `${who}@example.com`)).token;

  const next = random(27);
  const pick = <T>(values: readonly T[]): T => values[Math.floor(next() * values.length)]!;
  // The test clock's today is 2026-11-02: the default period is 2026-10-04 … 2026-11-02.
  for (let index = 0; index < 180; index++) {
    const day = new Date(Date.parse('2026-10-04T00:00:00Z') + Math.floor(next() * 30) * 86_400_000)
      .toISOString()
      .slice(0, 10);
    const currency = pick(currencies);
    const documents = Array.from({ length: Math.floor(next() * 4) }, (_, n) => ({
      billing_document_number: `90${String(index * 10 + n).padStart(8, '0')}`,
      document_number_finance: `18${String(index * 10 + n).padStart(8, '0')}`,
      amount: formatMinorUnits(BigInt(100 + n), currency.decimals),
      reason_code: n === 1 ? 'PP' : '',
      comment: n === 2 ? 'partly' : '',
    }));
    rows.push(
      feedRow({
        postedAt: moment(day, Math.floor(next() * 86_400_000), Math.floor(next() * 1000)),
        kind: pick(kinds),
        companyCode: pick(companyCodes),
        payerNumber: pick(payers),
        currencyKey: currency.key,
        currencyDecimals: currency.decimals,
        amountMinor: BigInt(1 + Math.floor(next() * 5_000_000)),
        method: pick(methods),
        documents,
        acknowledged:
          next() < 0.4 ? { at: '2026-11-02T08:00:00.000Z', erpDocumentNumber: `ERP-${index}`, by: 'erp-key' } : null,
      }),
    );
  }
  // Ties: three payments in the same microsecond, and their neighbours one microsecond either side.
  for (const postedAt of [
    '2026-11-01T10:00:00.123455Z',
    '2026-11-01T10:00:00.123456Z',
    '2026-11-01T10:00:00.123456Z',
    '2026-11-01T10:00:00.123456Z',
    '2026-11-01T10:00:00.123457Z',
  ])
    rows.push(feedRow({ postedAt, method: 'MC' }));
  // The edges of the default period (UTC days): the first microsecond in, the last one before it out.
  rows.push(feedRow({ postedAt: '2026-10-04T00:00:00.000000Z', payerNumber: '0000100009', amountMinor: 4242n }));
  rows.push(feedRow({ postedAt: '2026-10-03T23:59:59.999999Z', payerNumber: '0000100009', amountMinor: 99n }));
  // Sums beyond a float's precision, and a KWD amount of five fils.
  for (const hour of [1, 2, 3])
    rows.push(feedRow({ postedAt: moment('2026-10-20', hour * 3_600_000, 0), companyCode: '9000', amountMinor: big }));
  rows.push(
    feedRow({
      postedAt: '2026-10-21T12:00:00.000000Z',
      companyCode: 'KW01',
      currencyKey: 'KWD',
      currencyDecimals: 3,
      amountMinor: 5n,
      kind: 'guest',
      method: 'AMEX',
      // Text a payer typed, that a spreadsheet would run as a formula.
      gatewayReference: hostile,
      documents: [
        {
          billing_document_number: '9099999999',
          document_number_finance: '1899999999',
          amount: '0.005',
          reason_code: '',
          comment: hostile,
        },
      ],
    }),
  );
  // Older payments, for the longest period.
  for (let month = 0; month < 12; month++) {
    const day = new Date(Date.UTC(2025, 10 + month, 2)).toISOString().slice(0, 10);
    rows.push(feedRow({ postedAt: moment(day, 9 * 3_600_000, 0), currencyKey: 'JPY', currencyDecimals: 0 }));
  }
  await insertFeedRows(t.database.db, rows);
}, 120_000);

afterAll(async () => {
  await t?.close();
});

async function search(body: PaymentsReceivedSearchRequest, token: string | null = tokens.admin) {
  return t.app.inject({
    method: 'POST',
    url: '/api/payments-received/search',
    headers: token ? { authorization: `Bearer ${token}` } : {},
    payload: body,
  });
}

/** Every page of a search, following next_cursor; checks each answer against the contract. */
async function searchAll(body: PaymentsReceivedSearchRequest, limit: number) {
  const items: PaymentReceived[] = [];
  let cursor: string | undefined;
  let first: PaymentsReceivedSearchResponse | undefined;
  for (let pages = 0; pages < 1000; pages++) {
    const response = await search({ ...body, limit, cursor });
    expect(response.statusCode, response.body).toBe(200);
    const page = PaymentsReceivedSearchResponse.parse(response.json());
    expect(page.items.length).toBeLessThanOrEqual(limit);
    first ??= page;
    // Totals and days do not change from page to page: they cover the whole filter.
    expect(page.totals).toEqual(first.totals);
    expect(page.per_day).toEqual(first.per_day);
    items.push(...page.items);
    if (!page.next_cursor) return { items, first };
    cursor = page.next_cursor;
  }
  throw new Error('the cursor never ended');
}

type Expected = {
  from?: string;
  to?: string;
  companyCode?: string;
  kind?: TestFeedRow['kind'];
  method?: TestFeedRow['method'];
  acknowledged?: 'yes' | 'no';
  payer?: string;
};

/** The rows a filter should find, newest first (posted_at to the microsecond, then id, both descending). */
function expected(filter: Expected): TestFeedRow[] {
  const from = filter.from ?? '2026-10-04';
  const to = filter.to ?? '2026-11-02';
  return rows
    .filter(
      (row) =>
        row.postedAt.slice(0, 10) >= from &&
        row.postedAt.slice(0, 10) <= to &&
        (!filter.companyCode || row.companyCode === filter.companyCode) &&
        (!filter.kind || row.kind === filter.kind) &&
        (!filter.method || row.method === filter.method) &&
        (!filter.acknowledged || (row.acknowledged !== null) === (filter.acknowledged === 'yes')) &&
        (!filter.payer || row.payerNumber.replace(/^0+/, '') === filter.payer.replace(/^0+/, '')),
    )
    .sort((a, b) => (a.postedAt === b.postedAt ? (a.id < b.id ? 1 : -1) : a.postedAt < b.postedAt ? 1 : -1));
}

function sums(list: TestFeedRow[], key: (row: TestFeedRow) => string) {
  const byKey = new Map<string, { minor: bigint; count: number; decimals: number }>();
  for (const row of list) {
    const entry = byKey.get(key(row)) ?? { minor: 0n, count: 0, decimals: row.currencyDecimals };
    entry.minor += row.amountMinor;
    entry.count += 1;
    byKey.set(key(row), entry);
  }
  return byKey;
}

function expectTotals(page: PaymentsReceivedSearchResponse, list: TestFeedRow[]) {
  const totals = sums(list, (row) => row.currencyKey);
  expect(page.totals).toEqual(
    [...totals.entries()]
      .sort(([a], [b]) => (a < b ? -1 : 1))
      .map(([currency, sum]) => ({
        currency_key: currency,
        currency_decimals: sum.decimals,
        amount: formatMinorUnits(sum.minor, sum.decimals),
        // Payments only here: nothing came back (issue 37's reversals: payment-reversals.test.ts).
        gross_amount: formatMinorUnits(sum.minor, sum.decimals),
        reversed_amount: formatMinorUnits(0n, sum.decimals),
        count: sum.count,
      })),
  );
  const days = sums(list, (row) => `${row.postedAt.slice(0, 10)}|${row.currencyKey}`);
  expect(page.per_day).toEqual(
    [...days.entries()]
      .sort(([a], [b]) => (a < b ? -1 : 1))
      .map(([key, sum]) => ({
        day: key.split('|')[0],
        currency_key: key.split('|')[1],
        currency_decimals: sum.decimals,
        amount: formatMinorUnits(sum.minor, sum.decimals),
        // Payments only here: nothing came back (issue 37's reversals: payment-reversals.test.ts).
        gross_amount: formatMinorUnits(sum.minor, sum.decimals),
        reversed_amount: formatMinorUnits(0n, sum.decimals),
        count: sum.count,
      })),
  );
}

describe('POST /api/payments-received/search', () => {
  it('walks every payment of the default period once, newest first, with totals and days of the whole filter', async () => {
    const want = expected({});
    expect(want.length).toBeGreaterThan(150);
    for (const limit of [7, 50, 200]) {
      const { items, first } = await searchAll({}, limit);
      expect(items.map((item) => item.id)).toEqual(want.map((row) => row.id));
      expect(new Set(items.map((item) => item.id)).size).toBe(items.length);
      expect(first.period).toEqual({ date_from: '2026-10-04', date_to: '2026-11-02' });
      expectTotals(first, want);
    }
  });

  it('adds up to the last minor unit: USD cents beyond a float, JPY without decimals, KWD fils', async () => {
    const page = PaymentsReceivedSearchResponse.parse(
      (await search({ company_code: '9000', date_from: '2026-10-20', date_to: '2026-10-20' })).json(),
    );
    // 3 × 3002399751580331 = 9007199254740993 cents: 2^53 + 1, which no double holds.
    expect(page.totals).toEqual([
      {
        currency_key: 'USD',
        currency_decimals: 2,
        amount: '90071992547409.93',
        gross_amount: '90071992547409.93',
        reversed_amount: '0.00',
        count: 3,
      },
    ]);
    expect(page.per_day).toEqual([
      {
        day: '2026-10-20',
        currency_key: 'USD',
        currency_decimals: 2,
        amount: '90071992547409.93',
        gross_amount: '90071992547409.93',
        reversed_amount: '0.00',
        count: 3,
      },
    ]);
    expect(page.items.map((item) => item.amount)).toEqual([
      '30023997515803.31',
      '30023997515803.31',
      '30023997515803.31',
    ]);

    const kwd = (await search({ company_code: 'KW01', date_from: '2026-10-21', date_to: '2026-10-21' })).json();
    expect(kwd.items[0]).toMatchObject({ amount: '0.005', currency_key: 'KWD', currency_decimals: 3, kind: 'guest' });
    expect(kwd.items[0].documents).toEqual([
      {
        billing_document_number: '9099999999',
        document_number_finance: '1899999999',
        amount: '0.005',
        reason_code: '',
        comment: hostile,
      },
    ]);

    const jpy = PaymentsReceivedSearchResponse.parse(
      (await search({ date_from: '2025-11-01', date_to: '2026-10-03' })).json(),
    );
    const yen = jpy.totals.find((total) => total.currency_key === 'JPY')!;
    expect(yen.amount).toMatch(/^\d+$/);
    expectTotals(jpy, expected({ from: '2025-11-01', to: '2026-10-03' }));
  });

  it('keeps to UTC days, both ends included', async () => {
    const edges = (await search({ payer_number: '100009' })).json() as PaymentsReceivedSearchResponse;
    expect(edges.items.map((item) => item.posted_at)).toEqual(['2026-10-04T00:00:00.000Z']);
    const before = (
      await search({ payer_number: '100009', date_from: '2026-10-03', date_to: '2026-10-03' })
    ).json() as PaymentsReceivedSearchResponse;
    expect(before.items.map((item) => item.amount)).toEqual(['0.99']);
    expect(before.per_day).toEqual([
      {
        day: '2026-10-03',
        currency_key: 'USD',
        currency_decimals: 2,
        amount: '0.99',
        gross_amount: '0.99',
        reversed_amount: '0.00',
        count: 1,
      },
    ]);
  });

  const filters: [string, PaymentsReceivedSearchRequest, Expected][] = [
    ['company code', { company_code: 'JP01' }, { companyCode: 'JP01' }],
    ['kind invoice', { kind: 'invoice' }, { kind: 'invoice' }],
    ['kind deposit', { kind: 'deposit' }, { kind: 'deposit' }],
    ['kind guest', { kind: 'guest' }, { kind: 'guest' }],
    ['method VISA', { method: 'VISA' }, { method: 'VISA' }],
    ['method EC', { method: 'EC' }, { method: 'EC' }],
    ['acknowledged', { acknowledged: 'yes' }, { acknowledged: 'yes' }],
    ['not acknowledged', { acknowledged: 'no' }, { acknowledged: 'no' }],
    ['payer with its zeros', { payer_number: '0000100002' }, { payer: '0000100002' }],
    ['payer without its zeros', { payer_number: '300001' }, { payer: '0000300001' }],
    ['a period', { date_from: '2026-10-10', date_to: '2026-10-15' }, { from: '2026-10-10', to: '2026-10-15' }],
    [
      'all together',
      {
        date_from: '2026-10-05',
        date_to: '2026-11-02',
        company_code: '1000',
        kind: 'invoice',
        method: 'AMEX',
        acknowledged: 'no',
        payer_number: '100001',
      },
      {
        from: '2026-10-05',
        companyCode: '1000',
        kind: 'invoice',
        method: 'AMEX',
        acknowledged: 'no',
        payer: '100001',
      },
    ],
  ];
  it.each(filters)('filters by %s, totals and days included', async (_name, body, filter) => {
    const want = expected(filter);
    const { items, first } = await searchAll(body, 40);
    expect(items.map((item) => item.id)).toEqual(want.map((row) => row.id));
    expectTotals(first, want);
    if (filter.acknowledged === 'yes') {
      expect(items.every((item) => item.acknowledged_at !== null && item.erp_document_number !== '')).toBe(true);
    }
  });

  it('answers an empty page, with no totals, when nothing matches', async () => {
    const response = await search({ company_code: 'NONE' });
    expect(response.json()).toMatchObject({ items: [], next_cursor: null, totals: [], per_day: [] });
  });

  it('refuses a period backwards or longer than 366 days, a forged cursor and a page over 200', async () => {
    const backwards = await search({ date_from: '2026-10-10', date_to: '2026-10-09' });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().messageKey).toBe('payments-received.errors.period_order');
    const long = await search({ date_from: '2025-10-31', date_to: '2026-11-02' });
    expect(long.statusCode).toBe(400);
    expect(long.json().messageKey).toBe('payments-received.errors.period_too_long');
    expect(long.json().message).toBe('The period can be at most 366 days long.');
    // 366 days apart is the longest period allowed.
    expect((await search({ date_from: '2025-11-01', date_to: '2026-11-02' })).statusCode).toBe(200);
    // Only a start: up to today, which is too long here.
    expect((await search({ date_from: '2024-01-01' })).statusCode).toBe(400);
    for (const cursor of [
      'not-a-cursor',
      '2026-02-30T10:00:00.000000Z|0b7d1c1e-5c1e-4c1e-8c1e-0b7d1c1e5c1e',
      "2026-11-01T10:00:00.000000Z|x' or 1=1 --",
    ]) {
      const forged = await search({ cursor });
      expect(forged.statusCode, cursor).toBe(400);
      expect(forged.json().messageKey).toBe('payments-received.errors.cursor');
    }
    expect((await search({ limit: 201 })).statusCode).toBe(400);
    expect((await search({ kind: 'rebate' as never })).statusCode).toBe(400);
    expect((await search({ date_from: '02-11-2026' })).statusCode).toBe(400);
    // Days the database could not hold (no year 0; the day after 9999-12-31) are refused, not a 500.
    expect((await search({ date_from: '0000-01-01', date_to: '0000-01-02' })).statusCode).toBe(400);
    expect((await search({ date_from: '9999-12-30', date_to: '9999-12-31' })).statusCode).toBe(400);
    expect((await search({ date_from: '9999-12-29', date_to: '9999-12-30' })).statusCode).toBe(200);
  });

  it('settles the period by one rule (the form uses the same function)', () => {
    expect(paymentsReceivedPeriod({}, '2026-03-01')).toEqual({ date_from: '2026-01-31', date_to: '2026-03-01' });
    expect(paymentsReceivedPeriod({ date_to: '2024-03-01' }, '2026-03-01')).toEqual({
      date_from: '2024-02-01',
      date_to: '2024-03-01',
    });
    expect(paymentsReceivedPeriod({ date_from: '2024-01-01', date_to: '2025-01-01' }, '2026-01-01').error).toBe(
      undefined,
    );
    expect(paymentsReceivedPeriod({ date_from: '2024-01-01', date_to: '2025-01-02' }, '2026-01-01').error).toBe(
      'too_long',
    );
    expect(paymentsReceivedPeriod({ date_from: '2024-01-02', date_to: '2024-01-01' }, '2026-01-01').error).toBe(
      'order',
    );
  });
});

async function exportAs(format: 'csv' | 'xlsx', body: object, token: string | null = tokens.admin, language = 'en') {
  return t.app.inject({
    method: 'POST',
    url: `/api/payments-received/export?format=${format}`,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), 'accept-language': language },
    payload: body,
  });
}

describe('POST /api/payments-received/export', () => {
  it('streams every payment of the filter as CSV, headers translated, formulas neutralised', async () => {
    const response = await exportAs('csv', {}, tokens.admin, 'de');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe('attachment; filename="PaymentsReceived.csv"');
    const lines = response.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    const header = lines[0]!.split(',');
    expect(header.slice(0, 7)).toEqual([
      'Gebucht am (UTC)',
      'Art',
      'Buchungskreis',
      'Regulierer',
      'Auftraggeber',
      'Währung',
      'Betrag',
    ]);
    const want = expected({});
    expect(lines).toHaveLength(want.length + 1);
    // Newest first, the amounts as plain decimal strings by their currency's decimals.
    expect(lines[1]!.split(',')[0]).toBe(new Date(want[0]!.postedAt).toISOString());
    const hostileLine = lines.find((line) => line.includes('calc'))!;
    expect(hostileLine).toContain(`,'${hostile},`);
    expect(hostileLine).not.toMatch(/,=cmd/);
    expect(hostileLine).toContain(',KWD,0.005,AMEX,');
    expect(hostileLine).toContain(',Gastzahlung,');
  });

  it('writes a real .xlsx: one row per payment, amounts as numbers with their decimals, formulas as text', async () => {
    const response = await exportAs('xlsx', { date_from: '2026-10-21', date_to: '2026-10-21' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(response.headers['content-disposition']).toBe('attachment; filename="PaymentsReceived.xlsx"');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('Payments received')!;
    const want = expected({ from: '2026-10-21', to: '2026-10-21' });
    expect(sheet.rowCount).toBe(want.length + 1);
    const header = (sheet.getRow(1).values as unknown[]).slice(1);
    const column = (name: string) => header.indexOf(name) + 1;
    const ids: string[] = [];
    let hostileRows = 0;
    sheet.eachRow((row, index) => {
      if (index === 1) return;
      const amount = row.getCell(column('Amount'));
      expect(amount.type).toBe(ExcelJS.ValueType.Number);
      const wanted = want[index - 2]!;
      expect(formatMinorUnits(wanted.amountMinor, wanted.currencyDecimals)).toBe(
        (amount.value as number).toFixed(wanted.currencyDecimals),
      );
      expect(amount.numFmt).toBe(wanted.currencyDecimals ? `#,##0.${'0'.repeat(wanted.currencyDecimals)}` : '#,##0');
      ids.push(String(row.getCell(column('Order number')).value));
      for (const cell of [row.getCell(column('Comments')), row.getCell(column('Gateway reference'))]) {
        expect(cell.type).not.toBe(ExcelJS.ValueType.Formula);
        if (String(cell.value).includes('calc')) {
          expect(cell.value).toBe(`'${hostile}`);
          hostileRows++;
        }
      }
    });
    expect(hostileRows).toBe(2);
    expect(ids).toEqual(want.map((row) => `ORD-${row.id.slice(0, 8)}`));
  });

  it('refuses a bad period before the first byte, and an unknown format', async () => {
    const long = await exportAs('csv', { date_from: '2020-01-01', date_to: '2026-01-01' });
    expect(long.statusCode).toBe(400);
    expect(long.json().messageKey).toBe('payments-received.errors.period_too_long');
    const format = await t.app.inject({
      method: 'POST',
      url: '/api/payments-received/export?format=pdf',
      headers: { authorization: `Bearer ${tokens.admin}` },
      payload: {},
    });
    expect(format.statusCode).toBe(400);
  });
});

describe('who may see payments received', () => {
  it('refuses a customer user, an internal user and a manager (403 naming the permission), and nobody (401)', async () => {
    for (const who of ['payer', 'internal', 'manager'] as const) {
      for (const response of [await search({}, tokens[who]), await exportAs('csv', {}, tokens[who])]) {
        expect(response.statusCode, who).toBe(403);
        expect(response.json().details).toEqual({ permission: 'CanViewReceivedPayments' });
        expect(response.body).not.toContain('AUTH-');
      }
    }
    for (const response of [await search({}, null), await exportAs('xlsx', {}, null)]) {
      expect(response.statusCode).toBe(401);
      expect(response.body).not.toContain('AUTH-');
    }
  });

  it('lets a manager in once an administrator grants the permission', async () => {
    await t.database.db
      .update(users)
      .set({ permissions: sql`array_append(${users.permissions}, 'CanViewReceivedPayments')` })
      .where(eq(users.login, 'manager@example.com'));
    const token = (await signInAs(t.app, 'manager@example.com')).token;
    const response = await search({}, token);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().items.length).toBeGreaterThan(0);
  });
});
