// Issue 35: a stuck event loop must never be silent again. A route that a test makes block shows in /api/health,
// turns /api/ready to 503 for a while and is logged with its route; a loop that never comes back is reported by the
// watchdog thread while it lasts.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({
    overSocket: true,
    settings: { EVENT_LOOP_BLOCKED_MS: '1000', EVENT_LOOP_UNREADY_SECONDS: '2' },
    beforeReady: (app) => {
      app.post('/api/test/block', { config: { public: true } }, async () => {
        const until = Date.now() + 2000;
        while (Date.now() < until); // the loop held, as by a runaway walk of an object graph
        return { blocked: true };
      });
    },
  });
});
afterAll(async () => {
  await t?.close();
});

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

it('reports a blocked loop in /api/health, answers 503 on /api/ready for a while, and logs the route', async () => {
  // Ready once the start (migrations, a busy machine) is a while behind.
  for (let tries = 0; (await t.app.inject({ method: 'GET', url: '/api/ready' })).statusCode !== 200; tries++) {
    expect(tries).toBeLessThan(50);
    await pause(200);
  }
  const before = (await t.app.inject({ method: 'GET', url: '/api/health' })).json();
  expect(before.event_loop.unready_until).toBeNull();
  expect(before.event_loop.delay_ms.p99).toBeGreaterThanOrEqual(0);

  expect((await t.app.inject({ method: 'POST', url: '/api/test/block' })).statusCode).toBe(200);
  await pause(300);

  const after = (await t.app.inject({ method: 'GET', url: '/api/health' })).json();
  expect(after.event_loop.last_block).toMatchObject({
    route: 'POST /api/test/block',
    // Answered by then: in flight are the requests still running when the loop came back (an import streaming in).
    in_flight: [],
  });
  expect(after.event_loop.last_block.blocked_ms).toBeGreaterThan(1000);
  expect(after.event_loop.delay_ms.max).toBeGreaterThan(1000);
  expect(after.event_loop.unready_until).not.toBeNull();
  const unready = await t.app.inject({ method: 'GET', url: '/api/ready' });
  expect(unready.statusCode).toBe(503);
  expect(unready.json()).toMatchObject({ error: 'SERVICE_UNAVAILABLE', reason: 'event_loop_blocked' });

  const warnings = t.logLines.map((line) => JSON.parse(line)).filter((line) => line.msg?.startsWith('event loop'));
  expect(warnings).toContainEqual(expect.objectContaining({ level: 40, route: 'POST /api/test/block' }));

  // Ready again once EVENT_LOOP_UNREADY_SECONDS have passed without a block.
  await pause(2500);
  expect((await t.app.inject({ method: 'GET', url: '/api/ready' })).statusCode).toBe(200);
});

it('says, from its watchdog thread, that a loop blocked for good is blocked, with the route it was serving', async () => {
  const script = path.join(path.dirname(fileURLToPath(import.meta.url)), '../test/block-event-loop.ts');
  const child = spawn(process.execPath, ['--import', 'tsx', script], { stdio: ['ignore', 'pipe', 'inherit'] });
  try {
    const lines = createInterface({ input: child.stdout });
    let blocking = false;
    for await (const line of lines) {
      if (line === 'blocking') blocking = true;
      else if (line.includes('event loop blocked')) {
        expect(blocking).toBe(true);
        expect(JSON.parse(line)).toMatchObject({
          level: 40,
          route: 'POST /api/ledger/imports',
          requestId: 'request-of-the-test',
          inFlight: [expect.stringMatching(/^POST \/api\/ledger\/imports \(\d+ ms\)$/)],
        });
        expect(JSON.parse(line).blockedMs).toBeGreaterThan(300);
        return;
      }
    }
    throw new Error('the blocked process ended without its watchdog saying so');
  } finally {
    child.kill('SIGKILL');
  }
}, 60_000);
