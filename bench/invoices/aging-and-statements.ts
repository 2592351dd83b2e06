// Issue 29 on the large ledger: the aging under load (p95 ≤ 50 ms for the 100k-document account), a 12-month
// statement PDF of that account (≤ 2 s, the server's memory flat), and both checked against the ledger to the cent:
// the aging's buckets against a direct sum over the account's open invoices in PostgreSQL and against the totals
// cards, the statement's closing balance against the balance card (opening + every movement = closing).
import { agingBucketOf, agingDisagreement, parseMinorUnits } from '@portal/domain';
import pg from 'pg';
import type { HttpCall, LoadResult } from './http-load';
import { httpClient, round } from './http-load';

type Report = (label: string, value: string, target: string, met: boolean | null) => void;
type Session = { token: string; account: { primaryAccount: string; companyCode: string }; label: string };
type Memory = { rss: number; heapUsed: number };
type Server = { port: number; child: { pid?: number }; memory: (gc: boolean) => Promise<Memory> };
type Tools = {
  log: (line: string) => void;
  report: Report;
  load: (port: number, connections: number, next: () => HttpCall) => Promise<LoadResult>;
  describeLoad: (result: LoadResult) => string;
  residentBytes: (pid: number) => number;
  figures: Record<string, unknown>;
};

type Aging = {
  as_of: string;
  aging: {
    currency_key: string;
    currency_decimals: number;
    buckets: { bucket: string; amount: string; count: number }[];
  }[];
};
type Totals = {
  totals: {
    currency_key: string;
    invoices: string;
    due: string;
    past_due: string;
    balance: string;
    invoice_count: number;
  }[];
};

const accountOf = (session: Session) => ({
  payer_data: { customer_number: session.account.primaryAccount, company_code: session.account.companyCode },
  soldto_data: [],
});

async function post<T>(port: number, session: Session, path: string, body: unknown): Promise<T> {
  const client = httpClient(port, 1);
  try {
    const answer = await client.send({ method: 'POST', path, body, token: session.token });
    if (answer.status !== 200) throw new Error(`${path}: ${answer.status} ${answer.body.toString().slice(0, 300)}`);
    return JSON.parse(answer.body.toString()) as T;
  } finally {
    client.close();
  }
}

/** The account's open invoices bucketed in SQL, document by document, from the ledger itself. */
async function ledgerAging(databaseUrl: string, group: string, asOf: string) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ currency_key: string; due_date: string; amount: string; n: number }>(
      `SELECT d.currency_key, d.due_date::text AS due_date, sum(d.open_amount)::text AS amount, count(*)::int AS n
         FROM ledger.documents d
        WHERE d.payer_number IN (SELECT payer_number FROM ledger.payer_all_members WHERE group_number = $1
                                 UNION SELECT $1)
          AND d.document_status = '01' AND NOT d.item_is_a_payment AND d.open_amount > 0
        GROUP BY d.currency_key, d.due_date`,
      [group],
    );
    const sums = new Map<string, { amount: bigint; count: number }>();
    for (const row of rows) {
      const key = `${row.currency_key}|${agingBucketOf(row.due_date, asOf)}`;
      const entry = sums.get(key) ?? { amount: 0n, count: 0 };
      entry.amount += BigInt(row.amount);
      entry.count += row.n;
      sums.set(key, entry);
    }
    return sums;
  } finally {
    await client.end();
  }
}

export async function measureAging(port: number, session: Session, databaseUrl: string, tools: Tools): Promise<void> {
  const { log, report, load, describeLoad } = tools;
  log(`\nAging (POST /api/invoice/aging, every sold-to and currency), ${session.label}, 10 connections`);
  const call: HttpCall = { method: 'POST', path: '/api/invoice/aging', body: accountOf(session), token: session.token };
  const result = await load(port, 10, () => call);
  log(`    ${describeLoad(result)}`);
  report(`aging p95, ${session.label}`, `${result.p95} ms`, '≤ 50 ms', result.p95 <= 50 && result.errors === 0);

  const aging = await post<Aging>(port, session, '/api/invoice/aging', accountOf(session));
  const totals = await post<Totals>(port, session, '/api/invoice/totals', accountOf(session));
  const asOf = `${aging.as_of.slice(6)}-${aging.as_of.slice(0, 2)}-${aging.as_of.slice(3, 5)}`;
  const ledger = await ledgerAging(databaseUrl, session.account.primaryAccount, asOf);
  const problems: string[] = [];
  let invoices = 0;
  for (const entry of aging.aging) {
    const cards = totals.totals.find((candidate) => candidate.currency_key === entry.currency_key);
    const disagreement = cards ? agingDisagreement(entry, cards) : 'no totals';
    if (disagreement) problems.push(`${entry.currency_key} vs cards: ${disagreement}`);
    for (const bucket of entry.buckets) {
      const want = ledger.get(`${entry.currency_key}|${bucket.bucket}`) ?? { amount: 0n, count: 0 };
      const got = parseMinorUnits(bucket.amount, entry.currency_decimals);
      if (got !== want.amount || bucket.count !== want.count)
        problems.push(
          `${entry.currency_key} ${bucket.bucket}: ${bucket.amount}/${bucket.count} vs ledger ${want.amount}/${want.count}`,
        );
      invoices += bucket.count;
    }
  }
  log(
    `    ${invoices} open invoices in ${aging.aging.length} currencies; ${problems.length ? problems.join('; ') : 'every bucket equals the ledger and the cards'}`,
  );
  report(
    'aging = ledger = totals cards, to the cent',
    problems.length ? `${problems.length} differences` : 'equal',
    'equal',
    problems.length === 0,
  );
  tools.figures.aging = { load: result, invoices, problems };
}

