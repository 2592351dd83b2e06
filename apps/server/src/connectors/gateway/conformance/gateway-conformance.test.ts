// The conformance kit passes for both providers behind the port: the sandbox, and Stripe through its official SDK
// against the test double (its own HTTP server, Stripe's wire protocol).
import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../../db/client';
import { createSandboxGateway } from '../sandbox/sandbox-gateway';
import { startStripeDouble } from '../stripe/double/stripe-double';
import { createStripeClient, createStripeGateway } from '../stripe/stripe-gateway';
import { sandboxDriver, stripeDriver } from './conformance-drivers';
import { runGatewayConformance, type ConformanceCheck } from './gateway-conformance';

let database: Database;
let double: Awaited<ReturnType<typeof startStripeDouble>>;
const webhookSecret = 'whsec_conformance';

beforeAll(async () => {
  database = await openDatabase({ kind: 'pglite' });
  double = await startStripeDouble({ port: 0, webhookSecret, processingSettleMs: 0 });
});
afterAll(async () => {
  await double?.close();
  await database?.close();
});

function expectAllPassed(checks: ConformanceCheck[], atLeast: number) {
  const failed = checks.filter((check) => !check.ok || check.skipped).map((c) => `${c.what}: ${c.detail ?? 'skipped'}`);
  expect(failed).toEqual([]);
  expect(checks.length).toBeGreaterThanOrEqual(atLeast);
}

describe('the gateway conformance kit', () => {
  it('passes every check on the sandbox, its returns and disputes included', async () => {
    const sandbox = createSandboxGateway(database.db, {
      frameOrigin: null,
      portalOrigin: null,
      secret: 'conformance',
      slowAnswerMs: 10,
      returnAfterSeconds: 0,
    });
    const checks = await runGatewayConformance(sandbox, sandboxDriver(sandbox));
    // The sandbox signs no webhooks (it is asked) and answers a refund at once (no refund event).
    const skipped = checks.filter((check) => check.skipped).map((check) => check.what);
    expect(skipped).toEqual([
      'a signed event is verified; a forged or stale one is refused',
      "a refund reaches the portal as `refunded` with the order's refunded total",
    ]);
    expectAllPassed(
      checks.filter((check) => !check.skipped),
      21,
    );
  });

  it('passes every check on Stripe, through the official SDK against the test double', async () => {
    const options = {
      secretKey: 'sk_test_double',
      publishableKey: 'pk_test_double',
      webhookSecret,
      apiUrl: double.url,
      timeoutMs: 10_000,
      tokenKey: randomBytes(8).toString('hex'),
      merchantName: async () => 'Conformance Supplier',
    };
    const gateway = createStripeGateway(database.db, options);
    const checks = await runGatewayConformance(
      gateway,
      stripeDriver({
        stripe: createStripeClient(options),
        gateway,
        doubleUrl: double.url,
        secretKey: 'sk_test_double',
        webhookSecret,
      }),
    );
    expectAllPassed(checks, 23);
  });

  it('fails a check when the provider misbehaves (approves what it should decline, refunds a key twice)', async () => {
    const sandbox = createSandboxGateway(database.db, {
      frameOrigin: null,
      portalOrigin: null,
      secret: 'x',
      slowAnswerMs: 10,
      returnAfterSeconds: 0,
    });
    const lenient = {
      ...sandbox,
      charge: async (request: Parameters<typeof sandbox.charge>[0]) => ({
        ...(await sandbox.charge(request)),
        status: 'approved' as const,
      }),
      refund: (request: Parameters<typeof sandbox.refund>[0]) =>
        sandbox.refund({ ...request, idempotency_key: randomUUID() }),
    };
    const checks = await runGatewayConformance(lenient, sandboxDriver(sandbox));
    const failed = checks.filter((check) => !check.ok).map((check) => check.what);
    expect(failed).toContain('a declining card is declined with a reason, and nothing is taken');
    expect(failed).toContain('the same idempotency key twice answers the same refund, refunded once');
  });
});
