// Issue 36: the Stripe.js stand-in (e2e/stripe-js) against the Stripe test double alone, without the portal. Intents
// are made with the double's secret-key API as the portal's server makes them; a small page of its own (on an origin
// of its own, with the CSP Stripe documents) mounts the Payment Element and confirms them as the portal's page does.
// Runs whenever STRIPE_API_URL names a running double (PAYMENT_GATEWAY=stripe node e2e/run.mjs starts one).
import type { Page } from '@playwright/test';
import { routeStripe } from '../stripe-js/route-stripe';
import { expect, test } from '../fixtures';

const apiUrl = process.env.STRIPE_API_URL?.replace(/\/$/, '');
test.skip(!apiUrl, 'needs the Stripe test double (STRIPE_API_URL)');

const secretKey = process.env.STRIPE_SECRET_KEY ?? 'sk_test_double';
const publishableKey = process.env.STRIPE_PUBLISHABLE_KEY ?? 'pk_test_double';
const harnessOrigin = 'https://merchant.test';

/** What Stripe documents for a page with the Payment Element, and nothing more. */
const harnessCsp = [
  "default-src 'self'",
  "script-src 'self' https://js.stripe.com",
  'frame-src https://js.stripe.com https://hooks.stripe.com',
  "connect-src 'self' https://api.stripe.com",
  "style-src 'self' 'unsafe-inline'",
].join('; ');

