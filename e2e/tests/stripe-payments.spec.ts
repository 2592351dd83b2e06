// Issue 36, browser part with Stripe (PAYMENT_GATEWAY=stripe node e2e/run.mjs): the payer saves methods in Stripe's
// Payment Element (the Stripe.js stand-in of e2e/stripe-js against the Stripe test double) — a card, a card whose
// issuer asks for 3-D Secure, a declined card, a US bank account with its mandate — then pays invoices with the card,
// through the issuer's challenge (passed and failed) and with the bank account (processing until the bank
// confirms), makes a deposit and pays as a guest. axe runs on every screen (at 1280 and 375 px, fixtures.ts) and
// each screen with Stripe's component is saved as a screenshot at both widths (e2e/.artifacts/screenshots/stripe).
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FrameLocator, Locator, Page } from '@playwright/test';
import {
  apiAs,
  checkA11y,
  expect,
  findOpenInvoice,
  narrowWidth,
  signIn,
  stripeGateway,
  switchLanguage,
  test,
  visit,
} from '../fixtures';

test.skip(!stripeGateway, 'runs with PAYMENT_GATEWAY=stripe (the Stripe test double and the Stripe.js stand-in)');
test.describe.configure({ mode: 'serial' });

const screenshotDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../.artifacts/screenshots/stripe');
const expiry = `12 / ${String(new Date().getFullYear() + 3).slice(2)}`;

