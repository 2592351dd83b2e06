// The conformance kit of the ERP contract (issue 28): the checks an integrator runs against their own implementation
// (`npm run erp:conformance -- --url … --token …`) before pointing a portal at it. Each check names the operation it
// calls and says what was wrong: a status, a field outside the contract (zod's path), a repeat that was not answered
// the first result. Reads only by default; with `writes` it also adds and deletes a test card, posts one minor unit on
// an open invoice of the test payer, twice with the same Idempotency-Key, and posts two more and reverses one of them
// (issue 37), and records a dispute case of that invoice and updates it (issue 39: optional, 501 conforms too) (a test
// system, not production).
import { randomBytes, randomUUID } from 'node:crypto';
import {
  erpApiPrefix,
  erpOperations,
  erpPdfDocumentsHeader,
  ErpErrorBody,
  type ErpDisputeCase,
  type ErpOperationName,
  type ErpPaymentPosting,
  type ErpPaymentReversal,
} from '@portal/contracts/erp-api';
import {
  LedgerDocument,
  OpenItem,
  paymentDocumentKey,
  type SalesByMonthResponse,
  type AccountLink,
  type InvoiceAgingResponse,
  type InvoiceTotalsResponse,
  StatementMovement,
  type StatementOpeningResponse,
} from '@portal/contracts';
import { addIsoDays, agingDisagreement, formatMinorUnits, parseMinorUnits, toErpDate, toIsoDate } from '@portal/domain';
import type { z } from 'zod';

export type ConformanceOptions = {
  url: string;
  token: string;
  /** A payer of the ERP with open invoices (the reference service's demo: 0000100001 in company code 1000). */
  payer: string;
  companyCode: string;
  salesArea: Pick<AccountLink, 'sales_organization' | 'distribution_channel' | 'division'>;
  /** Also check the writes (a test card, postings of three minor units, a reversal of one): only on a test system. */
  writes: boolean;
  timeoutMs?: number;
};

export type ConformanceCheck = {
  /** The operation called (or "authentication", "errors"). */
  call: string;
  what: string;
  ok: boolean;
  /** Why it failed, or a note (the time against the operation's budget). */
  detail: string;
};

type Answer = { status: number; headers: Headers; body: Buffer; ms: number };

class CheckFailed extends Error {}

/** The items of an NDJSON answer, each checked against the contract's schema. */
function ndjsonItems<T>(answer: { body: Buffer }, schema: z.ZodType<T>): T[] {
  const lines = answer.body
    .toString('utf8')
    .split('\n')
    .filter((line) => line.trim());
  return lines.map((line, index) => {
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch {
      throw new CheckFailed(`line ${index + 1} is not JSON`);
    }
    const parsed = schema.safeParse(value);
    if (!parsed.success)
      throw new CheckFailed(`line ${index + 1} does not follow the contract: ${issues(parsed.error)}`);
    return parsed.data;
  });
}

type Read = <T>(name: ErpOperationName, body?: unknown) => Promise<{ value: T; note?: string }>;

/**
 * What an invoice is (ADR 0029): every debit item that is not a payment, whatever its billing type, a finance-only
 * item (no billing document: a freight or interest charge) included; a credit never. AutoPay and the aging's list ask
 * for invoices with filter 92, so an ERP that reads 92 as "billing documents only" leaves such items unpaid. Checked
 * on samples of the payer's open items: up to five debits without a billing document, five with one and five credits,
 * each looked up by its finance number with 92 and with 93.
 */
async function checkInvoiceFilters(
  send: Send,
  read: Read,
  account: { payer_data: unknown; soldto_data: unknown[] },
): Promise<{ value: null; note: string }> {
  const answer = await send('streamInvoices', { ...account, search_parameters: { status: '01', document_type: '01' } });
  if (answer.status !== 200) throw new CheckFailed(`answered ${answer.status}: ${text(answer)}`);
  const open = ndjsonItems(answer, LedgerDocument).filter((document) => document.item_is_a_payment !== 'X');
  const credit = (document: LedgerDocument) => document.total_amount.trim().startsWith('-');
  const samples = [
    ...open.filter((document) => !credit(document) && !document.billing_document_number).slice(0, 5),
    ...open.filter((document) => !credit(document) && document.billing_document_number).slice(0, 5),
    ...open.filter(credit).slice(0, 5),
  ];
  for (const document of samples) {
    const key = paymentDocumentKey(document);
    const kind = credit(document) ? 'credit' : document.billing_document_number ? 'invoice' : 'finance-only item';
    for (const [filter, expected] of [
      ['92', !credit(document)],
      ['93', credit(document)],
    ] as const) {
      const { value } = await read<{ document_list: LedgerDocument[] }>('searchInvoices', {
        ...account,
        search_parameters: {
          status: '03',
          filter: [
            { filter_type: '01', value: document.document_number_finance },
            { filter_type: filter, value: 'X' },
          ],
        },
      });
      const found = value.document_list.some((entry) => paymentDocumentKey(entry) === key);
      if (found !== expected)
        throw new CheckFailed(
          `filter ${filter} ${found ? 'finds' : 'leaves out'} the ${kind} ${document.document_number_finance}` +
            ` (total ${document.total_amount})`,
        );
    }
  }
  const financeOnly = samples.filter((document) => !credit(document) && !document.billing_document_number).length;
  return {
    value: null,
    note: `${samples.length} documents, ${financeOnly} without a billing document${
      financeOnly === 0 ? ' (the test payer has no open one to check with)' : ''
    }`,
  };
}

