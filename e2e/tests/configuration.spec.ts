// Issue 15: the configuration tabs. The Application tab refuses what breaks spec §5, naming each rule (nothing is
// saved: the demo keeps its e-mail transport for the other specs); the Email tab says which transport sends e-mail,
// holds the SMTP settings to their rules (issue 27), tests SMTP and previews templates. Issue 29: the administrator
// switches AutoPay off for a company code (JP01: payments are off there, no other spec pays in it) and back on; the
// System tab lists the scheduled jobs.
import { checkA11y, expect, signIn, test, visit } from '../fixtures';

test('an administrator sees the Application tab refuse a missing company name, and not ask for an SMTP server', async ({
  page,
}) => {
  await signIn(page, 'admin@example.com');
  await visit(page, '/settings/configuration');
  await expect(page.getByRole('tab', { name: 'Application' })).toHaveAttribute('aria-selected', 'true');
  const company = page.getByRole('textbox', { name: 'Company name' });
  await expect(company).toHaveValue('AR Portal');
  await company.fill('');
  await page.getByTestId('configuration-save').click();
  await expect(page.getByTestId('configuration-error')).toContainText('Some fields need your attention.');
  await expect(page.getByText('Company name is required.')).toBeVisible();
  // The demo sends e-mail through SMTP_URL: the Application tab does not ask for SMTP settings (issue 27).
  await expect(page.getByText('SMTP server is required.')).toHaveCount(0);
  await expect(page.getByTestId('configuration-error-elsewhere')).toHaveCount(0);
  await checkA11y(page);
  await visit(page, '/settings/configuration');
  await expect(page.getByRole('textbox', { name: 'Company name' })).toHaveValue('AR Portal');
});

test('an administrator switches AutoPay off for a company code and sets the scheduling horizon', async ({ page }) => {
  await signIn(page, 'admin@example.com');
  await visit(page, '/settings/configuration');
  const section = page.getByRole('region', { name: 'Scheduled payments and AutoPay' });
  const autopay = section.getByRole('switch', { name: 'AutoPay for JP01' });
  const horizon = section.getByRole('textbox', { name: 'Scheduling horizon (days)' });
  await expect(autopay).toBeChecked();
  await expect(section.getByRole('switch', { name: 'Scheduled payments for JP01' })).toBeChecked();
  await expect(horizon).toHaveValue('30');
  await autopay.uncheck();
  await horizon.fill('45');
  await page.getByTestId('configuration-save').click();
  await expect(page.getByText('Configuration saved.')).toBeVisible();

  await page.reload();
  await expect(autopay).not.toBeChecked();
  await expect(section.getByRole('switch', { name: 'AutoPay for 1000' })).toBeChecked();
  await expect(horizon).toHaveValue('45');
  // Back as the demo has it, for the other specs.
  await autopay.check();
  await horizon.fill('30');
  await page.getByTestId('configuration-save').click();
  await expect(page.getByText('Configuration saved.').last()).toBeVisible();
  await page.reload();
  await expect(autopay).toBeChecked();
  await expect(horizon).toHaveValue('30');
});

test("an administrator reads the deployment's e-mail transport, and cannot save an SMTP port without a server", async ({
  page,
}) => {
  await signIn(page, 'admin@example.com');
  await visit(page, '/settings/configuration?tab=email');
  const transport = page.getByTestId('mail-transport');
  await expect(transport).toHaveAttribute('data-kind', 'environment');
  await expect(transport).toContainText('SMTP_URL of the deployment');
  await expect(page.getByTestId('mail-transport-address')).toHaveText(/^smtp:\/\/127\.0\.0\.1:\d+$/);
  await expect(page.getByTestId('mail-transport-remove')).toHaveCount(0);

  const port = page.getByRole('textbox', { name: 'Port', exact: true });
  await port.fill('2525');
  await page.getByTestId('configuration-save').click();
  await expect(page.getByTestId('configuration-error')).toContainText('Some fields need your attention.');
  await expect(page.getByText('SMTP server is required.')).toBeVisible();
  await checkA11y(page);
  // Nothing was saved: e-mail still goes through SMTP_URL.
  await visit(page, '/settings/configuration?tab=email');
  await expect(page.getByTestId('mail-transport')).toHaveAttribute('data-kind', 'environment');
  await expect(page.getByRole('textbox', { name: 'Port', exact: true })).not.toHaveValue('2525');
});

test('an administrator reads the System tab: version, database, migrations, outbox, this instance, scheduled jobs', async ({
  page,
}) => {
  await signIn(page, 'admin@example.com');
  await visit(page, '/settings/configuration');
  await page.getByRole('tab', { name: 'System' }).click();
  const status = page.getByTestId('system-status');
  await expect(status).toContainText('Embedded PostgreSQL (PGlite)');
  await expect(status).toContainText(/\d+ applied, the newest from/);
  await expect(status).toContainText(/\d+ waiting, \d+ failed, \d+ sent/);
  // Issue 29: the scheduled jobs, every 10 s on this instance (the browser tests' setting), and each job's last run (or none yet).
  const jobs = page.getByRole('region', { name: 'Scheduled jobs' });
  await expect(jobs.getByTestId('scheduler-interval')).toHaveText('This instance runs the jobs every 10 seconds.');
  const last = jobs.getByTestId('scheduler-last');
  for (const job of ['AutoPay', 'Scheduled payments', 'Monthly statements']) {
    await expect(last.getByRole('rowheader', { name: job })).toBeVisible();
  }
  await checkA11y(page);
});

test('an administrator tests the SMTP settings and previews a template on sample data', async ({ page }) => {
  await signIn(page, 'admin@example.com');
  await visit(page, '/settings/configuration?tab=email');
  await expect(page.getByRole('tab', { name: 'Email' })).toHaveAttribute('aria-selected', 'true');

  // The browser tests' mail server (SMTP_URL) answers the test message.
  await page.getByTestId('smtp-test-address').fill('ops@example.com');
  await page.getByTestId('smtp-test-send').click();
  await expect(page.getByTestId('smtp-test-result')).toContainText('The mail server accepted the message');
  await expect(page.getByTestId('smtp-test-result')).toContainText('250');

  await page.getByTestId('email-template-type').click();
  await page.getByRole('option', { name: 'Password reset' }).click();
  await expect(page.getByTestId('email-template-subject')).not.toHaveValue('');
  await page.getByTestId('email-template-subject').fill('Reset for {{firstName}} at {{companyName}}');
  await page.getByTestId('email-template-preview').click();
  await expect(page.getByTestId('email-preview-subject')).toHaveText('Reset for Ada at AR Portal');
  await checkA11y(page);

  await page.getByTestId('email-template-subject').fill('Your balance: {{balance}}');
  await page.getByTestId('email-template-preview').click();
  await expect(page.getByTestId('email-template-error')).toContainText('This template does not know {{balance}}.');
});
