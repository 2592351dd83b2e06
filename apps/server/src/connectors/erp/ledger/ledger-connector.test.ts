import {
  BackendConfiguration,
  HeaderAccountsResponse,
  LedgerDocument,
  PayerDetailResponse,
  type LedgerDocument as LedgerDocumentRow,
  type SearchDocumentsRequest,
} from '@portal/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../../db/client';
import type { ErpConnector } from '../erp-connector';
import { createLedgerConnector } from './ledger-connector';
import { accountBalances, documents, invoiceItems } from './ledger.schema';
import { seedLedger } from './seed';
import { demoUserAccounts } from './seed-master-data';

const asOf = new Date('2026-03-15T00:00:00Z');
let database: Database;
let erp: ErpConnector;

beforeAll(async () => {
  database = await openDatabase({ kind: 'pglite' });
  await seedLedger(database.db, { documents: 3_000, asOf });
  erp = createLedgerConnector(database.db, { now: () => asOf });
});

afterAll(async () => {
  await database?.close();
});

const allDates = { date_from: '01-01-1800', date_to: '12-31-9999' };

function search(request: Partial<SearchDocumentsRequest> & { search_parameters?: object }) {
  return erp.searchDocuments({
    payer_data: { customer_number: '0000100001', company_code: '1000' },
    soldto_data: [],
    ...request,
    search_parameters: { status: '03', ...allDates, ...request.search_parameters },
  });
}

async function searchAll(request: Parameters<typeof search>[0], pageSize = 200) {
  const found: LedgerDocumentRow[] = [];
  let cursor: string | undefined;
  for (let page = 0; page < 1_000; page++) {
    const answer = await search({
      ...request,
      search_parameters: { ...request.search_parameters, page_size: pageSize, cursor },
    });
    expect(answer.status.message_type).toBe('S');
    found.push(...answer.document_list);
    if (!answer.next_cursor) break;
    cursor = answer.next_cursor;
  }
  return found;
}

function isoOf(erpDate: string) {
  const [month, day, year] = erpDate.split('-');
  return `${year}-${month}-${day}`;
}

describe('the seeded ledger covers the spec', () => {
  it('has the company codes and currencies the rules need', async () => {
    const config = await erp.getBackendConfiguration();
    const decimals = new Map(config.sapcust.currency_decimals.map((entry) => [entry.currkey, entry.currdec]));
    const codes = config.company_codes;
    expect(codes.length).toBeGreaterThanOrEqual(4);
    const japan = codes.find((code) => code.company_code.startsWith('JP'));
    expect(japan?.currency_key).toBe('JPY');
    expect(decimals.get('JPY')).toBe(0);
    expect(decimals.get('USD')).toBe(2);
    expect([...decimals.values()]).toContain(3);
    expect(codes.find((code) => code.company_code === '1000')?.currency_key).toBe('USD');
    expect(codes.map((code) => code.currency_key)).toEqual(expect.arrayContaining(['USD', 'EUR', 'CAD', 'JPY']));
    expect(codes.some((code) => code.disable_payments === 'X')).toBe(true);
    expect(codes.some((code) => code.enable_deposits === '')).toBe(true);
    expect(codes.some((code) => code.enable_echeck === '')).toBe(true);
    expect(codes.some((code) => code.disable_3ds === 'X')).toBe(true);
  });

  it('has reason codes and payment types for invoice payments and deposits', async () => {
    const config = await erp.getBackendConfiguration();
    const reasons = config.payment_reason_codes;
    expect(reasons.some((reason) => reason.payment_type === 'O' && reason.reason_code === 'PP')).toBe(true);
    expect(reasons.some((reason) => reason.payment_type === 'D')).toBe(true);
    expect(reasons.some((reason) => reason.comments_required === 'X')).toBe(true);
    expect(config.payment_types).toEqual(
      expect.arrayContaining([
        { payment_type: 'O', active: 'X', overpayment_allowed: 'X' },
        expect.objectContaining({ payment_type: 'D', active: 'X' }),
      ]),
    );
  });

  it('has open, overdue, future, partly paid, credit, paid and payment documents', async () => {
    const rows = await searchAll({});
    const today = '2026-03-15';
    const open = rows.filter((row) => row.document_status === '01' && row.item_is_a_payment === '');
    expect(open.some((row) => isoOf(row.due_date) < today && Number(row.open_amount) > 0)).toBe(true);
    expect(open.some((row) => isoOf(row.due_date) >= today && Number(row.open_amount) > 0)).toBe(true);
    expect(open.some((row) => row.days_in_arrears > 0)).toBe(true);
    expect(open.some((row) => Number(row.paid_amount) > 0 && Number(row.open_amount) > 0)).toBe(true);
    expect(open.some((row) => row.open_amount.startsWith('-'))).toBe(true);
    expect(rows.some((row) => row.document_status === '02' && row.clearing_date && row.item_is_a_payment === '')).toBe(
      true,
    );
    expect(rows.some((row) => row.item_is_a_payment === 'X' && row.clearing_date !== null)).toBe(true);
    expect(rows.some((row) => row.pdf_document_available === 'X')).toBe(true);
    expect(rows.some((row) => row.pdf_document_available === '' && row.item_is_a_payment === '')).toBe(true);
    expect(rows.some((row) => row.reason?.reason_code === 'PP' && row.reason.description === 'Partial payment')).toBe(
      true,
    );
    expect(new Set(rows.map((row) => row.currency_key)).size).toBeGreaterThanOrEqual(3);
    expect(new Set(rows.map((row) => row.soldto_number)).size).toBeGreaterThanOrEqual(3);
  });

  it('has items with material numbers and descriptions', async () => {
    const [item] = await database.db.select().from(invoiceItems).limit(1);
    expect(item?.materialNumber).toMatch(/^\d{6}$/);
    expect(item?.description.length).toBeGreaterThan(0);
  });

  it('keeps account balances equal to the open documents', async () => {
    const [balance] = await database.db
      .select()
      .from(accountBalances)
      .where(
        and(
          eq(accountBalances.payerNumber, '0000100001'),
          eq(accountBalances.soldtoNumber, '0000200001'),
          eq(accountBalances.currencyKey, 'USD'),
        ),
      );
    const [sum] = await database.db
      .select({ total: sql<string>`sum(${documents.openAmount})::text` })
      .from(documents)
      .where(
        and(
          eq(documents.payerNumber, '0000100001'),
          eq(documents.soldtoNumber, '0000200001'),
          eq(documents.currencyKey, 'USD'),
          eq(documents.documentStatus, '01'),
          eq(documents.itemIsAPayment, false),
        ),
      );
    expect(balance?.balanceAmount.toString()).toBe(sum?.total);
    expect(balance!.invoicesAmount + balance!.creditsAmount).toBe(balance!.balanceAmount);
    expect(balance!.dueAmount + balance!.pastDueAmount).toBe(balance!.invoicesAmount);
    expect(balance?.asOf).toBe('2026-03-15');
  });
});