/** An ERP date (MM-DD-YYYY) moved by whole days. */
function shiftErpDate(erpDate: string, days: number): string {
  return toErpDate(addIsoDays(toIsoDate(erpDate) ?? '', days)) ?? '';
}

export async function runConformance(options: ConformanceOptions): Promise<ConformanceCheck[]> {
  const base = options.url.replace(/\/+$/, '');
  const checks: ConformanceCheck[] = [];
  const timeoutMs = options.timeoutMs ?? 30_000;
  const payerData = { customer_number: options.payer, company_code: options.companyCode };
  const openInvoices = {
    payer_data: payerData,
    soldto_data: [],
    search_parameters: { status: '03', document_type: '01', page_size: 50 },
  };

  async function send(
    name: ErpOperationName,
    body: unknown,
    headers: Record<string, string> = {},
    auth: string | null = options.token,
    params: Record<string, string> = {},
  ): Promise<Answer> {
    const operation = erpOperations[name];
    const started = performance.now();
    // A path parameter ({dispute_id}) is one segment.
    const path = operation.path.replace(/\{(\w+)\}/g, (_match, param: string) =>
      encodeURIComponent(params[param] ?? ''),
    );
    const response = await fetch(`${base}${erpApiPrefix}${path}`, {
      method: operation.method,
      headers: {
        ...(auth === null ? {} : { authorization: `Bearer ${auth}` }),
        ...(operation.method !== 'GET' ? { 'content-type': 'application/json' } : {}),
        ...headers,
      },
      body: operation.method !== 'GET' ? JSON.stringify(body) : undefined,
      signal: AbortSignal.timeout(timeoutMs),
    });
    const bytes = Buffer.from(await response.arrayBuffer());
    return { status: response.status, headers: response.headers, body: bytes, ms: performance.now() - started };
  }

  /** Runs one check: a thrown CheckFailed (or any error: a refused connection, a time-out) fails it. */
  async function check<T>(call: string, what: string, run: () => Promise<{ value: T; note?: string }>) {
    try {
      const { value, note } = await run();
      checks.push({ call, what, ok: true, detail: note ?? '' });
      return value;
    } catch (error) {
      const detail = error instanceof Error ? error.message : String(error);
      checks.push({ call, what, ok: false, detail });
      return undefined;
    }
  }

  /** A 200 JSON answer of the operation, checked against its schema; the time against its budget as a note. */
  async function read<T>(name: ErpOperationName, body?: unknown, headers?: Record<string, string>) {
    const answer = await send(name, body, headers);
    if (answer.status !== 200) throw new CheckFailed(`answered ${answer.status}: ${text(answer)}`);
    const operation = erpOperations[name];
    const schema = 'schema' in operation.answer ? (operation.answer.schema as z.ZodType) : undefined;
    const parsed = schema?.safeParse(json(answer));
    if (parsed && !parsed.success)
      throw new CheckFailed(`the answer does not follow the contract: ${issues(parsed.error)}`);
    const budget = operation.budgetMs;
    const note = `${Math.round(answer.ms)} ms${answer.ms > budget ? ` (over its p95 budget of ${budget} ms)` : ''}`;
    return { value: parsed?.data as T, note, answer };
  }

  function expectStatusS(answer: { status?: { message_type: string; message_line_string: string } }) {
    if (answer.status && answer.status.message_type !== 'S')
      throw new CheckFailed(`status ${answer.status.message_type}: ${answer.status.message_line_string}`);
  }

  // Authentication: every call needs the bearer token.
  await check('authentication', 'a call without the token is refused 401 with the error body', async () => {
    expectError(await send('getBackendConfiguration', undefined, {}, null), 401);
    return { value: null };
  });
  await check('authentication', 'a call with a wrong token is refused 401', async () => {
    expectError(await send('getBackendConfiguration', undefined, {}, `${options.token}x`), 401);
    return { value: null };
  });

  await check('getBackendConfiguration', 'answers the configuration with status S', async () => {
    const { value, note } = await read<{ status: { message_type: string; message_line_string: string } }>(
      'getBackendConfiguration',
    );
    expectStatusS(value);
    return { value, note };
  });
  await check('getHeaderAccounts', "answers the test payer's header item", async () => {
    const { value, note } = await read<{ HeaderItems: { PrimaryAccount?: string }[] }>('getHeaderAccounts', {
      account_type: 'Payer',
      accounts: [{ primary_account: options.payer, company_code: options.companyCode, ...options.salesArea }],
    });
    if (value.HeaderItems.length === 0) throw new CheckFailed('no header item for the test payer');
    return { value, note };
  });
  await check('getPayer', 'answers the test payer with status S', async () => {
    const { value, note } = await read<{ status: { message_type: string; message_line_string: string } }>(
      'getPayer',
      payerData,
    );
    expectStatusS(value);
    return { value, note };
  });
  await check('searchDocuments', "answers a page of the payer's documents", async () =>
    read('searchDocuments', openInvoices),
  );

  const search = await check(
    'searchInvoices',
    "answers a page of the payer's open invoices, with the found count",
    async () => {
      const result = await read<{ document_list: LedgerDocument[]; found_count: number; found_count_capped: boolean }>(
        'searchInvoices',
        openInvoices,
      );
      if (result.value.document_list.length === 0)
        throw new CheckFailed('the test payer has no open invoice to check with');
      if (result.value.found_count < result.value.document_list.length)
        throw new CheckFailed(
          `found_count ${result.value.found_count} is less than the page's ${result.value.document_list.length} documents`,
        );
      return result;
    },
  );
  const invoice = search?.document_list.find(
    (document) => document.billing_document_number && Number(document.open_amount) > 0,
  );

  await check(
    'streamInvoices',
    'streams every document of the search as NDJSON, in the order of the pages',
    async () => {
      const answer = await send('streamInvoices', {
        ...openInvoices,
        search_parameters: { status: '03', document_type: '01' },
      });
      if (answer.status !== 200) throw new CheckFailed(`answered ${answer.status}: ${text(answer)}`);
      const lines = ndjsonItems(answer, LedgerDocument);
      if (search && !search.found_count_capped && lines.length !== search.found_count)
        throw new CheckFailed(`${lines.length} documents streamed, the search found ${search.found_count}`);
      const first = lines[0];
      if (
        search?.document_list[0] &&
        first?.document_number_finance !== search.document_list[0].document_number_finance
      )
        throw new CheckFailed("the first document streamed is not the search's first");
      return { value: null, note: `${lines.length} documents, ${Math.round(answer.ms)} ms` };
    },
  );
  await check(
    'searchInvoices',
    'filter 92 (invoices only) finds a debit item with or without a billing document and no credit; 93 the reverse',
    async () => checkInvoiceFilters(send, read, openInvoices),
  );
  await check(
    'searchInvoices',
    'filter 94 (these documents) finds exactly the documents listed by finance number, paged, with their count',
    async () => checkDocumentListFilter(read, openInvoices, search?.document_list ?? []),
  );
  const totals = await check('getInvoiceTotals', "answers the payer's totals", async () =>
    read<InvoiceTotalsResponse>('getInvoiceTotals', { payer_data: payerData, soldto_data: [] }),
  );
  await check('getInvoiceAging', 'answers the aging, adding up to the totals cards to the cent', async () => {
    const { value, note } = await read<InvoiceAgingResponse>('getInvoiceAging', {
      payer_data: payerData,
      soldto_data: [],
    });
    for (const entry of totals?.totals ?? []) {
      const aging = value.aging.find((candidate) => candidate.currency_key === entry.currency_key);
      if (!aging) throw new CheckFailed(`no aging for ${entry.currency_key}`);
      const disagreement = agingDisagreement(aging, entry);
      if (disagreement) throw new CheckFailed(`${entry.currency_key}: ${disagreement}`);
    }
    return { value, note };
  });
  // Issue 38: every account's open invoices for the collections job, and the sales per month of the count-back DSO.
  await check(
    'streamOpenItems',
    "streams open invoices due by a day as NDJSON, in payer order, with the test payer's among them",
    async () => {
      const dueTo = addIsoDays(new Date().toISOString().slice(0, 10), 30);
      const answer = await send('streamOpenItems', { due_to: dueTo, company_code: options.companyCode });
      if (answer.status !== 200) throw new CheckFailed(`answered ${answer.status}: ${text(answer)}`);
      const items = ndjsonItems(answer, OpenItem);
      for (const [index, item] of items.entries()) {
        if (item.due_date > dueTo) throw new CheckFailed(`${item.document_number_finance} is due after ${dueTo}`);
        if (!(Number(item.open_amount) > 0)) throw new CheckFailed(`${item.document_number_finance} is not open`);
        if (item.company_code !== options.companyCode)
          throw new CheckFailed(`${item.document_number_finance} is of company code ${item.company_code}`);
        if (index > 0 && items[index - 1]!.payer_number > item.payer_number)
          throw new CheckFailed('the items are not in payer order: an account would be read in two parts');
      }
      const number = options.payer.replace(/^0+(?=\d)/, '');
      if (!items.some((item) => item.payer_number.replace(/^0+(?=\d)/, '') === number))
        throw new CheckFailed("none of the test payer's open invoices is in the stream");
      return { value: null, note: `${items.length} open invoices, ${Math.round(answer.ms)} ms` };
    },
  );
  await check(
    'getSalesByMonth',
    'answers the invoiced amounts per company code, currency and month asked',
    async () => {
      const to = new Date().toISOString().slice(0, 7);
      const from = addIsoDays(`${to}-01`, -330).slice(0, 7);
      const { value, note } = await read<SalesByMonthResponse>('getSalesByMonth', { from_month: from, to_month: to });
      for (const row of value.sales) {
        if (row.month < from || row.month > to) throw new CheckFailed(`month ${row.month} is outside ${from}..${to}`);
        if (row.amount.startsWith('-')) throw new CheckFailed(`${row.month} ${row.currency_key}: negative sales`);
      }
      return { value, note };
    },
  );

  // Statements: from a year before the totals' day, per currency, the movements run from the opening balance to the
  // balance card.
  const statementTo = totals?.as_of ?? toErpDate(new Date().toISOString().slice(0, 10)) ?? '';
  const statementFrom = shiftErpDate(statementTo, -364);
  // To a year after that day, so that a movement dated later than the totals' day (a posting of another clock) is in.
  const statementAccount = {
    payer_data: payerData,
    soldto_data: [],
    date_from: statementFrom,
    date_to: shiftErpDate(statementTo, 365),
  };
  const openings = await check(
    'getStatementOpening',
    "answers the opening balances of the payer's last year",
    async () => {
      const result = await read<StatementOpeningResponse>('getStatementOpening', statementAccount);
      expectStatusS(result.value);
      return result;
    },
  );
  await check(
    'streamStatementLines',
    'streams the movements as NDJSON in date order, adding up from the opening balance to the balance card',
    async () => {
      const opening = openings?.balances[0];
      if (!opening) throw new CheckFailed('no currency to check with');
      const answer = await send('streamStatementLines', { ...statementAccount, currency_key: opening.currency_key });
      if (answer.status !== 200) throw new CheckFailed(`answered ${answer.status}: ${text(answer)}`);
      const lines = ndjsonItems(answer, StatementMovement);
      const scale = opening.currency_decimals;
      const day = (erp: string) => `${erp.slice(6)}${erp.slice(0, 2)}${erp.slice(3, 5)}`;
      let closing = parseMinorUnits(opening.opening_balance, scale) ?? 0n;
      lines.forEach((line, index) => {
        if (index > 0 && day(line.date) < day(lines[index - 1]!.date))
          throw new CheckFailed(`line ${index + 1} (${line.date}) is dated before the line above it`);
        closing += parseMinorUnits(line.amount, scale) ?? 0n;
      });
      // Checked against the balance card when the totals check passed (its own failure is reported there).
      const card = totals?.totals.find((entry) => entry.currency_key === opening.currency_key)?.balance ?? '0';
      if (totals && closing !== parseMinorUnits(card, scale))
        throw new CheckFailed(
          `opening ${opening.opening_balance} and ${lines.length} movements make ${formatMinorUnits(closing, scale)}, ` +
            `the balance card is ${card}`,
        );
      return { value: null, note: `${lines.length} movements, ${Math.round(answer.ms)} ms` };
    },
  );

  if (invoice) {
    await check('getInvoiceDetail', 'answers the detail of an open invoice with status S', async () => {
      const { value, note } = await read<{ status: { message_type: string; message_line_string: string } }>(
        'getInvoiceDetail',
        {
          document_detail: { billing_document_number: invoice.billing_document_number, customer_number: options.payer },
        },
      );
      expectStatusS(value);
      return { value, note };
    });
    await check('renderInvoicePdf', 'answers a PDF of the invoice, naming it in the header', async () => {
      const answer = await send('renderInvoicePdf', {
        payer_data: payerData,
        soldto_data: [],
        billing_document_numbers: [invoice.billing_document_number],
      });
      if (answer.status !== 200) throw new CheckFailed(`answered ${answer.status}: ${text(answer)}`);
      if (!answer.headers.get('content-type')?.startsWith('application/pdf'))
        throw new CheckFailed(`content-type ${answer.headers.get('content-type')}, not application/pdf`);
      if (answer.body.subarray(0, 5).toString('latin1') !== '%PDF-') throw new CheckFailed('the body is not a PDF');
      const named = (answer.headers.get(erpPdfDocumentsHeader) ?? '').split(',').filter(Boolean);
      if (!named.includes(invoice.billing_document_number))
        throw new CheckFailed(`${erpPdfDocumentsHeader} does not name ${invoice.billing_document_number}`);
      return { value: null, note: `${answer.body.length} bytes, ${Math.round(answer.ms)} ms` };
    });
    await check(
      'renderInvoicePdf',
      "answers 404 with the error body for a document that is not the payer's",
      async () => {
        expectError(
          await send('renderInvoicePdf', {
            payer_data: payerData,
            soldto_data: [],
            billing_document_numbers: [`NOTANINVOICE${randomBytes(4).toString('hex')}`],
          }),
          404,
        );
        return { value: null };
      },
    );
    await check(
      'getPayableDocuments',
      "answers the payer's document for its key and leaves an unknown key out",
      async () => {
        const key = paymentDocumentKey(invoice);
        const result = await read<{ documents: LedgerDocument[] }>('getPayableDocuments', {
          payer_data: payerData,
          document_keys: [key, `${options.companyCode}|0000000000|1900|999`],
        });
        if (result.value.documents.length !== 1 || paymentDocumentKey(result.value.documents[0]!) !== key)
          throw new CheckFailed(
            `answered ${result.value.documents.length} documents for one known and one unknown key`,
          );
        return result;
      },
    );
  }
  await check('getPaymentCards', "answers the payer's saved methods", async () =>
    read('getPaymentCards', { payer_data: payerData }),
  );
  await check('searchPayments', "answers the payer's payments", async () => read('searchPayments', openInvoices));

  await check('errors', 'a body outside the contract is refused 400 with the error body', async () => {
    expectError(await send('searchInvoices', { payer_data: 'not an object' }), 400);
    return { value: null };
  });

  if (options.writes) {
    await checkCardWrites(send, check, payerData);
    if (invoice) {
      await checkPostingWrites(send, check, read, payerData, invoice);
      await checkReversalWrites(send, check, read, payerData, invoice);
      await checkDisputeCaseWrites(send, check, payerData, invoice);
    }
  }
  return checks;
}