const harnessHtml = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Stand-in harness</title>
<script src="https://js.stripe.com/endive/stripe.js"></script><script src="/harness.js"></script></head>
<body><main><h1>Harness</h1><div id="entry"></div></main></body></html>`;

// The page's side, as payment-entry.tsx and stripe-next-action.ts call Stripe.js.
const harnessJs = `
window.mountEntry = function (key, clientSecret, options) {
  var stripe = window.Stripe(key);
  var elements = stripe.elements({ clientSecret: clientSecret, locale: 'en', appearance: { theme: 'stripe' } });
  var element = elements.create('payment', options || {});
  window.entry = { stripe: stripe, elements: elements, element: element, changes: [] };
  element.on('change', function (event) { window.entry.changes.push(event); });
  return new Promise(function (resolve, reject) {
    element.on('ready', function () { resolve('ready'); });
    element.on('loaderror', function (event) { reject(new Error(event.error.message)); });
    element.mount('#entry');
  });
};
window.confirmEntry = function (billing) {
  var entry = window.entry;
  return entry.elements.submit().then(function (checked) {
    if (checked.error) return { error: checked.error };
    return entry.stripe.confirmSetup({
      elements: entry.elements,
      redirect: 'if_required',
      confirmParams: { return_url: location.href, payment_method_data: { billing_details: billing } },
    });
  });
};
window.nextAction = function (key, clientSecret) {
  return window.Stripe(key).handleNextAction({ clientSecret: clientSecret });
};`;

type Json = Record<string, unknown>;

/** A call of the double's API with the secret key, form-encoded as the stripe package sends it. */
async function stripeApi(path: string, form: Record<string, string> = {}): Promise<Json> {
  const response = await fetch(`${apiUrl}${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${secretKey}`, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(form).toString(),
  });
  const body = (await response.json()) as Json;
  expect(response.ok, `${path}: ${JSON.stringify(body)}`).toBe(true);
  return body;
}

async function readIntent(kind: 'setup_intents' | 'payment_intents', id: string): Promise<Json> {
  const response = await fetch(`${apiUrl}/v1/${kind}/${id}`, { headers: { authorization: `Bearer ${secretKey}` } });
  return (await response.json()) as Json;
}

async function setupIntent(type: 'card' | 'us_bank_account' | 'sepa_debit'): Promise<{ id: string; secret: string }> {
  const customer = await stripeApi('/v1/customers', { name: 'Stand-in Payer', email: 'payer@example.com' });
  const intent = await stripeApi('/v1/setup_intents', {
    customer: String(customer.id),
    'allowed_payment_method_types[0]': type,
    usage: 'off_session',
  });
  return { id: String(intent.id), secret: String(intent.client_secret) };
}

async function openHarness(page: Page): Promise<void> {
  await routeStripe(page, apiUrl);
  await page.route(`${harnessOrigin}/**`, async (route) => {
    const { pathname } = new URL(route.request().url());
    if (pathname === '/harness.js') {
      await route.fulfill({ contentType: 'text/javascript', body: harnessJs });
      return;
    }
    await route.fulfill({
      contentType: 'text/html',
      headers: { 'content-security-policy': harnessCsp },
      body: harnessHtml,
    });
  });
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) cspViolations.push(message.text());
  });
  await page.goto(`${harnessOrigin}/`);
}

/** What the CSP refused during a test: the stand-in loads only from where Stripe documents. */
let cspViolations: string[] = [];

async function mount(page: Page, secret: string, options: Json = {}): Promise<void> {
  await expect(
    page.evaluate(
      ([key, clientSecret, elementOptions]) =>
        (window as unknown as Harness).mountEntry(key, clientSecret, elementOptions),
      [publishableKey, secret, options] as const,
    ),
  ).resolves.toBe('ready');
}

const entryFrame = (page: Page) => page.frameLocator('iframe[title="Secure payment input frame"]');

async function typeCard(page: Page, number: string): Promise<void> {
  const frame = entryFrame(page);
  await frame.getByLabel('Card number').fill(number);
  await frame.getByLabel('Expiration date').fill(`12 / ${String(new Date().getFullYear() + 2).slice(2)}`);
  await frame.getByLabel('Security code').fill('123');
}

type Confirmed = { error?: { code?: string; type?: string }; setupIntent?: { status: string; id: string } };

const confirm = (page: Page, billing: Json = { name: 'Pat Payer' }) =>
  page.evaluate((details) => (window as unknown as Harness).confirmEntry(details), billing) as Promise<Confirmed>;

/** What the harness page adds to window. */
type Harness = {
  mountEntry: (key: string, clientSecret: string, options: Record<string, unknown>) => Promise<string>;
  confirmEntry: (billing: Record<string, unknown>) => Promise<unknown>;
  nextAction: (key: string, clientSecret: string) => Promise<unknown>;
};

test.beforeEach(async ({ page }) => {
  cspViolations = [];
  await openHarness(page);
});

test.afterEach(() => {
  expect(cspViolations).toEqual([]);
});

test('a card typed in the frame confirms its SetupIntent at the double, and the page never sees the number', async ({
  page,
}) => {
  const intent = await setupIntent('card');
  const sent: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/confirm')) sent.push(`${request.frame().url()} ${request.postData() ?? ''}`);
  });
  await mount(page, intent.secret);
  await expect(entryFrame(page).getByText(/allow .* to charge your card for future payments/)).toBeVisible();
  await typeCard(page, '4242 4242 4242 4242');
  const result = await confirm(page);
  expect(result.error).toBeUndefined();
  expect(result.setupIntent).toMatchObject({ id: intent.id, status: 'succeeded' });
  expect(await readIntent('setup_intents', intent.id)).toMatchObject({ status: 'succeeded' });
  // The confirmation went from the element's frame (js.stripe.com), form-encoded as Stripe.js sends it.
  expect(sent).toHaveLength(1);
  expect(sent[0]).toMatch(/^https:\/\/js\.stripe\.com\/v3\/elements-inner-payment\.html/);
  expect(sent[0]).toContain('payment_method_data%5Btype%5D=card');
  expect(sent[0]).toContain(`key=${publishableKey}`);
  expect(await page.content()).not.toContain('4242 4242');
});

test('an incomplete card is refused in the frame with Stripe’s messages, and nothing is sent', async ({ page }) => {
  const intent = await setupIntent('card');
  await mount(page, intent.secret);
  await entryFrame(page).getByLabel('Card number').fill('4242 4242 4242 4241');
  const result = await confirm(page);
  expect(result.error).toMatchObject({ type: 'validation_error', code: 'invalid_number' });
  await expect(entryFrame(page).getByText('Your card number is invalid.')).toBeVisible();
  await expect(entryFrame(page).getByText("Your card's security code is incomplete.")).toBeVisible();
  expect(await readIntent('setup_intents', intent.id)).toMatchObject({ status: 'requires_payment_method' });
});

