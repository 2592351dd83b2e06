// Issue 28, outages: a portal with ERP_URL whose ERP fails at the moment a payment is posted, after the gateway
// charged. Each fault (connection refused, time-out, 5xx, an answer outside the contract, the ERP restarted after it
// posted but before it answered) leaves the payment "in process": the payer is told it is being confirmed, the
// invoice cannot be paid again meanwhile, and once the ERP answers again the reconciler posts it, once. The ERP is the
// reference ERP service, stopped and started by the test, behind a gate that the test also opens and closes (the
// address the portal calls: closing it refuses every connection) and that can answer in the ERP's place.
import { randomBytes, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { erpApiPrefix, erpOperations } from '@portal/contracts/erp-api';
import type { FeedPayment } from '@portal/contracts';
import { createLedgerConnector } from '../connectors/erp/ledger/ledger-connector';
import { payments as ledgerPayments } from '../connectors/erp/ledger/ledger.schema';
import { refreshAccountBalances } from '../connectors/erp/ledger/refresh-account-balances';
import { sandboxCharges } from '../connectors/gateway/sandbox/sandbox.schema';
import { paymentIntents } from '../db/schema';
import { reconcilePaymentIntents } from '../modules/payments/reconcile-payment-intents';
import { setPaymentFaultPoints } from '../modules/payments/settle-payment-intent';
import {
  expectLedgerConsistent,
  ledgerSums,
  openInvoices,
  pay,
  payRequest,
  reloadDocument,
  saveCard,
  type OpenInvoice,
} from '../modules/payments/payments.test-helpers';
import { createTestApp, signInAs, type TestApp } from '../test/test-app';
import { buildErpService } from './erp-service';

const token = randomBytes(24).toString('base64url');
const postingPath = `${erpApiPrefix}${erpOperations.postPayment.path}`;
/** The portal's deadline per ERP call in these tests (ERP_TIMEOUT_SECONDS); the gate's slow answer takes longer. */
const timeoutSeconds = 2;

/**
 * What the gate does with the next posting (POST /erp/v1/payments); every other call goes through. Each but
 * server-error first lets the ERP post it, then answers in its place: the ERP posted, the portal does not learn it.
 */
type PostingFault = 'server-error' | 'malformed' | 'slow' | 'restart';

let t: TestApp;
let service: FastifyInstance | undefined;
let servicePort = 0;
let gate: Server;
let gatePort = 0;
let fault: PostingFault | null = null;
let payer: string;
let feedKey: string;
let amex: string;
let unused: OpenInvoice[];
let baseline: { open: bigint; posted: bigint };

async function startService(): Promise<void> {
  service = await buildErpService({
    erp: createLedgerConnector(t.database.db, { now: t.clock.now }),
    db: t.database.db,
    token,
  });
  await service.listen({ port: servicePort, host: '127.0.0.1' });
  servicePort = (service.server.address() as AddressInfo).port;
}

async function stopService(): Promise<void> {
  await service?.close();
  service = undefined;
}

/** Closes the ERP's address: open connections are cut and new ones refused. */
async function closeGate(): Promise<void> {
  await new Promise((resolve) => {
    gate.close(resolve);
    gate.closeAllConnections();
  });
}

async function openGate(): Promise<void> {
  await new Promise<void>((resolve) => gate.listen(gatePort, '127.0.0.1', resolve));
  gatePort = (gate.address() as AddressInfo).port;
}

async function readBody(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** Passes a call to the reference service and back, unless a fault is set for the posting. */
async function passThrough(request: IncomingMessage, response: ServerResponse): Promise<void> {
  const body = await readBody(request);
  const posting = request.method === 'POST' && request.url === postingPath ? fault : null;
  if (posting) fault = null;
  if (posting === 'server-error') {
    response.writeHead(500, { 'content-type': 'application/json' });
    response.end(
      JSON.stringify({ message_type: 'E', message_line_string: 'RFC connection failed', code: 'server_error' }),
    );
    return;
  }
  const headers = Object.fromEntries(
    Object.entries(request.headers).filter(([name]) => !['host', 'connection', 'content-length'].includes(name)),
  ) as Record<string, string>;
  const answer = await fetch(`http://127.0.0.1:${servicePort}${request.url}`, {
    method: request.method,
    headers,
    body: request.method === 'GET' ? undefined : new Uint8Array(body),
  });
  const answered = Buffer.from(await answer.arrayBuffer());
  if (posting === 'malformed') {
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(JSON.stringify({ posted: 'yes', payment_document_number: 42 }));
    return;
  }
  if (posting === 'restart') {
    // The ERP committed the posting and went down before its answer left: the connection drops, and it comes back.
    await stopService();
    response.socket?.destroy();
    await startService();
    return;
  }
  if (posting === 'slow') await new Promise((resolve) => setTimeout(resolve, (timeoutSeconds + 1) * 1000));
  if (response.destroyed) return;
  response.writeHead(answer.status, Object.fromEntries(answer.headers));
  response.end(answered);
}

beforeAll(async () => {
  gate = createServer((request, response) => {
    passThrough(request, response).catch(() => response.socket?.destroy());
  });
  await openGate();
  t = await createTestApp({
    ledgerDocuments: 600,
    settings: {
      ERP_URL: `http://127.0.0.1:${gatePort}`,
      ERP_TOKEN: token,
      ERP_TIMEOUT_SECONDS: String(timeoutSeconds),
      ERP_CONFIGURATION_CACHE_SECONDS: '0',
    },
  });
  await startService();
  const admin = (await signInAs(t.app, 'admin@example.com')).token;
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/integration/keys',
    headers: { authorization: `Bearer ${admin}` },
    payload: { name: 'outage test feed', scopes: ['payments:read'] },
  });
  feedKey = (created.json() as { key: string }).key;
  payer = (await signInAs(t.app, 'payer@example.com')).token;
  amex = await saveCard(t.app, payer, { number: '3782 822463 10005', cvv: '1234', type: 'AMEX' });
  unused = await openInvoices(t.database.db, 20);
  await refreshAccountBalances(t.database.db, t.clock.now());
  baseline = await ledgerSums(t.database.db);
}, 120_000);