type Send = (
  name: ErpOperationName,
  body: unknown,
  headers?: Record<string, string>,
  auth?: string | null,
  params?: Record<string, string>,
) => Promise<Answer>;
type Check = <T>(call: string, what: string, run: () => Promise<{ value: T; note?: string }>) => Promise<T | undefined>;

async function checkCardWrites(
  send: Send,
  check: Check,
  payerData: { customer_number: string; company_code: string },
): Promise<void> {
  const token = `-E2EC-${String(1000 + Math.floor(Math.random() * 9000))}-CONF${randomBytes(6).toString('hex').toUpperCase()}`;
  const card = {
    payment_card_name: 'Conformance Test',
    payment_card_token: token,
    payment_card_type: 'VISA',
    valid_from: '',
    valid_to: `12-31-${new Date().getUTCFullYear() + 2}`,
    default: '',
    is_session: '',
    electronic_check_account_type: '',
    electronic_check_rdfi_number: '',
    payer_account: '',
    preauthorization_amount: '',
  };
  const add = { payer_data: payerData, action: '01', payment_cards: [card], log: { id: 'ADD_PAYMENT_CARD' } };
  const key = randomUUID();
  await checkNeedsKey(send, check, 'managePaymentCards', add);
  await check(
    'managePaymentCards',
    'adds a card once: a repeat with the same key answers the first result',
    async () => {
      const first = await send('managePaymentCards', add, { 'idempotency-key': key });
      const again = await send('managePaymentCards', add, { 'idempotency-key': key });
      if (first.status !== 200) throw new CheckFailed(`answered ${first.status}: ${text(first)}`);
      const status = (json(first) as { status?: { message_type?: string } }).status;
      if (status?.message_type !== 'S') throw new CheckFailed(`status ${JSON.stringify(status)} adding a new card`);
      if (again.status !== 200 || again.body.toString() !== first.body.toString())
        throw new CheckFailed(`the repeat answered ${again.status} ${text(again)}, not the first result`);
      const cards = await send('getPaymentCards', { payer_data: payerData });
      const listed = (json(cards) as { payment_cards: { payment_card_token: string }[] }).payment_cards.filter(
        (saved) => saved.payment_card_token === token,
      );
      if (listed.length !== 1) throw new CheckFailed(`getPaymentCards lists the card ${listed.length} times`);
      return { value: null };
    },
  );
  await check('managePaymentCards', 'refuses the same key with another body (409)', async () => {
    const other = { ...add, payment_cards: [{ ...card, payment_card_name: 'Another name' }] };
    expectError(await send('managePaymentCards', other, { 'idempotency-key': key }), 409);
    return { value: null };
  });
  await check('managePaymentCards', 'deletes the test card', async () => {
    const removed = await send(
      'managePaymentCards',
      { ...add, action: '03', log: { id: 'DEL_PAYMENT_CARD' } },
      { 'idempotency-key': randomUUID() },
    );
    const status =
      removed.status === 200 ? (json(removed) as { status?: { message_type?: string } }).status : undefined;
    if (status?.message_type !== 'S') throw new CheckFailed(`answered ${removed.status}: ${text(removed)}`);
    return { value: null };
  });
}