type StatementRun = { seconds: number; bytes: number; rssBeforeMiB: number; rssPeakMiB: number; rssGrowthMiB: number };

export async function measureStatement(port: number, server: Server, session: Session, tools: Tools): Promise<void> {
  const { log, report } = tools;
  const today = new Date();
  const iso = (date: Date) => date.toISOString().slice(0, 10);
  const erp = (day: string) => `${day.slice(5, 7)}-${day.slice(8, 10)}-${day.slice(0, 4)}`;
  const from = erp(iso(new Date(today.getTime() - 364 * 86_400_000)));
  const to = erp(iso(today));
  const body = (format: 'pdf' | 'json') => ({
    ...accountOf(session),
    date_from: from,
    date_to: to,
    format,
    ...(format === 'json' ? { line_limit: 1 } : {}),
  });
  log(`\nStatement of 12 months (POST /api/statements, ${from} – ${to}), ${session.label}`);

  // It adds up: per currency, opening + every movement = closing = the balance card.
  const json = await post<{ statements: { currency_key: string; closing_balance: string; line_count: number }[] }>(
    port,
    session,
    '/api/statements',
    body('json'),
  );
  const totals = await post<Totals>(port, session, '/api/invoice/totals', accountOf(session));
  const differences = json.statements.filter(
    (statement) =>
      statement.closing_balance !==
      (totals.totals.find((t) => t.currency_key === statement.currency_key)?.balance ?? '0'),
  );
  const movements = json.statements.reduce((sum, statement) => sum + statement.line_count, 0);
  log(
    `    ${movements} movements in ${json.statements.length} currencies; closing balance ${differences.length ? `differs in ${differences.map((d) => d.currency_key).join(', ')}` : '= the balance card in each'}`,
  );
  report(
    'statement closing = balance card, to the cent',
    differences.length ? `${differences.length} differ` : 'equal',
    'equal',
    differences.length === 0,
  );

  const runs: StatementRun[] = [];
  for (let run = 1; run <= 3; run++) {
    const before = await server.memory(true);
    let peak = tools.residentBytes(server.child.pid!);
    const sampler = setInterval(() => (peak = Math.max(peak, tools.residentBytes(server.child.pid!))), 10);
    const client = httpClient(port, 1);
    let bytes = 0;
    const started = performance.now();
    const answer = await client.send(
      { method: 'POST', path: '/api/statements', body: body('pdf'), token: session.token },
      (chunk) => {
        bytes += chunk.length;
      },
    );
    const seconds = round((performance.now() - started) / 1000, 2);
    clearInterval(sampler);
    client.close();
    if (answer.status !== 200) throw new Error(`statement PDF: ${answer.status}`);
    const mib = (value: number) => Math.round(value / 1_048_576);
    runs.push({
      seconds,
      bytes,
      rssBeforeMiB: mib(before.rss),
      rssPeakMiB: mib(peak),
      rssGrowthMiB: mib(peak - before.rss),
    });
    log(
      `    run ${run}: ${round(bytes / 1_048_576, 1)} MiB PDF in ${seconds} s; server RSS ${mib(before.rss)} → peak ${mib(peak)} MiB (+${mib(peak - before.rss)})`,
    );
  }
  const median = runs.map((run) => run.seconds).sort((a, b) => a - b)[1]!;
  const growth = Math.max(...runs.map((run) => run.rssGrowthMiB));
  report(`statement PDF of 12 months (${movements} movements), median of 3`, `${median} s`, '≤ 2 s', median <= 2);
  report('statement PDF, server RSS growth at peak (max of 3)', `${growth} MiB`, '≤ 64 MiB, flat', growth <= 64);
  tools.figures.statement = { movements, runs };
}
