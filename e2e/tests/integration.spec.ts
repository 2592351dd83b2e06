// Issue 27 §1, Settings → Integration as an administrator uses it: create an API key for the ERP with ledger:write,
// read it once (copied to the clipboard), see it refused on a route that is not of its scope, revoke it, and see it
// refused as revoked. axe runs on every state of the page at 1280 and at 375 px.
import { request as apiRequest, type Page } from '@playwright/test';
import { checkA11y, expect, signIn, test } from '../fixtures';

test.use({ viewport: { width: 1280, height: 900 } });

async function checkA11yNarrowToo(page: Page): Promise<void> {
  await checkA11y(page);
  await page.setViewportSize({ width: 375, height: 740 });
  await checkA11y(page);
  await page.setViewportSize({ width: 1280, height: 900 });
}

test('an admin creates an API key, reads it once, and revokes it', async ({ page, baseURL, context }) => {
  // axe runs twelve times (each state at two widths).
  test.setTimeout(180_000);
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });
  const name = `ERP nightly ${Date.now()}`;

  await signIn(page, 'admin@example.com');
  await page.getByRole('link', { name: 'Settings', exact: true }).first().click();
  await page.getByRole('navigation', { name: 'Settings' }).getByRole('link', { name: 'Integration' }).click();
  await expect(page).toHaveURL(/\/settings\/integration$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Integration' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'API keys' })).toBeVisible();
  await checkA11yNarrowToo(page);

  // The form says what is missing before anything is sent.
  await page.getByRole('button', { name: 'Create API key' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create API key' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Create key' }).click();
  await expect(dialog.getByText('Enter a name.')).toBeVisible();
  await expect(dialog.getByText('Choose at least one scope.')).toBeVisible();
  await expect(dialog.getByText('Import customers, invoices, credit notes and their PDFs')).toBeVisible();
  await checkA11yNarrowToo(page);

  await dialog.getByRole('textbox', { name: 'Name' }).fill(name);
  await dialog.getByRole('checkbox', { name: /ledger:write/ }).check();
  await dialog.getByRole('button', { name: 'Create key' }).click();

  // Shown once, with a warning, in a read-only field; copied to the clipboard.
  const shown = page.getByRole('dialog', { name: 'Your new API key' });
  await expect(shown).toBeVisible();
  await expect(shown.getByTestId('api-key-once-warning')).toContainText('It will not be shown again');
  const field = shown.getByRole('textbox', { name: `API key for ${name}` });
  await expect(field).toHaveAttribute('readonly', '');
  const key = await field.inputValue();
  expect(key).toMatch(/^arp_[A-Za-z0-9_-]{43}$/);
  await shown.getByRole('button', { name: 'Copy key' }).click();
  await expect(shown.getByRole('button', { name: 'Copied' })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(key);
  await checkA11yNarrowToo(page);
  await shown.getByRole('button', { name: 'Done' }).click();
  await expect(shown).toBeHidden();

  // Listed by its prefix; the key itself is nowhere on the page, nor after a reload.
  const row = page.getByTestId('api-keys-table').getByRole('row').filter({ hasText: name });
  await expect(row).toContainText(`${key.slice(0, 12)}…`);
  await expect(row).toContainText('ledger:write');
  await expect(row).toContainText('admin@example.com');
  await expect(row).toContainText('Active');
  await expect(row).toContainText('Never');
  expect(await page.content()).not.toContain(key);
  await page.reload();
  await expect(row).toBeVisible();
  expect(await page.content()).not.toContain(key);
  // The table scrolls sideways on a phone: its container is reached by keyboard (axe: scrollable-region-focusable).
  await expect(page.getByRole('region', { name: 'List of API keys' })).toHaveAttribute('tabindex', '0');
  await checkA11yNarrowToo(page);

  // A machine client with the key: it is valid, but the key routes are not of its scope.
  const machine = await apiRequest.newContext({ baseURL });
  const headers = { authorization: `Bearer ${key}` };
  const outOfScope = await machine.get('/api/integration/keys', { headers });
  expect(outOfScope.status()).toBe(403);
  expect((await outOfScope.json()).reason).toBe('api_key_scope');

  await row.getByRole('button', { name: `Revoke the API key ${name}` }).click();
  const confirm = page.getByRole('dialog', { name: 'Revoke API key' });
  await expect(confirm).toContainText(`${key.slice(0, 12)}…`);
  await checkA11yNarrowToo(page);
  await confirm.getByRole('button', { name: 'Revoke key' }).click();
  await expect(confirm).toBeHidden();
  await expect(page.getByText(`The API key ${name} was revoked.`)).toBeVisible();
  await expect(row).toContainText('Revoked');
  await expect(row).toContainText('by admin@example.com');
  await expect(row.getByRole('button', { name: /Revoke/ })).toHaveCount(0);
  await checkA11yNarrowToo(page);

  // Refused at once as revoked.
  const revoked = await machine.get('/api/integration/keys', { headers });
  expect(revoked.status()).toBe(401);
  expect((await revoked.json()).reason).toBe('api_key_invalid');
  await machine.dispose();
});

test('the Integration page is not offered to a manager, and its address shows no keys', async ({ page }) => {
  await signIn(page, 'manager@example.com');
  await page.getByRole('link', { name: 'Settings', exact: true }).first().click();
  await expect(page.getByRole('navigation', { name: 'Settings' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Integration' })).toHaveCount(0);
  await page.goto('/settings/integration');
  await expect(page.getByRole('heading', { level: 1, name: 'No permission' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'API keys' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Create API key' })).toHaveCount(0);
  await checkA11yNarrowToo(page);
});
