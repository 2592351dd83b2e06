// Issue 29: the Statements page: last month's statement of the header's account on screen (opening and closing
// balance, the movements with the running balance, the aging), a period that ends before it starts refused at the
// field, and the whole statement as a PDF and a CSV file.
import { readFileSync } from 'node:fs';
import { checkA11y, expect, signIn, test, visit } from '../fixtures';

test('shows the statement of a period, refuses a period backwards, and downloads it as PDF and CSV', async ({
  page,
}) => {
  await signIn(page, 'payer@example.com');
  await visit(page, '/statements');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Statements');
  const statement = page.getByTestId('statement');
  await expect(statement).toBeVisible();
  await expect(statement.getByTestId('balance-opening').first()).not.toBeEmpty();
  await expect(statement.getByTestId('balance-closing').first()).not.toBeEmpty();
  await expect(page.getByTestId('statement-lines-USD').locator('tbody tr').first()).toBeVisible();
  await expect(page.getByRole('table', { name: /^Aging of open invoices in USD/ })).toBeVisible();

  await page.getByRole('combobox', { name: 'Period' }).click();
  await page.getByRole('option', { name: 'Custom dates' }).click();
  await page.getByRole('textbox', { name: 'From', exact: true }).fill('2026-10-31');
  await page.getByRole('textbox', { name: 'To', exact: true }).fill('2026-10-01');
  await page.getByRole('button', { name: 'Show statement' }).click();
  await expect(page.getByText('The end of the period cannot be before its start.')).toBeVisible();
  await checkA11y(page);

  await page.getByRole('combobox', { name: 'Period' }).click();
  await page.getByRole('option', { name: 'Last 3 months' }).click();
  const [pdf] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download PDF' }).click(),
  ]);
  expect(pdf.suggestedFilename()).toBe('Statement.pdf');
  expect(
    readFileSync((await pdf.path()) as string)
      .subarray(0, 5)
      .toString('latin1'),
  ).toBe('%PDF-');
  const [csv] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download CSV' }).click(),
  ]);
  expect(csv.suggestedFilename()).toBe('Statement.csv');
  const rows = readFileSync((await csv.path()) as string, 'utf8')
    .replace(/^\uFEFF/, '')
    .split('\r\n');
  expect(rows[0]).toBe('Currency,Date,Type,Number,Reference,Due date,Amount,Balance');
  expect(rows.some((row) => /^USD,\d{4}-\d{2}-\d{2},Closing balance,/.test(row))).toBe(true);
});

// Issue 35: the page is reached from the header's links, like the customer's other pages.
test.describe('on a wide screen', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('the navigation bar leads to the Statements page', async ({ page }) => {
    await signIn(page, 'payer@example.com');
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    await nav.getByRole('link', { name: 'Statements', exact: true }).click();
    await expect(page).toHaveURL(/\/statements$/);
    await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toHaveText('Statements');
    await expect(nav.getByRole('link', { name: 'Statements', exact: true })).toHaveAttribute('aria-current', 'page');
    await expect(page.getByTestId('statement')).toBeVisible();
  });
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test('the menu drawer leads to the Statements page', async ({ page }) => {
    await signIn(page, 'payer@example.com');
    await page.getByRole('button', { name: 'Open menu' }).click();
    const drawer = page.getByRole('dialog', { name: 'Menu' });
    await drawer.getByRole('link', { name: 'Statements', exact: true }).click();
    await expect(page).toHaveURL(/\/statements$/);
    await expect(drawer).toBeHidden();
    await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toHaveText('Statements');
    await expect(page.getByTestId('statement')).toBeVisible();
  });
});