describe('getHeaderAccounts', () => {
  it('gives a payer its sold-tos as secondary accounts, for each linked payer', async () => {
    const answer = HeaderAccountsResponse.parse(
      await erp.getHeaderAccounts({ account_type: 'Payer', accounts: demoUserAccounts.payer }),
    );
    expect(answer.HeaderItems.map((item) => item.PrimaryAcct)).toEqual(['0000100001', '0000100002']);
    const [acme] = answer.HeaderItems;
    expect(acme).toMatchObject({
      Name: 'Acme Industrial Supply',
      CompanyCode: '1000',
      CurrencyKey: 'USD',
      SalesOrganization: '1000',
      DistributionChannel: '10',
      Division: '00',
      AccountType: 'Payer',
    });
    expect(acme?.DropDownItems.map((item) => item.PrimaryAcct)).toEqual([
      '0000100001',
      '0000200001',
      '0000200002',
      '0000200003',
    ]);
  });

  it('gives a sold-to only itself', async () => {
    const answer = await erp.getHeaderAccounts({ account_type: 'SoldTo', accounts: demoUserAccounts.soldto });
    expect(answer.HeaderItems).toHaveLength(1);
    expect(answer.HeaderItems[0]?.DropDownItems.map((item) => item.PrimaryAcct)).toEqual(['0000200001']);
  });

  it('gives a payer-all group the sold-tos of all its payers', async () => {
    const answer = await erp.getHeaderAccounts({ account_type: 'PayerAll', accounts: demoUserAccounts.payerall });
    expect(answer.HeaderItems).toHaveLength(1);
    expect(answer.HeaderItems[0]?.DropDownItems.map((item) => item.PrimaryAcct)).toEqual([
      '0000200011',
      '0000200012',
      '0000200013',
      '0000200014',
      '0000200015',
    ]);
  });

  it('accepts numbers without leading zeros and leaves out links that do not match the ledger', async () => {
    const link = demoUserAccounts.payer[0]!;
    const answer = await erp.getHeaderAccounts({
      account_type: 'Payer',
      accounts: [
        { ...link, primary_account: '100001' },
        { ...link, primary_account: '100003' }, // a payer of company code 2000, linked with 1000
        { ...link, primary_account: '9999999999' },
        { ...link, primary_account: '0000200001' }, // a sold-to, not a payer
      ],
    });
    expect(answer.HeaderItems.map((item) => item.PrimaryAcct)).toEqual(['0000100001']);
  });
});