afterEach(async () => {
  fault = null;
  setPaymentFaultPoints(t.app.ctx, null);
  if (!gate.listening) await openGate();
  if (!service) await startService();
  await expectLedgerConsistent(t.database.db, baseline);
});

afterAll(async () => {
  await t?.close();
  await stopService();
  if (gate?.listening) await closeGate();
});

async function feedItemsOf(intentId: string): Promise<FeedPayment[]> {
  const response = await t.app.inject({
    method: 'GET',
    url: '/api/ledger/payments?limit=500',
    headers: { authorization: `Bearer ${feedKey}` },
  });
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as { items: FeedPayment[] }).items.filter((item) => item.id === intentId);
}

async function intentOf(key: string) {
  const [intent] = await t.database.db.select().from(paymentIntents).where(eq(paymentIntents.idempotencyKey, key));
  return intent!;
}

/** Each fault at the posting, and how the test brings it about. */
const faults: [string, () => void | Promise<void>][] = [
  [
    'the connection is refused (the ERP is down when the charge is approved)',
    () =>
      setPaymentFaultPoints(t.app.ctx, {
        afterGateway: async () => {
          await closeGate();
          await stopService();
        },
      }),
  ],
  ['the ERP answers after the deadline (it posted, slowly)', () => void (fault = 'slow')],
  ['the ERP answers 500 (nothing posted)', () => void (fault = 'server-error')],
  ['the ERP answers outside the contract (it posted)', () => void (fault = 'malformed')],
  ['the ERP is restarted after it posted, before it answered', () => void (fault = 'restart')],
];

describe('a payment whose posting fails after the gateway charged', () => {
  for (const [name, bringAbout] of faults) {
    it(`${name}: in process, then posted once by the reconciler, in the ledger, the feed and the payer's view`, async () => {
      const [invoice] = unused.splice(0, 1);
      const key = randomUUID();
      const request = payRequest([invoice!], { cardToken: amex });
      await bringAbout();
      const answer = await pay(t.app, payer, request, key);
      setPaymentFaultPoints(t.app.ctx, null);
      // The payer is told it is being confirmed: not an error that invites a second payment.
      expect(answer.statusCode, JSON.stringify(answer.body)).toBe(200);
      expect(answer.body.payment.state).toBe('pending');
      const intent = await intentOf(key);
      expect(intent.state).toBe('pending');
      expect(await feedItemsOf(intent.id)).toEqual([]);

      if (!gate.listening) {
        // While the ERP is still down the reconciler leaves it as it is, and tries again next round.
        t.clock.advance((t.config.PAYMENT_RECONCILE_AFTER_SECONDS + 1) * 1000);
        expect(await reconcilePaymentIntents(t.app.ctx)).toMatchObject({ examined: 1, posted: 0, failed: 0 });
        expect((await intentOf(key)).state).toBe('pending');
      }
      // The ERP answers again.
      if (!gate.listening) await openGate();
      if (!service) await startService();
      // Meanwhile another payment of the invoice is refused, and nothing is charged for it: it is in process, or
      // (where the ERP posted) its open amount has changed.
      const chargesBefore = (await t.database.db.select().from(sandboxCharges)).length;
      const other = await pay(t.app, payer, payRequest([invoice!], { cardToken: amex }));
      expect(['PAYMENT_IN_PROCESS', 'DOCUMENT_CHANGED']).toContain(other.body.error);
      expect((await t.database.db.select().from(sandboxCharges)).length).toBe(chargesBefore);

      t.clock.advance((t.config.PAYMENT_RECONCILE_AFTER_SECONDS + 1) * 1000);
      expect(await reconcilePaymentIntents(t.app.ctx)).toMatchObject({ examined: 1, posted: 1, failed: 0 });
      expect(await reconcilePaymentIntents(t.app.ctx)).toMatchObject({ examined: 0 });

      // Once in the ledger, charged once, once in the feed; the payer's retry with the key sees it posted.
      const posted = await t.database.db
        .select()
        .from(ledgerPayments)
        .where(eq(ledgerPayments.postingReference, intent.id));
      expect(posted).toHaveLength(1);
      expect(posted[0]!.messageType).toBe('S');
      expect((await reloadDocument(t.database.db, invoice!.id)).openAmount).toBe(0n);
      const charges = await t.database.db
        .select()
        .from(sandboxCharges)
        .where(eq(sandboxCharges.orderNumber, intent.orderNumber));
      expect(charges).toHaveLength(1);
      const feed = await feedItemsOf(intent.id);
      expect(feed).toHaveLength(1);
      expect(feed[0]!.payment_document_number).toBe(posted[0]!.documentNumberFinance);
      const again = await pay(t.app, payer, request, key);
      expect(again.body.payment.state).toBe('posted');
      expect(again.body.payment.payment_document_number).toBe(posted[0]!.documentNumberFinance);
    }, 30_000);
  }
});
