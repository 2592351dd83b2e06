// Issue 15, first part: the Application tab. An administrator opens the configuration, breaks two rules of spec §5
// and sees each named; nothing is saved (the demo keeps its e-mail transport for the other specs).
import { checkA11y, expect, signIn, test, visit } from '../fixtures';

test('an administrator sees the Application tab refuse a missing company name and SMTP server', async ({ page }) => {
  await signIn(page, 'admin@example.com');
  await visit(page, '/settings/configuration');
  await expect(page.getByRole('tab', { name: 'Application' })).toHaveAttribute('aria-selected', 'true');
  const company = page.getByRole('textbox', { name: 'Company name' });
  await expect(company).toHaveValue('AR Portal');
  await company.fill('');
  await page.getByTestId('configuration-save').click();
  await expect(page.getByTestId('configuration-error')).toHaveText('Some fields need your attention.');
  await expect(page.getByText('Company name is required.')).toBeVisible();
  await expect(page.getByText('SMTP server is required.')).toBeVisible();
  await checkA11y(page);
  await visit(page, '/settings/configuration');
  await expect(page.getByRole('textbox', { name: 'Company name' })).toHaveValue('AR Portal');
});

test('an administrator reads the System tab: version, database, migrations, outbox, this instance', async ({
  page,
}) => {
  await signIn(page, 'admin@example.com');
  await visit(page, '/settings/configuration');
  await page.getByRole('tab', { name: 'System' }).click();
  const status = page.getByTestId('system-status');
  await expect(status).toContainText('Embedded PostgreSQL (PGlite)');
  await expect(status).toContainText(/\d+ applied, the newest from/);
  await expect(status).toContainText(/\d+ waiting, \d+ failed, \d+ sent/);
  await checkA11y(page);
});
