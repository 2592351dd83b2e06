// Issue 13, browser part of self-service, as a newcomer would try it: register with an invoice of the demo ledger,
// wait for confirmation, confirm with the link of the e-mail that really went out over SMTP (e2e/run.mjs catches
// it), sign in and see the invoices; then forget the password and reset it by e-mail; then change it in settings.
// One new user for the three steps, so that the demo users keep their password for the other specs.
import { checkA11y, demoPassword, expect, findOpenInvoice, linkFromMail, signIn, test, visit } from '../fixtures';

test.describe.configure({ mode: 'serial' });

const email = `newcomer.${Date.now()}@example.com`;
let password = 'velvet lanterns drift over harbour';

test('a newcomer registers with an invoice, confirms by e-mail and sees the invoices', async ({ page, baseURL }) => {
  const triple = await findOpenInvoice(baseURL!);
  await visit(page, '/signin');
  await page.getByRole('link', { name: 'Register' }).click();
  await expect(page).toHaveURL(/\/auto-register\/accounts/);
  await expect(page.getByRole('button', { name: 'Continue' })).toBeDisabled();
  await checkA11y(page);

  // A wrong amount first: the spec's one answer.
  await page.getByLabel('Account number').fill(triple.account);
  await page.getByLabel('Invoice number').fill(triple.invoice);
  await page.getByLabel('Invoice amount').fill('0.01');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByTestId('account-link-error')).toContainText('No account');
  await page.getByLabel('Invoice amount').fill(triple.amount);
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByTestId('linked-accounts')).toContainText(`- ${triple.account}`);
  await checkA11y(page);
  await page.getByRole('button', { name: 'Continue' }).click();

  await expect(page).toHaveURL(/\/auto-register\/create/);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByText('Email Required.')).toBeVisible();
  await checkA11y(page);
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('First name').fill('Nina');
  await page.getByLabel('Last name').fill('Newcomer');
  await page.getByLabel('Company').fill('Newcomer Trading');
  await page.getByLabel(/^Password/).fill('password1234');
  await page.getByLabel('Verify password').fill('password1234');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByText('This password is too common')).toBeVisible();
  await page.getByLabel(/^Password/).fill(password);
  await page.getByLabel('Verify password').fill(password);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByTestId('confirm-instructions')).toHaveText('You should receive a confirmation email shortly.');
  await checkA11y(page);

  // Signed in before confirming: the waiting page only, no accounts in the header.
  await visit(page, '/signin');
  await page.getByLabel(/e-?mail/i).fill(email);
  await page.getByLabel(/password/i).fill(password);
  await page.getByRole('button', { name: /log ?in/i }).click();
  await expect(page).toHaveURL(/\/auto-register\/waiting-confirmation/);
  await expect(page.getByRole('button', { name: 'Resend confirmation e-mail' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: /main/i })).toHaveCount(0);
  await checkA11y(page);
  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/signin/);

  const link = await linkFromMail(email, /Confirm your e-mail/, `${baseURL}/auto-register/confirm/`);
  await visit(page, link.replace(baseURL!, ''));
  await expect(page.getByTestId('confirm-complete')).toHaveText('Successfully confirmed your account.');
  await page.getByRole('link', { name: 'Back to sign-in' }).click();
  await signIn(page, email, password);
  await expect(page).toHaveURL(/\/invoices/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('table').first()).toBeVisible();
});

test('a user who forgot the password resets it from the e-mail link', async ({ page, baseURL }) => {
  await visit(page, '/signin');
  await page.getByRole('link', { name: 'Trouble logging in?' }).click();
  await expect(page).toHaveURL(/\/request-password-reset/);
  await page.getByLabel('E-mail').fill(email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByTestId('reset-request-sent')).toBeVisible();
  await checkA11y(page);

  const link = await linkFromMail(email, /Reset your/, `${baseURL}/reset-password/`);
  await visit(page, link.replace(baseURL!, ''));
  await expect(page.getByText('Hello Nina')).toBeVisible();
  password = 'copper kettles sing at dawn';
  await page.getByLabel(/^New password/).fill(password);
  await page.getByLabel('Confirm password').fill('something else');
  await page.getByRole('button', { name: 'Reset password' }).click();
  await expect(page.getByText('Passwords do not match')).toBeVisible();
  await page.getByLabel('Confirm password').fill(password);
  await page.getByRole('button', { name: 'Reset password' }).click();
  await expect(page).toHaveURL(/\/signin/);
  await expect(page.getByText('Password reset successfully.')).toBeVisible();
  await signIn(page, email, password);

  // The link was for one use.
  await page.getByRole('button', { name: 'Log out' }).click();
  await visit(page, link.replace(baseURL!, ''));
  await expect(page.getByTestId('reset-invalid')).toBeVisible();
});

test('a signed-in user changes the password in settings', async ({ page }) => {
  await signIn(page, email, password);
  await page.getByRole('link', { name: 'Settings' }).click();
  await expect(page).toHaveURL(/\/settings\/profile/);
  await expect(page.getByText('Newcomer Trading')).toBeVisible();
  await checkA11y(page);
  await page.getByLabel('Current password').fill('not my password at all');
  const next = 'seven quiet meadows after rain';
  await page.getByLabel(/^New password/).fill(next);
  await page.getByLabel('Confirm new password').fill(next);
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByTestId('change-password-error')).toHaveText('The current password is not correct.');
  await page.getByLabel('Current password').fill(password);
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('Your password has been changed.')).toBeVisible();
  password = next;
  await page.getByRole('button', { name: 'Log out' }).click();
  await signIn(page, email, password);
  expect(demoPassword).not.toBe(password);
});

test('an administrator reads the sent e-mail with its delivery status and a preview', async ({ page }) => {
  await signIn(page, 'admin@example.com');
  await visit(page, '/settings/outbox');
  const row = page.getByRole('row').filter({ hasText: email }).filter({ hasText: 'Confirmation' });
  await expect(row).toContainText('Sent');
  await expect(row).toContainText('250');
  await row.getByRole('button', { name: /Preview/ }).click();
  await expect(page.getByTestId('outbox-preview-subject')).toHaveText('Confirm your e-mail address for AR Portal');
  // Once sent, the one-time link is gone from the portal's copy.
  await page.getByRole('tab', { name: 'Plain text' }).click();
  await expect(page.getByTestId('outbox-preview-text')).toContainText('link removed once the message was sent');
  await checkA11y(page);
});