/** The screen as it is, at 1280 px and at a phone's width, full page; the width is put back. */
async function screenshots(page: Page, name: string): Promise<void> {
  const size = page.viewportSize()!;
  for (const width of [1280, narrowWidth]) {
    await page.setViewportSize({ width, height: size.height });
    // Stripe's frame reports its new height; the page lays out again.
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    await page.screenshot({ path: path.join(screenshotDir, `${name}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize(size);
}

const stripeElement = (scope: Page | Locator): FrameLocator =>
  scope.frameLocator('iframe[title="Secure payment input frame"]');

const challenge = (page: Page) => page.getByRole('dialog', { name: '3D Secure authentication' });

async function answerChallenge(page: Page, button: 'Complete' | 'Fail'): Promise<void> {
  await expect(challenge(page)).toBeVisible({ timeout: 30_000 });
  await challenge(page).frameLocator('iframe').getByRole('button', { name: button }).click();
  await expect(challenge(page)).toHaveCount(0);
}

async function openMethods(page: Page): Promise<void> {
  await visit(page, '/settings/payment-methods');
  await expect(page.getByRole('heading', { name: 'Payment methods', level: 1 })).toBeVisible();
}

/** The card dialog with Stripe: the element takes number, expiry and CVC; the portal asks only for the name. */
async function typeCard(page: Page, number: string, name: string): Promise<Locator> {
  await page.getByRole('button', { name: 'Add card' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add card' });
  const element = stripeElement(dialog);
  await element.getByLabel('Card number').fill(number);
  await element.getByLabel('Expiration date').fill(expiry);
  await element.getByLabel('Security code').fill('123');
  await dialog.getByLabel('Name on card').fill(name);
  return dialog;
}

async function selectInvoices(page: Page, indexes: number[]): Promise<void> {
  await page.getByRole('link', { name: 'Invoices' }).first().click();
  await expect(page.getByTestId('found-count')).toBeVisible();
  const boxes = page.getByRole('checkbox', { name: /^Select invoice/ });
  for (const index of indexes) await boxes.nth(index).check();
  await page.getByRole('link', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/invoices\/pay$/);
}

async function payWith(page: Page, method: RegExp): Promise<void> {
  await page.getByRole('combobox', { name: 'Pay with' }).click();
  await page.getByRole('option', { name: method }).click();
  // Stripe does not re-collect the CVC of a saved card (ADR 0031); a company code that still asks gets one.
  const cvv = page.getByLabel('CVV');
  if ((await cvv.count()) > 0) await cvv.fill('123');
}

const banner = (page: Page) => page.getByTestId('payment-status-banner');

// The portal's CSP with Stripe on (js.stripe.com scripts and frames, hooks.stripe.com frames, api.stripe.com calls)
// lets everything the Stripe.js stand-in does through, and refuses nothing else it asks for.
let cspViolations: string[] = [];
test.beforeEach(({ page }) => {
  cspViolations = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) cspViolations.push(message.text());
  });
});
test.afterEach(() => {
  expect(cspViolations).toEqual([]);
});

test.describe('a payer', () => {
  test.beforeEach(async ({ page }) => {
    await signIn(page, 'payer@example.com');
    await expect(page).toHaveURL(/\/invoices$/);
  });

  test('saves a Visa typed in Stripe’s Payment Element, without the type and expiry fields of the sandbox', async ({
    page,
  }) => {
    await openMethods(page);
    // Not 4242: the demo payer's saved Visa is Stripe's 4242 already (the ERP would say it exists).
    const dialog = await typeCard(page, '4000 0566 5566 5556', 'Stripe Visa');
    await expect(dialog.getByRole('combobox', { name: /card type/i })).toHaveCount(0);
    await expect(dialog.getByRole('combobox', { name: /expiration month/i })).toHaveCount(0);
    await expect(dialog.getByLabel('Save on file')).toBeChecked();
    await checkA11y(page);
    await screenshots(page, 'card-dialog');
    await dialog.getByRole('button', { name: 'Save' }).click();
    const saved = page.getByTestId('payment-method').filter({ hasText: 'Visa ending 5556' });
    await expect(saved).toContainText('Stripe Visa');
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });

  test('saves a card whose issuer asks for 3-D Secure once the payer completes the challenge', async ({ page }) => {
    await openMethods(page);
    const dialog = await typeCard(page, '4000 0027 6000 3184', 'Stripe 3DS Card');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(challenge(page)).toBeVisible({ timeout: 30_000 });
    await checkA11y(page);
    await screenshots(page, 'card-three-d-secure');
    await answerChallenge(page, 'Complete');
    await expect(page.getByTestId('payment-method').filter({ hasText: 'Visa ending 3184' })).toContainText(
      'Stripe 3DS Card',
    );
  });

  test('tells the payer a declined card (4000 0000 0000 0002) was not saved', async ({ page }) => {
    await openMethods(page);
    const dialog = await typeCard(page, '4000 0000 0000 0002', 'Declined Card');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(
      dialog.getByRole('alert').filter({ hasText: 'The card was declined and was not saved.' }),
    ).toBeVisible();
    await checkA11y(page);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByTestId('payment-method').filter({ hasText: 'ending 0002' })).toHaveCount(0);
  });

  test("the card dialog with Stripe's element reads in each of the portal's 8 languages, axe clean", async ({
    page,
  }) => {
    await openMethods(page);
    await page.getByRole('button', { name: 'Add card' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add card' });
    await expect(stripeElement(dialog).getByLabel('Card number')).toBeVisible();
    // The element follows the portal's language in place (Elements' locale), what was typed stays.
    for (const language of ['fr', 'de', 'es', 'it', 'ja', 'pt', 'ru', 'en']) {
      expect(await switchLanguage(page, language)).toBe(true);
      await expect(page.getByRole('dialog')).toBeVisible();
      await checkA11y(page);
      await screenshots(page, `card-dialog-${language}`);
    }
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });

  test('saves a US bank account with the ACH mandate shown, and tells its mandate reference', async ({
    page,
    baseURL,
  }) => {
    // Stripe has one approving ACH test account (000123456789), which the demo payer saved already: it leaves first,
    // so that the account is added again here (the ERP would say it exists).
    const { api, headers } = await apiAs(baseURL!, 'payer@example.com');
    const account = { customer_number: '100001', company_code: '1000' };
    const listed = (await (await api.get('/api/customer/payment_cards', { headers, params: account })).json()) as {
      payment_cards: Array<Record<string, string>>;
    };
    const demoAccount = listed.payment_cards.find((card) => card.payment_card_type === 'EC');
    if (demoAccount) {
      const removed = await api.post('/api/payment-methods/manage', {
        headers,
        data: { payer_data: account, action: '03', payment_cards: [demoAccount], log: { id: 'DEL_PAYMENT_CARD' } },
      });
      expect(removed.ok(), await removed.text()).toBe(true);
    }
    await api.dispose();
    await openMethods(page);
    await page.getByRole('tab', { name: 'My eChecks' }).click();
    await page.getByRole('button', { name: 'Add eCheck' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add eCheck' });
    // The element asks for the account; the portal keeps only the holder's name.
    await expect(dialog.getByLabel('Routing number')).toHaveCount(0);
    const element = stripeElement(dialog);
    await expect(element.getByTestId('mandate-text')).toContainText('to debit the bank account');
    await element.getByLabel('Routing number').fill('110000000');
    await element.getByLabel('Account number').fill('000123456789');
    await element.getByLabel('Account type').selectOption('checking');
    await dialog.getByLabel('Check holder name').fill('Stripe Checking');
    await checkA11y(page);
    await screenshots(page, 'bank-account-dialog');
    const tokenized = page.waitForResponse((response) => response.url().endsWith('/api/tokenization/response'));
    await dialog.getByRole('button', { name: 'Save' }).click();
    // The mandate the payer accepted, as the server kept it: its reference is told.
    const { mandate } = (await (await tokenized).json()) as { mandate: { reference: string } | null };
    expect(mandate?.reference).toBeTruthy();
    await expect(page.getByRole('alert').filter({ hasText: `Mandate ${mandate!.reference}, accepted` })).toBeVisible();
    await expect(page.getByTestId('payment-method').filter({ hasText: 'Stripe Checking' })).toContainText('110000000');
    await checkA11y(page);
  });

  test('pays two invoices with the saved Visa 5556', async ({ page }) => {
    await selectInvoices(page, [0, 1]);
    await payWith(page, /Stripe Visa/);
    await page.getByTestId('pay-button').click();
    await expect(page).toHaveURL(/\/invoices\/payment-status$/, { timeout: 30_000 });
    await expect(banner(page)).toContainText('Payment Success');
    await expect(page.getByRole('row').filter({ hasText: 'Success' })).toHaveCount(2);
    await expect(page.getByText('VISA 5556')).toBeVisible();
    await checkA11y(page);
    await screenshots(page, 'status-success');
  });

  test('pays with the 3-D Secure card: the issuer asks, the payer completes, the invoice is paid', async ({ page }) => {
    await selectInvoices(page, [0]);
    await payWith(page, /Stripe 3DS Card/);
    await page.getByTestId('pay-button').click();
    await expect(challenge(page)).toBeVisible({ timeout: 30_000 });
    await checkA11y(page);
    await screenshots(page, 'pay-three-d-secure');
    await answerChallenge(page, 'Complete');
    await expect(page).toHaveURL(/\/invoices\/payment-status$/, { timeout: 30_000 });
    await expect(banner(page)).toContainText('Payment Success');
    await expect(page.getByText('VISA 3184')).toBeVisible();
  });

  test('a failed 3-D Secure challenge is told on the status page, and nothing is paid', async ({ page }) => {
    await selectInvoices(page, [0]);
    await payWith(page, /Stripe 3DS Card/);
    await page.getByTestId('pay-button').click();
    await answerChallenge(page, 'Fail');
    await expect(page).toHaveURL(/\/invoices\/payment-status$/, { timeout: 30_000 });
    await expect(banner(page)).toContainText('Authentication failed');
    await expect(banner(page)).toContainText('nothing was charged');
    await expect(page.getByRole('row').filter({ hasText: 'Success' })).toHaveCount(0);
    await checkA11y(page);
    await screenshots(page, 'status-authentication-failed');
  });

  test('pays an invoice with the bank account: processing until the bank confirms it', async ({ page }) => {
    await selectInvoices(page, [0]);
    await payWith(page, /Stripe Checking/);
    await expect(page.getByLabel('CVV')).toHaveCount(0);
    await page.getByTestId('pay-button').click();
    await expect(page).toHaveURL(/\/invoices\/payment-status$/, { timeout: 30_000 });
    await expect(banner(page)).toContainText('Bank payment processing');
    await expect(banner(page)).toContainText('usually within 4 business days');
    await expect(page.getByTestId('payment-result').first()).toHaveText('In process');
    await checkA11y(page);
    await screenshots(page, 'status-processing');
  });

  test('makes a deposit with the 3-D Secure card through the challenge', async ({ page }) => {
    await page.getByRole('link', { name: 'Deposits' }).first().click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Make a deposit');
    await page.getByRole('combobox', { name: /^Reason/ }).click();
    await page.getByRole('option', { name: /^DP - Down payment/ }).click();
    await page.getByTestId('deposit-amount').fill('42.00');
    await payWith(page, /Stripe 3DS Card/);
    // Stripe asks inside the charge: the portal's own 3-D Secure note and step are not there.
    await expect(page.getByTestId('deposit-three-ds-note')).toHaveCount(0);
    await page.getByTestId('deposit-pay-button').click();
    await answerChallenge(page, 'Complete');
    await expect(page).toHaveURL(/\/deposits\/payment-status$/, { timeout: 30_000 });
    await expect(banner(page)).toContainText('Payment Success');
    await expect(page.getByText('$42.00').first()).toBeVisible();
  });
});

test.describe('a guest', () => {
  test('pays an invoice by card in Stripe’s Payment Element', async ({ page, baseURL }) => {
    const triple = await findOpenInvoice(baseURL!);
    await visit(page, '/guest-payment/guestpayment');
    await page.getByLabel('Account number').fill(triple.account);
    await page.getByLabel('Invoice number').fill(triple.invoice);
    await page.getByLabel('Invoice amount').fill(triple.amount);
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByLabel('First name').fill('Gia');
    await page.getByLabel('Last name').fill('Guest');
    await page.getByLabel('E-mail').fill('gia.guest@example.org');
    await page.getByLabel('Name on card').fill('Gia Guest');
    await expect(page.getByRole('combobox', { name: /card type/i })).toHaveCount(0);
    const element = stripeElement(page);
    await element.getByLabel('Card number').fill('4242 4242 4242 4242');
    await element.getByLabel('Expiration date').fill(expiry);
    await element.getByLabel('Security code').fill('123');
    await checkA11y(page);
    await screenshots(page, 'guest-pay-form');
    await page.getByTestId('guest-pay-button').click();
    await expect(page).toHaveURL(/\/guest-payment\/guest-payment-status$/, { timeout: 30_000 });
    await expect(banner(page)).toContainText('Payment Success');
    await expect(page.getByText('VISA 4242')).toBeVisible();
  });
});
