// The reference ERP service and the HTTP connector together (issue 28): each connector method answers over the ERP
// contract what the built-in ledger answers in process; the service refuses callers without the token and bodies
// outside the contract; a write repeated with its Idempotency-Key is answered the first result and changes nothing.
// Issue 37: a payment's reversal over the contract, once per reference, and the same error as a posting's when the
// ERP does not answer.
import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { paymentDocumentKey } from '@portal/contracts';
import { eq, inArray, sql } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { erpApiPrefix, erpOperations } from '@portal/contracts/erp-api';
import type {
  DisputeCaseRequest,
  ErpConnector,
  LedgerPaymentPosting,
  LedgerReversal,
  LedgerReversalResult,
} from '../connectors/erp/erp-connector';
import { reversalToWire } from '../connectors/erp/http/erp-wire';
import { createHttpErpConnector, type HttpErpConnector } from '../connectors/erp/http/http-erp-connector';
import { createLedgerConnector } from '../connectors/erp/ledger/ledger-connector';
import { disputeCases, ledgerPaymentReversals } from '../connectors/erp/ledger/ledger.schema';
import type { Db } from '../db/client';
import { demoUserAccounts } from '../connectors/erp/ledger/seed';
import { createTestApp, signInAs, type TestApp } from '../test/test-app';
import { buildErpService } from './erp-service';

const token = 'erp-test-token-0123456789';
let t: TestApp;
let ledger: ErpConnector;
let service: FastifyInstance;
let remote: HttpErpConnector;
let base: string;

