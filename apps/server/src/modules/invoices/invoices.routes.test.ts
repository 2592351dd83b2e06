import { and, eq, gte, inArray, lt, lte, sql } from 'drizzle-orm';
import type { LedgerDocument } from '@portal/contracts';
import { agingBucketOf, agingBuckets, agingDisagreement, parseMinorUnits } from '@portal/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documents, invoiceItems, payerAllMembers } from '../../connectors/erp/ledger/ledger.schema';
import { createTestApp, signInAs, type TestApp } from '../../test/test-app';

// The demo ledger's size; the found-count cap is tested with a lowered cap in search-invoices.test.ts.
let t: TestApp;
const tokens = new Map<string, string>();

beforeAll(async () => {
  t = await createTestApp({ ledgerDocuments: 3000 });
}, 120_000);
afterAll(async () => {
  await t?.close();
});

async function post(login: string, url: string, payload?: object) {
  if (!tokens.has(login)) tokens.set(login, (await signInAs(t.app, login)).token);
  return t.app.inject({ method: 'POST', url, headers: { authorization: `Bearer ${tokens.get(login)}` }, payload });
}

const payer = { customer_number: '100001', company_code: '1000' };
const payerSoldTos = ['100001', '200001', '200002', '200003'];
const P1 = '0000100001';

type SearchAnswer = {
  status: { message_type: string; message_line_string: string };
  document_list: LedgerDocument[];
  next_cursor: string | null;
  found_count: number;
  found_count_capped: boolean;
};

function body(parameters: Record<string, unknown> = {}, soldTos = payerSoldTos, payerData = payer) {
  return { payer_data: payerData, soldto_data: soldTos, search_parameters: { status: '03', ...parameters } };
}

async function search(parameters: Record<string, unknown> = {}, soldTos = payerSoldTos, login = 'payer@example.com') {
  const response = await post(login, '/api/Invoice', body(parameters, soldTos));
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as SearchAnswer;
}

async function walk(request: object, login = 'payer@example.com'): Promise<LedgerDocument[]> {
  const all: LedgerDocument[] = [];
  let cursor: string | undefined;
  for (let pages = 0; pages < 200; pages++) {
    const payload = JSON.parse(JSON.stringify(request)) as { search_parameters: Record<string, unknown> };
    payload.search_parameters.cursor = cursor;
    const response = await post(login, '/api/Invoice', payload);
    expect(response.statusCode, response.body).toBe(200);
    const answer = response.json() as SearchAnswer;
    all.push(...answer.document_list);
    if (!answer.next_cursor) return all;
    cursor = answer.next_cursor;
  }
  throw new Error('too many pages');
}

/** Documents of payer 100001 counted in the database directly. */
async function countDirect(...conditions: Parameters<typeof and>) {
  const [row] = await t.database.db
    .select({ count: sql<number>`count(*)::int` })
    .from(documents)
    .where(and(eq(documents.payerNumber, P1), ...conditions));
  return Number(row!.count);
}

const iso = (erp: string) => `${erp.slice(6)}-${erp.slice(0, 2)}-${erp.slice(3, 5)}`;
const key = (d: LedgerDocument) =>
  `${d.billing_document_number}|${d.document_number_finance}|${d.fiscal_year_of_the_relevant_invoice}`;

