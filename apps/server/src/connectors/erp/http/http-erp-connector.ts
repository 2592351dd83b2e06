// The ERP over HTTP (issue 28): ErpConnector as calls of the ERP contract (@portal/contracts/erp-api) to ERP_URL.
// Every answer is checked against the contract before the portal uses it (an ERP's bytes are outside input); the
// client (erp-http-client.ts) keeps the connections, the time-outs, the retries of reads and the circuit breaker.
// Where the built-in ledger shares the portal's transaction (beforeRead, inTransaction), a remote ERP cannot: the
// portal's part runs in a transaction of its own, before the read or after the ERP confirmed, and the posting
// reference (a reversal's reference, issue 37) keeps a posting exactly-once across retries and the reconciler.
import { createInterface } from 'node:readline';
import {
  erpApiPrefix,
  erpOperations,
  erpPdfDocumentsHeader,
  type ErpDisputeCaseResult,
  type ErpOperationName,
} from '@portal/contracts/erp-api';
import { BackendConfiguration, LedgerDocument, OpenItem, StatementMovement } from '@portal/contracts';
import type { z } from 'zod';
import type { Db } from '../../../db/client';
import { readSetting, writeSetting } from '../../../modules/system/app-settings.repository';
import type { ErpConnector } from '../erp-connector';
import { createErpHttpClient, ErpRefusedError, ErpUnavailableError, type ErpRequest } from './erp-http-client';
import { postingToWire, resultFromWire, reversalResultFromWire, reversalToWire } from './erp-wire';

/** Where the last backend configuration read from the ERP is kept (app_settings). */
const keptConfigurationSetting = 'erp_backend_configuration';

export type HttpErpConnectorOptions = {
  url: string;
  token: string;
  timeoutMs: number;
  /** The portal's database: where beforeRead and inTransaction run their part. */
  db: Db;
  /** How long the backend configuration is kept before it is asked again (it changes rarely). */
  configurationTtlMs?: number;
  now?: () => number;
};

export type HttpErpConnector = ErpConnector & {
  /** The circuit and the last failure, for the System tab and the Application tab's connection status. */
  health: () => ReturnType<ReturnType<typeof createErpHttpClient>['state']>;
  close: () => Promise<void>;
};

