// Issue 14, browser part of user administration, as an administrator and a manager would use it: a manager invites
// a user, who chooses a password from the e-mail link (caught from real SMTP) and signs in; an admin deactivates
// that user while the user is signed in elsewhere, and that browser is signed out on its next action; a manager
// works as the payer and sees the payer's invoices under 'Working as'; a PayerAll exclusion hides the account.
import { request as apiRequest, type Browser, type Page } from '@playwright/test';
import { checkA11y, demoPassword, expect, linkFromMail, signIn, test, visit } from '../fixtures';

test.describe.configure({ mode: 'serial' });

const invited = `invited.${Date.now()}@example.com`;
const password = 'amber harbours hum at noon';

async function openUser(page: Page, search: string): Promise<void> {
  await visit(page, '/settings/users');
  await page.getByTestId('users-search').fill(search);
  const row = page.getByTestId('users-table').getByRole('row').filter({ hasText: search });
  await expect(row).toHaveCount(1);
  await row.getByRole('link').first().click();
  await expect(page.getByRole('heading', { level: 1 })).toContainText(search);
  await checkA11y(page);
}

async function newPage(browser: Browser): Promise<Page> {
  return (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
}

test('a manager invites a user, who chooses a password from the e-mail link and signs in', async ({
  page,
  baseURL,
}) => {
  await signIn(page, 'manager@example.com');
  await visit(page, '/settings/users');
  await expect(page.getByTestId('users-count')).toBeVisible();
  await page.getByRole('link', { name: 'Add user' }).click();
  await expect(page).toHaveURL(/\/settings\/users\/add$/);
  // A manager's users are users: the role is locked.
  await expect(page.getByRole('combobox', { name: 'Role' })).toBeDisabled();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Login is required.')).toBeVisible();
  await checkA11y(page);
  await page.getByRole('textbox', { name: 'Login', exact: true }).fill(invited);
  await page.getByRole('textbox', { name: 'E-mail', exact: true }).fill(invited);
  await page.getByRole('textbox', { name: 'First name', exact: true }).fill('Iris');
  await page.getByRole('textbox', { name: 'Last name', exact: true }).fill('Invited');
  await page.getByRole('textbox', { name: 'Company', exact: true }).fill('Invited Trading');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/settings\/users\/\d+$/);
  await expect(page.getByTestId('user-invite-pending')).toBeVisible();
  await checkA11y(page);

  const link = await linkFromMail(invited, /invited to/, `${baseURL}/register/`);
  const invitee = await newPage(page.context().browser()!);
  await visit(invitee, link.replace(baseURL!, ''));
  await expect(invitee.getByText('Hello Iris, welcome.')).toBeVisible();
  await invitee.getByLabel(/^New password/).fill(password);
  await invitee.getByLabel('Confirm password').fill(password);
  await invitee.getByRole('button', { name: 'Activate account' }).click();
  await expect(invitee).toHaveURL(/\/signin/);
  await signIn(invitee, invited, password);
  await expect(invitee.getByRole('heading', { level: 1 })).toBeVisible();
  await invitee.context().close();
  // The link works once.
  const again = await newPage(page.context().browser()!);
  await visit(again, link.replace(baseURL!, ''));
  await expect(again.getByTestId('invite-invalid')).toHaveText('Invalid invite token.');
  await again.context().close();
});

test('an admin deactivates a signed-in user, whose browser is signed out on its next action', async ({ page }) => {
  const user = await newPage(page.context().browser()!);
  await signIn(user, invited, password);
  await user.getByRole('link', { name: 'Settings' }).click();
  await expect(user).toHaveURL(/\/settings\/profile/);

  await signIn(page, 'admin@example.com');
  await openUser(page, invited);
  await page.getByRole('combobox', { name: 'Status' }).click();
  await page.getByRole('option', { name: 'Deactivated' }).click();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('User saved.')).toBeVisible();

  // The user's next action is a call: it answers 401, the refresh is refused too, and the page signs out.
  const next = 'copper lanterns after the rain';
  await user.getByLabel('Current password').fill(password);
  await user.getByLabel(/^New password/).fill(next);
  await user.getByLabel('Confirm new password').fill(next);
  await user.getByRole('button', { name: 'Change password' }).click();
  await expect(user).toHaveURL(/\/signin/);
  await signInRefused(user, invited, password);
  await user.context().close();
});