describe('POST /api/Invoice: filters and statuses', () => {
  it('answers the first page with the exact found count', async () => {
    const answer = await search({ page_size: 50 });
    expect(answer.status.message_type).toBe('S');
    expect(answer.document_list).toHaveLength(50);
    expect(answer.found_count).toBe(Math.min(await countDirect(), 1000));
    expect(answer.found_count_capped).toBe((await countDirect()) > 1000);
    expect(answer.next_cursor).not.toBeNull();
  });

  it('filters by status 01 (with the due dates), 02, 03 and OpenOrComplete', async () => {
    const open = await search({ status: '01', due_date_from: '01-01-1900', due_date_to: '01-01-9999', page_size: 5 });
    const openCount = await countDirect(eq(documents.documentStatus, '01'));
    expect(open.found_count).toBe(Math.min(openCount, 1000));
    expect(open.document_list.every((d) => d.document_status === '01')).toBe(true);
    const complete = await search({ status: '02', page_size: 5 });
    expect(complete.found_count).toBe(Math.min(await countDirect(eq(documents.documentStatus, '02')), 1000));
    expect(complete.document_list.every((d) => d.document_status === '02')).toBe(true);
    expect((await search({ status: 'OpenOrComplete' })).found_count).toBe((await search({ status: '03' })).found_count);
  });

  it('filters by sold-to, currency, document dates and due dates', async () => {
    const answer = await search(
      {
        currency_key: 'CAD',
        date_from: '01-01-2026',
        date_to: '10-31-2026',
        due_date_from: '02-01-2026',
        due_date_to: '12-31-2026',
      },
      ['200001'],
    );
    const expected = await countDirect(
      eq(documents.soldtoNumber, '0000200001'),
      eq(documents.currencyKey, 'CAD'),
      gte(documents.documentDate, '2026-01-01'),
      lte(documents.documentDate, '2026-10-31'),
      gte(documents.dueDate, '2026-02-01'),
      lte(documents.dueDate, '2026-12-31'),
    );
    expect(expected).toBeGreaterThan(0);
    expect(answer.found_count).toBe(expected);
    for (const d of answer.document_list) {
      expect(d.soldto_number).toBe('0000200001');
      expect(d.currency_key).toBe('CAD');
      expect(iso(d.document_date) >= '2026-01-01' && iso(d.document_date) <= '2026-10-31').toBe(true);
    }
  });

  it('filters by document type 01 and 02', async () => {
    const payments = await search({ document_type: '02', page_size: 10 }, ['200002']);
    expect(payments.found_count).toBe(
      await countDirect(eq(documents.soldtoNumber, '0000200002'), eq(documents.itemIsAPayment, true)),
    );
    expect(payments.document_list.every((d) => d.item_is_a_payment === 'X')).toBe(true);
    const invoices = await search({ document_type: '01', page_size: 10 }, ['200002']);
    expect(invoices.document_list.every((d) => d.item_is_a_payment === '')).toBe(true);
  });

  it('filters 01 (number without leading zeros), 90 (article prefix), 91 (description), 92 and 93', async () => {
    const [sample] = await t.database.db
      .select()
      .from(documents)
      .where(and(eq(documents.payerNumber, P1), sql`${documents.billingDocumentNumber} <> ''`))
      .limit(1);
    const byNumber = await search({
      filter: [{ filter_type: '01', value: sample!.billingDocumentNumber.replace(/^0+/, '') }],
    });
    expect(byNumber.document_list.map((d) => d.billing_document_number)).toContain(sample!.billingDocumentNumber);
    expect(byNumber.found_count).toBeLessThanOrEqual(2);

    const [item] = await t.database.db
      .select({ material: invoiceItems.materialNumber, description: invoiceItems.description })
      .from(invoiceItems)
      .innerJoin(documents, eq(documents.id, invoiceItems.documentId))
      .where(and(eq(documents.payerNumber, P1), eq(documents.soldtoNumber, '0000200003')))
      .limit(1);
    const article = await search({ filter: [{ filter_type: '90', value: item!.material.slice(0, 6) }] }, ['200003']);
    expect(article.found_count).toBeGreaterThan(0);
    const words = item!.description.split(' ');
    const description = await search(
      { filter: [{ filter_type: '91', value: words[words.length - 1]!.toLowerCase() }] },
      ['200003'],
    );
    expect(description.found_count).toBeGreaterThan(0);

    const invoicesOnly = await search({ filter: [{ filter_type: '92', value: 'X' }], page_size: 200 }, ['200003']);
    expect(invoicesOnly.document_list.every((d) => !d.total_amount.startsWith('-') && d.item_is_a_payment === '')).toBe(
      true,
    );
    const creditsOnly = await search({ filter: [{ filter_type: '93', value: 'X' }] }, ['200003']);
    expect(creditsOnly.found_count).toBe(
      await countDirect(
        eq(documents.soldtoNumber, '0000200003'),
        eq(documents.itemIsAPayment, false),
        lt(documents.totalAmount, 0n),
      ),
    );
    expect(creditsOnly.document_list.every((d) => d.total_amount.startsWith('-'))).toBe(true);
  });

  it('92 (invoices only) lists every open debit item, those without a billing document included, and no credit', async () => {
    // ADR 0029: a finance-only item (a charge posted in finance, no billing document) is an invoice to the customer,
    // as the aging counts it and AutoPay pays it; the open list of an aging bucket asks with 92, like AutoPay.
    const open = (filter: string) =>
      walk(
        body({
          status: '01',
          date_from: '01-01-1900',
          date_to: '01-01-9999',
          due_date_from: '01-01-1900',
          due_date_to: '01-01-9999',
          filter: [{ filter_type: filter, value: 'X' }],
          page_size: 200,
        }),
      );
    const invoices = await open('92');
    const numbers = invoices.map((d) => d.document_number_finance);
    expect(numbers).toEqual(expect.arrayContaining(['1400000372', '1400000821']));
    expect(invoices.filter((d) => d.billing_document_number === '').length).toBeGreaterThanOrEqual(2);
    expect(invoices.every((d) => !d.total_amount.startsWith('-') && d.item_is_a_payment === '')).toBe(true);
    const debits = [eq(documents.companyCode, '1000'), eq(documents.documentStatus, '01')] as const;
    expect(invoices).toHaveLength(
      await countDirect(...debits, eq(documents.itemIsAPayment, false), gte(documents.totalAmount, 0n)),
    );
    const credits = await open('93');
    expect(credits.length).toBeGreaterThan(0);
    expect(credits.every((d) => d.total_amount.startsWith('-'))).toBe(true);
    expect(credits.some((d) => numbers.includes(d.document_number_finance))).toBe(false);
  });

  it('accepts the period-all bounds of the search and of the list', async () => {
    const all = await search({ date_from: '01-01-1800', date_to: '12-31-9999', page_size: 1 }, ['200001']);
    const list = await search({ date_from: '01-01-1900', date_to: '01-01-9999', page_size: 1 }, ['200001']);
    const expected = await countDirect(eq(documents.soldtoNumber, '0000200001'));
    expect(all.found_count).toBe(Math.min(expected, 1000));
    expect(list.found_count).toBe(Math.min(expected, 1000));
  });

  it('ignores the PayerAll user filter 90 carrying the user id', async () => {
    const profile = (await post('payerall@example.com', '/api/token/getuseraccounts')).json() as { user_id: number };
    const header = (await post('payerall@example.com', '/api/customer/header-accounts')).json();
    const soldTos = header.HeaderItems[0].DropDownItems.map((d: { PrimaryAcct: string }) => d.PrimaryAcct);
    const request = (filter: object[]) => ({
      payer_data: { customer_number: '900001', company_code: '1000' },
      soldto_data: soldTos,
      search_parameters: { status: '03', filter },
    });
    const plain = (await post('payerall@example.com', '/api/Invoice', request([]))).json() as SearchAnswer;
    const withUser = (
      await post(
        'payerall@example.com',
        '/api/Invoice',
        request([{ filter_type: '90', value: String(profile.user_id) }]),
      )
    ).json() as SearchAnswer;
    expect(plain.found_count).toBeGreaterThan(0);
    expect(withUser.found_count).toBe(plain.found_count);
  });
});

