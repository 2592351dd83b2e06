// Issue 29, browser part: "Pay on a date" on the pay page (a saved method, no CVV, no 3-D Secure), the scheduled
// payment on /scheduled-payments and its cancel; then AutoPay for the header's account with the saved Visa, its
// confirmation with the past-due invoices it leaves, and Stop. The demo seed switches both on for its company codes.
import { checkA11y, demoVisa, expect, signIn, test } from '../fixtures';

/** Tomorrow as the server counts days (UTC): never today, so the scheduler cannot pay it while the test runs. */
function tomorrow(): { iso: string; shown: string } {
  const iso = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
  const [year, month, day] = iso.split('-');
  return { iso, shown: `${month}-${day}-${year}` };
}

test('schedules a payment for a day, cancels it, then enrols in AutoPay and stops it', async ({ page }) => {
  const day = tomorrow();
  await signIn(page, 'payer@example.com');
  await expect(page).toHaveURL(/\/invoices$/);
  await expect(page.getByTestId('found-count')).toBeVisible();
  await page
    .getByRole('checkbox', { name: /^Select invoice/ })
    .first()
    .check();
  await page.getByRole('link', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/invoices\/pay$/);

  // Pay on a date: the CVV is not asked for, and the button schedules.
  await page.getByRole('radio', { name: 'Pay on a date' }).check();
  await page.getByLabel('Payment date').fill(day.iso);
  await expect(page.getByLabel('CVV')).toHaveCount(0);
  await page.getByRole('combobox', { name: 'Pay with' }).click();
  await page.getByRole('option', { name: new RegExp(demoVisa) }).click();
  await expect(page.getByTestId('pay-button')).toHaveText('Schedule payment');
  await checkA11y(page);
  await page.getByTestId('pay-button').click();

  await expect(page).toHaveURL(/\/scheduled-payments$/);
  await expect(page.getByRole('alert').filter({ hasText: `Payment scheduled for ${day.shown}.` })).toBeVisible();
  const scheduled = page.getByTestId('scheduled-payment').filter({ hasText: day.shown });
  await expect(scheduled).toHaveCount(1);
  await expect(scheduled).toContainText(demoVisa);
  await expect(scheduled.getByTestId('cause-badge')).toHaveText('Scheduled');
  await checkA11y(page);

  await scheduled.getByRole('button', { name: /^Cancel the payment of/ }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Cancel payment' }).click();
  await expect(
    page.getByRole('alert').filter({ hasText: `The payment planned for ${day.shown} is cancelled.` }),
  ).toBeVisible();
  await expect(scheduled).toHaveCount(0);
  await expect(
    page.getByTestId('scheduled-history').filter({ hasText: day.shown }).getByTestId('scheduled-status').first(),
  ).toHaveText('Cancelled');

  // AutoPay for the header's account with the saved Visa, 5 days before each due date.
  const form = page.getByRole('form', { name: /^Set up AutoPay for account/ });
  await form.getByRole('combobox', { name: 'Pay with' }).click();
  await page.getByRole('option', { name: new RegExp(demoVisa) }).click();
  await form.getByLabel('Days before the due date').fill('5');
  await form.getByRole('button', { name: 'Turn on AutoPay' }).click();

  const confirmation = page.getByTestId('autopay-confirmation');
  await expect(confirmation).toContainText('AutoPay is on for account');
  await expect(confirmation).toContainText('5 days before the due date');
  // The demo ledger has past-due invoices: AutoPay leaves them for a person and says so.
  await expect(confirmation.getByRole('row').filter({ hasText: 'Already past due' }).first()).toBeVisible();
  const enrolment = page.getByTestId('autopay-enrolment').filter({ hasText: demoVisa }).first();
  await expect(enrolment.getByTestId('autopay-status')).toHaveText('Active');
  await checkA11y(page);

  await enrolment.getByRole('button', { name: 'Stop AutoPay' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Stop AutoPay' }).click();
  await expect(page.getByTestId('autopay-enrolment').first().getByTestId('autopay-status')).toHaveText('Stopped');
  await expect(page.getByTestId('autopay-stopped-reason').first()).toContainText('AutoPay was stopped in the portal.');
  await expect(page.getByTestId('autopay-enrolment').filter({ hasText: 'Active' })).toHaveCount(0);
});