describe('getPayer', () => {
  it('returns the address and the standard phone', async () => {
    const answer = PayerDetailResponse.parse(await erp.getPayer({ customer_number: '100001', company_code: '1000' }));
    expect(answer.status.message_type).toBe('S');
    expect(answer.detail?.address_data).toMatchObject({
      name: 'Acme Industrial Supply',
      city: 'Chicago',
      country: 'US',
    });
    expect(answer.detail?.communication_data.phone).toEqual([{ telephone: '+1 312 555 0142', standard: 'X' }]);
  });

  it('carries name_2 for Japanese customers and an empty phone list when there is none', async () => {
    const japan = await erp.getPayer({ customer_number: '0000100004', company_code: 'JP01' });
    expect(japan.detail?.address_data.name_2).toBe('山田商事株式会社');
    const noPhone = await erp.getPayer({ customer_number: '0000200002', company_code: '1000' });
    expect(noPhone.detail?.communication_data.phone).toEqual([]);
  });

  it('answers status E for an unknown customer or another company code', async () => {
    expect((await erp.getPayer({ customer_number: '42', company_code: '1000' })).status.message_type).toBe('E');
    const other = await erp.getPayer({ customer_number: '0000100001', company_code: '2000' });
    expect(other).toMatchObject({ status: { message_type: 'E' }, detail: null });
  });
});

describe('getBackendConfiguration', () => {
  it('matches the contract', async () => {
    const config = BackendConfiguration.parse(await erp.getBackendConfiguration());
    expect(config.status.message_type).toBe('S');
    expect(config.payment_provider[0]).toEqual({ secure_3ds_enabled: 'X', secure_3ds_version: '2.2.0' });
    expect(config.generel_data).toEqual({ partial_payments_allowed: 'X', cvv_use_control: '1' });
    expect(config.custom_fields.apparv).toContainEqual({ parnam: 'ZDISABLEPY', company_code: 'JP01', parval: 'X' });
    expect(config.payment_cards).toContainEqual({
      payment_card_type: 'VISA',
      preauthorization_amount: '1.00',
      currency_key: 'USD',
    });
  });
});

