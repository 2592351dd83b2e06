// spec §2/§4: when the account's company code has disable_payments X, the payment areas are greyed out and the
// message is shown above the invoices (the demo's JP01 company code is flagged).
import { checkA11y, expect, signIn, test } from '../fixtures';

test('an account in a company code with payments disabled shows the message and no active selection', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signIn(page, 'admin@example.com');
  await expect(page.getByText('Payments are currently disabled for this account.')).toBeHidden();

  await expect(page.getByTestId('found-count')).toBeVisible();
  // The header list may re-render once the accounts arrive: retry opening it until the option can be picked.
  await expect(async () => {
    await page.getByRole('combobox', { name: 'Primary account' }).first().click();
    await page.getByRole('option', { name: /^100004 - / }).click({ timeout: 3_000 });
  }).toPass({ timeout: 30_000 });
  await expect(page.getByText('Payments are currently disabled for this account.')).toBeVisible();
  const boxes = page.getByRole('checkbox', { name: /select invoice/i });
  if ((await boxes.count()) > 0) await expect(boxes.first()).toBeDisabled();
  await checkA11y(page);
});
