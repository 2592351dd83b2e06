// Issue 3, browser part: the invoice list, detail, PDFs, exports, account switching and the card layout.
import { readFileSync } from 'node:fs';
import type { Locator, Page } from '@playwright/test';
import { checkA11y, expect, signIn, test } from '../fixtures';

/** "$1,234.56" / "-$12.00" → cents, for comparing with the selected total. */
function cents(text: string): number {
  const negative = /-|−|\(/.test(text);
  const digits = text.replace(/[^\d.]/g, '');
  const [whole = '0', fraction = ''] = digits.split('.');
  const value = Number(whole) * 100 + Number(fraction.padEnd(2, '0').slice(0, 2));
  return negative ? -value : value;
}

/** The list's table (the aging chart beside it has a table of its own, for screen readers). */
const invoiceTable = (page: Page): Locator => page.getByRole('table', { name: 'Invoices and credits', exact: true });
const invoiceRows = (page: Page): Locator => invoiceTable(page).locator('tbody tr');

async function columnIndex(page: Page, name: string): Promise<number> {
  const headers = await invoiceTable(page).getByRole('columnheader').allInnerTexts();
  const index = headers.findIndex((text) => text.trim() === name);
  expect(index, `column ${name}`).toBeGreaterThanOrEqual(0);
  return index;
}

async function chooseOption(page: Page, field: Locator, option: string | RegExp): Promise<void> {
  await field.click();
  await page.getByRole('option', { name: option }).click();
}

async function waitForRows(page: Page): Promise<void> {
  await expect(page.getByTestId('found-count')).toBeVisible();
  await expect(invoiceRows(page).first()).toBeVisible();
}

test('payer filters, sorts, selects, opens a detail, downloads a PDF and an Excel file', async ({ page, context }) => {
  // Several axe runs over a full page of rows.
  test.setTimeout(150_000);
  await signIn(page, 'payer@example.com');
  await expect(page).toHaveURL(/\/invoices$/);
  await waitForRows(page);
  await expect(page.getByTestId('totals')).toContainText('Balance');
  await checkA11y(page);

  // The rows go into the page ten at a time, up to one page of 50: never more than one page in the DOM.
  const found = Number((await page.getByTestId('found-count').innerText()).replace(/\D/g, ''));
  await expect.poll(() => invoiceRows(page).count()).toBe(Math.min(found, 50));
  expect(await invoiceRows(page).count()).toBeLessThanOrEqual(100);

  // Filter: open items due up to today are all overdue or due today.
  await chooseOption(page, page.getByRole('combobox', { name: 'Due', exact: true }), 'Due up to');
  await expect(page.getByLabel('Due up to date')).toBeVisible();
  await waitForRows(page);
  const dueIndex = await columnIndex(page, 'Due date');
  const firstDue = await invoiceRows(page).first().locator('td').nth(dueIndex).innerText();
  expect(firstDue).toMatch(/\d{2}-\d{2}-\d{4}/);
  await chooseOption(page, page.getByRole('combobox', { name: 'Due', exact: true }), 'Show All');

  // Items: paid in a year instead of open (a radio group, by keyboard too), then back to the open items.
  const items = page.getByRole('radiogroup', { name: 'Items' });
  await items.getByRole('radio', { name: 'Paid (Cleared)' }).check();
  await expect(page.getByRole('combobox', { name: 'Year paid' })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Due', exact: true })).toHaveCount(0);
  await items.getByRole('radio', { name: 'Paid (Cleared)' }).press('ArrowUp');
  await expect(items.getByRole('radio', { name: 'Open' })).toBeChecked();
  await expect(page.getByRole('combobox', { name: 'Due', exact: true })).toBeVisible();
  await waitForRows(page);

  // Sort: highest amount first.
  await chooseOption(page, page.getByRole('combobox', { name: 'Sort by' }), 'Amount, highest first');
  await waitForRows(page);
  const amountIndex = await columnIndex(page, 'Amount');
  await expect
    .poll(async () => {
      const amounts = await invoiceRows(page).evaluateAll(
        (rows, index) => rows.slice(0, 5).map((row) => row.querySelectorAll('td')[index]?.textContent ?? ''),
        amountIndex,
      );
      const values = amounts.map(cents);
      return values.every((value, i) => i === 0 || (values[i - 1] ?? 0) >= value);
    })
    .toBe(true);

  // Select two invoices: the running total is their sum.
  const checkboxes = page.getByRole('checkbox', { name: /^Select invoice / });
  await checkboxes.nth(0).check();
  await checkboxes.nth(1).check();
  await expect(page.getByTestId('selection-bar')).toContainText('Selected: 2');
  const firstTwo = await invoiceRows(page).evaluateAll(
    (rows, index) =>
      rows
        .filter((row) => (row.querySelector('input[type=checkbox]') as HTMLInputElement | null)?.checked)
        .map((row) => row.querySelectorAll('td')[index]?.textContent ?? ''),
    amountIndex,
  );
  expect(firstTwo).toHaveLength(2);
  const expected = firstTwo.map(cents).reduce((a, b) => a + b, 0);
  expect(cents(await page.getByTestId('selected-total').innerText())).toBe(expected);
  await checkA11y(page);

  // A PDF: the signed URL opens in a new tab and serves a real PDF.
  const pdfButton = page.getByRole('button', { name: /^Open PDF of document / }).first();
  // The signed URL is short-lived (and may be single-use): read the tab's own answer.
  const pdfAnswer = context.waitForEvent('response', (response) => response.url().includes('/api/invoice/pdf/'));
  const [pdfTab] = await Promise.all([context.waitForEvent('page'), pdfButton.click()]);
  const pdf = await pdfAnswer;
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()['content-type']).toContain('application/pdf');
  // The tab's body is Chromium's PDF viewer: fetch the same signed URL to read the bytes.
  const bytes = await (await page.request.get(pdf.url())).body();
  expect(bytes.subarray(0, 4).toString('latin1')).toBe('%PDF');
  await pdfTab.close();

  // The Excel export is a real .xlsx (a zip with worksheets).
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export Excel' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('InvoiceExport.xlsx');
  const file = readFileSync((await download.path()) as string);
  expect(file.subarray(0, 2).toString('latin1')).toBe('PK');
  expect(file.includes(Buffer.from('xl/worksheets'))).toBe(true);

  // The detail page: number without leading zeros, items, total, back.
  const link = invoiceRows(page).first().getByRole('link');
  const number = (await link.innerText()).trim();
  await link.click();
  await expect(page).toHaveURL(new RegExp(`/invoices/detail/${number}$`));
  await expect(page.getByRole('heading', { level: 1 })).toContainText(number);
  await expect(page.getByText('Invoice recipient')).toBeVisible();
  await expect(page.getByTestId('detail-total')).toBeVisible();
  await checkA11y(page);
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page).toHaveURL(/\/invoices$/);
  // The selection survived the visit.
  await expect(page.getByTestId('selection-bar')).toContainText('Selected: 2');
});