export function createHttpErpConnector(options: HttpErpConnectorOptions): HttpErpConnector {
  const client = createErpHttpClient({
    url: options.url,
    token: options.token,
    timeoutMs: options.timeoutMs,
    retries: 2,
    now: options.now,
  });
  const now = options.now ?? Date.now;

  async function call<Name extends ErpOperationName>(
    name: Name,
    body?: unknown,
    idempotencyKey?: string,
    params?: Record<string, string>,
  ): Promise<unknown> {
    const operation = erpOperations[name];
    if (operation.answer.kind !== 'json') throw new Error(`${name} does not answer JSON`);
    const answer = await client.json<unknown>({
      method: operation.method,
      path: `${erpApiPrefix}${pathOf(operation.path, params)}`,
      body,
      read: !('write' in operation && operation.write),
      idempotencyKey,
      optional: 'optional' in operation && operation.optional,
    });
    const checked = (operation.answer.schema as z.ZodType).safeParse(answer);
    if (!checked.success)
      throw new ErpUnavailableError(`${name}: the answer does not follow the contract`, 'malformed');
    return checked.data;
  }

  // The backend configuration changes rarely: kept a minute (ERP_CONFIGURATION_CACHE_SECONDS), one call at a time to
  // refresh it, and the last one read still answered while the ERP is down, also by a portal (re)started during the
  // outage: it is kept in the portal's database too. Start-up routing (access spec §2) and the pages that need only
  // the configuration stay up; the pages that need the ERP's data say it is unavailable.
  const configurationTtlMs = options.configurationTtlMs ?? 60_000;
  let kept: { value: BackendConfiguration; at: number } | undefined;
  let stored: string | undefined;
  let asking: Promise<BackendConfiguration> | undefined;
  async function refreshConfiguration(): Promise<BackendConfiguration> {
    const value = (await call('getBackendConfiguration')) as BackendConfiguration;
    kept = { value, at: now() };
    const text = JSON.stringify(value);
    if (text !== stored) {
      await writeSetting(options.db, keptConfigurationSetting, value);
      stored = text;
    }
    return value;
  }
  async function lastKeptConfiguration(): Promise<BackendConfiguration | undefined> {
    if (kept) return kept.value;
    const checked = BackendConfiguration.safeParse(await readSetting(options.db, keptConfigurationSetting));
    // Asked again on the next use (at 0): the circuit breaker keeps those asks cheap while the ERP is down.
    if (checked.success) kept = { value: checked.data, at: 0 };
    return kept?.value;
  }
  async function backendConfiguration(readOptions?: { fresh?: boolean }): Promise<BackendConfiguration> {
    if (readOptions?.fresh) return refreshConfiguration();
    if (kept && now() - kept.at < configurationTtlMs) return kept.value;
    asking ??= refreshConfiguration().finally(() => {
      asking = undefined;
    });
    try {
      return await asking;
    } catch (error) {
      const last = error instanceof ErpUnavailableError ? await lastKeptConfiguration() : undefined;
      if (last) return last;
      throw error;
    }
  }

  const connector: HttpErpConnector = {
    getHeaderAccounts: async (request) => (await call('getHeaderAccounts', request)) as never,
    getPayer: async (request) => (await call('getPayer', request)) as never,
    getBackendConfiguration: backendConfiguration,
    searchDocuments: async (request) => (await call('searchDocuments', request)) as never,
    searchInvoices: async (request) => (await call('searchInvoices', request)) as never,
    streamInvoices: (request) => streamLines(client, 'streamInvoices', LedgerDocument, request),
    getInvoiceTotals: async (request) => (await call('getInvoiceTotals', request)) as never,
    getInvoiceAging: async (request) => (await call('getInvoiceAging', request)) as never,
    getStatementOpening: async (request) => (await call('getStatementOpening', request)) as never,
    streamStatementLines: (request) => streamLines(client, 'streamStatementLines', StatementMovement, request),
    streamOpenItems: (request) => streamLines(client, 'streamOpenItems', OpenItem, request),
    getSalesByMonth: async (request) => (await call('getSalesByMonth', request)) as never,
    // Issue 39: a PUT by the dispute's id, retried like a read; 501 is the ERP saying it keeps no dispute cases.
    recordDisputeCase: async ({ dispute_id: disputeId, ...body }) => {
      try {
        const params = { dispute_id: disputeId };
        const answer = (await call('recordDisputeCase', body, undefined, params)) as ErpDisputeCaseResult;
        return { outcome: 'recorded', ...answer };
      } catch (error) {
        if (error instanceof ErpRefusedError && error.status === 501) return { outcome: 'not_implemented' };
        throw error;
      }
    },
    getInvoiceDetail: async (request) => (await call('getInvoiceDetail', request)) as never,
    renderInvoicePdf: async (request) => {
      try {
        const answer = await client.stream(readOf('renderInvoicePdf', request));
        const chunks: Buffer[] = [];
        for await (const chunk of answer.body) chunks.push(chunk as Buffer);
        const pdf = Buffer.concat(chunks);
        if (pdf.subarray(0, 5).toString('latin1') !== '%PDF-') {
          throw new ErpUnavailableError('renderInvoicePdf: the answer is not a PDF', 'malformed');
        }
        const header = answer.headers[erpPdfDocumentsHeader];
        const numbers = (Array.isArray(header) ? header.join(',') : (header ?? '')).split(',').filter(Boolean);
        return { status: { message_type: 'S', message_line_string: '' }, pdf, billing_document_numbers: numbers };
      } catch (error) {
        if (error instanceof ErpRefusedError && error.status === 404) {
          return {
            status: { message_type: 'E', message_line_string: error.body?.message_line_string ?? '' },
            pdf: null,
            billing_document_numbers: [],
          };
        }
        throw error;
      }
    },
    getPaymentCards: async (request) => (await call('getPaymentCards', request)) as never,
    managePaymentCards: async (request) => (await call('managePaymentCards', request, crypto.randomUUID())) as never,
    getPayableDocuments: async (request, readOptions) => {
      if (readOptions?.beforeRead)
        await options.db.transaction(async (tx) => readOptions.beforeRead!(tx as unknown as Db));
      const answer = (await call('getPayableDocuments', request)) as { documents: LedgerDocument[] };
      return answer.documents;
    },
    postPayment: async (posting, postOptions) => {
      // The posting reference is the Idempotency-Key: a retry after a time-out, or the reconciler, posts it once.
      const wire = (await call('postPayment', postingToWire(posting), posting.posting_reference)) as Parameters<
        typeof resultFromWire
      >[0];
      const result = resultFromWire(wire);
      if (postOptions?.inTransaction) {
        await options.db.transaction(async (tx) => postOptions.inTransaction!(tx as unknown as Db, result));
      }
      return result;
    },
    reversePayment: async (reversal, reverseOptions) => {
      // As postPayment: the reversal reference is the Idempotency-Key, the portal's part runs once the ERP confirmed.
      const wire = (await call('reversePayment', reversalToWire(reversal), reversal.reversal_reference)) as Parameters<
        typeof reversalResultFromWire
      >[0];
      const result = reversalResultFromWire(wire);
      if (reverseOptions?.inTransaction) {
        await options.db.transaction(async (tx) => reverseOptions.inTransaction!(tx as unknown as Db, result));
      }
      return result;
    },
    searchPayments: async (request) => (await call('searchPayments', request)) as never,
    health: () => client.state(),
    close: () => client.close(),
  };
  return connector;
}

