// Every browser test runs axe-core on each page it visits and fails on serious or critical WCAG 2.2 AA
// violations: `visit()` checks after navigating, `checkA11y()` after an in-app navigation, and the fixture
// checks the last page of every test.
import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type Page } from '@playwright/test';

export const demoPassword = 'Portal-Demo-2026';

export async function checkA11y(page: Page): Promise<void> {
  // An iframe attached after axe has run once (the payment gateway's hosted frame) leaves Playwright's networkidle
  // pending for good in Chromium: wait for it a while, then check anyway.
  await page.waitForLoadState('networkidle', { timeout: 5_000 }).catch(() => undefined);
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    .analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(
    serious.map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.map((n) => n.target.join(' ')) })),
    `accessibility violations on ${page.url()}`,
  ).toEqual([]);
}

export async function visit(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await checkA11y(page);
}

export async function signIn(page: Page, login: string, password = demoPassword): Promise<void> {
  await visit(page, '/signin');
  await page.getByLabel(/e-?mail/i).fill(login);
  await page.getByLabel(/password/i).fill(password);
  await page.getByRole('button', { name: /log ?in|sign ?in/i }).click();
  await expect(page.getByText(`Logged in as ${login}`).first()).toBeVisible();
  // The header shows while /signin still hands over to the remembered page, and the address changes before React
  // commits that page (its code loads inside the router's transition): wait for the page's heading. A drawer opened
  // before the commit closes again when the page changes.
  await expect(page).not.toHaveURL(/\/signin/);
  await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeVisible();
}

export const test = base.extend<{ a11yAfterEach: void }>({
  a11yAfterEach: [
    async ({ page }, use) => {
      await use();
      if (page.url().startsWith('http')) await checkA11y(page);
    },
    { auto: true },
  ],
});

export { expect };