beforeAll(async () => {
  t = await createTestApp({ ledgerDocuments: 300 });
  ledger = createLedgerConnector(t.database.db, { now: t.clock.now });
  service = await buildErpService({ erp: ledger, db: t.database.db, token });
  await service.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(service.server.address() as AddressInfo).port}`;
  remote = createHttpErpConnector({ url: base, token, timeoutMs: 5_000, db: t.database.db });
});
afterAll(async () => {
  await remote?.close();
  await service?.close();
  await t?.close();
});

const payer = { customer_number: '0000100001', company_code: '1000' };
/** The payer's open invoices and credits. */
const search = {
  payer_data: payer,
  soldto_data: [],
  search_parameters: { status: '03', document_type: '01' },
} as Parameters<ErpConnector['searchInvoices']>[0];

describe('the HTTP connector over the reference service', () => {
  it('answers the reads as the ledger does in process', async () => {
    const reads: [string, (erp: ErpConnector) => Promise<unknown>][] = [
      [
        'getHeaderAccounts',
        (erp) => erp.getHeaderAccounts({ account_type: 'Payer', accounts: demoUserAccounts.payer }),
      ],
      ['getPayer', (erp) => erp.getPayer({ customer_number: '100001', company_code: '1000' })],
      ['getBackendConfiguration', (erp) => erp.getBackendConfiguration()],
      ['searchDocuments', (erp) => erp.searchDocuments(search)],
      ['searchInvoices', (erp) => erp.searchInvoices(search)],
      ['getInvoiceTotals', (erp) => erp.getInvoiceTotals({ payer_data: payer, soldto_data: [] })],
      ['getPaymentCards', (erp) => erp.getPaymentCards({ payer_data: payer })],
      ['searchPayments', (erp) => erp.searchPayments(search)],
    ];
    for (const [name, read] of reads) {
      expect(await read(remote), name).toEqual(await read(ledger));
    }
  });

  it('streams an export document by document in the same order', async () => {
    const all = async (erp: ErpConnector) => {
      const documents: unknown[] = [];
      for await (const batch of erp.streamInvoices(search)) documents.push(...batch);
      return documents;
    };
    const expected = await all(ledger);
    expect(expected.length).toBeGreaterThan(0);
    expect(await all(remote)).toEqual(expected);
  });

  it('serves a detail and its PDF, and says E without a PDF for a document of another customer', async () => {
    const page = await ledger.searchInvoices(search);
    const number = page.document_list.find((document) => document.billing_document_number)!.billing_document_number;
    const detail = { document_detail: { billing_document_number: number, customer_number: '0000100001' } };
    expect(await remote.getInvoiceDetail(detail)).toEqual(await ledger.getInvoiceDetail(detail));
    const pdf = await remote.renderInvoicePdf({
      payer_data: payer,
      soldto_data: [],
      billing_document_numbers: [number],
    });
    expect(pdf.pdf?.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdf.billing_document_numbers).toEqual([number]);
    const other = await remote.renderInvoicePdf({
      payer_data: { customer_number: '0000100002', company_code: '1000' },
      soldto_data: [],
      billing_document_numbers: [number],
    });
    expect(other).toMatchObject({ pdf: null, status: { message_type: 'E' } });
  });
});

describe('the reference service', () => {
  const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
    service.inject({
      method: 'POST',
      url: `${erpApiPrefix}${path}`,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', ...headers },
      payload: JSON.stringify(body),
    });

  it('refuses a caller without the token, and with a wrong one (401), with the ERP error body', async () => {
    for (const authorization of [undefined, 'Bearer wrong', `Bearer ${token}x`]) {
      const answer = await service.inject({
        method: 'GET',
        url: `${erpApiPrefix}/configuration`,
        headers: authorization ? { authorization } : {},
      });
      expect(answer.statusCode).toBe(401);
      expect(answer.json()).toMatchObject({ message_type: 'E', code: 'unauthorized' });
    }
  });

  it('refuses a body outside the contract (400) and names the field', async () => {
    const answer = await post('/payer', { customer_number: '', company_code: '1000' });
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toMatchObject({
      code: 'invalid_request',
      message_line_string: expect.stringContaining('customer_number'),
    });
    expect((await post('/no-such-operation', {})).statusCode).toBe(404);
  });

  it('requires an Idempotency-Key on a write, answers a repeat the first result, and a reused key 409', async () => {
    const card = {
      action: '01',
      payer_data: payer,
      payment_cards: [
        {
          payment_card_name: 'Added over HTTP',
          payment_card_token: '-VISA-1111-IDEMPOTENT01',
          payment_card_type: 'VISA',
          valid_from: '',
          valid_to: '12-31-2030',
          default: '',
          is_session: '',
          electronic_check_account_type: '',
          electronic_check_rdfi_number: '',
          payer_account: '0000100001',
          preauthorization_amount: '',
        },
      ],
      log: { id: 'ADD_PAYMENT_CARD', login: 'test' },
    };
    expect((await post('/payment-cards/manage', card)).statusCode).toBe(400);
    const first = await post('/payment-cards/manage', card, { 'idempotency-key': 'key-1' });
    expect(first.json()).toMatchObject({ status: { message_type: 'S' } });
    // Sent again without its key, the same card is a second add: the ERP says it exists (074).
    const again = await post('/payment-cards/manage', card, { 'idempotency-key': 'key-1' });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    const other = await post('/payment-cards/manage', card, { 'idempotency-key': 'key-2' });
    expect(other.json()).toMatchObject({ status: { message_type: 'E', message_number: '074' } });
    const reused = await post('/payment-cards/manage', { ...card, action: '03' }, { 'idempotency-key': 'key-1' });
    expect(reused.statusCode).toBe(409);
    expect(reused.json()).toMatchObject({ code: 'idempotency_conflict' });
    const cards = await ledger.getPaymentCards({ payer_data: payer });
    expect(cards.payment_cards.filter((c) => c.payment_card_token === '-VISA-1111-IDEMPOTENT01')).toHaveLength(1);
  });
});

describe('a portal with ERP_URL', () => {
  it('reads its customers over the contract, and refuses imports (409): the ERP is the source of documents', async () => {
    const portal = await createTestApp({ settings: { ERP_URL: base, ERP_TOKEN: token } });
    try {
      const session = await signInAs(portal.app, 'payer@example.com');
      const accounts = await portal.app.inject({
        method: 'POST',
        url: '/api/customer/header-accounts',
        headers: { authorization: `Bearer ${session.token}` },
        payload: {},
      });
      expect(accounts.statusCode, accounts.body).toBe(200);
      expect(JSON.stringify(accounts.json())).toContain('Acme Industrial Supply');

      const admin = await signInAs(portal.app, 'admin@example.com');
      const refused = await portal.app.inject({
        method: 'POST',
        url: '/api/ledger/imports?kind=customers',
        headers: { authorization: `Bearer ${admin.token}`, 'content-type': 'text/csv', 'accept-language': 'en' },
        payload: 'customer_number,party_ids\n100001,0002:FR1\n',
      });
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toMatchObject({ messageKey: 'imports.errors.erp_connected' });
      expect(refused.json().message).toContain('ERP_URL');

      const system = await portal.app.inject({
        method: 'GET',
        url: '/api/configuration/system',
        headers: { authorization: `Bearer ${admin.token}` },
      });
      expect(system.json().erp).toEqual({
        kind: 'http',
        url: base,
        circuit: 'closed',
        openedAt: null,
        lastError: null,
      });
    } finally {
      await portal.close();
    }
  });
});

describe('a portal whose ERP does not answer', () => {
  it('says so in the reader language (503), fails fast once the circuit is open, and the System tab says since when and why', async () => {
    // A port that was listening and is closed now: connections are refused.
    const gone = Fastify();
    await gone.listen({ port: 0, host: '127.0.0.1' });
    const url = `http://127.0.0.1:${(gone.server.address() as AddressInfo).port}`;
    await gone.close();
    const portal = await createTestApp({ settings: { ERP_URL: url, ERP_TOKEN: token } });
    try {
      const session = await signInAs(portal.app, 'payer@example.com');
      const headers = { authorization: `Bearer ${session.token}` };
      for (let call = 0; call < 5; call++) {
        const answer = await portal.app.inject({
          method: 'POST',
          url: '/api/customer/header-accounts',
          headers,
          payload: {},
        });
        expect(answer.statusCode).toBeGreaterThanOrEqual(500);
      }
      const admin = await signInAs(portal.app, 'admin@example.com');
      const system = await portal.app.inject({
        method: 'GET',
        url: '/api/configuration/system',
        headers: { authorization: `Bearer ${admin.token}` },
      });
      expect(system.json().erp).toMatchObject({
        kind: 'http',
        url,
        circuit: 'open',
        openedAt: expect.any(String),
        lastError: expect.stringContaining('refused'),
      });
    } finally {
      await portal.close();
    }
  });
});

