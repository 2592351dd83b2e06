// Issue 15: themes. An administrator changes the default theme's primary colour and English banner on the Theme
// tab (a low-contrast header text is warned about first); the sign-in page then shows that banner and a header in
// that colour. The themes are put back afterwards (the other specs expect the built-in look).
import { apiAs, checkA11y, expect, signIn, test, visit } from '../fixtures';

test('an administrator changes the primary colour and the banner, and the sign-in page shows them', async ({
  page,
  browser,
  baseURL,
}) => {
  const { api, headers } = await apiAs(baseURL!, 'admin@example.com');
  const original = await (await api.get('/api/configuration/themes', { headers })).json();
  try {
    await signIn(page, 'admin@example.com');
    await visit(page, '/settings/configuration?tab=theme');
    await expect(page.getByRole('tab', { name: 'Theme' })).toHaveAttribute('aria-selected', 'true');

    // Grey header text on the dark header: the editor warns.
    const headerText = page.getByTestId('theme-contrastColor');
    await headerText.fill('#777777');
    await headerText.blur();
    await expect(page.getByTestId('theme-contrast')).toContainText('Header text on Header (primary)');
    await headerText.fill('#ffffff');
    await headerText.blur();
    await expect(page.getByTestId('theme-contrast')).toHaveCount(0);

    const primary = page.getByTestId('theme-primaryColor');
    await primary.fill('#7a1f1f');
    await primary.blur();
    await page
      .getByTestId('theme-banner')
      .fill('<p><strong>Welcome to Acme billing</strong></p><script>alert(1)</script>');
    await expect(page.getByTestId('theme-banner-preview')).toHaveText('Welcome to Acme billing');
    await checkA11y(page);
    await page.getByTestId('theme-save').click();
    await expect(page.getByText('The themes are saved.')).toBeVisible();
    // The admin's own page takes the new colour without a reload.
    await expect(page.locator('header').first()).toHaveCSS('background-color', 'rgb(122, 31, 31)');

    const visitor = await (await browser.newContext({ baseURL })).newPage();
    await visitor.goto('/signin');
    await expect(visitor.getByTestId('signin-banner')).toHaveText('Welcome to Acme billing');
    await expect(visitor.locator('header').first()).toHaveCSS('background-color', 'rgb(122, 31, 31)');
    await checkA11y(visitor);
    await visitor.context().close();
  } finally {
    await api.put('/api/configuration/themes', { headers, data: original });
    await api.dispose();
  }
});
