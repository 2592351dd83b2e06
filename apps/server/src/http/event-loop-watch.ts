// A server that says when it is stuck (issue 35). One import once stopped the whole portal: its event loop ran at
// 100 % of a core for good, every request waited, and nothing was logged. Three things watch the loop now:
// - the loop's delay, measured by Node (perf_hooks.monitorEventLoopDelay), reported by GET /api/health;
// - a heartbeat the loop writes every 100 ms: when it comes late by more than EVENT_LOOP_BLOCKED_MS the loop was
//   blocked, and once it runs again it logs a warning with the route it was serving and turns GET /api/ready to 503
//   for EVENT_LOOP_UNREADY_SECONDS, so that a load balancer sends the next requests elsewhere;
// - a watchdog thread (worker_threads) that reads the heartbeat from shared memory and, while the loop is still
//   blocked, writes the warning itself straight to standard output (the main thread's log cannot, being blocked, and a
//   loop that never comes back would otherwise stay silent), again every 10 s while it lasts.
// The route is the one a request last entered a stage of its life with (onRequest, preValidation, preHandler…): a hook
// or handler that blocks is named exactly. Work that goes on after its request's last stage (an import streaming a
// file in) shows among the requests in flight, oldest first, which every warning lists with their ages.
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';
import type { FastifyBaseLogger } from 'fastify';

export type EventLoopBlock = { ended_at: string; blocked_ms: number; route: string | null; in_flight: string[] };

export type EventLoopReport = {
  /** The loop's delay over the last minute (or since start), in milliseconds. */
  delay_ms: { p50: number; p99: number; max: number };
  /** Since when the figures count. */
  since: string;
  /** The last time the loop was blocked longer than the threshold, if it ever was. */
  last_block: EventLoopBlock | null;
  /** Whether the loop was blocked lately: readiness is off until this time. */
  unready_until: string | null;
};

export type EventLoopWatch = {
  /** A request entered a stage of its life: the route the loop is now working for. */
  enter(route: string, requestId: string): void;
  /** A request was answered. */
  leave(requestId: string): void;
  report(): EventLoopReport;
  /** Whether the loop was blocked within the last EVENT_LOOP_UNREADY_SECONDS. */
  blockedLately(): boolean;
  close(): Promise<void>;
};

const heartbeatMs = 100;
const windowMs = 60_000;
const textBytes = 2048;
const inFlightListed = 5;

