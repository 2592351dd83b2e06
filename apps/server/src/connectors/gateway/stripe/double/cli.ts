// npm run stripe:double -- --port 12111 [--host 127.0.0.1] [--webhook-url http://127.0.0.1:3000/api/gateway/stripe/webhook]
//   [--webhook-secret whsec_test_double] [--secret-key sk_test_double] [--publishable-key pk_test_double] [--settle-ms 2000]
// The Stripe double as a process of its own, for the portal (STRIPE_API_URL=http://127.0.0.1:12111) and e2e runs.
import process from 'node:process';
import { parseArgs } from 'node:util';
import {
  DEFAULT_PUBLISHABLE_KEY,
  DEFAULT_SECRET_KEY,
  DEFAULT_WEBHOOK_SECRET,
  startStripeDouble,
} from './stripe-double';

async function main(): Promise<void> {
  const { values } = parseArgs({
    args: process.argv.slice(2),
    options: {
      port: { type: 'string', default: '12111' },
      host: { type: 'string', default: '127.0.0.1' },
      'webhook-url': { type: 'string' },
      'webhook-secret': { type: 'string', default: DEFAULT_WEBHOOK_SECRET },
      'secret-key': { type: 'string', default: DEFAULT_SECRET_KEY },
      'publishable-key': { type: 'string', default: DEFAULT_PUBLISHABLE_KEY },
      'settle-ms': { type: 'string', default: '2000' },
    },
  });
  const port = integerOption('--port', values.port);
  const settleMs = integerOption('--settle-ms', values['settle-ms']);
  const double = await startStripeDouble({
    port,
    host: values.host,
    webhookUrl: values['webhook-url'] ?? null,
    webhookSecret: values['webhook-secret'],
    secretKey: values['secret-key'],
    publishableKey: values['publishable-key'],
    processingSettleMs: settleMs,
  });
  process.stdout.write(`stripe double listening on ${double.url}\n`);
  let stopping = false;
  const stop = () => {
    if (stopping) return;
    stopping = true;
    void double.close().then(() => process.exit(0));
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

function integerOption(name: string, value: string): number {
  if (!/^\d+$/.test(value)) throw new Error(`${name} takes a whole number, not "${value}"`);
  return Number(value);
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
