// The conformance kit (issue 28) passes, writes included, against the reference ERP service, and fails against a
// broken implementation naming the call: an answer outside the contract (totals), filter 92 read as billing documents
// only (issue 35), a posting whose repeat with the same Idempotency-Key posts again (a gateway in front of the service
// that drops the key), a service without auth. Issue 37: an ERP that reverses a payment's reversal twice. Issue 39: an
// ERP without dispute cases (501) conforms; one that ignores filter 94 or opens a second case for the same dispute
// does not.
import { randomBytes, randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { erpOperations } from '@portal/contracts/erp-api';
import type { ErpConnector } from '../connectors/erp/erp-connector';
import { createLedgerConnector } from '../connectors/erp/ledger/ledger-connector';
import { createTestApp, type TestApp } from '../test/test-app';
import { runConformance, type ConformanceOptions } from './erp-conformance';
import { buildErpService } from './erp-service';

const token = randomBytes(24).toString('base64url');
let t: TestApp;
const closers: (() => Promise<unknown>)[] = [];

beforeAll(async () => {
  t = await createTestApp({ ledgerDocuments: 400, demoUsers: false });
}, 120_000);
afterAll(async () => {
  for (const close of closers.reverse()) await close();
  await t?.close();
});

async function serve(erp: ErpConnector): Promise<string> {
  const service: FastifyInstance = await buildErpService({ erp, db: t.database.db, token });
  await service.listen({ port: 0, host: '127.0.0.1' });
  closers.push(() => service.close());
  return `http://127.0.0.1:${(service.server.address() as AddressInfo).port}`;
}

function options(url: string, writes = true): ConformanceOptions {
  return {
    url,
    token,
    payer: '0000100001',
    companyCode: '1000',
    salesArea: { sales_organization: '1000', distribution_channel: '10', division: '00' },
    writes,
  };
}

const failedCalls = (checks: Awaited<ReturnType<typeof runConformance>>) =>
  checks.filter((check) => !check.ok).map((check) => `${check.call}: ${check.what}: ${check.detail}`);

describe('npm run erp:conformance', () => {
  it('passes against the reference service, the writes included', async () => {
    const url = await serve(createLedgerConnector(t.database.db, { now: t.clock.now }));
    const checks = await runConformance(options(url));
    expect(failedCalls(checks)).toEqual([]);
    // Every operation of the contract was called.
    expect(new Set(checks.map((check) => check.call))).toEqual(
      new Set(['authentication', 'errors', ...Object.keys(erpOperations)]),
    );
  }, 60_000);

  it('fails an answer outside the contract, naming the call and the field', async () => {
    const ledger = createLedgerConnector(t.database.db, { now: t.clock.now });
    const url = await serve({
      ...ledger,
      getInvoiceTotals: async (request) => {
        const totals = await ledger.getInvoiceTotals(request);
        return { ...totals, status: { message_type: 'OK' } } as never;
      },
    });
    const failed = failedCalls(await runConformance(options(url, false)));
    expect(failed).toHaveLength(1);
    expect(failed[0]).toMatch(/^getInvoiceTotals: .*the answer does not follow the contract: status/);
  }, 60_000);

  it('fails an ERP that reads filter 92 as "billing documents only", naming searchInvoices', async () => {
    const ledger = createLedgerConnector(t.database.db, { now: t.clock.now });
    const url = await serve({
      ...ledger,
      searchInvoices: async (request) => {
        const answer = await ledger.searchInvoices(request);
        const invoicesOnly = (request.search_parameters.filter ?? []).some((filter) => filter.filter_type === '92');
        if (!invoicesOnly) return answer;
        return {
          ...answer,
          document_list: answer.document_list.filter((document) => document.billing_document_number),
        };
      },
    });
    const failed = failedCalls(await runConformance(options(url, false)));
    expect(failed).toHaveLength(1);
    expect(failed[0]).toMatch(/^searchInvoices: filter 92 .*: filter 92 leaves out the finance-only item \d+/);
  }, 60_000);

  it('fails an implementation that posts a repeat again, naming postPayment', async () => {
    const url = await serve(createLedgerConnector(t.database.db, { now: t.clock.now }));
    // A gateway in front of the service that gives every call a key of its own: each repeat is a new write.
    const gateway: Server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const headers = { ...request.headers } as Record<string, string>;
        delete headers.host;
        delete headers['content-length'];
        if (headers['idempotency-key']) headers['idempotency-key'] = randomBytes(8).toString('hex');
        fetch(`${url}${request.url}`, {
          method: request.method,
          headers,
          body: request.method === 'GET' ? undefined : new Uint8Array(Buffer.concat(chunks)),
        })
          .then(async (answer) => {
            response.writeHead(answer.status, Object.fromEntries(answer.headers));
            response.end(Buffer.from(await answer.arrayBuffer()));
          })
          .catch(() => response.socket?.destroy());
      });
    });
    await new Promise<void>((resolve) => gateway.listen(0, '127.0.0.1', resolve));
    closers.push(() => new Promise((resolve) => gateway.close(resolve)));
    const failed = failedCalls(
      await runConformance(options(`http://127.0.0.1:${(gateway.address() as AddressInfo).port}`)),
    );
    expect(failed.some((line) => line.startsWith('postPayment: refuses the same key with another body'))).toBe(true);
    expect(failed.some((line) => line.startsWith('managePaymentCards: refuses the same key'))).toBe(true);
    expect(failed.some((line) => line.startsWith('reversePayment: refuses the same key with another body'))).toBe(true);
    // The ledger reverses a reference once whatever the key: the reversal's repeats still change nothing.
    expect(failed.some((line) => line.startsWith('reversePayment: reverses a reference once'))).toBe(false);
    expect(failed.every((line) => /^(postPayment|managePaymentCards|reversePayment): /.test(line))).toBe(true);
  }, 60_000);

  it('fails an implementation that reverses a reference again under another key, naming reversePayment', async () => {
    const ledger = createLedgerConnector(t.database.db, { now: t.clock.now });
    // Dedupes by Idempotency-Key only: the ledger sees every call as a reversal of its own.
    const url = await serve({
      ...ledger,
      reversePayment: (reversal, reverseOptions) =>
        ledger.reversePayment({ ...reversal, reversal_reference: randomBytes(8).toString('hex') }, reverseOptions),
    });
    const failed = failedCalls(await runConformance(options(url)));
    expect(failed).toHaveLength(1);
    expect(failed[0]).toMatch(/^reversePayment: reverses a reference once: .*: message type S, replayed false/);
  }, 60_000);

  it('passes against an ERP that keeps no dispute cases (501), saying so', async () => {
    const ledger = createLedgerConnector(t.database.db, { now: t.clock.now });
    const url = await serve({ ...ledger, recordDisputeCase: undefined });
    const checks = await runConformance(options(url));
    expect(failedCalls(checks)).toEqual([]);
    const disputeChecks = checks.filter((check) => check.call === 'recordDisputeCase');
    expect(disputeChecks).toEqual([
      expect.objectContaining({ ok: true, detail: expect.stringMatching(/^not implemented \(501\)/) }),
    ]);
  }, 60_000);

  it('fails an ERP that ignores filter 94 and one that opens a second case for the same dispute, naming the calls', async () => {
    const ledger = createLedgerConnector(t.database.db, { now: t.clock.now });
    const url = await serve({
      ...ledger,
      searchInvoices: (request) =>
        ledger.searchInvoices({
          ...request,
          search_parameters: {
            ...request.search_parameters,
            filter: (request.search_parameters.filter ?? []).filter((filter) => filter.filter_type !== '94'),
          },
        }),
      // Keyed by something else than the dispute: every update is a new case.
      recordDisputeCase: (request) => ledger.recordDisputeCase!({ ...request, dispute_id: randomUUID() }),
    });
    const failed = failedCalls(await runConformance(options(url)));
    expect(failed).toHaveLength(2);
    expect(failed[0]).toMatch(/^searchInvoices: filter 94 .*: \d+ is answered but not named/);
    expect(failed[1]).toMatch(/^recordDisputeCase: updates the same dispute's case: .*: a second case/);
  }, 60_000);

  it('fails every call against an address where nothing answers, and against a wrong token', async () => {
    const url = await serve(createLedgerConnector(t.database.db, { now: t.clock.now }));
    const wrongToken = await runConformance({ ...options(url, false), token: 'not-the-token' });
    expect(failedCalls(wrongToken).some((line) => line.startsWith('getBackendConfiguration: '))).toBe(true);
    const nothing = await runConformance({ ...options('http://127.0.0.1:9', false), timeoutMs: 2_000 });
    expect(nothing.every((check) => !check.ok)).toBe(true);
  }, 60_000);
});
