// The found-count cap (lowered through the ledger's option so that a small ledger reaches it) and the spec's
// answer handling of ERP statuses W and E.
import type { InvoiceSearchResponse } from '@portal/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLedgerConnector } from '../../connectors/erp/ledger/ledger-connector';
import { createTestApp, signInAs, type TestApp } from '../../test/test-app';

let t: TestApp;
let token: string;
let nextStatus: InvoiceSearchResponse['status'] | undefined;

beforeAll(async () => {
  t = await createTestApp({
    ledgerDocuments: 400,
    erp: (db, now) => {
      const ledger = createLedgerConnector(db, { now, foundCountCap: 25 });
      return {
        ...ledger,
        searchInvoices: async (request) => {
          const answer = await ledger.searchInvoices(request);
          return nextStatus ? { ...answer, status: nextStatus } : answer;
        },
      };
    },
  });
  token = (await signInAs(t.app, 'payer@example.com')).token;
}, 120_000);
afterAll(async () => {
  await t?.close();
});

async function search(parameters: Record<string, unknown> = {}) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/Invoice',
    headers: { authorization: `Bearer ${token}` },
    payload: {
      payer_data: { customer_number: '100001', company_code: '1000' },
      soldto_data: ['100001', '200001', '200002', '200003'],
      search_parameters: { status: '03', page_size: 10, ...parameters },
    },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as InvoiceSearchResponse;
}

describe('found count', () => {
  it('is exact up to the cap', async () => {
    const answer = await search({ filter: [{ filter_type: '93', value: 'X' }] });
    expect(answer.found_count).toBeLessThanOrEqual(25);
    expect(answer.found_count_capped).toBe(false);
  });

  it('says "cap+" above it, on every page', async () => {
    const first = await search();
    expect(first.found_count).toBe(25);
    expect(first.found_count_capped).toBe(true);
    const second = await search({ cursor: first.next_cursor });
    expect(second.found_count_capped).toBe(true);
    expect(second.document_list).toHaveLength(10);
  });
});

describe('ERP answer status (spec §7)', () => {
  it('still loads the documents with a warning W', async () => {
    nextStatus = { message_type: 'W', message_line_string: 'Some documents are archived' };
    try {
      const answer = await search();
      expect(answer.status.message_type).toBe('W');
      expect(answer.document_list.length).toBe(10);
    } finally {
      nextStatus = undefined;
    }
  });

  it.each(['E', 'I'] as const)('answers an empty list with the message for status %s', async (type) => {
    nextStatus = { message_type: type, message_line_string: 'ERP unavailable' };
    try {
      const answer = await search();
      expect(answer.status).toEqual({ message_type: type, message_line_string: 'ERP unavailable' });
      expect(answer.document_list).toEqual([]);
      expect(answer.next_cursor).toBeNull();
    } finally {
      nextStatus = undefined;
    }
  });
});