describe('searchDocuments', () => {
  it('returns documents in the contract shape, with money as decimal strings in the currency decimals', async () => {
    const rows = await searchAll({});
    for (const row of rows) LedgerDocument.parse(row);
    const byCurrency = (key: string) => rows.find((row) => row.currency_key === key);
    expect(byCurrency('USD')?.total_amount).toMatch(/^-?\d+\.\d{2}$/);

    const japan = await search({ payer_data: { customer_number: '0000100004', company_code: 'JP01' } });
    expect(japan.document_list.length).toBeGreaterThan(0);
    for (const row of japan.document_list) expect(row.total_amount).toMatch(/^-?\d+$/);
    expect(japan.document_list[0]?.zzcustom.payerad.name_2).toBe('山田商事株式会社');

    const kuwait = await search({ payer_data: { customer_number: '0000100005', company_code: 'KW01' } });
    for (const row of kuwait.document_list) expect(row.total_amount).toMatch(/^-?\d+\.\d{3}$/);
  });

  it('pages by due date descending, then id, without gaps or repeats', async () => {
    const whole = await searchAll({}, 200);
    const paged = await searchAll({}, 37);
    expect(whole.length).toBeGreaterThan(200);
    expect(paged.map((row) => row.document_number_finance)).toEqual(whole.map((row) => row.document_number_finance));
    expect(new Set(paged.map((row) => row.document_number_finance)).size).toBe(paged.length);
    for (let index = 1; index < whole.length; index++) {
      expect(isoOf(whole[index - 1]!.due_date) >= isoOf(whole[index]!.due_date)).toBe(true);
    }
    const first = await search({ search_parameters: { page_size: 200 } });
    expect(first.document_list).toHaveLength(200);
    expect(first.next_cursor).not.toBeNull();
  });

  it('filters by status, document type and the invoice-only and credit-only filters', async () => {
    const open = await searchAll({ search_parameters: { status: '01' } });
    expect(open.length).toBeGreaterThan(0);
    expect(open.every((row) => row.document_status === '01')).toBe(true);
    const complete = await searchAll({ search_parameters: { status: '02' } });
    expect(complete.every((row) => row.document_status === '02')).toBe(true);
    const payments = await searchAll({ search_parameters: { document_type: '02' } });
    expect(payments.length).toBeGreaterThan(0);
    expect(payments.every((row) => row.item_is_a_payment === 'X')).toBe(true);
    const credits = await searchAll({ search_parameters: { filter: [{ filter_type: '93', value: 'X' }] } });
    expect(credits.length).toBeGreaterThan(0);
    expect(credits.every((row) => row.total_amount.startsWith('-'))).toBe(true);
    const invoices = await searchAll({
      search_parameters: { document_type: 'Invoice', filter: [{ filter_type: '92', value: 'X' }] },
    });
    expect(invoices.every((row) => !row.total_amount.startsWith('-') && row.item_is_a_payment === '')).toBe(true);
  });

  it('filters by sold-to, currency, document and due dates', async () => {
    const soldTo = await searchAll({ soldto_data: ['200001'] });
    expect(soldTo.length).toBeGreaterThan(0);
    expect(soldTo.every((row) => row.soldto_number === '0000200001')).toBe(true);
    const cad = await searchAll({ search_parameters: { currency_key: 'CAD' } });
    expect(cad.length).toBeGreaterThan(0);
    expect(cad.every((row) => row.currency_key === 'CAD')).toBe(true);
    const march = await searchAll({ search_parameters: { date_from: '03-01-2026', date_to: '03-15-2026' } });
    expect(march.length).toBeGreaterThan(0);
    expect(march.every((row) => isoOf(row.document_date) >= '2026-03-01')).toBe(true);
    const due = await searchAll({
      search_parameters: { status: '01', due_date_from: '03-15-2026', due_date_to: '12-31-2026' },
    });
    expect(due.length).toBeGreaterThan(0);
    expect(due.every((row) => isoOf(row.due_date) >= '2026-03-15' && row.days_in_arrears === 0)).toBe(true);
  });

  it('finds a document by its number without leading zeros, and by article number or description', async () => {
    const [target] = (await search({ search_parameters: { document_type: '01', page_size: 1 } })).document_list;
    const number = target!.billing_document_number.replace(/^0+/, '');
    const byNumber = await search({ search_parameters: { filter: [{ filter_type: '01', value: number }] } });
    expect(byNumber.document_list.map((row) => row.billing_document_number)).toEqual([target!.billing_document_number]);

    const [item] = await database.db
      .select()
      .from(invoiceItems)
      .innerJoin(documents, eq(documents.id, invoiceItems.documentId))
      .where(eq(documents.payerNumber, '0000100001'))
      .limit(1);
    const byArticle = await searchAll({
      search_parameters: { filter: [{ filter_type: '90', value: item!.invoice_items.materialNumber }] },
    });
    expect(byArticle.length).toBeGreaterThan(0);
    const byDescription = await searchAll({
      search_parameters: {
        filter: [{ filter_type: '91', value: item!.invoice_items.description.slice(2, 10).toLowerCase() }],
      },
    });
    expect(byDescription.length).toBeGreaterThanOrEqual(byArticle.length);
  });

  it('searches every payer of a payer-all group', async () => {
    const rows = await searchAll({ payer_data: { customer_number: '0000900001', company_code: '1000' } });
    expect(new Set(rows.map((row) => row.payer_number))).toEqual(new Set(['0000100006', '0000100007', '0000100008']));
  });

  it('streams a payer-all group once, merged in the order the pages give', async () => {
    const payerData = { customer_number: '0000900001', company_code: '1000' };
    for (const sort of ['due_date_desc', 'amount_asc'] as const) {
      const parameters = { status: '03', ...allDates, sort } as const;
      const paged: LedgerDocumentRow[] = [];
      let cursor: string | undefined;
      do {
        const answer = await erp.searchInvoices({
          payer_data: payerData,
          soldto_data: [],
          search_parameters: { ...parameters, page_size: 50, cursor },
        });
        paged.push(...answer.document_list);
        cursor = answer.next_cursor ?? undefined;
      } while (cursor);
      const streamed: LedgerDocumentRow[] = [];
      for await (const batch of erp.streamInvoices({
        payer_data: payerData,
        soldto_data: [],
        search_parameters: parameters,
      }))
        streamed.push(...batch);
      expect(paged.length).toBeGreaterThan(50);
      expect(streamed.map((row) => row.document_number_finance)).toEqual(
        paged.map((row) => row.document_number_finance),
      );
    }
  });

  it('answers status E for an invalid date or cursor', async () => {
    const badDate = await search({ search_parameters: { date_from: '02-30-2026' } });
    expect(badDate).toMatchObject({ status: { message_type: 'E' }, document_list: [] });
    const badCursor = await search({ search_parameters: { cursor: 'not-a-cursor' } });
    expect(badCursor).toMatchObject({ status: { message_type: 'E' }, document_list: [] });
  });
});