describe('POST /api/Invoice: paging and sorts', () => {
  const sorts = [
    'due_date_desc',
    'due_date_asc',
    'document_date_desc',
    'document_date_asc',
    'amount_desc',
    'amount_asc',
  ];
  const sortValue = (sort: string, d: LedgerDocument): string | bigint =>
    sort.startsWith('due')
      ? iso(d.due_date)
      : sort.startsWith('document')
        ? iso(d.document_date)
        : BigInt(d.open_amount.replace('.', ''));

  it.each(sorts)('walks every page of %s without duplicates or gaps, in order despite ties', async (sort) => {
    const request = body({ sort, page_size: 37 }, ['200002']);
    const rows = await walk(request);
    const expected = await countDirect(eq(documents.soldtoNumber, '0000200002'));
    expect(rows).toHaveLength(expected);
    expect(new Set(rows.map(key)).size).toBe(expected);
    const values = rows.map((d) => sortValue(sort, d));
    expect(new Set(values.map(String)).size).toBeLessThan(values.length); // there are ties
    for (let i = 1; i < values.length; i++) {
      const ordered = sort.endsWith('desc') ? values[i - 1]! >= values[i]! : values[i - 1]! <= values[i]!;
      expect(ordered).toBe(true);
    }
  });

  it.each(['due_date_desc', 'amount_asc'])('walks a payer-all group (%s) across its payers', async (sort) => {
    const header = (await post('payerall@example.com', '/api/customer/header-accounts')).json();
    const soldTos = header.HeaderItems[0].DropDownItems.map((d: { PrimaryAcct: string }) => d.PrimaryAcct);
    const rows = await walk(
      {
        payer_data: { customer_number: '900001', company_code: '1000' },
        soldto_data: soldTos,
        search_parameters: { status: '03', sort, page_size: 200 },
      },
      'payerall@example.com',
    );
    const members = await t.database.db
      .select()
      .from(payerAllMembers)
      .where(eq(payerAllMembers.groupNumber, '0000900001'));
    const [row] = await t.database.db
      .select({ count: sql<number>`count(*)::int` })
      .from(documents)
      .where(
        inArray(
          documents.payerNumber,
          members.map((m) => m.payerNumber),
        ),
      );
    expect(rows).toHaveLength(Number(row!.count));
    expect(new Set(rows.map(key)).size).toBe(rows.length);
    const values = rows.map((d) => sortValue(sort, d));
    for (let i = 1; i < values.length; i++) {
      expect(sort.endsWith('desc') ? values[i - 1]! >= values[i]! : values[i - 1]! <= values[i]!).toBe(true);
    }
  });

  it('answers status E and an empty list for a cursor of another sort', async () => {
    const first = await search({ page_size: 5, sort: 'due_date_desc' });
    const answer = await search({ page_size: 5, sort: 'amount_desc', cursor: first.next_cursor });
    expect(answer.status.message_type).toBe('E');
    expect(answer.document_list).toEqual([]);
  });
});