test('switching the primary account resets the selection and every search filter', async ({ page }) => {
  await signIn(page, 'payer@example.com');
  await waitForRows(page);
  await chooseOption(page, page.getByRole('combobox', { name: 'Sort by' }), 'Amount, lowest first');
  await page
    .getByRole('checkbox', { name: /^Select invoice / })
    .first()
    .check();
  await expect(page.getByTestId('selection-bar')).toContainText('Selected: 1');

  await page.getByRole('link', { name: 'Invoice search' }).click();
  await expect(page).toHaveURL(/\/invoice-history$/);
  await chooseOption(page, page.getByRole('combobox', { name: 'Status' }), 'Paid (Cleared)');
  await chooseOption(page, page.getByRole('combobox', { name: 'Period' }), 'Last 365 days');
  await page.getByLabel('Article description').fill('a');
  await page.getByRole('button', { name: 'Find' }).click();
  await expect(page.getByTestId('found-count')).toBeVisible();
  await checkA11y(page);

  // Switch to the second primary account (Canada).
  await chooseOption(page, page.getByRole('combobox', { name: 'Primary account' }), /^100002 - /);
  await expect(page.getByRole('combobox', { name: 'Status' })).toHaveValue('All');
  await expect(page.getByRole('combobox', { name: 'Period' })).toHaveValue('All');
  await expect(page.getByLabel('Article description')).toHaveValue('');
  await expect(page.getByTestId('found-count')).toHaveCount(0);
  await expect(page.getByText('Choose filters and select Find.')).toBeVisible();

  await page.getByRole('link', { name: 'Invoices', exact: true }).click();
  await expect(page.getByRole('combobox', { name: 'Sort by' })).toHaveValue('Due date, newest first');
  await expect(page.getByTestId('selection-bar')).toContainText('Selected: 0');
  await waitForRows(page);
  await expect(invoiceTable(page).locator('tbody')).toContainText('CA$');
});

