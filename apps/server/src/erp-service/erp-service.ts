// The reference ERP service (issue 28): any ErpConnector (the built-in ledger) served over the ERP contract of
// @portal/contracts, as its own process (`npm run erp:serve`). The portal's HTTP connector talks to it exactly as to an
// integrator's implementation, and the conformance kit is checked against it. Bearer ERP_TOKEN on every call; bodies
// checked against the contract (400 with the ERP's message type and text); writes answered once per Idempotency-Key.
// An optional operation (a dispute case, issue 39) that the connector leaves out, answers not_implemented for, or the
// service was told to go `without`, is answered 501: how an ERP that keeps no dispute cases is played in tests.
import { createHash, timingSafeEqual } from 'node:crypto';
import { Readable } from 'node:stream';
import {
  erpApiPrefix,
  erpOperations,
  erpPdfDocumentsHeader,
  type ErpDisputeCase,
  type ErpErrorBody,
  type ErpOperation,
  type ErpOperationName,
} from '@portal/contracts/erp-api';
import type { Language } from '@portal/i18n';
import { sql } from 'drizzle-orm';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import type { Db } from '../db/client';
import type { ErpConnector } from '../connectors/erp/erp-connector';
import { postingFromWire, resultToWire, reversalFromWire, reversalResultToWire } from '../connectors/erp/http/erp-wire';

export type ErpServiceOptions = {
  erp: ErpConnector;
  /** Optional operations to answer 501 whatever the connector offers (`npm run erp:serve -- --without …`). */
  without?: OptionalErpOperationName[];
  /** Where the answers to writes are kept by Idempotency-Key (the ledger's database). */
  db: Db;
  token: string;
  logger?: boolean | { level: string };
};

/** Keeps a write's answer under its Idempotency-Key, in the write's own transaction where the connector offers one. */
type RecordAnswer = (tx: Db, answer: unknown) => Promise<void>;
/** The body and path parameters have been checked against the operation's schemas. */
type Handler = (body: never, record: RecordAnswer, params: Record<string, string>) => Promise<unknown>;

/** The operations of the contract an ERP may leave out (answering 501). */
export type OptionalErpOperationName = {
  [Name in ErpOperationName]: (typeof erpOperations)[Name] extends { optional: true } ? Name : never;
}[ErpOperationName];

export const optionalErpOperations = (Object.keys(erpOperations) as ErpOperationName[]).filter(
  (name): name is OptionalErpOperationName => (erpOperations[name] as ErpOperation).optional === true,
);

/** A handler's answer for an optional operation the connector does not offer: the route answers 501. */
const notImplemented = Symbol('not implemented');