test('a declined card (4000 0000 0000 0002) answers card_declined', async ({ page }) => {
  const intent = await setupIntent('card');
  await mount(page, intent.secret);
  await typeCard(page, '4000 0000 0000 0002');
  const result = await confirm(page);
  expect(result.error).toMatchObject({ type: 'card_error', code: 'card_declined' });
});

test('a card that asks for 3-D Secure shows the double’s challenge, Complete finishes the setup', async ({ page }) => {
  const intent = await setupIntent('card');
  await mount(page, intent.secret);
  await typeCard(page, '4000 0027 6000 3184');
  const confirming = confirm(page);
  const challenge = page.getByRole('dialog', { name: '3D Secure authentication' });
  await expect(challenge).toBeVisible();
  await challenge.frameLocator('iframe').getByRole('button', { name: 'Complete' }).click();
  const result = await confirming;
  expect(result.setupIntent).toMatchObject({ status: 'succeeded' });
  await expect(challenge).toHaveCount(0);
});

test('a failed 3-D Secure challenge answers the authentication failure', async ({ page }) => {
  const intent = await setupIntent('card');
  await mount(page, intent.secret);
  await typeCard(page, '4000 0027 6000 3184');
  const confirming = confirm(page);
  const challenge = page.getByRole('dialog', { name: '3D Secure authentication' });
  await challenge.frameLocator('iframe').getByRole('button', { name: 'Fail' }).click();
  expect((await confirming).error).toMatchObject({ code: 'setup_intent_authentication_failure' });
});

test('a US bank account shows the ACH mandate and is set up with it', async ({ page }) => {
  const intent = await setupIntent('us_bank_account');
  await mount(page, intent.secret, {
    business: { name: 'Acme Supplies' },
    fields: { billingDetails: { name: 'never', email: 'never' } },
  });
  const frame = entryFrame(page);
  await expect(frame.getByTestId('mandate-text')).toContainText(
    'you authorize Acme Supplies to debit the bank account',
  );
  await expect(frame.getByLabel('Full name')).toHaveCount(0);
  await frame.getByLabel('Routing number').fill('110000000');
  await frame.getByLabel('Account number').fill('000123456789');
  await frame.getByLabel('Account type').selectOption('checking');
  const result = await confirm(page, { name: 'Pat Payer', email: 'payer@example.com' });
  expect(result.error).toBeUndefined();
  expect(['succeeded', 'processing']).toContain(result.setupIntent?.status);
  expect(String((await readIntent('setup_intents', intent.id)).mandate)).toMatch(/^mandate_/);
});

test('a SEPA account asks for the IBAN with the SEPA mandate', async ({ page }) => {
  const intent = await setupIntent('sepa_debit');
  await mount(page, intent.secret, { fields: { billingDetails: { name: 'never', email: 'never' } } });
  const frame = entryFrame(page);
  await expect(frame.getByTestId('mandate-text')).toContainText('A refund must be claimed within 8 weeks');
  await frame.getByLabel('IBAN').fill('DE89 3704 0044 0532 0130 00');
  const result = await confirm(page, { name: 'Pat Payer', email: 'payer@example.com' });
  expect(result.error).toBeUndefined();
  expect(['succeeded', 'processing']).toContain(result.setupIntent?.status);
});

test('handleNextAction lets the payer authenticate a PaymentIntent the server confirmed', async ({ page }) => {
  const customer = await stripeApi('/v1/customers', { name: 'Stand-in Payer' });
  const intent = await stripeApi('/v1/payment_intents', {
    amount: '1234',
    currency: 'usd',
    customer: String(customer.id),
    payment_method: 'pm_card_authenticationRequired',
    'allowed_payment_method_types[0]': 'card',
    confirm: 'true',
  });
  expect(intent.status).toBe('requires_action');
  const handling = page.evaluate(([key, secret]) => (window as unknown as Harness).nextAction(key, secret), [
    publishableKey,
    String(intent.client_secret),
  ] as const);
  const challenge = page.getByRole('dialog', { name: '3D Secure authentication' });
  await challenge.frameLocator('iframe').getByRole('button', { name: 'Complete' }).click();
  expect(await handling).toMatchObject({ paymentIntent: { status: 'succeeded' } });
  expect(await readIntent('payment_intents', String(intent.id))).toMatchObject({ status: 'succeeded' });
});