describe('POST /api/Invoice: validation (spec §5)', () => {
  const refusal = async (parameters: Record<string, unknown>, soldTos = payerSoldTos) => {
    const response = await post('payer@example.com', '/api/Invoice', body(parameters, soldTos));
    expect(response.statusCode).toBe(400);
    return response.json() as { error: string; messageKey: string; message: string };
  };

  it('refuses status 01 without both due dates', async () => {
    const answer = await refusal({ status: '01', due_date_from: '01-01-2026' });
    expect(answer.messageKey).toBe('validation.search.due_dates_required');
    expect(answer.message).toBe('Select both due dates.');
  });

  it('refuses a due to-date before the from-date', async () => {
    const answer = await refusal({ status: '01', due_date_from: '02-01-2026', due_date_to: '01-01-2026' });
    expect(answer.messageKey).toBe('validation.search.due_to_date_should_greater');
  });

  it('refuses a document to-date before the from-date', async () => {
    expect((await refusal({ date_from: '02-01-2026', date_to: '01-01-2026' })).messageKey).toBe(
      'validation.search.due_to_date_should_greater',
    );
  });

  it('refuses a custom period with one date', async () => {
    expect((await refusal({ date_from: '02-01-2026' })).messageKey).toBe('validation.search.document_dates_required');
  });

  it('refuses a payer search without a selected customer', async () => {
    expect((await refusal({}, [])).messageKey).toBe('validation.search.select_customer');
  });

  it('refuses malformed requests: page size over 200, a date not MM-DD-YYYY, an unknown sort or filter type', async () => {
    for (const parameters of [
      { page_size: 201 },
      { date_from: '2026-01-01', date_to: '2026-02-01' },
      { sort: 'random' },
      { filter: [{ filter_type: '99', value: 'x' }] },
    ]) {
      const answer = await refusal(parameters);
      expect(answer.error).toBe('VALIDATION_FAILED');
    }
  });
});