async function checkPostingWrites(
  send: Send,
  check: Check,
  read: <T>(name: ErpOperationName, body?: unknown) => Promise<{ value: T; note?: string }>,
  payerData: { customer_number: string; company_code: string },
  invoice: LedgerDocument,
): Promise<void> {
  const key = paymentDocumentKey(invoice);
  const openMinor = async () => {
    const { value } = await read<{ documents: LedgerDocument[] }>('getPayableDocuments', {
      payer_data: payerData,
      document_keys: [key],
    });
    return BigInt(value.documents[0]!.open_amount.replace('.', ''));
  };
  const reference = randomUUID();
  const posting: ErpPaymentPosting = {
    posting_reference: reference,
    log_id: 'POST_INVOICE',
    message_type: 'S',
    message_line_string: '',
    payer_data: payerData,
    soldto_number: invoice.soldto_number,
    currency_key: invoice.currency_key,
    amount_minor: '1',
    payment_card_token: '-E2EC-1111-CONFORMANCE',
    payment_card_type: 'VISA',
    authorization_reference: 'CONFORMANCE',
    order_number: reference,
    login: 'conformance@example.com',
    posted_at: new Date().toISOString(),
    documents: [{ document_key: key, amount_minor: '1', reason_code: '', comment: 'conformance kit' }],
    reference_number: '',
    reason_code: '',
    comment: '',
  };
  await checkNeedsKey(send, check, 'postPayment', posting);
  await check(
    'postPayment',
    'posts once: a repeat with the same key answers the first result and posts nothing',
    async () => {
      const before = await openMinor();
      const first = await send('postPayment', posting, { 'idempotency-key': reference });
      if (first.status !== 200) throw new CheckFailed(`answered ${first.status}: ${text(first)}`);
      const parsed = erpOperations.postPayment.answer.schema.safeParse(json(first));
      if (!parsed.success) throw new CheckFailed(`the answer does not follow the contract: ${issues(parsed.error)}`);
      if (parsed.data.message_type !== 'S' || !parsed.data.payment_document_number)
        throw new CheckFailed(
          `message type ${parsed.data.message_type} without a payment document for a valid posting`,
        );
      const again = await send('postPayment', posting, { 'idempotency-key': reference });
      if (again.status !== 200) throw new CheckFailed(`the repeat answered ${again.status}: ${text(again)}`);
      const repeat = erpOperations.postPayment.answer.schema.safeParse(json(again));
      if (!repeat.success || repeat.data.payment_document_number !== parsed.data.payment_document_number)
        throw new CheckFailed('the repeat did not answer the first payment document');
      const after = await openMinor();
      if (before - after !== 1n)
        throw new CheckFailed(`the open amount went from ${before} to ${after} minor units for one posting of 1`);
      return { value: null, note: `payment document ${parsed.data.payment_document_number}` };
    },
  );
  await check('postPayment', 'refuses the same key with another body (409)', async () => {
    expectError(await send('postPayment', { ...posting, amount_minor: '2' }, { 'idempotency-key': reference }), 409);
    return { value: null };
  });
}