describe('the backend configuration over HTTP', () => {
  it('keeps the last one read while the ERP is down, also for a portal started during the outage, and has none to give before any read', async () => {
    await t.database.db.execute(sql`DELETE FROM portal.app_settings WHERE key = 'erp_backend_configuration'`);
    const own = await buildErpService({ erp: ledger, db: t.database.db, token });
    await own.listen({ port: 0, host: '127.0.0.1' });
    const url = `http://127.0.0.1:${(own.server.address() as AddressInfo).port}`;
    // Expired at once: every read asks the ERP again.
    const connector = createHttpErpConnector({
      url,
      token,
      timeoutMs: 2_000,
      db: t.database.db,
      configurationTtlMs: 0,
    });
    const never = createHttpErpConnector({ url, token, timeoutMs: 2_000, db: t.database.db });
    try {
      const read = await connector.getBackendConfiguration();
      expect(read).toEqual(await ledger.getBackendConfiguration());
      await own.close();
      expect(await connector.getBackendConfiguration()).toEqual(read);
      expect(await connector.getBackendConfiguration()).toEqual(read);
      // A portal started while the ERP is down (no read of its own) answers the one its database keeps.
      expect(await never.getBackendConfiguration()).toEqual(read);
      await t.database.db.execute(sql`DELETE FROM portal.app_settings WHERE key = 'erp_backend_configuration'`);
      const fresh = createHttpErpConnector({ url, token, timeoutMs: 2_000, db: t.database.db });
      await expect(fresh.getBackendConfiguration()).rejects.toMatchObject({ name: 'ErpUnavailableError' });
      await fresh.close();
    } finally {
      await connector.close();
      await never.close();
    }
  });
});