describe('object-level authorisation', () => {
  const foreign = { customer_number: '100003', company_code: '2000' };

  it("answers 404 for another customer's account, the same as for an unknown one", async () => {
    const other = await post('payer@example.com', '/api/Invoice', body({}, ['200006'], foreign));
    const unknown = await post(
      'payer@example.com',
      '/api/Invoice',
      body({}, ['1'], { customer_number: '999999', company_code: '1000' }),
    );
    expect(other.statusCode).toBe(404);
    expect(unknown.statusCode).toBe(404);
    expect({ ...other.json(), uniqueId: '' }).toEqual({ ...unknown.json(), uniqueId: '' });
  });

  it("answers 404 for another payer's sold-to inside the user's own account", async () => {
    expect((await post('payer@example.com', '/api/Invoice', body({}, ['100001', '200006']))).statusCode).toBe(404);
  });

  it("refuses the totals of another customer's account", async () => {
    const response = await post('payer@example.com', '/api/invoice/totals', { payer_data: foreign });
    expect(response.statusCode).toBe(404);
  });

  it('gives a sold-to user only its own documents and not its payer', async () => {
    const own = await post('soldto@example.com', '/api/Invoice', {
      payer_data: { customer_number: '200001', company_code: '1000' },
      soldto_data: [],
      search_parameters: { status: '03', page_size: 200 },
    });
    expect(own.statusCode).toBe(200);
    const answer = own.json() as SearchAnswer;
    expect(answer.found_count).toBe(await countDirect(eq(documents.soldtoNumber, '0000200001')));
    expect(answer.document_list.every((d) => d.soldto_number === '0000200001')).toBe(true);
    expect((await post('soldto@example.com', '/api/Invoice', body({}, ['200001']))).statusCode).toBe(404);
  });

  it("answers 404 for the detail of another customer's document, the same as for an unknown number", async () => {
    const [otherDocument] = await t.database.db
      .select()
      .from(documents)
      .where(and(eq(documents.payerNumber, '0000100003'), eq(documents.itemIsAPayment, false)))
      .limit(1);
    const number = otherDocument!.billingDocumentNumber;
    const asOwnAccount = await post('payer@example.com', '/api/invoice/detail', {
      document_detail: { billing_document_number: number, document_type: '01', customer_number: '100001' },
    });
    const asOtherAccount = await post('payer@example.com', '/api/invoice/detail', {
      document_detail: { billing_document_number: number, document_type: '01', customer_number: '100003' },
    });
    const unknown = await post('payer@example.com', '/api/invoice/detail', {
      document_detail: { billing_document_number: '12345', document_type: '01', customer_number: '100001' },
    });
    for (const response of [asOwnAccount, asOtherAccount, unknown]) expect(response.statusCode).toBe(404);
    expect({ ...asOwnAccount.json(), uniqueId: '' }).toEqual({ ...unknown.json(), uniqueId: '' });
    // The user who has that account sees it.
    const internal = await post('internal@example.com', '/api/invoice/detail', {
      document_detail: { billing_document_number: number, document_type: '01', customer_number: '100003' },
    });
    expect(internal.statusCode).toBe(200);
  });

  it('refuses every invoice call without a session', async () => {
    for (const url of ['/api/Invoice', '/api/invoice/totals', '/api/invoice/detail', '/api/invoice/invoice-csv']) {
      expect((await t.app.inject({ method: 'POST', url, payload: {} })).statusCode).toBe(401);
    }
  });
});

