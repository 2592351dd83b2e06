import { checkA11y, expect, signIn, test, visit } from '../fixtures';

test('a payer signs in, sees who is logged in, switches to German, logs out and lands on /signin', async ({ page }) => {
  await signIn(page, 'payer@example.com');
  await expect(page).toHaveURL(/\/invoices$/);
  await checkA11y(page);

  await page.getByRole('combobox', { name: /language/i }).selectOption({ label: 'Deutsch' });
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  await expect(page.getByRole('link', { name: 'Rechnungen' }).first()).toBeVisible();
  await checkA11y(page);

  await page
    .getByRole('button', { name: /abmelden/i })
    .first()
    .click();
  await expect(page).toHaveURL(/\/signin$/);
  await expect(page.getByRole('button', { name: /anmelden/i })).toBeVisible();
});

test('the sign-in form works by keyboard alone', async ({ page }) => {
  await visit(page, '/signin');
  await page.keyboard.press('Tab');
  // Tab through the page until the e-mail field has focus, then type and submit with Enter.
  for (let i = 0; i < 15; i++) {
    const focused = await page.evaluate(() => document.activeElement?.getAttribute('type'));
    if (focused === 'email' || focused === 'text') break;
    await page.keyboard.press('Tab');
  }
  await page.keyboard.type('soldto@example.com');
  await page.keyboard.press('Tab');
  await page.keyboard.type('Portal-Demo-2026');
  await page.keyboard.press('Enter');
  await expect(page.getByText('Logged in as soldto@example.com').first()).toBeVisible();
});

test('wrong credentials show the translated failure and keep the user signed out', async ({ page }) => {
  await visit(page, '/signin');
  await page.getByLabel(/e-?mail/i).fill('payer@example.com');
  await page.getByLabel(/password/i).fill('wrong-password');
  await page.getByRole('button', { name: /log ?in|sign ?in/i }).click();
  await expect(page.getByText('Authentication Failed, Invalid Credentials.')).toBeVisible();
  await expect(page).toHaveURL(/\/signin$/);
});

test('a reload keeps the session through the refresh cookie', async ({ page }) => {
  await signIn(page, 'payer@example.com');
  await page.reload();
  await expect(page.getByText('Logged in as payer@example.com').first()).toBeVisible();
});

test('signed-out visitors are sent to /signin', async ({ page }) => {
  await page.goto('/invoices');
  await expect(page).toHaveURL(/\/signin$/);
});