/**
 * Issue 37: a payment of two minor units on the invoice, then a reversal of one of them. The reversal reopens the
 * invoice by its amount, once per reversal_reference: the same key answers the first result, the same reference under
 * another key answers replayed (an ERP that dedupes by key only would reverse it twice); more than is left, or a
 * payment the ERP does not know, is refused with E. Each is checked against the invoice's open amount.
 */
async function checkReversalWrites(
  send: Send,
  check: Check,
  read: <T>(name: ErpOperationName, body?: unknown) => Promise<{ value: T; note?: string }>,
  payerData: { customer_number: string; company_code: string },
  invoice: LedgerDocument,
): Promise<void> {
  const key = paymentDocumentKey(invoice);
  const openMinor = async () => {
    const { value } = await read<{ documents: LedgerDocument[] }>('getPayableDocuments', {
      payer_data: payerData,
      document_keys: [key],
    });
    return BigInt(value.documents[0]!.open_amount.replace('.', ''));
  };
  const resultOf = (answer: Answer, what: string) => {
    if (answer.status !== 200) throw new CheckFailed(`${what} answered ${answer.status}: ${text(answer)}`);
    const parsed = erpOperations.reversePayment.answer.schema.safeParse(json(answer));
    if (!parsed.success)
      throw new CheckFailed(`${what}: the answer does not follow the contract: ${issues(parsed.error)}`);
    return parsed.data;
  };
  const postingReference = randomUUID();
  const posting: ErpPaymentPosting = {
    posting_reference: postingReference,
    log_id: 'POST_INVOICE',
    message_type: 'S',
    message_line_string: '',
    payer_data: payerData,
    soldto_number: invoice.soldto_number,
    currency_key: invoice.currency_key,
    amount_minor: '2',
    payment_card_token: '-E2EC-1111-CONFORMANCE',
    payment_card_type: 'VISA',
    authorization_reference: 'CONFORMANCE',
    order_number: postingReference,
    login: 'conformance@example.com',
    posted_at: new Date().toISOString(),
    documents: [{ document_key: key, amount_minor: '2', reason_code: '', comment: 'conformance kit' }],
    reference_number: '',
    reason_code: '',
    comment: '',
  };
  const reversalReference = randomUUID();
  const reversal: ErpPaymentReversal = {
    reversal_reference: reversalReference,
    posting_reference: postingReference,
    kind: 'refund',
    currency_key: invoice.currency_key,
    amount_minor: '1',
    documents: [{ document_key: key, amount_minor: '1' }],
    reason_code: 'CONFORMANCE',
    reason_text: 'conformance kit',
    login: 'conformance@example.com',
    reversed_at: new Date().toISOString(),
  };
  const posted = await check('reversePayment', 'has a payment of two minor units to reverse', async () => {
    const answer = await send('postPayment', posting, { 'idempotency-key': postingReference });
    if (answer.status !== 200) throw new CheckFailed(`postPayment answered ${answer.status}: ${text(answer)}`);
    const parsed = erpOperations.postPayment.answer.schema.safeParse(json(answer));
    if (!parsed.success || parsed.data.message_type !== 'S')
      throw new CheckFailed(`postPayment did not post the payment to reverse: ${text(answer)}`);
    return { value: true };
  });
  if (!posted) return;
  await checkNeedsKey(send, check, 'reversePayment', reversal);
  const first = await check(
    'reversePayment',
    'reverses part of the payment: S, a reversal document, the invoice reopened by the amount',
    async () => {
      const before = await openMinor();
      const answer = await send('reversePayment', reversal, { 'idempotency-key': reversalReference });
      const result = resultOf(answer, 'the reversal');
      if (result.message_type !== 'S' || !result.reversal_document_number)
        throw new CheckFailed(
          `message type ${result.message_type} without a reversal document for a valid reversal: ` +
            result.message_line_string,
        );
      const reopened = result.documents.find((document) => document.document_key === key);
      if (!reopened || reopened.reopened_minor !== '1')
        throw new CheckFailed(`the answer does not say the invoice reopened by 1: ${JSON.stringify(result.documents)}`);
      const after = await openMinor();
      if (after - before !== 1n)
        throw new CheckFailed(`the open amount went from ${before} to ${after} minor units for a reversal of 1`);
      return {
        value: { body: canonical(json(answer)), number: result.reversal_document_number, open: after },
        note: `reversal document ${result.reversal_document_number}, ${Math.round(answer.ms)} ms`,
      };
    },
  );
  if (!first) return;
  await check(
    'reversePayment',
    'reverses once: a repeat with the same key answers the first result and reverses nothing',
    async () => {
      const again = await send('reversePayment', reversal, { 'idempotency-key': reversalReference });
      // Compared as values: an ERP may keep the answer in a form that orders its keys otherwise (jsonb).
      if (again.status !== 200 || canonical(json(again)) !== first.body)
        throw new CheckFailed(`the repeat answered ${again.status} ${text(again)}, not the first result`);
      const after = await openMinor();
      if (after !== first.open) throw new CheckFailed(`the open amount went from ${first.open} to ${after}`);
      return { value: null };
    },
  );
  await check(
    'reversePayment',
    'reverses a reference once: under another key it answers replayed, the same document, and reverses nothing',
    async () => {
      const result = resultOf(
        await send('reversePayment', reversal, { 'idempotency-key': randomUUID() }),
        'the same reversal under another key',
      );
      if (result.message_type !== 'S' || !result.replayed)
        throw new CheckFailed(`message type ${result.message_type}, replayed ${result.replayed}: not a replay`);
      if (result.reversal_document_number !== first.number)
        throw new CheckFailed(
          `reversal document ${result.reversal_document_number}, the first reversal's is ${first.number}`,
        );
      const after = await openMinor();
      if (after !== first.open)
        throw new CheckFailed(`the open amount went from ${first.open} to ${after}: reversed again`);
      return { value: null };
    },
  );
  await check('reversePayment', 'refuses the same key with another body (409)', async () => {
    expectError(
      await send(
        'reversePayment',
        { ...reversal, reason_text: 'another body' },
        { 'idempotency-key': reversalReference },
      ),
      409,
    );
    return { value: null };
  });
  const refusals: [string, ErpPaymentReversal][] = [
    [
      'refuses (E) a reversal of more than is left of the payment, and reverses nothing',
      { ...reversal, amount_minor: '2', documents: [{ document_key: key, amount_minor: '2' }] },
    ],
    [
      'refuses (E) a reversal of a payment it does not know, and reverses nothing',
      { ...reversal, posting_reference: randomUUID() },
    ],
  ];
  for (const [what, refused] of refusals) {
    await check('reversePayment', what, async () => {
      const before = await openMinor();
      const reference = randomUUID();
      const body = { ...refused, reversal_reference: reference };
      const result = resultOf(await send('reversePayment', body, { 'idempotency-key': reference }), 'the reversal');
      if (result.message_type !== 'E' || result.reversal_document_number)
        throw new CheckFailed(
          `message type ${result.message_type}, reversal document '${result.reversal_document_number}'`,
        );
      const after = await openMinor();
      if (after !== before) throw new CheckFailed(`the open amount went from ${before} to ${after}`);
      return { value: null, note: result.message_line_string };
    });
  }
}

