// Issue 6, browser part of guest payment: a signed-out guest finds an invoice of the demo ledger by account number,
// invoice number and amount, pays it by card in the hosted frame (3-D Secure frictionless: a redirect to the
// provider and back) and sees the status page; a wrong amount shows the error screen and clears; the form's checks.
// The lookup is rate-limited per address (GUEST_LOOKUP_MAX_PER_ADDRESS, 10 per 15 minutes by default): these tests
// make two lookups in all.
import type { Page } from '@playwright/test';
import { checkA11y, expect, findOpenInvoice, stripeGateway, test, visit, type OpenInvoice } from '../fixtures';

const GUEST_PATH = '/guest-payment/guestpayment';

async function lookUp(page: Page, triple: OpenInvoice): Promise<void> {
  await page.getByLabel('Account number').fill(triple.account);
  await page.getByLabel('Invoice number').fill(triple.invoice);
  await page.getByLabel('Invoice amount').fill(triple.amount);
  await page.getByRole('button', { name: 'Next' }).click();
}

test('a guest finds an open invoice, pays it by card through 3-D Secure and sees the status page', async ({
  page,
  baseURL,
}) => {
  test.skip(stripeGateway, 'the sandbox frame and its test numbers; stripe-payments.spec.ts covers Stripe');
  test.setTimeout(120_000);
  const triple = await findOpenInvoice(baseURL!);

  await visit(page, '/signin');
  await page.getByRole('link', { name: 'Pay as guest' }).click();
  await expect(page).toHaveURL(new RegExp(`${GUEST_PATH}$`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Guest payment');
  await checkA11y(page);

  await lookUp(page, triple);
  const card = page.getByTestId('guest-invoice');
  await expect(card.getByRole('heading', { name: `Invoice ${triple.invoice}` })).toBeVisible();
  await expect(card.getByTestId('guest-open-amount')).toContainText('Open');
  await expect(page.getByTestId('guest-pay-amount')).toHaveValue(triple.amount);
  await checkA11y(page);

  await page.getByLabel('First name').fill('Gia');
  await page.getByLabel('Last name').fill('Guest');
  await page.getByLabel('E-mail').fill('gia.guest@example.org');
  await page.getByRole('combobox', { name: /card type/i }).click();
  await page.getByRole('option', { name: 'Visa', exact: true }).click();
  await page.getByLabel('Name on card').fill('Gia Guest');
  const frame = page.frameLocator('iframe[title^="Card number and security code"]');
  await frame.getByLabel('Card number').fill('4111 1111 1111 1111');
  await frame.getByLabel('Security code (CVV)').fill('123');
  await page.getByRole('combobox', { name: /expiration month/i }).click();
  await page.getByRole('option', { name: '12', exact: true }).click();
  await page.getByRole('combobox', { name: /expiration year/i }).click();
  await page.getByRole('option', { name: String(new Date().getFullYear() + 2), exact: true }).click();
  await checkA11y(page);

  // A double click submits once (the button is disabled while submitting).
  await page.getByTestId('guest-pay-button').dblclick();
  await expect(page).toHaveURL(/\/guest-payment\/guest-payment-status$/, { timeout: 30_000 });
  await expect(page.getByTestId('payment-status-banner')).toContainText('Payment Success');
  await expect(page.getByTestId('guest-receipt-note')).toHaveText('A receipt has been sent to gia.guest@example.org.');
  await expect(page.getByText('VISA 1111')).toBeVisible();
  await checkA11y(page);

  // The result is kept in local storage: a reload still shows it.
  await page.reload();
  await expect(page.getByTestId('payment-status-banner')).toContainText('Payment Success');
  await expect(page.getByRole('link', { name: 'Back' })).toHaveAttribute('href', GUEST_PATH);
});

test('a wrong amount shows the error screen, whose clear action returns to an empty form', async ({ page }) => {
  await visit(page, GUEST_PATH);
  await lookUp(page, { account: '100001', invoice: '90000521', amount: '1.00' });
  const error = page.getByTestId('guest-lookup-error');
  await expect(error).toContainText('No account was found with these details.');
  await expect(page.getByTestId('guest-lookup-form')).toHaveCount(0);
  await checkA11y(page);

  await page.getByRole('button', { name: 'Clear and try again' }).click();
  await expect(page.getByTestId('guest-lookup-form')).toBeVisible();
  for (const label of ['Account number', 'Invoice number', 'Invoice amount'])
    await expect(page.getByLabel(label)).toHaveValue('');
});

test('the lookup form names each missing field and the amount refuses the letter e', async ({ page }) => {
  await visit(page, GUEST_PATH);
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText('Account number is required.', { exact: true })).toBeVisible();
  await expect(page.getByText('Invoice number is required.', { exact: true })).toBeVisible();
  await expect(page.getByText('Invoice amount is required. Numeric values only.', { exact: true })).toBeVisible();
  await checkA11y(page);

  await page.getByLabel('Account number').fill('ACME');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText('Account number is required. Numeric values only.', { exact: true })).toBeVisible();

  const amount = page.getByLabel('Invoice amount');
  await amount.pressSequentially('12e5.5E0');
  await expect(amount).toHaveValue('125.50');
});
