// npm run bench [-- --seconds 10] [--only web,invoices,payments,users,imports,erp] [--out bench/results]
// Every benchmark on PostgreSQL in one command (issue 17): each runs as its own process (its output streams through),
// ends with a JSON line that lists its verdicts (figure, target, baseline measured in the same run, ratio), and
// this script writes them side by side to bench/results/<date>.md with the machine they were measured on and the
// CPU profiles' summaries. Absolute times drift on a shared machine; the ratios to the baselines hold.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import type { ProfileSummary } from './lib/cpu-profile';
import type { Verdict } from './lib/report';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const { values } = parseArgs({
  args: process.argv.slice(2),
  options: {
    seconds: { type: 'string', default: '10' },
    only: { type: 'string', default: 'web,invoices,payments,users,imports,erp' },
    out: { type: 'string', default: path.join(root, 'bench/results') },
  },
});

type Bench = { name: string; title: string; script: string; args: string[] };
// The web bench runs first: Lighthouse's simulated blocking time is the page's observed main-thread tasks times four,
// and right after a server bench (PostgreSQL still vacuuming its tables, the load average above 2) the invoice list
// measured 575-766 ms where it measured 245-417 ms on a quiet machine with the same build.
const benches: Bench[] = [
  { name: 'web', title: 'Web: first load and Lighthouse', script: 'bench/web/sizes.ts', args: [] },
  {
    name: 'invoices',
    title: 'Invoices: list, totals, CSV, PDF (1M-document ledger)',
    script: 'bench/invoices/run.ts',
    args: ['--seconds', values.seconds],
  },
  {
    name: 'payments',
    title: 'Payments: 10 invoices, 8 payers',
    script: 'bench/payments/run.ts',
    args: ['--seconds', values.seconds],
  },
  {
    name: 'users',
    title: 'User search: 100,000 users',
    script: 'bench/users/run.ts',
    args: ['--seconds', values.seconds],
  },
  {
    name: 'erp',
    title: 'ERP over HTTP beside in process: list, detail, payment at 10 connections',
    script: 'bench/erp/run.ts',
    args: ['--seconds', values.seconds],
  },
  {
    name: 'imports',
    title: 'Imports and payments feed: 1M-row documents CSV, 10,000 UBL files, 100,000 feed rows',
    script: 'bench/imports/run.ts',
    args: [],
  },
];

type Outcome = { bench: Bench; verdicts: Verdict[]; figures: Record<string, unknown>; seconds: number; error?: string };

/** Runs one bench, its output shown as it comes; its last JSON line is its figures. */
function run(bench: Bench): Promise<Outcome> {
  const started = performance.now();
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, bench.script), ...bench.args], {
      cwd: root,
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      process.stdout.write(chunk);
    });
    child.on('close', (code) => {
      const seconds = Math.round((performance.now() - started) / 1000);
      const last = output
        .trim()
        .split('\n')
        .reverse()
        .find((line) => line.startsWith('{"bench'));
      if (code !== 0 || !last)
        return resolve({ bench, verdicts: [], figures: {}, seconds, error: `exit ${code}, no figures` });
      const figures = JSON.parse(last) as Record<string, unknown> & { verdicts?: Verdict[] };
      resolve({ bench, verdicts: figures.verdicts ?? [], figures, seconds });
    });
  });
}

const cell = (text: string | number | undefined) => String(text ?? '').replaceAll('|', '\\|');

function profilesOf(figures: unknown): [string, ProfileSummary][] {
  const found: [string, ProfileSummary][] = [];
  const walk = (value: unknown, name: string) => {
    if (!value || typeof value !== 'object') return;
    const record = value as Record<string, unknown>;
    if (Array.isArray(record.functions) && Array.isArray(record.areas) && typeof record.file === 'string') {
      found.push([name, record as unknown as ProfileSummary]);
      return;
    }
    for (const [key, child] of Object.entries(record)) walk(child, key === 'profiles' ? name : key);
  };
  walk(figures, '');
  return found;
}