describe('a payment reversal over HTTP (issue 37)', () => {
  const postingOf = (documentKey: string, amount: bigint): LedgerPaymentPosting => {
    const reference = randomUUID();
    return {
      posting_reference: reference,
      log_id: 'POST_INVOICE',
      message_type: 'S',
      message_line_string: '',
      payer_data: payer,
      soldto_number: '',
      currency_key: 'USD',
      amount_minor: amount,
      payment_card_token: '-VISA-1111-REVERSALHTTP',
      payment_card_type: 'VISA',
      authorization_reference: 'TEST',
      order_number: reference,
      login: 'reversals@example.com',
      posted_at: t.clock.now(),
      documents: [{ document_key: documentKey, amount_minor: amount, reason_code: '', comment: '' }],
      reference_number: '',
      reason_code: '',
      comment: '',
    };
  };
  const reversalOf = (postingReference: string, documentKey: string, amount: bigint): LedgerReversal => ({
    reversal_reference: randomUUID(),
    posting_reference: postingReference,
    kind: 'refund',
    currency_key: 'USD',
    amount_minor: amount,
    documents: [{ document_key: documentKey, amount_minor: amount }],
    reason_code: 'DUPLICATE',
    reason_text: 'Charged twice',
    login: 'reversals@example.com',
    reversed_at: t.clock.now(),
  });

  it('reverses once per reversal reference: a repeat with the key answers the first result and changes nothing', async () => {
    const page = await ledger.searchInvoices({
      ...search,
      search_parameters: { ...search.search_parameters, status: '01' },
    });
    const invoice = page.document_list.find(
      (document) =>
        document.currency_key === 'USD' && Number(document.open_amount) >= 1 && document.item_is_a_payment !== 'X',
    )!;
    const key = paymentDocumentKey(invoice);
    const openOf = async () =>
      (await remote.getPayableDocuments({ payer_data: payer, document_keys: [key] }))[0]!.open_amount;
    const openBefore = await openOf();
    const posting = postingOf(key, 100n);
    expect((await remote.postPayment(posting)).message_type).toBe('S');

    const reversal = reversalOf(posting.posting_reference, key, 60n);
    const portalSteps: unknown[] = [];
    const inTransaction = async (tx: Db, result: LedgerReversalResult) => {
      // The portal's part runs in a transaction of the portal's database, once the ERP confirmed.
      await tx.execute(sql`SELECT 1`);
      portalSteps.push(result);
    };
    const first = await remote.reversePayment(reversal, { inTransaction });
    expect(first).toMatchObject({ message_type: 'S', replayed: false });
    expect(first.reversal_document_number).not.toBe('');
    expect(first.documents).toEqual([expect.objectContaining({ document_key: key, reopened_minor: 60n })]);
    expect(portalSteps).toEqual([first]);
    const openAfter = await openOf();

    // A retry after a time-out sends the same key: the service answers the first result, the ledger reverses nothing.
    const again = await remote.reversePayment(reversal, { inTransaction });
    expect(again).toEqual(first);
    expect(portalSteps).toEqual([first, first]);
    expect(await openOf()).toBe(openAfter);
    const rows = await t.database.db
      .select()
      .from(ledgerPaymentReversals)
      .where(eq(ledgerPaymentReversals.reversalReference, reversal.reversal_reference));
    expect(rows).toHaveLength(1);

    // Under another key the ledger still knows the reference: replayed, the same document, nothing reversed.
    const otherKey = await service.inject({
      method: 'POST',
      url: `${erpApiPrefix}${erpOperations.reversePayment.path}`,
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': 'application/json',
        'idempotency-key': randomUUID(),
      },
      payload: JSON.stringify(reversalToWire(reversal)),
    });
    expect(otherKey.json()).toMatchObject({
      message_type: 'S',
      replayed: true,
      reversal_document_number: first.reversal_document_number,
    });
    expect(await openOf()).toBe(openAfter);

    // More than is left: E, nothing changed; the rest: S, the invoice as before the payment.
    expect(await remote.reversePayment(reversalOf(posting.posting_reference, key, 41n))).toMatchObject({
      message_type: 'E',
      reversal_document_number: '',
    });
    expect(await openOf()).toBe(openAfter);
    expect((await remote.reversePayment(reversalOf(posting.posting_reference, key, 40n))).message_type).toBe('S');
    expect(await openOf()).toBe(openBefore);
  });

  it('throws what a posting throws when the ERP is down or fails, and runs nothing of the portal', async () => {
    // A port that was listening and is closed now, and an ERP that answers 500 or bytes outside the contract.
    const gone = Fastify();
    await gone.listen({ port: 0, host: '127.0.0.1' });
    const goneUrl = `http://127.0.0.1:${(gone.server.address() as AddressInfo).port}`;
    await gone.close();
    let failure: 'server_error' | 'malformed' = 'server_error';
    const calls: string[] = [];
    const failing = Fastify();
    failing.all('/*', async (request, reply) => {
      calls.push(request.url);
      if (failure === 'malformed') return reply.send({ reversed: 'yes', reversal_document_number: 42 });
      return reply
        .code(500)
        .send({ message_type: 'E', message_line_string: 'RFC connection failed', code: 'internal' });
    });
    await failing.listen({ port: 0, host: '127.0.0.1' });
    const failingUrl = `http://127.0.0.1:${(failing.server.address() as AddressInfo).port}`;

    const key = `1000|1400000001|2026|001`;
    const posting = postingOf(key, 1n);
    const reversal = reversalOf(posting.posting_reference, key, 1n);
    let portalSteps = 0;
    const inTransaction = async () => void (portalSteps += 1);
    try {
      for (const [url, reason] of [
        [goneUrl, 'refused'],
        [failingUrl, 'server_error'],
        [failingUrl, 'malformed'],
      ] as const) {
        if (reason !== 'refused') failure = reason;
        const connector = createHttpErpConnector({ url, token, timeoutMs: 2_000, db: t.database.db });
        try {
          const posted = await connector.postPayment(posting, { inTransaction }).catch((error: unknown) => error);
          const reversed = await connector.reversePayment(reversal, { inTransaction }).catch((error: unknown) => error);
          expect(posted, reason).toMatchObject({ name: 'ErpUnavailableError', reason });
          expect(reversed, reason).toMatchObject({ name: 'ErpUnavailableError', reason });
          expect(Object.getPrototypeOf(reversed)).toBe(Object.getPrototypeOf(posted));
        } finally {
          await connector.close();
        }
      }
      expect(portalSteps).toBe(0);
      // A write is never retried by the connector (the reconciler asks again, with the same key).
      expect(calls.filter((url) => url.endsWith(erpOperations.reversePayment.path))).toHaveLength(2);
    } finally {
      await failing.close();
    }
  });
});

