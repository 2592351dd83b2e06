// Stripe's published sample objects (stripe/openapi fixtures3.json, vendored in <repo>/vendor/stripe-openapi): every
// object the double answers starts as a copy of one, so fields the double has no reason to compute still have
// Stripe's shape. The SDK's types are the authority: the builders in double-objects.ts overwrite every field that
// carries meaning, and the fixture only fills the rest.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import process from 'node:process';
import { fileURLToPath } from 'node:url';
import type Stripe from 'stripe';

const RESOURCES = {
  payment_intent: 'payment_intent',
  setup_intent: 'setup_intent',
  customer: 'customer',
  payment_method: 'payment_method',
  refund: 'refund',
  event: 'event',
  charge: 'charge',
  mandate: 'mandate',
  dispute: 'dispute',
  balance_transaction: 'balance_transaction',
} as const;

type FixtureTypes = {
  payment_intent: Stripe.PaymentIntent;
  setup_intent: Stripe.SetupIntent;
  customer: Stripe.Customer;
  payment_method: Stripe.PaymentMethod;
  refund: Stripe.Refund;
  event: Stripe.EventBase;
  charge: Stripe.Charge;
  mandate: Stripe.Mandate;
  dispute: Stripe.Dispute;
  balance_transaction: Stripe.BalanceTransaction;
};

export type StripeFixtures = { [K in keyof FixtureTypes]: () => FixtureTypes[K] };

export function loadStripeFixtures(explicitPath?: string): StripeFixtures {
  const file = explicitPath ?? fixturesPathFromEnvironment() ?? defaultFixturesPath();
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new Error(`Cannot read Stripe's fixtures at ${file} (set STRIPE_FIXTURES_PATH): ${String(error)}`);
  }
  const resources = (parsed as { resources?: Record<string, unknown> } | null)?.resources;
  if (!resources) throw new Error(`${file} has no "resources": is it Stripe's fixtures3.json?`);
  const fixtures: Partial<Record<keyof FixtureTypes, () => unknown>> = {};
  for (const [key, objectName] of Object.entries(RESOURCES) as Array<[keyof FixtureTypes, string]>) {
    const fixture = resources[key];
    // Fail at start, not on the first payment, if the file is not the one the builders were written against.
    if (!fixture || typeof fixture !== 'object' || (fixture as { object?: unknown }).object !== objectName) {
      throw new Error(`${file}: resources.${key} is missing or is not a ${objectName}`);
    }
    fixtures[key] = () => structuredClone(fixture);
  }
  return fixtures as StripeFixtures;
}

function fixturesPathFromEnvironment(): string | undefined {
  // The double is test tooling run beside the portal, not part of it: config.ts describes the portal's settings.
  // eslint-disable-next-line no-restricted-properties -- see above
  const value = process.env.STRIPE_FIXTURES_PATH;
  return value ? path.resolve(value) : undefined;
}

/** `<repo>/vendor/stripe-openapi/fixtures3.json`, the repository being the nearest npm workspace root. */
function defaultFixturesPath(): string {
  let directory = path.dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const manifest = path.join(directory, 'package.json');
    if (existsSync(manifest) && isWorkspaceRoot(manifest)) {
      return path.resolve(directory, 'vendor', 'stripe-openapi', 'fixtures3.json');
    }
    const parent = path.dirname(directory);
    if (parent === directory) throw new Error('Cannot find the repository root: set STRIPE_FIXTURES_PATH.');
    directory = parent;
  }
}

function isWorkspaceRoot(manifest: string): boolean {
  try {
    return Array.isArray((JSON.parse(readFileSync(manifest, 'utf8')) as { workspaces?: unknown }).workspaces);
  } catch {
    return false;
  }
}