/** What each operation runs on the connector; the body has been checked against the operation's schema. */
function handlersOf(erp: ErpConnector): Record<ErpOperationName, Handler> {
  return {
    getHeaderAccounts: (body) => erp.getHeaderAccounts(body),
    getPayer: (body) => erp.getPayer(body),
    getBackendConfiguration: () => erp.getBackendConfiguration(),
    searchDocuments: (body) => erp.searchDocuments(body),
    searchInvoices: (body) => erp.searchInvoices(body),
    streamInvoices: async (body) => Readable.from(ndjsonLines(erp.streamInvoices(body))),
    getInvoiceTotals: (body) => erp.getInvoiceTotals(body),
    getInvoiceAging: (body) => erp.getInvoiceAging(body),
    getStatementOpening: (body) => erp.getStatementOpening(body),
    streamStatementLines: async (body) => Readable.from(ndjsonLines(erp.streamStatementLines(body))),
    streamOpenItems: async (body) => Readable.from(ndjsonLines(erp.streamOpenItems(body))),
    getSalesByMonth: (body) => erp.getSalesByMonth(body),
    // Read at each call: a test's connector may offer it or not from one call to the next.
    recordDisputeCase: async (body: ErpDisputeCase, _record, params) => {
      if (!erp.recordDisputeCase) return notImplemented;
      const result = await erp.recordDisputeCase({ ...body, dispute_id: params.dispute_id! });
      if (result.outcome === 'not_implemented') return notImplemented;
      return { case_id: result.case_id, status: result.status };
    },
    getInvoiceDetail: (body) => erp.getInvoiceDetail(body),
    renderInvoicePdf: async (body: Parameters<ErpConnector['renderInvoicePdf']>[0]) =>
      erp.renderInvoicePdf({ ...body, language: body.language as Language | undefined }),
    getPaymentCards: (body) => erp.getPaymentCards(body),
    managePaymentCards: (body) => erp.managePaymentCards(body),
    getPayableDocuments: async (body: Parameters<ErpConnector['getPayableDocuments']>[0]) => ({
      documents: await erp.getPayableDocuments(body),
    }),
    // The answer is kept in the posting's transaction: a posting is never committed without it.
    postPayment: async (body: Parameters<typeof postingFromWire>[0], record) =>
      resultToWire(
        await erp.postPayment(postingFromWire(body), {
          inTransaction: (tx, result) => record(tx, resultToWire(result)),
        }),
      ),
    // Issue 37: as postPayment, the answer kept in the reversal's transaction.
    reversePayment: async (body: Parameters<typeof reversalFromWire>[0], record) =>
      reversalResultToWire(
        await erp.reversePayment(reversalFromWire(body), {
          inTransaction: (tx, result) => record(tx, reversalResultToWire(result)),
        }),
      ),
    searchPayments: (body) => erp.searchPayments(body),
  };
}

async function* ndjsonLines(batches: AsyncIterable<unknown[]>): AsyncGenerator<string> {
  for await (const batch of batches) {
    if (batch.length > 0) yield `${batch.map((document) => JSON.stringify(document)).join('\n')}\n`;
  }
}

export async function buildErpService(options: ErpServiceOptions): Promise<FastifyInstance> {
  const app = Fastify({ logger: options.logger ?? false, bodyLimit: 10 * 1024 * 1024 });
  const expected = createHash('sha256').update(options.token).digest();
  const handlers = handlersOf(options.erp);

  app.addHook('onRequest', async (request, reply) => {
    const presented = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1] ?? '';
    // Compared as hashes: equal lengths, and no timing that tells how much of the token was right.
    if (!timingSafeEqual(createHash('sha256').update(presented).digest(), expected)) {
      return refuse(reply, 401, 'unauthorized', 'No valid bearer token: send the ERP_TOKEN shared with the portal.');
    }
  });
  app.setNotFoundHandler((_request, reply) =>
    refuse(reply, 404, 'not_found', 'No such operation in the ERP contract.'),
  );
  app.setErrorHandler((error: { statusCode?: number }, request, reply) => {
    if (error.statusCode && error.statusCode < 500) {
      return refuse(reply, error.statusCode, 'invalid_request', 'The request body is not JSON the contract takes.');
    }
    request.log.error({ err: error }, 'erp operation failed');
    return refuse(reply, 500, 'internal', 'The ERP could not complete the operation.');
  });

  const without = new Set<ErpOperationName>(options.without ?? []);
  const answerNotImplemented = (reply: FastifyReply) =>
    refuse(reply, 501, 'not_implemented', 'This ERP does not implement this optional operation.');

  for (const [name, operation] of Object.entries(erpOperations) as [ErpOperationName, ErpOperation][]) {
    app.route({
      method: operation.method,
      // The contract writes a path parameter {name}, Fastify :name.
      url: `${erpApiPrefix}${operation.path.replace(/\{(\w+)\}/g, ':$1')}`,
      handler: async (request, reply) => {
        if (without.has(name)) return answerNotImplemented(reply);
        const params = operation.params
          ? operation.params.safeParse(request.params)
          : { success: true as const, data: {} };
        if (!params.success) {
          const issue = params.error.issues[0];
          return refuse(reply, 400, 'invalid_request', `${issue?.path.join('.') || 'path'}: ${issue?.message ?? ''}`);
        }
        const body = operation.body
          ? operation.body.safeParse(request.body)
          : { success: true as const, data: undefined };
        if (!body.success) {
          const issue = body.error.issues[0];
          return refuse(reply, 400, 'invalid_request', `${issue?.path.join('.') || 'body'}: ${issue?.message ?? ''}`);
        }
        const run = (record: RecordAnswer) =>
          handlers[name](body.data as never, record, params.data as Record<string, string>);
        const answer = operation.write
          ? await once(options.db, name, request, reply, run)
          : await run(async () => undefined);
        if (reply.sent) return reply;
        if (answer === notImplemented) return answerNotImplemented(reply);
        return send(reply, operation, answer);
      },
    });
  }
  return app;
}