export function startEventLoopWatch(options: {
  blockedMs: number;
  unreadySeconds: number;
  log: FastifyBaseLogger;
  /** Whether the watchdog thread writes its warnings to standard output (not under a silent log level). */
  watchdogWrites: boolean;
  now?: () => number;
}): EventLoopWatch {
  const now = options.now ?? Date.now;
  const histogram = monitorEventLoopDelay({ resolution: 10 });
  histogram.enable();
  let since = now();
  let lastBlock: EventLoopBlock | null = null;
  let unreadyUntil = 0;

  // Shared with the watchdog: [0] the heartbeat's time, [1] the text's length; then the text: what the loop works for,
  // as JSON ({ route, requestId, inFlight: [[route, since]…] }).
  const shared = new SharedArrayBuffer(16 + textBytes);
  const clock = new BigInt64Array(shared, 0, 2);
  const text = new Uint8Array(shared, 16, textBytes);
  let route: string | null = null;
  let requestId: string | null = null;
  const inFlight = new Map<string, { route: string; since: number }>();
  const encoder = new TextEncoder();
  /** The oldest requests in flight (a Map keeps its insertion order), read on every request: never the whole map. */
  const oldest = () => {
    const found: { route: string; since: number }[] = [];
    for (const entry of inFlight.values()) {
      if (found.push(entry) === inFlightListed) break;
    }
    return found;
  };
  const inFlightAt = (at: number) => oldest().map((entry) => `${entry.route} (${at - entry.since} ms)`);
  const share = () => {
    const listed = oldest().map((entry) => [entry.route, entry.since]);
    const json = JSON.stringify({ route, requestId, inFlight: listed });
    const { written } = encoder.encodeInto(
      json.length * 3 <= textBytes ? json : JSON.stringify({ route, requestId }),
      text,
    );
    Atomics.store(clock, 1, BigInt(written));
  };

  let lastBeat = now();
  Atomics.store(clock, 0, BigInt(lastBeat));
  const beat = setInterval(() => {
    const at = now();
    const late = at - lastBeat - heartbeatMs;
    lastBeat = at;
    Atomics.store(clock, 0, BigInt(at));
    if (options.blockedMs > 0 && late > options.blockedMs) {
      const running = inFlightAt(at);
      lastBlock = { ended_at: new Date(at).toISOString(), blocked_ms: late, route, in_flight: running };
      unreadyUntil = at + options.unreadySeconds * 1000;
      options.log.warn(
        { blockedMs: late, route, requestId, inFlight: running },
        'event loop was blocked: readiness off for a while',
      );
    }
    if (at - since > windowMs) {
      histogram.reset();
      since = at;
    }
  }, heartbeatMs);
  beat.unref();

  const watchdog =
    options.blockedMs > 0
      ? new Worker(watchdogSource, {
          eval: true,
          workerData: { shared, blockedMs: options.blockedMs, writes: options.watchdogWrites },
          stdout: false,
          stderr: false,
        })
      : null;
  watchdog?.unref();

  const toMs = (nanoseconds: number) => Math.round(nanoseconds / 1e4) / 100;
  return {
    enter(nextRoute, nextRequestId) {
      route = nextRoute;
      requestId = nextRequestId;
      if (!inFlight.has(nextRequestId)) inFlight.set(nextRequestId, { route: nextRoute, since: now() });
      share();
    },
    leave(doneRequestId) {
      inFlight.delete(doneRequestId);
      share();
    },
    report: () => ({
      delay_ms: {
        p50: histogram.count > 0 ? toMs(histogram.percentile(50)) : 0,
        p99: histogram.count > 0 ? toMs(histogram.percentile(99)) : 0,
        max: histogram.count > 0 ? toMs(histogram.max) : 0,
      },
      since: new Date(since).toISOString(),
      last_block: lastBlock,
      unready_until: unreadyUntil > now() ? new Date(unreadyUntil).toISOString() : null,
    }),
    blockedLately: () => unreadyUntil > now(),
    close: async () => {
      clearInterval(beat);
      histogram.disable();
      await watchdog?.terminate();
    },
  };
}

// The watchdog thread, as source (the server is bundled into one file: a worker file of its own would not be there).
// It never touches the main thread's objects: it reads the shared heartbeat and writes with fs.writeSync to fd 1,
// which does not go through the blocked main thread (a worker's process.stdout does).
const watchdogSource = `
const { workerData } = require('node:worker_threads');
const { writeSync } = require('node:fs');
const clock = new BigInt64Array(workerData.shared, 0, 2);
const text = new Uint8Array(workerData.shared, 16);
const decoder = new TextDecoder();
let reportedBeat = 0n;
let reportedAt = 0;
setInterval(() => {
  const beat = Atomics.load(clock, 0);
  const blockedMs = Date.now() - Number(beat);
  if (blockedMs <= workerData.blockedMs) return;
  if (beat === reportedBeat && Date.now() - reportedAt < 10000) return;
  reportedBeat = beat;
  reportedAt = Date.now();
  let working = {};
  try { working = JSON.parse(decoder.decode(text.slice(0, Number(Atomics.load(clock, 1))))); } catch {}
  if (!workerData.writes) return;
  const now = Date.now();
  const line = { level: 40, time: now, pid: process.pid, blockedMs, route: working.route || null,
    requestId: working.requestId || null,
    inFlight: (working.inFlight || []).map(([route, since]) => route + ' (' + (now - since) + ' ms)'),
    msg: 'event loop blocked: the server answers nothing until it is free' };
  try { writeSync(1, JSON.stringify(line) + '\\n'); } catch {}
}, 250);
`;
