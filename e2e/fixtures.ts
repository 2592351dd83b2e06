// Every browser test runs axe-core on each page it visits and fails on serious or critical WCAG 2.2 AA
// violations: `visit()` checks after navigating, `checkA11y()` after an in-app navigation, and the fixture
// checks the last page of every test. Each check runs at the test's width (1280 px unless it says otherwise), then
// again at a phone's 375 px (issue 27), and puts the width back. At 375 px it also checks that the page does not
// scroll sideways (WCAG 1.4.10 Reflow, issue 35), in the test's language and in German, the longest of the 8.
import AxeBuilder from '@axe-core/playwright';
import { request as apiRequest, test as base, expect, type APIRequestContext, type Page } from '@playwright/test';
import { routeStripe, stripeGateway } from './stripe-js/route-stripe';

export { stripeGateway };

/**
 * The demo payer's saved methods: the sandbox's Visa 4111 … 1111 and e-check 011000015 / …6789, or with Stripe its
 * test Visa 4242 and ACH account 110000000 / …6789 (seed-stripe-demo-methods.ts).
 */
export const demoMethods = stripeGateway
  ? { visaLastFour: '4242', echeckRouting: '110000000' }
  : { visaLastFour: '1111', echeckRouting: '011000015' };
export const demoVisa = `VISA ${demoMethods.visaLastFour}`;

export const demoPassword = 'Portal-Demo-2026';

/** A phone's width (the spec's mobile breakpoint is 600 px). */
export const narrowWidth = 375;

export async function checkA11y(page: Page): Promise<void> {
  await settle(page, 5_000);
  await analyze(page);
  const size = page.viewportSize();
  if (size && size.width <= narrowWidth) await checkReflow(page);
  else await checkA11yNarrow(page);
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
    await checkReflow(page);
  } finally {
    await page.setViewportSize(size);
    await settle(page, 0);
  }
}

/** Where the app keeps the language chosen in the footer (apps/web/src/lib/browser-storage.ts). */
const languageStorageKey = 'portal.language';

/**
 * WCAG 1.4.10: at a phone's width the page itself never scrolls sideways (a wide table scrolls in its own box), in the
 * language the test reads and again in German, whose long words widen headings, buttons and filters most. German
 * through the footer's selector, as a reader switches, and back: the page keeps its state. axe itself runs in the
 * test's language only, which keeps the suite's time (a German pass costs under a second a check; axe takes 5–12 s).
 */
async function checkReflow(page: Page): Promise<void> {
  await expectNoSidewaysScroll(page);
  const before = await page.evaluate(
    (key) => ({ lang: document.documentElement.lang, stored: localStorage.getItem(key) }),
    languageStorageKey,
  );
  if (before.lang === 'de') return;
  // Not a page of the portal's own (no footer): nothing to switch.
  if (!(await switchLanguage(page, 'de'))) return;
  try {
    await settle(page, 0);
    await expectNoSidewaysScroll(page, 'in German');
  } finally {
    await switchLanguage(page, before.lang);
    await page.evaluate(
      ({ key, stored }) => (stored === null ? localStorage.removeItem(key) : localStorage.setItem(key, stored)),
      { key: languageStorageKey, stored: before.stored },
    );
    await settle(page, 0);
  }
}

/** Chooses the language in the footer's selector; false when the page has none. */
export async function switchLanguage(page: Page, language: string): Promise<boolean> {
  // A change event on the select rather than a click: the selector may lie under a dialog's overlay, and the focus
  // stays where the test left it.
  const switched = await page.evaluate((value) => {
    const select = document.querySelector<HTMLSelectElement>(`footer select:has(option[value="${value}"])`);
    if (!select) return false;
    select.value = value;
    select.dispatchEvent(new Event('change', { bubbles: true }));
    return true;
  }, language);
  if (switched) {
    await page.waitForFunction((value) => document.documentElement.lang === value, language, { timeout: 10_000 });
  }
  return switched;
}

/** The document is no wider than the window; else the overflow in px and the widest element that sticks out. */
async function expectNoSidewaysScroll(page: Page, where = ''): Promise<void> {
  const reflow = await page.evaluate(() => {
    const width = window.innerWidth;
    const scrollWidth = document.documentElement.scrollWidth;
    if (scrollWidth <= width) return { width, scrollWidth, widest: '' };
    // What a box that scrolls or clips holds does not widen the page (the box itself may), unless it is positioned
    // against an element outside that box (an absolute child escapes a static box's scrolling); nor does a fixed layer.
    // An element's own text is clipped by the element itself too.
    const clipped = (element: Element, itsText: boolean) => {
      const own = getComputedStyle(element);
      if (itsText && own.overflowX !== 'visible') return true;
      let position = own.position;
      for (let box = element.parentElement; box && box !== document.body; box = box.parentElement) {
        if (position === 'fixed') return true;
        const style = getComputedStyle(box);
        if (position === 'absolute' && style.position === 'static') continue;
        if (style.overflowX !== 'visible') return true;
        position = style.position;
      }
      return position === 'fixed';
    };
    // The element sticking out furthest: its box, or its text (a long word that does not wrap overflows a box that
    // fits); the outermost of those that end as far.
    let widest: { element: Element; right: number; itsText: boolean } | null = null;
    const consider = (element: Element, right: number, itsText: boolean) => {
      if (right > width && (!widest || right > widest.right) && !clipped(element, itsText)) {
        widest = { element, right, itsText };
      }
    };
    for (const element of Array.from(document.body.querySelectorAll('*'))) {
      const box = element.getBoundingClientRect();
      if (box.width > 0) consider(element, box.right, false);
      for (const node of Array.from(element.childNodes)) {
        if (node.nodeType !== Node.TEXT_NODE || !node.textContent?.trim()) continue;
        const text = document.createRange();
        text.selectNodeContents(node);
        consider(element, text.getBoundingClientRect().right, true);
      }
    }
    if (!widest) return { width, scrollWidth, widest: 'none found' };
    const { element, right, itsText } = widest as { element: Element; right: number; itsText: boolean };
    const classes = (element.getAttribute('class') ?? '').trim().split(/\s+/).filter(Boolean).slice(0, 3);
    const text = (element.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 60);
    const name = `<${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ''}${classes.map((c) => `.${c}`).join('')}>`;
    const size = `${Math.round(element.getBoundingClientRect().width)} px wide`;
    return {
      width,
      scrollWidth,
      widest: `${name} "${text}", ${size}, ${itsText ? 'its text ends' : 'its right edge'} at ${Math.round(right)} px`,
    };
  });
  expect(
    reflow.scrollWidth,
    `the page scrolls sideways on ${page.url()} at ${reflow.width} px${where ? ` ${where}` : ''}: ${reflow.scrollWidth - reflow.width} px too wide; widest: ${reflow.widest}`,
  ).toBeLessThanOrEqual(reflow.width);
}

