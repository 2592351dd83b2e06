// Issue 27 §3, Settings → Payments received in the browser: the demo payer pays an invoice, and the administrator
// finds that payment among the payments received (filters, totals per currency, the chart and its table, the
// documents it settled, the exports); a customer's user sees no link and gets the no-permission page at the address.
// axe runs on every state (checkA11y: at 1280 and at 375 px).
import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { checkA11y, expect, signIn, test } from '../fixtures';

test.use({ viewport: { width: 1280, height: 900 } });

/** Pays one invoice in full with the payer's saved Visa; answers its number as the list shows it (no zeros). */
async function payOneInvoice(page: Page): Promise<string> {
  await signIn(page, 'payer@example.com');
  await expect(page).toHaveURL(/\/invoices$/);
  await expect(page.getByTestId('found-count')).toBeVisible();
  // Not the first invoices of the list: the payments spec pays those.
  const box = page.getByRole('checkbox', { name: /^Select invoice/ }).nth(9);
  const invoice = (await box.getAttribute('aria-label'))!.replace('Select invoice ', '');
  await box.check();
  await page.getByRole('link', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/invoices\/pay$/);
  await page.getByRole('combobox', { name: 'Pay with' }).click();
  await page.getByRole('option', { name: /VISA 1111/ }).click();
  await page.getByLabel('CVV').fill('123');
  await page.getByTestId('pay-button').click();
  await expect(page.getByTestId('payment-status-banner')).toContainText('Payment Success', { timeout: 30_000 });
  return invoice;
}

test('an admin finds the payment the demo payer just made among the payments received', async ({ page, browser }) => {
  test.setTimeout(180_000);
  const payer = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
  const invoice = await payOneInvoice(payer);
  await payer.context().close();

  await signIn(page, 'admin@example.com');
  await page.getByRole('link', { name: 'Settings', exact: true }).first().click();
  await page.getByRole('navigation', { name: 'Settings' }).getByRole('link', { name: 'Payments received' }).click();
  await expect(page).toHaveURL(/\/settings\/payments-received$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Payments received' })).toBeVisible();
  await expect(page.getByTestId('received-total').filter({ hasText: 'USD' })).toBeVisible();
  await checkA11y(page);

  // The payer's invoice payments by Visa, not yet acknowledged by the ERP.
  await page.getByRole('textbox', { name: 'Payer' }).fill('100001');
  await page.getByRole('combobox', { name: 'Kind' }).click();
  await page.getByRole('option', { name: 'Invoice payment' }).click();
  await page.getByRole('combobox', { name: 'Method' }).click();
  await page.getByRole('option', { name: 'Visa' }).click();
  await page.getByRole('combobox', { name: 'Acknowledged' }).click();
  await page.getByRole('option', { name: 'Not acknowledged' }).click();
  await page.getByRole('button', { name: 'Apply' }).click();

  const row = page.getByTestId('received-row').filter({ has: page.locator('li', { hasText: `${invoice}:` }) });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Invoice payment');
  await expect(row).toContainText('Visa');
  await expect(row.getByRole('cell').last()).toHaveText('No');
  const documents = row.getByRole('button', { name: /document/ });
  await expect(documents).toHaveAttribute('aria-expanded', 'false');
  await documents.click();
  await expect(documents).toHaveAttribute('aria-expanded', 'true');
  await expect(row.locator('li', { hasText: `${invoice}:` })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Payments received' })).toBeVisible();

  // The chart is an image with a summary, and its figures are a table one click away.
  await expect(page.getByRole('img', { name: /Bar chart of the amounts received per day in USD/ })).toBeVisible();
  await page.getByRole('button', { name: 'Show the figures as a table' }).click();
  await expect(page.getByRole('table', { name: 'Amounts per day in USD' })).toBeVisible();
  await checkA11y(page);

  // A period the server would refuse is named at its field, and nothing is searched.
  await page.getByLabel('From (UTC)').fill('2020-01-01');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByText('The period can be at most 366 days long.')).toBeVisible();
  await checkA11y(page);
  await page.getByLabel('From (UTC)').fill('');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(row).toHaveCount(1);

  const csv = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const file = await csv;
  expect(file.suggestedFilename()).toBe('PaymentsReceived.csv');
  const text = await readFile((await file.path())!, 'utf8');
  expect(text).toContain(invoice);
  expect(text.split('\r\n')[0]).toContain('Posted at (UTC)');
  const xlsx = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export Excel' }).click();
  expect((await xlsx).suggestedFilename()).toBe('PaymentsReceived.xlsx');
});

test('a customer user sees no link to payments received and is refused at its address', async ({ page }) => {
  await signIn(page, 'payer@example.com');
  await page.goto('/settings/profile');
  const nav = page.getByRole('navigation', { name: 'Settings' });
  await expect(nav.getByRole('link').first()).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Payments received' })).toHaveCount(0);
  await page.goto('/settings/payments-received');
  await expect(page.getByRole('heading', { level: 1, name: 'No permission' })).toBeVisible();
  await expect(page.getByTestId('received-table')).toHaveCount(0);
  await checkA11y(page);
});