describe('a dispute case over HTTP (issue 39)', () => {
  const disputeCase = (overrides: Partial<DisputeCaseRequest> = {}): DisputeCaseRequest => ({
    dispute_id: randomUUID(),
    company_code: '1000',
    payer_number: '0000100001',
    soldto_number: '0000200001',
    billing_document_number: '0090000001',
    document_number_finance: '0100000001',
    fiscal_year: '2026',
    line_item: '001',
    reason_code: 'OTHER',
    amount: '10.00',
    currency: 'USD',
    status: 'open',
    outcome: '',
    credit_note_number: '',
    comment: 'Not delivered.',
    ...overrides,
  });

  /** A reference service of its own over the ledger, and the HTTP connector to it. */
  async function serviceOf(options: { erp: ErpConnector; without?: 'recordDisputeCase'[] }) {
    const other = await buildErpService({ ...options, db: t.database.db, token });
    await other.listen({ port: 0, host: '127.0.0.1' });
    const url = `http://127.0.0.1:${(other.server.address() as AddressInfo).port}`;
    const connector = createHttpErpConnector({ url, token, timeoutMs: 5_000, db: t.database.db });
    return {
      service: other,
      connector,
      close: async () => {
        await connector.close();
        await other.close();
      },
    };
  }

  it('records the case as the ledger does in process, and the same dispute again updates it', async () => {
    const request = disputeCase();
    const first = await remote.recordDisputeCase!(request);
    expect(first).toEqual({ outcome: 'recorded', case_id: expect.stringMatching(/^DC\d{10}$/), status: 'open' });
    const again = await remote.recordDisputeCase!({ ...request, status: 'resolved', outcome: 'credit_issued' });
    expect(again).toEqual({ ...first, status: 'resolved' });
    const [row] = await t.database.db.select().from(disputeCases).where(eq(disputeCases.disputeId, request.dispute_id));
    expect(row).toMatchObject({ status: 'resolved', outcome: 'credit_issued', amountMinor: 1000n });
  });

  it('puts by the dispute id without an Idempotency-Key, and refuses an id or a body outside the contract (400)', async () => {
    const { dispute_id: id, ...body } = disputeCase();
    const put = (disputeId: string, payload: unknown) =>
      service.inject({
        method: 'PUT',
        url: `${erpApiPrefix}${erpOperations.recordDisputeCase.path.replace('{dispute_id}', disputeId)}`,
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        payload: JSON.stringify(payload),
      });
    const recorded = await put(id, body);
    expect(recorded.statusCode).toBe(200);
    expect(recorded.json()).toEqual({ case_id: expect.stringMatching(/^DC\d{10}$/), status: 'open' });
    const badId = await put('not_an_id', body);
    expect(badId.statusCode).toBe(400);
    expect(badId.json()).toMatchObject({
      code: 'invalid_request',
      message_line_string: expect.stringContaining('dispute_id'),
    });
    const badBody = await put(randomUUID(), { ...body, outcome: 'lost' });
    expect(badBody.statusCode).toBe(400);
    expect(badBody.json()).toMatchObject({
      code: 'invalid_request',
      message_line_string: expect.stringContaining('outcome'),
    });
  });

  it('answers 501 where the ERP keeps no dispute cases; the connector says not_implemented and the circuit stays closed', async () => {
    const ways = [
      await serviceOf({ erp: { ...ledger, recordDisputeCase: undefined } }),
      await serviceOf({ erp: { ...ledger, recordDisputeCase: async () => ({ outcome: 'not_implemented' }) } }),
      await serviceOf({ erp: ledger, without: ['recordDisputeCase'] }),
    ];
    const sent: string[] = [];
    try {
      for (const { service: other, connector } of ways) {
        const { dispute_id: id, ...body } = disputeCase();
        const answer = await other.inject({
          method: 'PUT',
          url: `${erpApiPrefix}/disputes/${id}`,
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          payload: JSON.stringify(body),
        });
        expect(answer.statusCode).toBe(501);
        expect(answer.json()).toMatchObject({ message_type: 'E', code: 'not_implemented' });
        sent.push(id);
        // More than the breaker's five failures: a 501 is an answer, not an outage.
        for (let i = 0; i < 6; i += 1) {
          const request = disputeCase();
          sent.push(request.dispute_id);
          expect(await connector.recordDisputeCase!(request)).toEqual({ outcome: 'not_implemented' });
        }
        expect(connector.health()).toMatchObject({ circuit: 'closed', consecutiveFailures: 0 });
        expect((await connector.getPayer(payer)).status.message_type).toBe('S');
      }
      const recorded = await t.database.db.select().from(disputeCases).where(inArray(disputeCases.disputeId, sent));
      expect(recorded).toEqual([]);
    } finally {
      for (const way of ways) await way.close();
    }
  });

  it('throws what any call throws when the ERP fails (500), for the caller to mark the dispute failed', async () => {
    const failing = await serviceOf({
      erp: {
        ...ledger,
        recordDisputeCase: async () => {
          throw new Error('the dispute store is down');
        },
      },
    });
    try {
      await expect(failing.connector.recordDisputeCase!(disputeCase())).rejects.toMatchObject({
        name: 'ErpUnavailableError',
        reason: 'server_error',
        status: 500,
      });
    } finally {
      await failing.close();
    }
  });

  it('answers filter 94 over the contract as the ledger does in process', async () => {
    const { document_list: documents } = await ledger.searchInvoices(search);
    const value = documents
      .slice(0, 3)
      .map((document) => document.document_number_finance.replace(/^0+/, ''))
      .join(',');
    const listed = {
      ...search,
      search_parameters: { ...search.search_parameters, filter: [{ filter_type: '94' as const, value }], page_size: 2 },
    };
    const inProcess = await ledger.searchInvoices(listed);
    expect(inProcess.found_count).toBeGreaterThanOrEqual(3);
    expect(await remote.searchInvoices(listed)).toEqual(inProcess);
  });
});
