import { checkA11y, expect, signIn, test } from '../fixtures';

test.use({ viewport: { width: 375, height: 740 } });

test('on a small screen the navigation lives in a side drawer', async ({ page }) => {
  await signIn(page, 'payer@example.com');
  const nav = page.getByRole('link', { name: 'Invoice search' });
  await expect(nav).toBeHidden();

  await page.getByRole('button', { name: /menu/i }).click();
  const drawer = page.getByRole('dialog');
  await expect(drawer).toBeVisible();
  await checkA11y(page);
  await drawer.getByRole('link', { name: 'Invoice search' }).click();
  await expect(page).toHaveURL(/\/invoice-history$/);
  await expect(drawer).toBeHidden();
});
