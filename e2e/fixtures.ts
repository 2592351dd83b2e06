// Every browser test runs axe-core on each page it visits and fails on serious or critical WCAG 2.2 AA
// violations: `visit()` checks after navigating, `checkA11y()` after an in-app navigation, and the fixture
// checks the last page of every test. Each check runs at the test's width (1280 px unless it says otherwise), then
// again at a phone's 375 px (issue 27), and puts the width back.
import AxeBuilder from '@axe-core/playwright';
import { request as apiRequest, test as base, expect, type APIRequestContext, type Page } from '@playwright/test';

export const demoPassword = 'Portal-Demo-2026';

/** A phone's width (the spec's mobile breakpoint is 600 px). */
export const narrowWidth = 375;

export async function checkA11y(page: Page): Promise<void> {
  await settle(page, 5_000);
  await analyze(page);
  await checkA11yNarrow(page);
}

/** The same check at a phone's width, then the width put back. */
export async function checkA11yNarrow(page: Page): Promise<void> {
  const size = page.viewportSize();
  if (!size || size.width <= narrowWidth) return;
  // The second run of the screens over the ERP contract (E2E_ERP=http in CI): the first run checked them at 375 px.
  if (process.env.E2E_AXE_NARROW === 'off') return;
  await page.setViewportSize({ width: narrowWidth, height: size.height });
  try {
    // The narrow layout may load what the wide one did not (cards instead of a table).
    await settle(page, 2_000);
    await analyze(page, `at ${narrowWidth} px`);
  } finally {
    await page.setViewportSize(size);
    await settle(page, 0);
  }
}

/** Waits for the page to be still: its requests answered, React's render of a new width done, no animation running. */
async function settle(page: Page, networkIdleMs: number): Promise<void> {
  // An iframe attached after axe has run once (the payment gateway's hosted frame) leaves Playwright's networkidle
  // pending for good in Chromium: wait for it a while, then check anyway.
  if (networkIdleMs > 0) {
    await page.waitForLoadState('networkidle', { timeout: networkIdleMs }).catch(() => undefined);
  }
  // Two frames: a resize's media-query listeners render, then that render's layout is painted.
  await page
    .evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))))
    .catch(() => undefined);
  // A toast or a drawer in mid-transition has half its opacity: axe would measure a contrast nobody sees for long.
  await page
    .waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== 'running'), null, {
      timeout: 2_000,
    })
    .catch(() => undefined);
}

async function analyze(page: Page, where = ''): Promise<void> {
  // A sandboxed frame (an e-mail preview) runs no script, so axe cannot run inside it: its content is the mail's.
  // Legacy mode runs axe in the page and its same-origin frames (the gateway's hosted frame is served by the portal)
  // without opening a blank page per check to merge the frames' results: half the time of each check, which the
  // second pass at 375 px needs to keep the suite within CI's time.
  const results = await new AxeBuilder({ page })
    .setLegacyMode(true)
    .exclude('iframe[sandbox=""]')
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    .analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(
    serious.map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.map((n) => n.target.join(' ')) })),
    `accessibility violations on ${page.url()}${where ? ` ${where}` : ''}`,
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

/** An API context signed in as this demo user, and the bearer header of its session. */
export async function apiAs(
  baseURL: string,
  login: string,
): Promise<{ api: APIRequestContext; headers: { authorization: string } }> {
  const api = await apiRequest.newContext({ baseURL });
  const answer = await api.post('/api/token/login', { data: { login, password: demoPassword } });
  expect(answer.ok()).toBe(true);
  const { token } = (await answer.json()) as { token: string };
  return { api, headers: { authorization: `Bearer ${token}` } };
}

export type OpenInvoice = { account: string; invoice: string; amount: string };

/**
 * An open USD invoice of the demo payer that nothing has been paid on (the guest or a registering customer types its total), found through the
 * API as payer@example.com: the smallest one with a billing document number, so that the other specs' payments (the
 * list's first invoices by due date) are not this one.
 */
export async function findOpenInvoice(baseURL: string): Promise<OpenInvoice> {
  const api = await apiRequest.newContext({ baseURL });
  try {
    const login = await api.post('/api/token/login', { data: { login: 'payer@example.com', password: demoPassword } });
    expect(login.ok()).toBe(true);
    const headers = { authorization: `Bearer ${((await login.json()) as { token: string }).token}` };
    const accounts = await api.post('/api/customer/header-accounts', { headers, data: {} });
    const header = (
      (await accounts.json()) as {
        HeaderItems: { PrimaryAcct: string; CompanyCode: string; DropDownItems: { PrimaryAcct: string }[] }[];
      }
    ).HeaderItems.find((item) => item.PrimaryAcct === '0000100001')!;
    const search = await api.post('/api/Invoice', {
      headers,
      data: {
        payer_data: { customer_number: header.PrimaryAcct, company_code: header.CompanyCode },
        soldto_data: header.DropDownItems.map((item) => item.PrimaryAcct),
        search_parameters: {
          status: '01',
          due_date_from: '01-01-1900',
          due_date_to: '01-01-9999',
          currency_key: 'USD',
          filter: [{ filter_type: '92', value: 'X' }],
          sort: 'amount_asc',
          page_size: 50,
        },
      },
    });
    expect(search.ok()).toBe(true);
    const { document_list: documents } = (await search.json()) as {
      document_list: { billing_document_number: string; open_amount: string; total_amount: string }[];
    };
    const invoice = documents.find(
      (document) =>
        document.billing_document_number !== '' &&
        document.open_amount === document.total_amount &&
        Number(document.open_amount) > 0,
    );
    if (!invoice) throw new Error('no open USD invoice in the demo ledger');
    return {
      // Typed as a guest would: without the leading zeros.
      account: header.PrimaryAcct.replace(/^0+/, ''),
      invoice: invoice.billing_document_number.replace(/^0+/, ''),
      amount: invoice.total_amount,
    };
  } finally {
    await api.dispose();
  }
}

export type CaughtMail = { to: string[]; subject: string; text: string; html: string };

/** The mail the portal sent so far (e2e/run.mjs runs an SMTP server and serves what it caught). */
export async function caughtMail(): Promise<CaughtMail[]> {
  const url = process.env.E2E_MAIL_URL;
  if (!url) throw new Error('E2E_MAIL_URL is not set: run the browser tests with npm run test:e2e');
  return (await (await fetch(url)).json()) as CaughtMail[];
}

/** Waits for a message to this address whose subject matches, and returns the link in it that starts with prefix. */
export async function linkFromMail(to: string, subject: RegExp, prefix: string): Promise<string> {
  let link = '';
  await expect
    .poll(
      async () => {
        const mail = (await caughtMail()).findLast((m) => m.to.includes(to) && subject.test(m.subject));
        link = mail?.text.match(new RegExp(`${prefix.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}[^\\s\\]>"]+`))?.[0] ?? '';
        return link;
      },
      { timeout: 15_000 },
    )
    .not.toBe('');
  return link;
}

export { expect };
