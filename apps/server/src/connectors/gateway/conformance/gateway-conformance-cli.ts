// npm run gateway:conformance -- --provider sandbox
// npm run gateway:conformance -- --provider stripe                       (against a Stripe test double it starts)
// npm run gateway:conformance -- --provider stripe --secret-key sk_test_… --publishable-key pk_test_…
//                                                                        (against Stripe's own test mode)
// Runs the same checks against a provider behind the gateway port and prints one line per check, naming the call;
// exits 1 when one fails. A live key is refused: the kit charges and refunds test money only.
import { randomBytes } from 'node:crypto';
import process from 'node:process';
import { parseArgs } from 'node:util';
import { openDatabase } from '../../../db/client';
import { createSandboxGateway } from '../sandbox/sandbox-gateway';
import { startStripeDouble } from '../stripe/double/stripe-double';
import { createStripeClient, createStripeGateway } from '../stripe/stripe-gateway';
import { sandboxDriver, stripeDriver, type ConformanceDriver } from './conformance-drivers';
import { runGatewayConformance } from './gateway-conformance';
import type { PaymentGateway } from '../payment-gateway';

async function main(): Promise<number> {
  const { values } = parseArgs({
    args: process.argv.slice(2),
    options: {
      provider: { type: 'string', default: 'sandbox' },
      'secret-key': { type: 'string' },
      'publishable-key': { type: 'string' },
      'api-url': { type: 'string' },
    },
  });
  const provider = values.provider;
  if (provider !== 'sandbox' && provider !== 'stripe') {
    process.stderr.write('Usage: npm run gateway:conformance -- --provider sandbox|stripe [--secret-key sk_test_…]\n');
    return 2;
  }
  const secretKey = values['secret-key'];
  if (secretKey && !/^(sk|rk)_test_/.test(secretKey)) {
    process.stderr.write('Refused: the conformance kit runs on a test key (sk_test_…) only, never a live one.\n');
    return 2;
  }
  const database = await openDatabase({ kind: 'pglite' });
  const closers: Array<() => Promise<void>> = [() => database.close()];
  try {
    let gateway: PaymentGateway;
    let driver: ConformanceDriver;
    if (provider === 'sandbox') {
      const sandbox = createSandboxGateway(database.db, {
        frameOrigin: null,
        portalOrigin: null,
        secret: randomBytes(16).toString('hex'),
        slowAnswerMs: 10,
        // Its returns and disputes at once, for the checks of what comes back later.
        returnAfterSeconds: 0,
      });
      [gateway, driver] = [sandbox, sandboxDriver(sandbox)];
    } else {
      const webhookSecret = `whsec_${randomBytes(16).toString('hex')}`;
      let apiUrl = values['api-url'] ?? '';
      const keys = {
        secret: secretKey ?? 'sk_test_double',
        publishable: values['publishable-key'] ?? 'pk_test_double',
      };
      if (!secretKey && !apiUrl) {
        const double = await startStripeDouble({ port: 0, webhookSecret, processingSettleMs: 0 });
        closers.unshift(() => double.close());
        apiUrl = double.url;
      }
      const options = {
        secretKey: keys.secret,
        publishableKey: keys.publishable,
        webhookSecret,
        apiUrl,
        timeoutMs: 30_000,
        tokenKey: randomBytes(16).toString('hex'),
        merchantName: async () => 'Conformance Supplier',
      };
      gateway = createStripeGateway(database.db, options);
      driver = stripeDriver({
        stripe: createStripeClient(options),
        gateway,
        doubleUrl: apiUrl || null,
        secretKey: keys.secret,
        webhookSecret,
      });
    }
    process.stdout.write(`gateway conformance: ${driver.name}\n`);
    const checks = await runGatewayConformance(gateway, driver);
    for (const check of checks) {
      const mark = !check.ok ? 'FAIL' : check.skipped ? 'skip' : 'ok  ';
      process.stdout.write(
        `${mark} ${check.call.padEnd(16)} ${check.what}${check.detail ? `: ${check.detail}` : ''}\n`,
      );
    }
    const failed = checks.filter((check) => !check.ok).length;
    const skipped = checks.filter((check) => check.skipped).length;
    process.stdout.write(
      `${checks.length - failed - skipped} of ${checks.length} checks passed${skipped ? `, ${skipped} skipped (what this provider does not have, or needs a person in a browser)` : ''}\n`,
    );
    return failed > 0 ? 1 : 0;
  } finally {
    for (const close of closers) await close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(2);
  },
);