describe('POST /api/invoice/totals', () => {
  async function directTotals(day: string, soldTos?: string[]) {
    const rows = await t.database.db
      .select({
        currency: documents.currencyKey,
        invoices: sql<string>`coalesce(sum(open_amount) filter (where open_amount > 0), 0)::text`,
        credits: sql<string>`coalesce(sum(open_amount) filter (where open_amount < 0), 0)::text`,
        due: sql<string>`coalesce(sum(open_amount) filter (where open_amount > 0 and due_date >= ${day}::date), 0)::text`,
        pastDue: sql<string>`coalesce(sum(open_amount) filter (where open_amount > 0 and due_date < ${day}::date), 0)::text`,
        invoiceCount: sql<number>`(count(*) filter (where open_amount > 0))::int`,
      })
      .from(documents)
      .where(
        and(
          eq(documents.payerNumber, P1),
          eq(documents.documentStatus, '01'),
          eq(documents.itemIsAPayment, false),
          soldTos ? inArray(documents.soldtoNumber, soldTos) : undefined,
        ),
      )
      .groupBy(documents.currencyKey)
      .orderBy(documents.currencyKey);
    return rows;
  }
  const minor = (amount: string) => BigInt(amount.replace('.', ''));

  it('equals a direct sum over the open documents, per currency', async () => {
    const response = await post('payer@example.com', '/api/invoice/totals', { payer_data: payer, soldto_data: [] });
    expect(response.statusCode).toBe(200);
    const answer = response.json();
    expect(answer.as_of).toBe('11-02-2026');
    const direct = await directTotals('2026-11-02');
    expect(answer.totals.map((x: { currency_key: string }) => x.currency_key)).toEqual(direct.map((r) => r.currency));
    for (const [index, row] of direct.entries()) {
      const totals = answer.totals[index];
      expect(minor(totals.invoices)).toBe(BigInt(row.invoices));
      expect(minor(totals.credits)).toBe(BigInt(row.credits));
      expect(minor(totals.due)).toBe(BigInt(row.due));
      expect(minor(totals.past_due)).toBe(BigInt(row.pastDue));
      expect(minor(totals.balance)).toBe(BigInt(row.invoices) + BigInt(row.credits));
      expect(totals.invoice_count).toBe(row.invoiceCount);
    }
  });

  it('narrows to selected sold-tos and a currency', async () => {
    const response = await post('payer@example.com', '/api/invoice/totals', {
      payer_data: payer,
      soldto_data: ['200001'],
      currency_key: 'USD',
    });
    const answer = response.json();
    expect(answer.totals).toHaveLength(1);
    const [direct] = (await directTotals('2026-11-02', ['0000200001'])).filter((r) => r.currency === 'USD');
    expect(minor(answer.totals[0].invoices)).toBe(BigInt(direct!.invoices));
  });

  it('refreshes the balances when their day is not today', async () => {
    t.clock.advance(40 * 86_400_000);
    tokens.clear(); // the sessions went idle meanwhile
    try {
      const answer = (
        await post('payer@example.com', '/api/invoice/totals', {
          payer_data: payer,
          soldto_data: [],
          currency_key: 'USD',
        })
      ).json();
      expect(answer.as_of).toBe('12-12-2026');
      const [direct] = (await directTotals('2026-12-12')).filter((r) => r.currency === 'USD');
      expect(minor(answer.totals[0].past_due)).toBe(BigInt(direct!.pastDue));
      expect(minor(answer.totals[0].due)).toBe(BigInt(direct!.due));
    } finally {
      t.clock.advance(-40 * 86_400_000);
      tokens.clear();
      // Back to the first day: the next totals call rebuilds for it again.
      await post('payer@example.com', '/api/invoice/totals', { payer_data: payer, soldto_data: [] });
    }
  });
});

