// Issue 38 in the browser: the demo payer promises to pay an invoice from the invoice list and sees the promise on
// Scheduled payments; the administrator saves the reminder schedule on Settings → Collections, works the worklist
// under Receivables (filters, the account's drawer: a call logged, the collector given, a reminder sent now), and the
// payer's reminder e-mail opens the pay page with its invoices chosen. axe runs on every state (at 1280 and 375 px).
import type { Page } from '@playwright/test';
import { apiAs, caughtMail, checkA11y, expect, signIn, test } from '../fixtures';

test.use({ viewport: { width: 1280, height: 900 } });

/** The collections job runs at the scheduler's first round (SCHEDULER_INTERVAL_SECONDS after the start): its first read. */
async function worklistRead(baseURL: string): Promise<void> {
  const admin = await apiAs(baseURL, 'admin@example.com');
  await expect
    .poll(
      async () => {
        const response = await admin.api.get('/api/collections/worklist', { headers: admin.headers });
        return response.ok() ? ((await response.json()) as { refreshed_at: string | null }).refreshed_at : null;
      },
      { timeout: 120_000, intervals: [2_000] },
    )
    .not.toBeNull();
}

async function openWorklist(page: Page): Promise<void> {
  await page.getByRole('link', { name: 'Receivables', exact: true }).first().click();
  await expect(page).toHaveURL(/\/collections$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Collections' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Accounts to collect' })).toBeVisible();
}

test('a payer promises to pay an invoice, and sees the promise', async ({ page }) => {
  await signIn(page, 'payer@example.com');
  await expect(page).toHaveURL(/\/invoices$/);
  await expect(page.getByTestId('found-count')).toBeVisible();
  // Not the first invoices of the list: other specs pay those.
  const box = page.getByRole('checkbox', { name: /^Select invoice/ }).nth(14);
  const invoice = (await box.getAttribute('aria-label'))!.replace('Select invoice ', '');
  await box.check();
  await page.getByRole('button', { name: 'Promise to pay' }).click();
  const dialog = page.getByRole('dialog', { name: 'Promise to pay' });
  await expect(dialog).toBeVisible();
  await checkA11y(page);
  const day = new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10);
  await dialog.getByLabel('I will pay by').fill(day);
  await dialog.getByRole('button', { name: 'Promise to pay' }).click();
  await expect(page.getByText(/your promise to pay by .* is recorded/)).toBeVisible();

  await page.goto('/scheduled-payments');
  const promises = page.getByRole('table', { name: 'Your promises to pay' });
  await expect(promises).toBeVisible();
  await expect(promises.getByRole('row').filter({ hasText: invoice })).toContainText('Open');
  await checkA11y(page);

  // The invoice's detail says it is promised.
  await page.goto(`/invoices/detail/${invoice}`);
  await expect(page.getByText(/^Promised for /)).toBeVisible();
});

test('an administrator saves the reminder schedule of a company code', async ({ page }) => {
  await signIn(page, 'admin@example.com');
  await page.goto('/settings/configuration');
  await page.getByRole('tab', { name: 'Collections' }).click();
  await expect(page.getByRole('switch', { name: 'Send payment reminders for 1000' })).toBeChecked();
  await checkA11y(page);
  await page.getByRole('textbox', { name: 'Every how many days' }).fill('21');
  await page.getByRole('button', { name: 'Save schedule' }).click();
  await expect(page.getByText('The reminder schedule of 1000 is saved.')).toBeVisible();
  // A day twice is refused in the form, before the server.
  await page.getByRole('button', { name: 'Add a step' }).click();
  const days = page.getByRole('textbox', { name: 'Days from the due date' });
  await days.last().fill('7');
  await page.getByRole('button', { name: 'Save schedule' }).click();
  await expect(page.getByText('Another step is on this day already.')).toBeVisible();
  await checkA11y(page);
});

test('an administrator works an account of the worklist and sends its reminder now', async ({ page, baseURL }) => {
  test.setTimeout(240_000);
  await worklistRead(baseURL!);
  await signIn(page, 'admin@example.com');
  await openWorklist(page);
  await expect(page.getByText(/^As of /)).toBeVisible();
  await checkA11y(page);

  await page.getByRole('searchbox', { name: 'Payer number or name' }).fill('100001');
  await page.getByRole('button', { name: 'Apply' }).click();
  const table = page.getByRole('table', { name: 'Accounts to collect' });
  await expect(table.getByRole('row')).toHaveCount(2);
  await table.getByRole('button', { name: /100001/ }).click();
  const drawer = page.getByRole('dialog', { name: /^Account 100001/ });
  await expect(drawer).toBeVisible();
  await expect(drawer.getByRole('heading', { name: 'Timeline' })).toBeVisible();
  await checkA11y(page);

  await drawer.getByRole('textbox', { name: 'What was said or agreed' }).fill('Called AP: they pay on Friday.');
  await drawer.getByRole('button', { name: 'Add to the timeline' }).click();
  await expect(drawer.getByText('Called AP: they pay on Friday.')).toBeVisible();

  await drawer.getByRole('button', { name: 'Send reminder now' }).click();
  const confirm = page.getByRole('dialog', { name: 'Send a reminder now?' });
  await confirm.getByRole('button', { name: 'Send reminder' }).click();
  await expect(page.getByText(/^The reminder went to \d+ recipients?\.$/)).toBeVisible();
  await expect(drawer.getByText('sent by hand').first()).toBeVisible();
  await checkA11y(page);

  // The payer's e-mail links to the pay page with the reminder's invoices chosen.
  let link = '';
  await expect
    .poll(
      async () => {
        const mail = (await caughtMail()).find(
          (message) => message.to.includes('payer@example.com') && /invoices\/pay\?account=100001/.test(message.html),
        );
        link = mail ? /href="([^"]*\/invoices\/pay\?[^"]*)"/.exec(mail.html)![1]!.replaceAll('&amp;', '&') : '';
        return link;
      },
      { timeout: 60_000 },
    )
    .not.toBe('');
  const payer = await (
    await page
      .context()
      .browser()!
      .newContext({ viewport: { width: 1280, height: 900 } })
  ).newPage();
  await signIn(payer, 'payer@example.com');
  await payer.goto(new URL(link).pathname + new URL(link).search);
  await expect(payer).toHaveURL(/\/invoices\/pay$/);
  await expect(payer.getByTestId('pay-button')).toBeVisible();
  await checkA11y(payer);
  await payer.context().close();
});

test('a customer sees no Receivables and is refused the worklist', async ({ page }) => {
  await signIn(page, 'payer@example.com');
  await expect(page.getByRole('link', { name: 'Receivables', exact: true })).toHaveCount(0);
  await page.goto('/collections');
  await expect(page.getByRole('heading', { level: 1 })).not.toHaveText('Collections');
  await checkA11y(page);
});