/**
 * Issue 39, optional (ADR 0034): a dispute case of the invoice, recorded and then updated under the same dispute id.
 * Both conform: an ERP that records it answers its case id and keeps that id when the same dispute comes again (PUT:
 * the case is updated, not doubled); an ERP that keeps no dispute cases answers 501 with the error body, and the portal
 * marks the dispute not_supported.
 */
async function checkDisputeCaseWrites(
  send: Send,
  check: Check,
  payerData: { customer_number: string; company_code: string },
  invoice: LedgerDocument,
): Promise<void> {
  const disputeId = randomUUID();
  const dispute: ErpDisputeCase = {
    company_code: payerData.company_code,
    payer_number: invoice.payer_number,
    soldto_number: invoice.soldto_number,
    billing_document_number: invoice.billing_document_number,
    document_number_finance: invoice.document_number_finance,
    fiscal_year: invoice.fiscal_year_of_the_relevant_invoice,
    line_item: invoice.line_item_in_the_relevant_invoice,
    reason_code: 'OTHER',
    amount: invoice.open_amount,
    currency: invoice.currency_key,
    status: 'open',
    outcome: '',
    credit_note_number: '',
    comment: 'conformance kit',
  };
  const put = (body: unknown) => send('recordDisputeCase', body, {}, undefined, { dispute_id: disputeId });
  const resultOf = (answer: Answer, what: string) => {
    if (answer.status !== 200) throw new CheckFailed(`${what} answered ${answer.status}: ${text(answer)}`);
    const parsed = erpOperations.recordDisputeCase.answer.schema.safeParse(json(answer));
    if (!parsed.success)
      throw new CheckFailed(`${what}: the answer does not follow the contract: ${issues(parsed.error)}`);
    return parsed.data;
  };
  const first = await check(
    'recordDisputeCase',
    'records a dispute case and answers its case id, or answers 501 (an ERP without dispute cases): both conform',
    async () => {
      const answer = await put(dispute);
      if (answer.status === 501) {
        expectError(answer, 501);
        return { value: null, note: 'not implemented (501): the portal marks its disputes not_supported' };
      }
      const result = resultOf(answer, 'the dispute case');
      if (result.status !== 'open') throw new CheckFailed(`status ${result.status} for a case sent open`);
      return { value: result, note: `case ${result.case_id}, ${Math.round(answer.ms)} ms` };
    },
  );
  if (!first) return;
  await check('recordDisputeCase', "updates the same dispute's case: the same case id, the new status", async () => {
    const result = resultOf(
      await put({ ...dispute, status: 'resolved', outcome: 'rejected', comment: 'conformance kit: resolved' }),
      'the update',
    );
    if (result.case_id !== first.case_id)
      throw new CheckFailed(`case ${result.case_id} for the dispute of case ${first.case_id}: a second case`);
    if (result.status !== 'resolved') throw new CheckFailed(`status ${result.status} for a case sent resolved`);
    return { value: null };
  });
  await check('recordDisputeCase', 'refuses a body outside the contract (400)', async () => {
    expectError(await put({ ...dispute, status: 'lost' }), 400);
    return { value: null };
  });
}

