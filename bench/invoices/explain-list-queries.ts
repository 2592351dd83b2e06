// EXPLAIN (ANALYZE, BUFFERS) of the statements the ledger connector runs for one invoice list request: the
// connector runs on a drizzle instance that records each statement, then each SELECT is explained with its own
// parameters. The summary names the indexes read, any Sort (and how many rows it sorted) and any Seq Scan.
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { createLedgerConnector } from '../../apps/server/src/connectors/erp/ledger/ledger-connector';
import type { Db } from '../../apps/server/src/db/client';
import * as schema from '../../apps/server/src/db/schema';

type PlanNode = {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Actual Rows'?: number;
  'Actual Loops'?: number;
  'Sort Method'?: string;
  'Sort Key'?: string[];
  'Shared Hit Blocks'?: number;
  'Shared Read Blocks'?: number;
  Plans?: PlanNode[];
};

export type StatementPlan = {
  /** What the statement is: the page query of one payer, the found count, or the page's documents. */
  kind: 'page' | 'count' | 'load' | 'other';
  milliseconds: number;
  indexes: string[];
  seqScans: string[];
  /** Rows that went into a Sort node (0: the order came from an index). */
  sortedRows: number;
  /** Rows read from the documents table across all its scans. */
  documentRowsRead: number;
  blocks: number;
  outline: string;
};

export type ExplainCase = { label: string; request: unknown };

function walk(node: PlanNode, visit: (node: PlanNode, depth: number) => void, depth = 0): void {
  visit(node, depth);
  for (const child of node.Plans ?? []) walk(child, visit, depth + 1);
}

function kindOf(query: string): StatementPlan['kind'] {
  if (/count\(\*\)/i.test(query)) return 'count';
  if (/"soldto"|"payer"\./.test(query)) return 'load';
  if (/from "ledger"\."documents"/i.test(query) && /order by/i.test(query)) return 'page';
  return 'other';
}

function summarise(query: string, plan: { Plan: PlanNode; 'Execution Time': number }): StatementPlan {
  const indexes = new Set<string>();
  const seqScans = new Set<string>();
  const outline: string[] = [];
  let sortedRows = 0;
  let documentRowsRead = 0;
  walk(plan.Plan, (node, depth) => {
    const rows = (node['Actual Rows'] ?? 0) * (node['Actual Loops'] ?? 1);
    if (node['Index Name']) indexes.add(node['Index Name']);
    if (node['Node Type'] === 'Seq Scan' && node['Relation Name']) seqScans.add(node['Relation Name']);
    if (node['Relation Name'] === 'documents') documentRowsRead += rows;
    if (node['Node Type'] === 'Sort' || node['Node Type'] === 'Incremental Sort') {
      const input = node.Plans?.[0];
      sortedRows += (input?.['Actual Rows'] ?? 0) * (input?.['Actual Loops'] ?? 1);
    }
    if (depth <= 3) {
      const target = node['Index Name'] ?? node['Relation Name'];
      outline.push(`${'  '.repeat(depth)}${node['Node Type']}${target ? ` ${target}` : ''} (${rows} rows)`);
    }
  });
  return {
    kind: kindOf(query),
    milliseconds: Math.round(plan['Execution Time'] * 100) / 100,
    indexes: [...indexes],
    seqScans: [...seqScans],
    sortedRows,
    documentRowsRead,
    blocks: (plan.Plan['Shared Hit Blocks'] ?? 0) + (plan.Plan['Shared Read Blocks'] ?? 0),
    outline: outline.join('\n'),
  };
}

export async function explainListQueries(
  url: string,
  cases: ExplainCase[],
): Promise<{ label: string; statements: StatementPlan[] }[]> {
  const pool = new pg.Pool({ connectionString: url, max: 4 });
  const recorded: { query: string; params: unknown[] }[] = [];
  const db = drizzle(pool, {
    schema,
    casing: 'snake_case',
    logger: { logQuery: (query, params) => void recorded.push({ query, params }) },
  }) as unknown as Db;
  const connector = createLedgerConnector(db);
  try {
    const results = [];
    for (const { label, request } of cases) {
      recorded.length = 0;
      await connector.searchInvoices(request as Parameters<typeof connector.searchInvoices>[0]);
      const statements: StatementPlan[] = [];
      for (const { query, params } of [...recorded]) {
        if (!/^\s*(select|with)/i.test(query) || !/"ledger"\."documents"/.test(query)) continue;
        const answer = await pool.query<{ 'QUERY PLAN': [{ Plan: PlanNode; 'Execution Time': number }] }>(
          `EXPLAIN (ANALYZE, BUFFERS, FORMAT JSON) ${query}`,
          params,
        );
        statements.push(summarise(query, answer.rows[0]!['QUERY PLAN'][0]));
      }
      results.push({ label, statements });
    }
    return results;
  } finally {
    await pool.end();
  }
}