function markdown(outcomes: Outcome[], started: Date): string {
  const lines = [
    `## Run of ${started.toISOString().slice(0, 16).replace('T', ' ')} UTC`,
    '',
    `Machine: ${os.cpus().length} cores (${os.cpus()[0]?.model ?? 'unknown'}), ${Math.round(os.totalmem() / 2 ** 30)} GiB, ` +
      `Node ${process.version}; load average at the start ${os
        .loadavg()
        .map((load) => load.toFixed(1))
        .join(' / ')}. PostgreSQL and the load generator share these cores with the portal.`,
    '',
    '| bench | figure | value | target | baseline (same run) | ratio | |',
    '| --- | --- | --- | --- | --- | --- | --- |',
  ];
  for (const outcome of outcomes) {
    if (outcome.error) lines.push(`| ${outcome.bench.name} | did not finish: ${outcome.error} | | | | | |`);
    for (const verdict of outcome.verdicts)
      lines.push(
        `| ${outcome.bench.name} | ${cell(verdict.label)} | ${cell(verdict.value)} | ${cell(verdict.target)} | ` +
          `${cell(verdict.baseline)} | ${verdict.ratio === undefined ? '' : `× ${verdict.ratio}`} | ` +
          `${verdict.met === null ? '' : verdict.met ? 'met' : '**not met**'} |`,
      );
  }
  const profiles = outcomes.flatMap((outcome) =>
    profilesOf(outcome.figures).map(([name, profile]) => [`${outcome.bench.name}: ${name}`, profile] as const),
  );
  if (profiles.length) {
    lines.push('', 'Where the portal’s CPU went under each load (V8 profile, share of samples):', '');
    for (const [name, profile] of profiles) {
      const top = (shares: { name: string; percent: number }[]) =>
        shares
          .slice(0, 8)
          .map((share) => `${share.name} ${share.percent}%`)
          .join(', ');
      lines.push(`- **${name}**: by area: ${top(profile.areas)}. Top functions: ${top(profile.functions)}.`);
    }
  }
  const pages = outcomes.flatMap(
    (outcome) =>
      (outcome.figures.lighthouse as { page: string; mainThread: string[]; busiestScripts: string[] }[]) ?? [],
  );
  if (pages.length) {
    lines.push('', 'Where the browser’s main thread went (Lighthouse, mobile profile):', '');
    for (const page of pages)
      lines.push(
        `- **${page.page}**: ${page.mainThread.join(', ')}. Busiest scripts: ${page.busiestScripts.join(', ')}.`,
      );
  }
  lines.push(
    '',
    `Durations: ${outcomes.map((outcome) => `${outcome.bench.name} ${outcome.seconds} s`).join(', ')}.`,
    '',
  );
  return lines.join('\n');
}

async function main(): Promise<void> {
  const started = new Date();
  const only = new Set(values.only.split(',').map((name) => name.trim()));
  const outcomes: Outcome[] = [];
  for (const bench of benches.filter((candidate) => only.has(candidate.name))) {
    process.stdout.write(`\n=== ${bench.title} (${bench.script}) ===\n`);
    outcomes.push(await run(bench));
  }
  fs.mkdirSync(values.out, { recursive: true });
  const file = path.join(values.out, `${started.toISOString().slice(0, 10)}.md`);
  const heading = fs.existsSync(file) ? '' : `# Benchmark results of ${started.toISOString().slice(0, 10)}\n\n`;
  fs.appendFileSync(file, `${heading}${markdown(outcomes, started)}\n`);
  process.stdout.write(`\nSummary (also in ${path.relative(root, file)}):\n`);
  for (const outcome of outcomes) {
    if (outcome.error) process.stdout.write(`  ${outcome.bench.name}: did not finish (${outcome.error})\n`);
    for (const verdict of outcome.verdicts)
      process.stdout.write(
        `  ${verdict.met === null ? '       ' : verdict.met ? 'met    ' : 'NOT MET'}  ${outcome.bench.name}: ` +
          `${verdict.label}: ${verdict.value} (target ${verdict.target}` +
          `${verdict.baseline ? `; baseline ${verdict.baseline}, × ${verdict.ratio}` : ''})\n`,
      );
  }
  if (outcomes.some((outcome) => outcome.error)) process.exitCode = 1;
}

await main();
