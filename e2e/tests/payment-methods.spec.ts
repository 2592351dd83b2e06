import type { Page } from '@playwright/test';
import { checkA11y, demoMethods, expect, signIn, stripeGateway, test, visit } from '../fixtures';

async function choose(page: Page, label: RegExp | string, option: string) {
  await page.getByRole('dialog').getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

async function fillCard(page: Page, card: { type: string; number: string; cvv: string; name: string }) {
  await page.getByRole('button', { name: 'Add card' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('heading', { name: 'Add card' })).toBeVisible();
  await choose(page, /card type/i, card.type);
  const frame = page.frameLocator('iframe[title^="Card number and security code"]');
  await frame.getByLabel('Card number').fill(card.number);
  await frame.getByLabel('Security code (CVV)').fill(card.cvv);
  await dialog.getByLabel('Name on card').fill(card.name);
  await choose(page, /expiration month/i, '12');
  await choose(page, /expiration year/i, String(new Date().getFullYear() + 2));
}

test.beforeEach(async ({ page }) => {
  await signIn(page, 'payer@example.com');
  await visit(page, '/settings/payment-methods');
  await expect(page.getByRole('heading', { name: 'Payment methods', level: 1 })).toBeVisible();
});

test('the demo payer has a saved default Visa and an e-check', async ({ page }) => {
  const visa = page.getByTestId('payment-method').filter({ hasText: `Visa ending ${demoMethods.visaLastFour}` });
  await expect(visa).toContainText('Default');
  await page.getByRole('tab', { name: 'My eChecks' }).click();
  await expect(page.getByTestId('payment-method').filter({ hasText: 'eCheck ending 6789' })).toContainText(
    demoMethods.echeckRouting,
  );
  await checkA11y(page);
});

test('adds a Visa through the hosted frame, makes it default, renames and deletes it', async ({ page }) => {
  test.skip(stripeGateway, 'the sandbox frame and its test numbers; stripe-payments.spec.ts covers Stripe');
  await fillCard(page, { type: 'Visa', number: '4242424242424242', cvv: '123', name: 'Travel card' });
  await checkA11y(page);
  await page.getByRole('dialog').getByRole('button', { name: 'Save' }).click();
  // 3-D Secure is on for company code 1000: a frictionless card goes to the provider and straight back.
  const added = page.getByTestId('payment-method').filter({ hasText: 'Visa ending 4242' });
  await expect(added).toBeVisible();
  await expect(page).toHaveURL(/\/settings\/payment-methods$/);
  await expect(added).toContainText('Travel card');

  await page.getByRole('button', { name: 'Set Visa ending 4242 as default' }).click();
  await expect(added).toContainText('Default');
  await expect(
    page.getByTestId('payment-method').filter({ hasText: `Visa ending ${demoMethods.visaLastFour}` }),
  ).not.toContainText('Default');

  await page.getByRole('button', { name: 'Edit Visa ending 4242' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByLabel('Card number')).toBeDisabled();
  await dialog.getByLabel('Name on card').fill('Company travel card');
  await checkA11y(page);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(added).toContainText('Company travel card');

  await page.getByRole('button', { name: 'Delete Visa ending 4242' }).click();
  await expect(page.getByRole('dialog')).toContainText('Delete Visa ending 4242? This cannot be undone.');
  await checkA11y(page);
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(added).toHaveCount(0);
});

test('refuses an invalid card number in the frame', async ({ page }) => {
  test.skip(stripeGateway, 'the sandbox frame and its test numbers; stripe-payments.spec.ts covers Stripe');
  await fillCard(page, { type: 'Visa', number: '4111 1111 1111 1112', cvv: '123', name: 'Wrong' });
  await page.getByRole('dialog').getByRole('button', { name: 'Save' }).click();
  const frame = page.frameLocator('iframe[title^="Card number and security code"]');
  await expect(frame.getByText('Invalid credit card number')).toBeVisible();
  await expect(frame.getByLabel('Card number')).toHaveAttribute('aria-invalid', 'true');
});

test('a 3-D Secure test card goes through the challenge page and comes back saved', async ({ page }) => {
  test.skip(stripeGateway, 'the sandbox frame and its test numbers; stripe-payments.spec.ts covers Stripe');
  await fillCard(page, { type: 'Visa', number: '4000 0000 0000 1091', cvv: '123', name: 'Challenge card' });
  await page.getByRole('dialog').getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('heading', { name: '3-D Secure authentication (sandbox)' })).toBeVisible();
  await checkA11y(page);
  await page.getByLabel('One-time code').fill('1234');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page).toHaveURL(/\/settings\/payment-methods$/);
  await expect(page.getByTestId('payment-method').filter({ hasText: 'Visa ending 1091' })).toBeVisible();
});

test('adds an e-check whose account number is typed in the frame', async ({ page }) => {
  test.skip(stripeGateway, 'the sandbox frame and its test numbers; stripe-payments.spec.ts covers Stripe');
  await page.getByRole('tab', { name: 'My eChecks' }).click();
  await page.getByRole('button', { name: 'Add eCheck' }).click();
  const dialog = page.getByRole('dialog');
  await choose(page, /account type/i, 'Personal checking');
  await dialog.getByLabel('Check holder name').fill('Pat Payer');
  await dialog.getByLabel('Routing number').fill('021000021');
  await page.frameLocator('iframe[title^="Bank account number"]').getByLabel('Account number').fill('555000123');
  await checkA11y(page);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByTestId('payment-method').filter({ hasText: 'eCheck ending 0123' })).toContainText('021000021');
});