function send(reply: FastifyReply, operation: ErpOperation, answer: unknown): FastifyReply {
  if (operation.answer.kind === 'pdf') {
    const { pdf, billing_document_numbers: numbers } = answer as {
      pdf: Buffer | null;
      billing_document_numbers: string[];
    };
    if (!pdf) return refuse(reply, 404, 'not_found', 'The customer has none of these documents.');
    return reply.header('content-type', 'application/pdf').header(erpPdfDocumentsHeader, numbers.join(',')).send(pdf);
  }
  if (operation.answer.kind === 'ndjson') return reply.header('content-type', 'application/x-ndjson').send(answer);
  return reply.send(answer);
}

/**
 * A write runs once per Idempotency-Key: a repeat answers the first answer; the same key with another body is a
 * conflict (409). Two repeats at the same moment may both run: the ledger's own keys (posting_reference, a card's
 * token) keep that to one change, and the first answer stored is the one every later repeat gets.
 */
async function once(
  db: Db,
  operation: ErpOperationName,
  request: FastifyRequest,
  reply: FastifyReply,
  run: (record: RecordAnswer) => Promise<unknown>,
): Promise<unknown> {
  const key = request.headers['idempotency-key'];
  if (typeof key !== 'string' || key.length === 0 || key.length > 255) {
    return refuse(reply, 400, 'invalid_request', 'A write needs an Idempotency-Key header (1 to 255 characters).');
  }
  const digest = createHash('sha256').update(JSON.stringify(request.body)).digest('hex');
  const stored = async () => {
    const result = await db.execute(sql`
      SELECT request_sha256, answer FROM ledger.erp_requests WHERE operation = ${operation} AND idempotency_key = ${key}`);
    return rowsOf<{ request_sha256: string; answer: unknown }>(result)[0];
  };
  const conflict = () =>
    refuse(reply, 409, 'idempotency_conflict', 'This Idempotency-Key was used for a different request.');
  const before = await stored();
  if (before) return before.request_sha256 === digest ? before.answer : conflict();
  // Kept in the write's transaction when the connector runs one for it (postPayment, reversePayment), else after it.
  let kept: boolean | undefined;
  const record: RecordAnswer = async (tx, answer) => {
    const result = await tx.execute(sql`
      INSERT INTO ledger.erp_requests (operation, idempotency_key, request_sha256, answer)
      VALUES (${operation}, ${key}, ${digest}, ${JSON.stringify(answer)}::jsonb) ON CONFLICT DO NOTHING RETURNING 1`);
    kept = rowsOf(result).length > 0;
  };
  const answer = await run(record);
  if (kept === undefined) await record(db, answer);
  if (kept) return answer;
  // A repeat at the same moment kept its answer first: every caller gets that one.
  const first = await stored();
  return first && first.request_sha256 === digest ? first.answer : answer;
}

function rowsOf<Row>(result: unknown): Row[] {
  return ((result as { rows?: Row[] }).rows ?? result) as Row[];
}

function refuse(reply: FastifyReply, status: number, code: string, text: string): FastifyReply {
  const body: ErpErrorBody = { message_type: 'E', message_line_string: text, code };
  return reply.code(status).header('content-type', 'application/json').send(body);
}