describe('POST /api/invoice/aging', () => {
  type Aging = {
    as_of: string;
    aging: {
      currency_key: string;
      currency_decimals: number;
      buckets: { bucket: string; amount: string; count: number }[];
    }[];
  };
  const aging = async (request: object, login = 'payer@example.com') => {
    const response = await post(login, '/api/invoice/aging', request);
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as Aging;
  };
  const totalsOf = async (request: object) =>
    (await post('payer@example.com', '/api/invoice/totals', request)).json() as {
      as_of: string;
      totals: { currency_key: string; invoices: string; due: string; past_due: string; invoice_count: number }[];
    };

  /** The payer's open invoices bucketed here, document by document, with the domain's rule. */
  async function directAging(day: string, soldTos?: string[]) {
    const rows = await t.database.db
      .select({ currency: documents.currencyKey, due: documents.dueDate, open: documents.openAmount })
      .from(documents)
      .where(
        and(
          eq(documents.payerNumber, P1),
          eq(documents.documentStatus, '01'),
          eq(documents.itemIsAPayment, false),
          sql`${documents.openAmount} > 0`,
          soldTos ? inArray(documents.soldtoNumber, soldTos) : undefined,
        ),
      );
    const sums = new Map<string, Map<string, { amount: bigint; count: number }>>();
    for (const row of rows) {
      const byBucket = sums.get(row.currency) ?? new Map(agingBuckets.map((b) => [b, { amount: 0n, count: 0 }]));
      sums.set(row.currency, byBucket);
      const entry = byBucket.get(agingBucketOf(row.due, day))!;
      entry.amount += row.open;
      entry.count += 1;
    }
    return sums;
  }

  it('buckets every open invoice by days past due, per currency, and adds up to the totals cards to the cent', async () => {
    const request = { payer_data: payer, soldto_data: [] };
    const answer = await aging(request);
    const totals = await totalsOf(request);
    expect(answer.as_of).toBe(totals.as_of);
    expect(answer.aging.map((entry) => entry.currency_key)).toEqual(totals.totals.map((entry) => entry.currency_key));
    const direct = await directAging(iso(answer.as_of));
    let pastDueSeen = false;
    for (const entry of answer.aging) {
      expect(entry.buckets.map((b) => b.bucket)).toEqual([...agingBuckets]);
      for (const bucket of entry.buckets) {
        const want = direct.get(entry.currency_key)?.get(bucket.bucket) ?? { amount: 0n, count: 0 };
        expect([bucket.bucket, parseMinorUnits(bucket.amount, entry.currency_decimals), bucket.count]).toEqual([
          bucket.bucket,
          want.amount,
          want.count,
        ]);
        if (bucket.bucket !== 'current' && bucket.count > 0) pastDueSeen = true;
      }
      const cards = totals.totals.find((candidate) => candidate.currency_key === entry.currency_key)!;
      expect(agingDisagreement(entry, cards)).toBeNull();
    }
    // The demo ledger has invoices in the past-due buckets: an aging of zeros would prove nothing.
    expect(pastDueSeen).toBe(true);
  });

  it('narrows to the selected sold-tos and a currency, like the totals', async () => {
    const answer = await aging({ payer_data: payer, soldto_data: ['200001'], currency_key: 'USD' });
    expect(answer.aging.map((entry) => entry.currency_key)).toEqual(['USD']);
    const direct = (await directAging(iso(answer.as_of), ['0000200001'])).get('USD')!;
    for (const bucket of answer.aging[0]!.buckets) {
      expect(parseMinorUnits(bucket.amount, 2)).toBe(direct.get(bucket.bucket)!.amount);
    }
  });

  it('ages again on a later day: 40 days on, invoices move to older buckets and still add up', async () => {
    const request = { payer_data: payer, soldto_data: [], currency_key: 'USD' };
    const before = (await aging(request)).aging[0]!;
    t.clock.advance(40 * 86_400_000);
    tokens.clear(); // the sessions went idle meanwhile
    try {
      const later = await aging(request);
      expect(later.as_of).toBe('12-12-2026');
      const direct = (await directAging('2026-12-12')).get('USD')!;
      for (const bucket of later.aging[0]!.buckets) {
        expect(parseMinorUnits(bucket.amount, 2)).toBe(direct.get(bucket.bucket)!.amount);
      }
      expect(later.aging[0]!.buckets[4]!.count).toBeGreaterThan(before.buckets[4]!.count);
      const cards = (await totalsOf(request)).totals[0]!;
      expect(agingDisagreement(later.aging[0]!, cards)).toBeNull();
    } finally {
      t.clock.advance(-40 * 86_400_000);
      tokens.clear();
      await post('payer@example.com', '/api/invoice/totals', { payer_data: payer, soldto_data: [] });
    }
  });

  it("refuses another customer's account and sold-to as unknown, and anyone without a session", async () => {
    const foreign = await post('payer@example.com', '/api/invoice/aging', {
      payer_data: { customer_number: '100003', company_code: '1000' },
    });
    const unknown = await post('payer@example.com', '/api/invoice/aging', {
      payer_data: { customer_number: '999999', company_code: '1000' },
    });
    expect([foreign.statusCode, unknown.statusCode]).toEqual([404, 404]);
    expect({ ...foreign.json(), uniqueId: '' }).toEqual({ ...unknown.json(), uniqueId: '' });
    const otherSoldTo = await post('payer@example.com', '/api/invoice/aging', {
      payer_data: payer,
      soldto_data: ['200006'],
    });
    expect(otherSoldTo.statusCode).toBe(404);
    const sold = await post('soldto@example.com', '/api/invoice/aging', { payer_data: payer, soldto_data: [] });
    expect(sold.statusCode).toBe(404);
    expect((await t.app.inject({ method: 'POST', url: '/api/invoice/aging', payload: {} })).statusCode).toBe(401);
  });
});

