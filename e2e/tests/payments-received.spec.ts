// Issue 27 §3, Settings → Payments received in the browser: the demo payer pays an invoice, and the administrator
// finds that payment among the payments received (filters, totals per currency, the chart and its table, the
// documents it settled, the exports) and, on a tab of its own, the customers' AutoPay enrolments (issue 29); a
// customer's user sees no link and gets the no-permission page at the address, and turns the monthly statement e-mail
// on and off on the profile. axe runs on every state (checkA11y: at 1280 and at 375 px).
import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { apiAs, checkA11y, demoVisa, expect, signIn, test } from '../fixtures';

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
  await page.getByRole('option', { name: new RegExp(demoVisa) }).click();
  await page.getByLabel('CVV').fill('123');
  await page.getByTestId('pay-button').click();
  await expect(page.getByTestId('payment-status-banner')).toContainText('Payment Success', { timeout: 30_000 });
  return invoice;
}

test('an admin finds the payment the demo payer just made among the payments received', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const payer = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
  const invoice = await payOneInvoice(payer);
  await payer.context().close();

  await signIn(page, 'admin@example.com');
  // Issue 38: Payments received is under Receivables now (the administrator's Receivables opens Collections first),
  // at the address it had under Settings.
  await page.getByRole('link', { name: 'Receivables', exact: true }).first().click();
  await page.getByRole('navigation', { name: 'Receivables' }).getByRole('link', { name: 'Payments received' }).click();
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
  // The acknowledgement's column; the last one holds the row's actions (issue 37).
  await expect(row.getByRole('cell').nth(8)).toHaveText('No');
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

  // The payer enrols an account in AutoPay and cancels at once (its maximum, 0.07, would leave every invoice to a
  // person anyway): the administrator reads who, which account, the maximum and why it stopped.
  const { api, headers } = await apiAs(baseURL!, 'payer@example.com');
  const account = { customer_number: '100001', company_code: '1000' };
  const methods = await api.get('/api/customer/payment_cards', { headers, params: account });
  const visa = (
    (await methods.json()) as { payment_cards: { payment_card_token: string; payment_card_type: string }[] }
  ).payment_cards.find((card) => card.payment_card_type === 'VISA')!;
  const enrolled = await api.put('/api/autopay', {
    headers,
    data: { payer_data: account, ...visa, days_before_due: 2, max_amount: '0.07' },
  });
  expect(enrolled.ok(), await enrolled.text()).toBe(true);
  const { id } = (await enrolled.json()) as { id: string };
  expect((await api.delete(`/api/autopay/${id}`, { headers })).ok()).toBe(true);
  await api.dispose();

  await page.getByRole('tab', { name: 'AutoPay enrolments' }).click();
  await expect(page).toHaveURL(/\?tab=autopay$/);
  const enrolment = page.getByTestId('autopay-enrolment').filter({ hasText: '$0.07' });
  await expect(enrolment).toHaveCount(1);
  await expect(enrolment).toContainText('payer@example.com');
  await expect(enrolment).toContainText('100001 (1000)');
  await expect(enrolment).toContainText('Stopped');
  await expect(enrolment).toContainText('Cancelled in the portal');
  await checkA11y(page);
});

test('a customer user sets the monthly statement, sees no link to payments received and is refused at its address', async ({
  page,
}) => {
  await signIn(page, 'payer@example.com');
  await page.goto('/settings/profile');
  const nav = page.getByRole('navigation', { name: 'Settings' });
  await expect(nav.getByRole('link').first()).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Payments received' })).toHaveCount(0);

  // Issue 29: the monthly statement e-mail, saved at once and still on after a reload; then off again.
  const monthly = page.getByRole('switch', { name: 'E-mail me a monthly statement' });
  await expect(monthly).not.toBeChecked();
  await monthly.check();
  await expect(page.getByText('Your monthly statement setting is saved.')).toBeVisible();
  await page.reload();
  await expect(monthly).toBeChecked();
  await checkA11y(page);
  await monthly.uncheck();
  await expect(page.getByText('Your monthly statement setting is saved.')).toBeVisible();
  await expect(monthly).not.toBeChecked();

  await page.goto('/settings/payments-received');
  await expect(page.getByRole('heading', { level: 1, name: 'No permission' })).toBeVisible();
  await expect(page.getByTestId('received-table')).toHaveCount(0);
  await checkA11y(page);
});
