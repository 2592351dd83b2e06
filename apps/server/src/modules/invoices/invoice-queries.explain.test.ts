// The list queries read a page straight from an index, in the sort's order: no sort over the account's set
// (issue: "EXPLAIN of each list query shows index use with no sort over the whole set"). The test ledger is small,
// so the planner is told to avoid sequential scans and sorts: a query whose order no index can give still sorts,
// and that is what this test catches. Runs on PGlite and, with TEST_DATABASE_URL, on PostgreSQL.
import { invoiceSorts } from '@portal/contracts';
import { eq, sql, type SQLWrapper } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createInvoiceQueries, type InvoiceQueries } from '../../connectors/erp/ledger/ledger-invoices';
import { documents } from '../../connectors/erp/ledger/ledger.schema';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
let queries: InvoiceQueries;

beforeAll(async () => {
  t = await createTestApp({ ledgerDocuments: 300, demoUsers: false });
  queries = createInvoiceQueries(t.database.db, { now: t.clock.now, decimalsOf: async () => new Map() });
}, 120_000);
afterAll(async () => {
  await t?.close();
});

type PlanNode = { 'Node Type': string; 'Index Name'?: string; 'Relation Name'?: string; Plans?: PlanNode[] };

async function explain(query: SQLWrapper): Promise<PlanNode> {
  return t.database.db.transaction(async (tx) => {
    await tx.execute(sql`SET LOCAL enable_seqscan = off`);
    await tx.execute(sql`SET LOCAL enable_bitmapscan = off`);
    await tx.execute(sql`SET LOCAL enable_sort = off`);
    const result = (await tx.execute(sql`EXPLAIN (FORMAT JSON) ${query}`)) as unknown as {
      rows: Record<string, unknown>[];
    };
    const cell = Object.values(result.rows[0]!)[0];
    const plan = (typeof cell === 'string' ? JSON.parse(cell) : cell) as { Plan: PlanNode }[];
    return plan[0]!.Plan;
  });
}

function nodes(plan: PlanNode): PlanNode[] {
  return [plan, ...(plan.Plans ?? []).flatMap(nodes)];
}

const requests = {
  'a payer, all sold-tos': { payer_data: { customer_number: '100001', company_code: '1000' }, soldto_data: [] },
  'a payer, two sold-tos': {
    payer_data: { customer_number: '100001', company_code: '1000' },
    soldto_data: ['200001', '200002'],
  },
  'a sold-to': { payer_data: { customer_number: '200001', company_code: '1000' }, soldto_data: [] },
  'a payer-all group': { payer_data: { customer_number: '900001', company_code: '1000' }, soldto_data: [] },
};

describe.each(Object.entries(requests))('EXPLAIN of the page query of %s', (_name, request) => {
  it.each(invoiceSorts)('reads %s from an index without sorting', async (sort) => {
    for (const withCursor of [false, true]) {
      let cursor: string | undefined;
      if (withCursor) {
        const first = await queries.searchInvoices({ ...request, search_parameters: { sort, page_size: 5 } });
        cursor = first.next_cursor ?? undefined;
        expect(cursor).toBeDefined();
      }
      const pageQueries = await queries.pageQueries({
        ...request,
        search_parameters: { sort, status: '01', currency_key: 'USD', page_size: 200, cursor },
      });
      expect(pageQueries.length).toBeGreaterThan(0);
      for (const query of pageQueries) {
        const plan = nodes(await explain(query));
        const types = plan.map((node) => node['Node Type']);
        expect(types, JSON.stringify(types)).not.toContain('Sort');
        expect(types).not.toContain('Incremental Sort');
        expect(types).not.toContain('Seq Scan');
        const scans = plan.filter(
          (node) => node['Node Type'] === 'Index Scan' || node['Node Type'] === 'Index Only Scan',
        );
        expect(
          scans.some(
            (node) =>
              node['Relation Name'] === 'documents' &&
              /^documents_(payer|open_invoices)_/.test(node['Index Name'] ?? ''),
          ),
        ).toBe(true);
      }
    }
  });
});

it('notices a sort when no index gives the order (the control of the test above)', async () => {
  const query = t.database.db
    .select({ id: documents.id })
    .from(documents)
    .where(eq(documents.payerNumber, '0000100001'))
    .orderBy(documents.referenceNumber)
    .limit(201);
  expect(nodes(await explain(query)).map((node) => node['Node Type'])).toContain('Sort');
});