describe('filter 94: only these documents (issue 39)', () => {
  const key = (row: LedgerDocumentRow) =>
    `${row.company_code}|${row.document_number_finance}|${row.fiscal_year_of_the_relevant_invoice}`;

  async function invoicesPages(
    payerData: { customer_number: string; company_code: string },
    filter: object[],
    sort: 'due_date_desc' | 'amount_asc',
    pageSize: number,
  ) {
    const pages: { document_list: LedgerDocumentRow[]; found_count: number }[] = [];
    let cursor: string | undefined;
    do {
      const answer = await erp.searchInvoices({
        payer_data: payerData,
        soldto_data: [],
        search_parameters: { status: '03', ...allDates, sort, filter: filter as never, page_size: pageSize, cursor },
      });
      expect(answer.status.message_type).toBe('S');
      pages.push(answer);
      cursor = answer.next_cursor ?? undefined;
    } while (cursor && pages.length < 100);
    return pages;
  }

  it('finds exactly the listed documents, leading zeros optional, paged in every sort with their found count', async () => {
    const all = await searchAll({});
    // Invoices, a credit and a payment of the payer, spread over its list.
    const picked = [all[3]!, all[40]!, all[77]!, all[150]!, all.find((row) => row.item_is_a_payment === 'X')!];
    const numbers = picked.map((row, index) =>
      index % 2 === 0 ? row.document_number_finance.replace(/^0+/, '') : ` ${row.document_number_finance} `,
    );
    const listed = new Set(picked.map((row) => row.document_number_finance));
    const expected = all
      .filter((row) => listed.has(row.document_number_finance))
      .map(key)
      .sort();
    for (const sort of ['due_date_desc', 'amount_asc'] as const) {
      const pages = await invoicesPages(
        { customer_number: '0000100001', company_code: '1000' },
        [{ filter_type: '94', value: numbers.join(',') }],
        sort,
        2,
      );
      const found = pages.flatMap((page) => page.document_list);
      expect(found.map(key).sort(), sort).toEqual(expected);
      expect(new Set(found.map(key)).size).toBe(found.length);
      expect(pages.length).toBe(Math.ceil(expected.length / 2));
      expect(pages[0]!.found_count).toBe(expected.length);
    }
  });

  it('combines with the other filters, and finds nothing of another payer', async () => {
    const all = await searchAll({});
    const credit = all.find((row) => row.total_amount.startsWith('-') && row.item_is_a_payment === '')!;
    const invoice = all.find((row) => !row.total_amount.startsWith('-') && row.item_is_a_payment === '')!;
    const [other] = await database.db
      .select({ document_number_finance: documents.documentNumberFinance })
      .from(documents)
      .where(sql`${documents.payerNumber} <> '0000100001'`)
      .limit(1);
    const value = [credit, invoice, other!].map((row) => row.document_number_finance).join(',');
    const invoicesOnly = await searchAll({
      search_parameters: {
        filter: [
          { filter_type: '94', value },
          { filter_type: '92', value: 'X' },
        ],
      },
    });
    expect(invoicesOnly.map((row) => row.document_number_finance)).toEqual([invoice.document_number_finance]);
    const mine = await searchAll({ search_parameters: { filter: [{ filter_type: '94', value }] } });
    expect(mine.map((row) => row.document_number_finance).sort()).toEqual(
      [credit, invoice].map((row) => row.document_number_finance).sort(),
    );
  });

  it('refuses (status E) more than 200 numbers, a value that is not a list of numbers, and an empty list', async () => {
    const tooMany = Array.from({ length: 201 }, (_, index) => String(100000000 + index)).join(',');
    for (const value of [tooMany, '0100000001,abc', '', '1,,2']) {
      const answer = await search({ search_parameters: { filter: [{ filter_type: '94', value }] } });
      expect(answer, value.slice(0, 20)).toMatchObject({ status: { message_type: 'E' }, document_list: [] });
    }
    const twoHundred = Array.from({ length: 200 }, (_, index) => String(100000000 + index)).join(',');
    const answer = await search({ search_parameters: { filter: [{ filter_type: '94', value: twoHundred }] } });
    expect(answer.status.message_type).toBe('S');
  });
});