describe('POST /api/invoice/detail', () => {
  it('answers header, partners WE and RG, items and the PO number', async () => {
    const list = await search({ document_type: '01', page_size: 20 }, ['200001']);
    const invoice = list.document_list.find((d) => d.billing_document_number)!;
    const response = await post('payer@example.com', '/api/invoice/detail', {
      document_detail: {
        billing_document_number: invoice.billing_document_number.replace(/^0+/, ''),
        document_type: '01',
        customer_number: '100001',
      },
    });
    expect(response.statusCode, response.body).toBe(200);
    const { status, detail } = response.json();
    expect(status.message_type).toBe('S');
    expect(detail.header_data.billing_document_number).toBe(invoice.billing_document_number);
    expect(detail.header_data.total_amount).toBe(invoice.total_amount);
    expect(detail.partner_data.map((p: { partner_function: string }) => p.partner_function)).toEqual(['WE', 'RG']);
    expect(detail.partner_data[0].address_data.postal_code_city).toMatch(/\S+ \S+/);
    expect(detail.item_data.length).toBeGreaterThan(0);
    expect(detail.custom_fields).toHaveProperty('customer_purchase_order_nubmer');
  });

  it('carries name_2 for a Japanese company code', async () => {
    const [jp] = await t.database.db
      .select()
      .from(documents)
      .where(and(eq(documents.companyCode, 'JP01'), eq(documents.itemIsAPayment, false)))
      .limit(1);
    const response = await post('manager@example.com', '/api/invoice/detail', {
      document_detail: {
        billing_document_number: jp!.billingDocumentNumber,
        document_type: '01',
        customer_number: '100004',
      },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().detail.partner_data[1].address_data.name_2).toBe('山田商事株式会社');
  });
});