test('the invoice search validates the due-date range', async ({ page }) => {
  await signIn(page, 'payer@example.com');
  await page.getByRole('link', { name: 'Invoice search' }).click();
  await chooseOption(page, page.getByRole('combobox', { name: 'Status' }), 'Open');
  await page.getByRole('button', { name: 'Find' }).click();
  await expect(page.getByText('Select both due dates.')).toBeVisible();
  await page.getByLabel('Due from').fill('2026-02-01');
  await page.getByLabel('Due to').fill('2026-01-01');
  await page.getByRole('button', { name: 'Find' }).click();
  await expect(page.getByText('The end date cannot be earlier than the start date.')).toBeVisible();
});

test('the aging chart narrows the open list to a past-due bucket, by keyboard or a bar, and lets it go', async ({
  page,
}) => {
  await signIn(page, 'payer@example.com');
  await waitForRows(page);
  const all = await page.getByTestId('found-count').innerText();
  const aging = page.getByRole('region', { name: 'Open invoices by days past due' });
  // The figures as a screen reader reads them: the chart itself is hidden from it.
  const figures = aging.getByRole('row', { name: /^61–90 days past due/ }).getByRole('cell');
  const count = Number(await figures.last().textContent());
  expect(count).toBeGreaterThan(0);

  const bucket = aging.getByRole('button', { name: /^61–90 days past due: .+, \d+ invoices?$/ });
  await bucket.press('Enter');
  await expect(bucket).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByTestId('aging-filter')).toHaveText('Only: 61–90 days past due');
  await expect(page.getByTestId('found-count')).toHaveText(`Found: ${count}`);
  await expect(invoiceRows(page)).toHaveCount(Math.min(count, 50));
  // Every due date shown is 61 to 90 days before the day the chart counts to (the totals' as-of day).
  const [month, day, year] = (await page.getByText(/^As of \d{2}-\d{2}-\d{4}$/).innerText()).slice(6).split('-');
  const asOf = Date.UTC(Number(year), Number(month) - 1, Number(day));
  const dueIndex = await columnIndex(page, 'Due date');
  const dues = await invoiceRows(page).evaluateAll(
    (rows, index) => rows.map((row) => row.querySelectorAll('td')[index]?.textContent?.match(/\d{2}-\d{2}-\d{4}/)?.[0]),
    dueIndex,
  );
  for (const due of dues) {
    const [m, d, y] = (due ?? '').split('-').map(Number);
    const daysPastDue = (asOf - Date.UTC(y!, m! - 1, d!)) / 86_400_000;
    expect(daysPastDue, `due ${due}`).toBeGreaterThanOrEqual(61);
    expect(daysPastDue, `due ${due}`).toBeLessThanOrEqual(90);
  }
  await checkA11y(page);

  // The filter's own clear control restores the list; a click on the bucket's bar narrows it again.
  await page.getByRole('button', { name: 'Show all open items again' }).click();
  await expect(bucket).toHaveAttribute('aria-pressed', 'false');
  await expect(page.getByTestId('found-count')).toHaveText(all);
  await aging.locator('.recharts-bar-rectangle').nth(3).click();
  await expect(bucket).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByTestId('found-count')).toHaveText(`Found: ${count}`);
});

test.describe('small screens', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test('cards replace the invoice table at 375 px', async ({ page }) => {
    await signIn(page, 'payer@example.com');
    await expect(page.getByTestId('invoice-card').first()).toBeVisible();
    await expect(invoiceTable(page)).toHaveCount(0);
    await expect.poll(() => page.getByTestId('invoice-card').count()).toBeGreaterThan(10);
    expect(await page.getByTestId('invoice-card').count()).toBeLessThanOrEqual(100);
    await checkA11y(page);
    await page.getByTestId('invoice-card').first().getByRole('link').click();
    await expect(page).toHaveURL(/\/invoices\/detail\/\d+$/);
    await expect(page.getByTestId('item-card').first()).toBeVisible();
  });
});