/**
 * Issue 39: filter 94 names documents by finance number (comma-separated, leading zeros optional): the invoice list's
 * disputed invoices. Checked with up to three documents of the first page, one named without its leading zeros, read
 * two to a page: every document answered is one named, every one named is answered, none twice, and the found count
 * is what the pages hold. (A number the payer has in two fiscal years names both: that is not a failure.)
 */
async function checkDocumentListFilter(
  read: Read,
  account: { payer_data: unknown; soldto_data: unknown[] },
  documents: LedgerDocument[],
): Promise<{ value: null; note: string }> {
  const samples = documents.slice(0, 3);
  if (samples.length === 0) throw new CheckFailed('the test payer has no document to check with');
  const numbers = samples.map((document, index) =>
    index === 0 ? document.document_number_finance.replace(/^0+(?=\d)/, '') : document.document_number_finance,
  );
  const named = new Set(samples.map((document) => document.document_number_finance.replace(/^0+(?=\d)/, '')));
  const seen = new Set<string>();
  let cursor: string | undefined;
  let found = -1;
  for (let page = 0; page < 50; page += 1) {
    const { value } = await read<{ document_list: LedgerDocument[]; next_cursor: string | null; found_count: number }>(
      'searchInvoices',
      {
        ...account,
        search_parameters: {
          status: '03',
          filter: [{ filter_type: '94', value: numbers.join(',') }],
          page_size: 2,
          ...(cursor ? { cursor } : {}),
        },
      },
    );
    if (found === -1) found = value.found_count;
    for (const document of value.document_list) {
      const key = paymentDocumentKey(document);
      if (!named.has(document.document_number_finance.replace(/^0+(?=\d)/, '')))
        throw new CheckFailed(`${document.document_number_finance} is answered but not named`);
      if (seen.has(key)) throw new CheckFailed(`${document.document_number_finance} is answered twice`);
      seen.add(key);
    }
    if (!value.next_cursor) break;
    cursor = value.next_cursor;
  }
  for (const document of samples) {
    if (!seen.has(paymentDocumentKey(document)))
      throw new CheckFailed(`${document.document_number_finance} is named but not answered`);
  }
  if (found !== seen.size) throw new CheckFailed(`found_count ${found}, the pages hold ${seen.size} documents`);
  return { value: null, note: `${samples.length} documents named, ${seen.size} answered` };
}

