// A process whose event loop blocks for good while serving a route, for event-loop-watch.test.ts: only the watchdog
// thread can say so. Run with `node --import tsx`.
import pino from 'pino';
import { startEventLoopWatch } from '../http/event-loop-watch';

const watch = startEventLoopWatch({
  blockedMs: 300,
  unreadySeconds: 10,
  log: pino({ level: 'silent' }),
  watchdogWrites: true,
});
watch.enter('POST /api/ledger/imports', 'request-of-the-test');
// Let the heartbeat and the watchdog start, then never give the loop back.
setTimeout(() => {
  process.stdout.write('blocking\n');
  for (;;);
}, 300);