type StreamName = 'streamInvoices' | 'streamStatementLines' | 'streamOpenItems';

/** An operation's path with its {parameters} filled in, each encoded as one path segment. */
function pathOf(path: string, params: Record<string, string> = {}): string {
  return path.replace(/\{(\w+)\}/g, (_match, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`No value for the path parameter ${name}`);
    return encodeURIComponent(value);
  });
}

/** A read of the contract whose answer is not JSON (a PDF, NDJSON): the caller reads the body. */
function readOf(name: 'renderInvoicePdf' | StreamName, body: unknown): ErpRequest {
  const operation = erpOperations[name];
  return {
    method: operation.method,
    path: `${erpApiPrefix}${operation.path}`,
    body,
    read: true,
    accept: operation.answer.kind,
  };
}

/**
 * The items of an NDJSON answer (an export's documents, a statement's movements) in batches of 500, each checked
 * against the contract: flat memory whatever the size.
 */
async function* streamLines<T>(
  client: ReturnType<typeof createErpHttpClient>,
  name: StreamName,
  schema: z.ZodType<T>,
  request: unknown,
): AsyncGenerator<T[]> {
  const answer = await client.stream(readOf(name, request));
  let batch: T[] = [];
  for await (const line of createInterface({ input: answer.body, crlfDelay: Infinity })) {
    if (!line.trim()) continue;
    let parsed: unknown;
    try {
      parsed = JSON.parse(line);
    } catch {
      throw new ErpUnavailableError(`${name}: a line is not JSON`, 'malformed');
    }
    const checked = schema.safeParse(parsed);
    if (!checked.success) throw new ErpUnavailableError(`${name}: a line does not follow the contract`, 'malformed');
    batch.push(checked.data);
    if (batch.length === 500) {
      yield batch;
      batch = [];
    }
  }
  if (batch.length > 0) yield batch;
}
