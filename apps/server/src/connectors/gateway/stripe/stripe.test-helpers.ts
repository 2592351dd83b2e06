// What Stripe.js does in the payer's browser, for the API tests with Stripe (TEST_GATEWAY=stripe, the double): the
// entry confirmed with the publishable key and the client secret, the number sent to "Stripe" (the double) and
// never to the portal; 3-D Secure passed or failed at the double's stand-in for the issuer's page.
import type { AccessTokenResponse } from '@portal/contracts';
import Stripe from 'stripe';

/**
 * The sandbox's test numbers mean the same behaviour as these Stripe test numbers (docs.stripe.com/testing), so a
 * test written for the sandbox runs unchanged with Stripe.
 */
const stripeNumberOf: Record<string, { number: string; authentication?: 'pass' | 'fail' }> = {
  '4111111111111111': { number: '4242424242424242' },
  '5555555555554444': { number: '5555555555554444' },
  '378282246310005': { number: '378282246310005' },
  // The sandbox's declining card saves and declines when charged: Stripe's 0341 (its 0002 declines at once).
  '4000000000000002': { number: '4000000000000341' },
  // Challenges: the card asks for 3-D Secure when it is saved (and on every on-session payment).
  '4000000000001091': { number: '4000002760003184', authentication: 'pass' },
  '5200000000001005': { number: '4000002760003184', authentication: 'pass' },
  '4000000000001109': { number: '4000002760003184', authentication: 'fail' },
};

export function stripeTestCard(sandboxNumber: string): { number: string; authentication?: 'pass' | 'fail' } {
  const digits = sandboxNumber.replace(/\D/g, '');
  return stripeNumberOf[digits] ?? { number: digits };
}

/**
 * The sandbox's e-check of the same behaviour at Stripe's test bank: an account ending 0002 (the sandbox declines it)
 * is Stripe's 000222222227, whose debit fails for insufficient funds once it settles; one ending 2227 (the sandbox
 * returns it after it succeeded, R01) is Stripe's 000555555559, which succeeds and comes back as a dispute (R01 at the
 * double); any other (the sandbox's 0119 time-out and 1113 return too: Stripe has no such account) is 000123456789,
 * whose debit succeeds.
 */
export function stripeTestBankAccount(sandbox: { routing: string; account: string }): {
  routing: string;
  account: string;
} {
  const account = sandbox.account.endsWith('0002')
    ? '000222222227'
    : sandbox.account.endsWith('2227')
      ? '000555555559'
      : '000123456789';
  return { routing: '110000000', account };
}

/** A client of the official SDK on the double (what a test reads of "Stripe's Dashboard"). */
export function stripeOfDouble(port: number): Stripe {
  return new Stripe('sk_test_double', { host: '127.0.0.1', port, protocol: 'http' });
}

/** The bank confirms the debits that are processing (days at Stripe; now at the double). */
export async function settleBankDebitsAtStripe(apiUrl: string, secretKey: string): Promise<void> {
  const answer = await fetch(`${apiUrl}/_double/settle`, {
    method: 'POST',
    headers: { authorization: `Bearer ${secretKey}` },
  });
  if (!answer.ok) throw new Error(`settling at the double: ${answer.status} ${await answer.text()}`);
}

async function call(apiUrl: string, key: string, path: string, form: Record<string, string>) {
  const answer = await fetch(`${apiUrl}${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(form).toString(),
  });
  return { status: answer.status, body: (await answer.json()) as Record<string, unknown> };
}

/** Passes or fails the 3-D Secure an intent waits for, as the payer does in the issuer's page. */
export async function authenticateAtStripe(apiUrl: string, clientSecret: string, pass: boolean): Promise<void> {
  const intentId = clientSecret.split('_secret_')[0]!;
  const answer = await fetch(`${apiUrl}/_double/authenticate/${intentId}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ result: pass ? 'succeed' : 'fail', client_secret: clientSecret }),
  });
  if (!answer.ok) throw new Error(`authentication at the double: ${answer.status} ${await answer.text()}`);
}

export type StripeEntryMethod =
  | { kind: 'card'; number: string; cvc?: string; month?: string; year?: string; authentication?: 'pass' | 'fail' }
  | { kind: 'us_bank_account'; routing: string; account: string; holder?: string }
  | { kind: 'sepa_debit'; iban: string; holder?: string };

/** stripe.confirmSetup as the Payment Element runs it: the entry's SetupIntent confirmed with what the payer typed. */
export async function confirmEntryLikeStripeJs(
  apiUrl: string,
  entry: AccessTokenResponse,
  method: StripeEntryMethod,
): Promise<{ status: number; body: Record<string, unknown> }> {
  const form: Record<string, string> = { client_secret: entry.client_secret ?? '' };
  const acceptance = {
    'mandate_data[customer_acceptance][type]': 'online',
    'mandate_data[customer_acceptance][online][ip_address]': '127.0.0.1',
    'mandate_data[customer_acceptance][online][user_agent]': 'Mozilla/5.0 (portal tests)',
  };
  if (method.kind === 'card')
    Object.assign(form, {
      'payment_method_data[type]': 'card',
      'payment_method_data[card][number]': method.number,
      'payment_method_data[card][exp_month]': method.month ?? '12',
      'payment_method_data[card][exp_year]': method.year ?? String(new Date().getUTCFullYear() + 3),
      'payment_method_data[card][cvc]': method.cvc ?? (method.number.startsWith('3') ? '1234' : '123'),
    });
  else if (method.kind === 'us_bank_account')
    Object.assign(form, acceptance, {
      'payment_method_data[type]': 'us_bank_account',
      'payment_method_data[us_bank_account][routing_number]': method.routing,
      'payment_method_data[us_bank_account][account_number]': method.account,
      'payment_method_data[us_bank_account][account_holder_type]': 'company',
      'payment_method_data[billing_details][name]': method.holder ?? 'Payer Corporation',
    });
  else
    Object.assign(form, acceptance, {
      'payment_method_data[type]': 'sepa_debit',
      'payment_method_data[sepa_debit][iban]': method.iban,
      'payment_method_data[billing_details][name]': method.holder ?? 'Payer GmbH',
      'payment_method_data[billing_details][email]': 'payer@example.com',
    });
  const confirmed = await call(
    apiUrl,
    entry.publishable_key ?? '',
    `/v1/setup_intents/${entry.access_token}/confirm`,
    form,
  );
  if (confirmed.body.status === 'requires_action' && method.kind === 'card') {
    await authenticateAtStripe(apiUrl, entry.client_secret ?? '', method.authentication !== 'fail');
  }
  return confirmed;
}