async function signInRefused(page: Page, login: string, secret: string): Promise<void> {
  await page.getByLabel(/e-?mail/i).fill(login);
  await page.getByLabel(/password/i).fill(secret);
  await page.getByRole('button', { name: /log ?in|sign ?in/i }).click();
  await expect(page).toHaveURL(/\/signin/);
  await expect(page.getByText(/not active|Invalid Credentials/i).first()).toBeVisible();
}

test("a manager works as the payer and sees the payer's invoices under 'Working as'", async ({ page }) => {
  await signIn(page, 'manager@example.com');
  await visit(page, '/settings/users');
  await page.getByTestId('users-search').fill('payer@example.com');
  const row = page.getByTestId('users-table').getByRole('row').filter({ hasText: 'payer@example.com' });
  await expect(row).toHaveCount(1);
  await row.getByRole('button', { name: /Work as/ }).click();
  await expect(page).toHaveURL(/\/invoices/);
  await expect(page.getByTestId('header-who')).toHaveText(/^Working as /);
  await expect(page.getByRole('table').first()).toBeVisible();
  await checkA11y(page);
  // The manager's own administration is out of reach while working as the payer.
  await visit(page, '/settings/users');
  await expect(page.getByTestId('users-table')).toHaveCount(0);
  await page.getByTestId('stop-impersonating').click();
  await expect(page).toHaveURL(/\/settings\/users/);
  // An address of a user that does not exist says so instead of an empty page.
  await visit(page, '/settings/users/999999');
  await expect(page.getByTestId('user-not-found')).toHaveText('The requested item could not be found.');
  await visit(page, '/settings/users');
  await expect(page).toHaveURL(/\/settings\/users/);
  await expect(page.getByTestId('header-who')).toHaveText('Logged in as manager@example.com');
});

test('a PayerAll exclusion hides the account from the PayerAll user', async ({ page, baseURL }) => {
  const excluded = await secondSoldToOfPayerAll(baseURL!);
  await signIn(page, 'admin@example.com');
  await openUser(page, 'payerall@example.com');
  await page.getByTestId('exclusion-entry').fill(' ');
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(page.getByText('Enter an account number.')).toBeVisible();
  await page.getByTestId('exclusion-entry').fill(excluded);
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  await page.getByTestId('exclusions-save').click();
  await expect(page.getByText('Exclusions saved.')).toBeVisible();
  await checkA11y(page);

  const payerAll = await newPage(page.context().browser()!);
  await signIn(payerAll, 'payerall@example.com');
  await payerAll.getByTestId('customer-selector').click();
  await expect(payerAll.getByRole('listbox').getByRole('option').first()).toBeVisible();
  await expect(payerAll.getByRole('option', { name: new RegExp(`^${excluded} - `) })).toHaveCount(0);
  await payerAll.context().close();

  // Put it back for the other specs.
  await page.getByRole('button', { name: `Remove ${excluded}` }).click();
  await page.getByTestId('exclusions-save').click();
  await expect(page.getByText('Exclusions saved.').first()).toBeVisible();
});

/** A sold-to of the demo PayerAll user other than the first, without leading zeros (found through the API). */
async function secondSoldToOfPayerAll(baseURL: string): Promise<string> {
  const api = await apiRequest.newContext({ baseURL });
  try {
    const login = await api.post('/api/token/login', {
      data: { login: 'payerall@example.com', password: demoPassword },
    });
    const headers = { authorization: `Bearer ${((await login.json()) as { token: string }).token}` };
    const answer = await api.post('/api/customer/header-accounts', { headers, data: {} });
    const [item] = ((await answer.json()) as { HeaderItems: { DropDownItems: { PrimaryAcct: string }[] }[] })
      .HeaderItems;
    return item!.DropDownItems[1]!.PrimaryAcct.replace(/^0+/, '');
  } finally {
    await api.dispose();
  }
}