/** A write without an Idempotency-Key is refused 400 (and changes nothing). */
async function checkNeedsKey(send: Send, check: Check, name: ErpOperationName, body: unknown): Promise<void> {
  await check(name, 'needs an Idempotency-Key (400 without one)', async () => {
    expectError(await send(name, body), 400);
    return { value: null };
  });
}

function json(answer: Answer): unknown {
  try {
    return JSON.parse(answer.body.toString('utf8'));
  } catch {
    throw new CheckFailed(`the ${answer.status} answer is not JSON`);
  }
}

/** JSON with every object's keys in order: two answers with the same values give the same text. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, item: unknown) =>
    item && typeof item === 'object' && !Array.isArray(item)
      ? Object.fromEntries(Object.entries(item).sort(([a], [b]) => a.localeCompare(b)))
      : item,
  );
}

function text(answer: Answer): string {
  return answer.body.toString('utf8').slice(0, 200);
}

function expectError(answer: Answer, status: number): void {
  if (answer.status !== status) throw new CheckFailed(`answered ${answer.status}, not ${status}: ${text(answer)}`);
  const parsed = ErpErrorBody.safeParse(json(answer));
  if (!parsed.success) throw new CheckFailed(`the error body does not follow the contract: ${issues(parsed.error)}`);
}

function issues(error: z.ZodError): string {
  return error.issues
    .slice(0, 3)
    .map((issue) => `${issue.path.join('.') || '(body)'}: ${issue.message}`)
    .join('; ');
}