/** Pages that already ask for reduced motion (a context a test opens itself misses the config's `use` option). */
const reducedMotion = new WeakSet<Page>();

/**
 * Waits for the page to be still: its requests answered, React's render of a new width done, no animation running.
 * A toast, menu or drawer in mid-transition has half its opacity or half its items: axe would measure a contrast or a
 * structure nobody sees for long. With reduced motion the app's transitions take no time (theme.respectReducedMotion);
 * the wait below catches any other.
 */
async function settle(page: Page, networkIdleMs: number): Promise<void> {
  if (!reducedMotion.has(page)) {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    reducedMotion.add(page);
  }
  // An iframe attached after axe has run once (the payment gateway's hosted frame) leaves Playwright's networkidle
  // pending for good in Chromium: wait for it a while, then check anyway.
  if (networkIdleMs > 0) {
    await page.waitForLoadState('networkidle', { timeout: networkIdleMs }).catch(() => undefined);
  }
  // Three frames in a row without a finite animation: a resize's media-query listeners render and that render is
  // painted, and a transition Mantine starts two frames after its element mounts has begun (so it is seen running).
  // Endless ones (a loader's spin) never stop: they are not waited for.
  await page
    .evaluate(async (timeoutMs) => {
      const deadline = performance.now() + timeoutMs;
      const moving = () =>
        document
          .getAnimations()
          .some(
            (animation) =>
              animation.playState === 'running' && animation.effect?.getComputedTiming().iterations !== Infinity,
          );
      for (let still = 0; still < 3 && performance.now() < deadline;) {
        await new Promise((resolve) => requestAnimationFrame(resolve));
        still = moving() ? 0 : still + 1;
      }
    }, 3_000)
    .catch(() => undefined);
}

async function analyze(page: Page, where = ''): Promise<void> {
  // A sandboxed frame (an e-mail preview) runs no script, so axe cannot run inside it: its content is the mail's.
  // Legacy mode runs axe in the page and its same-origin frames (the gateway's hosted frame is served by the portal)
  // without opening a blank page per check to merge the frames' results: half the time of each check, which the
  // second pass at 375 px needs to keep the suite within CI's time. Only the violations are collected in full (each
  // other result type keeps one node): measured on the disputes spec, axe's time falls by 28%, what it finds is the same.
  const results = await new AxeBuilder({ page })
    .setLegacyMode(true)
    .exclude('iframe[sandbox=""]')
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    .options({ resultTypes: ['violations'] })
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

export const test = base.extend<{ a11yAfterEach: void; stripeRoutes: void }>({
  // PAYMENT_GATEWAY=stripe (e2e/run.mjs): Stripe's hosts are the Stripe.js stand-in and the Stripe test double in
  // every page of the test (stripe-js/README.md).
  stripeRoutes: [
    async ({ context }, use) => {
      if (stripeGateway) await routeStripe(context);
      await use();
    },
    { auto: true },
  ],
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

/** An open invoice as the invoice search answers it: what a payment of it names. */
export type PayerInvoice = {
  document_number_finance: string;
  billing_document_number: string;
  line_item_in_the_relevant_invoice: string;
  fiscal_year_of_the_relevant_invoice: string;
  open_amount: string;
  total_amount: string;
  soldto_number?: string;
};

/**
 * The demo payer's account (100001) and its open USD invoices, smallest first, as the signed-in user of `headers`
 * finds them through the API (at most 50).
 */
export async function demoPayerOpenInvoices(
  api: APIRequestContext,
  headers: { authorization: string },
): Promise<{
  header: { PrimaryAcct: string; CompanyCode: string };
  payer: { customer_number: string; company_code: string };
  invoices: PayerInvoice[];
}> {
  const accounts = await api.post('/api/customer/header-accounts', { headers, data: {} });
  const header = (
    (await accounts.json()) as {
      HeaderItems: { PrimaryAcct: string; CompanyCode: string; DropDownItems: { PrimaryAcct: string }[] }[];
    }
  ).HeaderItems.find((item) => item.PrimaryAcct === '0000100001')!;
  const payer = { customer_number: header.PrimaryAcct, company_code: header.CompanyCode };
  const search = await api.post('/api/Invoice', {
    headers,
    data: {
      payer_data: payer,
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
  expect(search.ok(), await search.text()).toBe(true);
  const { document_list: invoices } = (await search.json()) as { document_list: PayerInvoice[] };
  return { header, payer, invoices };
}

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
    const { header, invoices: documents } = await demoPayerOpenInvoices(api, headers);
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
