// The processes a bench measures: the portal (bench/invoices/bench-server.ts) and its baseline
// (bench/lib/baseline-server.ts), each forked, listening on a free loopback port, answering on IPC; and the CPU
// time they spend, read from /proc, so that a figure can be given per request.
import { fork, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** A statement as the portal sent it; `name` when it was a named (prepared) statement, which the baseline names too. */
export type RecordedStatement = { text: string; values: unknown[]; name?: string };
/** Statements recorded per route name (the portal's, replayed by the baseline). */
export type RecordedRoutes = Record<string, RecordedStatement[]>;

export type BenchProcess = {
  child: ChildProcess;
  port: number;
  /** The process and, with workers, its cluster's workers: what the CPU figures add up. */
  pids: number[];
  /** Sends `message` and resolves with the first answer of type `answerType`. */
  ask: <T>(message: object, answerType: string) => Promise<T>;
  /** Ends the process and waits for its exit (so that a profile is written). */
  stop: () => Promise<void>;
};

const here = path.dirname(fileURLToPath(import.meta.url));
export const portalEntry = path.join(here, '../invoices/bench-server.ts');
export const baselineEntry = path.join(here, 'baseline-server.ts');

export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  return typeof address === 'object' && address ? address.port : 0;
}

export async function startProcess(
  entry: string,
  args: string[],
  execArgv: string[] = [],
  env: Record<string, string> = {},
): Promise<BenchProcess> {
  const child = fork(entry, args, {
    execArgv: ['--import', 'tsx', ...execArgv],
    env: { ...process.env, ...env },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const ready = await new Promise<{ port: number; pids: number[] }>((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`${path.basename(entry)} stopped (exit ${code})`)));
    child.on('message', (message: { type: string; port?: number; pids?: number[] }) => {
      if (message.type === 'ready' && message.port) resolve({ port: message.port, pids: message.pids ?? [] });
    });
  });
  child.removeAllListeners('exit');
  const ask = <T>(message: object, answerType: string) =>
    new Promise<T>((resolve) => {
      const listener = (answer: { type: string }) => {
        if (answer.type !== answerType) return;
        child.off('message', listener);
        resolve(answer as T);
      };
      child.on('message', listener);
      child.send(message);
    });
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.disconnect();
    });
  return { child, port: ready.port, pids: ready.pids.length ? ready.pids : [child.pid!], ask, stop };
}

const ticksPerSecond = 100; // USER_HZ on Linux

/** User + system CPU time of one process so far, in milliseconds (/proc/<pid>/stat fields 14 and 15); null once ended. */
function processCpuMilliseconds(pid: number): number | null {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / ticksPerSecond;
  } catch {
    return null;
  }
}

/**
 * Starts a CPU reading of these processes: the function it gives answers the milliseconds of user + system CPU
 * they spent since. A process that ends in between counts for what it spent up to the last reading that saw it
 * (none after the start): a PostgreSQL backend that closes during a load does not make the figure negative.
 */
export function cpuSince(pids: number[]): () => number {
  const start = new Map(pids.map((pid) => [pid, processCpuMilliseconds(pid)]));
  return () => {
    let spent = 0;
    for (const [pid, before] of start) {
      if (before === null) continue;
      spent += (processCpuMilliseconds(pid) ?? before) - before;
    }
    return spent;
  };
}

/** CPU time of the PostgreSQL server's processes (the postmaster's children: backends and helpers). */
export function postgresPids(): number[] {
  const pids: number[] = [];
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const command = fs.readFileSync(`/proc/${entry}/cmdline`, 'utf8');
      if (command.startsWith('postgres')) pids.push(Number(entry));
    } catch {
      // gone already
    }
  }
  return pids;
}
