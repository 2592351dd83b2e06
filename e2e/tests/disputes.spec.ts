// Issue 39 in the browser: the demo payer disputes an invoice from its detail page with a PNG attached, finds it on
// Disputes with its thread and sees the invoice list's "Disputed" badge and filter; the administrator works it under
// Receivables → Disputes (filters, assigns itself, starts the review, writes, resolves it as credit issued); the payer
// then reads the outcome and the message, and the e-mail about it. axe runs on every state (at 1280 and 375 px).
import path from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import {
  apiAs,
  caughtMail,
  checkA11y,
  demoPayerOpenInvoices,
  expect,
  narrowWidth,
  signIn,
  switchLanguage,
  test,
} from '../fixtures';

test.use({ viewport: { width: 1280, height: 900 } });
test.describe.configure({ mode: 'serial' });

const screenshotDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../.artifacts/screenshots/disputes');

/** The screen at 1280 px and at a phone's width, full page, for a person to look at; the width is put back. */
async function screenshots(page: Page, name: string): Promise<void> {
  const size = page.viewportSize()!;
  for (const width of [1280, narrowWidth]) {
    await page.setViewportSize({ width, height: size.height });
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    await page.screenshot({ path: path.join(screenshotDir, `disputes-${name}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize(size);
}

/** A real PNG (the server decodes and re-encodes images with sharp): a 48×32 box of one colour. */
function photo(): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const [width, height] = [48, 32];
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(width * 3, 0xb0)]);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(Array.from({ length: height }, () => row)))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const comment = 'Two of the boxes arrived crushed. <script>alert("x")</script> Photos attached.';
const reply = 'Thank you: we issue a credit note for the damaged boxes.';
let invoice = '';
let disputeUrl = '';
let reference = '';

test('a payer disputes an invoice from its detail, with a photo, and finds it on Disputes', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(180_000);
  // An open USD invoice nothing has been paid on, not the smallest (the guest payment spec's) nor the list's first
  // ones (the payment specs').
  const payer = await apiAs(baseURL!, 'payer@example.com');
  const { invoices } = await demoPayerOpenInvoices(payer.api, payer.headers);
  const fresh = invoices.filter(
    (document) => document.billing_document_number !== '' && document.open_amount === document.total_amount,
  );
  invoice = fresh.at(-3)!.billing_document_number.replace(/^0+/, '');
  await payer.api.dispose();

  await signIn(page, 'payer@example.com');
  await expect(page.getByRole('link', { name: 'Disputes', exact: true })).toBeVisible();
  await page.goto(`/invoices/detail/${invoice}`);
  await page.getByRole('button', { name: 'Dispute this invoice' }).click();
  const dialog = page.getByRole('dialog', { name: `Dispute invoice ${invoice}` });
  await expect(dialog.getByLabel('Disputed amount (USD)')).not.toHaveValue('');
  await checkA11y(page);
  await screenshots(page, 'raise');

  // The page's own checks first: no reason, an amount above the open amount.
  await dialog.getByLabel('Disputed amount (USD)').fill('999999999');
  await dialog.getByRole('button', { name: 'Raise the dispute' }).click();
  await expect(dialog.getByText('Choose a reason.')).toBeVisible();
  await expect(dialog.getByText(/^The disputed amount cannot be more than the open amount/)).toBeVisible();
  await checkA11y(page);

  await dialog.getByRole('combobox', { name: 'Reason' }).click();
  await page.getByRole('option', { name: 'DM · Damaged goods' }).click();
  await dialog.getByLabel('Disputed amount (USD)').fill('10.00');
  await dialog.getByLabel('What is wrong').fill(comment);
  await dialog
    .locator('input[type="file"]')
    .setInputFiles({ name: 'crushed-box.png', mimeType: 'image/png', buffer: photo() });
  await expect(dialog.getByRole('list', { name: 'Files to attach' })).toContainText('crushed-box.png');
  await dialog.getByRole('button', { name: 'Raise the dispute' }).click();

  await expect(page).toHaveURL(/\/disputes\/[0-9a-f-]{36}$/);
  disputeUrl = new URL(page.url()).pathname;
  const heading = page.getByRole('heading', { level: 1, name: /^Dispute D-\d+$/ });
  await expect(heading).toBeVisible();
  reference = (await heading.textContent())!.replace('Dispute ', '');
  const thread = page.getByTestId('dispute-thread');
  await expect(thread.getByText('Raised the dispute')).toBeVisible();
  // What the payer typed, markup and all, as text.
  await expect(thread.getByText(comment)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Download crushed-box.png' }).first()).toBeVisible();
  await expect(page.getByTestId('dispute-status').first()).toHaveText('Open');
  await checkA11y(page);

  // The file downloads (never opens in the portal's tab).
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download crushed-box.png' }).first().click();
  expect((await download).suggestedFilename()).toBe('crushed-box.png');

  await page.getByRole('link', { name: 'Disputes', exact: true }).click();
  const table = page.getByRole('table', { name: 'Disputes' });
  const row = table.getByRole('row').filter({ hasText: reference });
  await expect(row).toContainText(invoice);
  await expect(row).toContainText('DM · Damaged goods');
  await expect(row).toContainText('Open');
  await checkA11y(page);

  // The invoice list marks it, and "Disputed only" finds it.
  await page.goto('/invoices');
  await expect(page.getByTestId('found-count')).toBeVisible();
  await page.getByRole('checkbox', { name: 'Disputed only' }).check();
  await expect(page.getByText(new RegExp(`^Disputed: ${reference}, Open$`))).toBeAttached();
  await checkA11y(page);
  await screenshots(page, 'invoices');

  // The invoice's detail says it is disputed and links to the dispute; no second dispute is offered.
  await page.goto(`/invoices/detail/${invoice}`);
  await expect(page.getByTestId('invoice-disputed')).toContainText(`Disputed: ${reference} (Open)`);
  await expect(page.getByRole('button', { name: 'Dispute this invoice' })).toHaveCount(0);
  await screenshots(page, 'invoice-detail');
  await page.getByRole('link', { name: 'View dispute' }).click();
  await expect(page).toHaveURL(disputeUrl);
});

test('the administrator works the dispute under Receivables and resolves it as credit issued', async ({ page }) => {
  test.setTimeout(180_000);
  await signIn(page, 'admin@example.com');
  await page.getByRole('link', { name: 'Receivables', exact: true }).first().click();
  await page.getByRole('navigation', { name: 'Receivables' }).getByRole('link', { name: 'Disputes' }).click();
  await expect(page).toHaveURL(/\/disputes$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Disputes' })).toBeVisible();
  const filters = page.getByRole('form', { name: 'Filter the disputes' });
  await filters.getByRole('combobox', { name: 'Status' }).click();
  await page.getByRole('option', { name: 'Open', exact: true }).click();
  await filters.getByRole('combobox', { name: 'Reason' }).click();
  await page.getByRole('option', { name: 'DM · Damaged goods' }).first().click();
  await filters.getByRole('button', { name: 'Apply' }).click();
  const table = page.getByRole('table', { name: 'Disputes' });
  const row = table.getByRole('row').filter({ hasText: reference });
  await expect(row).toContainText('Nobody');
  await checkA11y(page);
  await screenshots(page, 'list');

  await row.getByRole('link', { name: reference }).click();
  await expect(page).toHaveURL(disputeUrl);
  await expect(page.getByTestId('dispute-erp-status')).toBeVisible();
  await checkA11y(page);

  const manage = page.getByTestId('dispute-manage');
  await manage.getByRole('combobox', { name: 'Assignee' }).click();
  await page.getByRole('option', { name: 'Alex Admin' }).click();
  await expect(page.getByText('The dispute is assigned.')).toBeVisible();
  const thread = page.getByTestId('dispute-thread');
  await expect(thread.getByText('Assigned the dispute to Alex Admin')).toBeVisible();
  await manage.getByRole('button', { name: 'Start review' }).click();
  await expect(page.getByTestId('dispute-status').first()).toHaveText('In review');

  await page.getByRole('textbox', { name: 'Your message' }).fill(reply);
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(thread.getByText(reply)).toBeVisible();
  await checkA11y(page);
  await screenshots(page, 'detail');

  await manage.getByRole('radio', { name: 'Credit issued' }).check();
  await manage.getByRole('textbox', { name: 'Credit note number' }).fill('9100000001');
  await manage.getByRole('textbox', { name: 'Comment for the customer' }).fill('Credit note 9100000001 covers it.');
  await manage.getByRole('button', { name: 'Resolve' }).click();
  await expect(page.getByTestId('dispute-status').first()).toHaveText('Resolved');
  await expect(page.getByTestId('dispute-facts')).toContainText('Credit issued');
  await expect(thread.getByText('Resolved the dispute: Credit issued')).toBeVisible();
  await expect(page.getByTestId('dispute-manage')).toHaveCount(0);
  await checkA11y(page);

  // Settings → Collections: the dispute reasons of the company code.
  await page.goto('/settings/configuration?tab=collections');
  const reasons = page.getByRole('region', { name: 'Dispute reasons', exact: true });
  await expect(reasons.getByRole('checkbox', { name: 'DM · Damaged goods is a dispute reason' })).toBeChecked();
  await expect(reasons.getByRole('checkbox', { name: 'PP · Partial payment is a dispute reason' })).not.toBeChecked();
  await reasons.getByRole('textbox', { name: 'Target days of Other' }).fill('21');
  await reasons.getByRole('button', { name: 'Save dispute reasons' }).click();
  await expect(page.getByText('The dispute reasons of 1000 are saved.')).toBeVisible();
  await checkA11y(page);
  await reasons.scrollIntoViewIfNeeded();
  await screenshots(page, 'settings');
});

test('the payer reads the outcome and the message, on the page and by e-mail', async ({ page }) => {
  await signIn(page, 'payer@example.com');
  await page.goto(disputeUrl);
  await expect(page.getByTestId('dispute-status').first()).toHaveText('Resolved');
  await expect(page.getByTestId('dispute-facts')).toContainText('Credit issued');
  await expect(page.getByTestId('dispute-thread').getByText(reply)).toBeVisible();
  await expect(page.getByTestId('dispute-closed')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Withdraw the dispute' })).toHaveCount(0);
  await checkA11y(page);

  await expect
    .poll(
      async () =>
        (await caughtMail()).some(
          (mail) => mail.to.includes('payer@example.com') && `${mail.subject}\n${mail.text}`.includes(reference),
        ),
      { timeout: 30_000 },
    )
    .toBe(true);

  // Once more on a phone: the list scrolls in its own box, the page does not.
  await page.setViewportSize({ width: narrowWidth, height: 800 });
  await page.goto('/disputes');
  await expect(page.getByRole('region', { name: 'Disputes' })).toBeVisible();
  await expect(
    page.getByRole('table', { name: 'Disputes' }).getByRole('row').filter({ hasText: reference }),
  ).toContainText('Resolved');
  await checkA11y(page);
});

test("the dispute and the disputes list read in each of the portal's 8 languages, axe clean", async ({ page }) => {
  await signIn(page, 'admin@example.com');
  await page.goto(disputeUrl);
  await expect(page.getByTestId('dispute-facts')).toBeVisible();
  for (const language of ['fr', 'de', 'es', 'it', 'ja', 'pt', 'ru', 'en']) {
    expect(await switchLanguage(page, language)).toBe(true);
    await expect(page.getByTestId('dispute-thread')).toBeVisible();
    await checkA11y(page);
    await screenshots(page, `detail-${language}`);
  }
  await page.goto('/disputes');
  await expect(page.getByRole('table').first()).toBeVisible();
  for (const language of ['de', 'ja', 'en']) {
    expect(await switchLanguage(page, language)).toBe(true);
    await expect(page.getByRole('table').first()).toBeVisible();
    await checkA11y(page);
    await screenshots(page, `list-${language}`);
  }
});

test('a customer cannot open another dispute id, and gets the not-found state', async ({ page }) => {
  await signIn(page, 'payer@example.com');
  await page.goto('/disputes/00000000-0000-4000-8000-000000000000');
  await expect(page.getByTestId('dispute-not-found')).toBeVisible();
  await checkA11y(page);
});
