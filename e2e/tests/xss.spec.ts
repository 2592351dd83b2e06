// Issue 16 part 3: stored XSS, from the attacker's side. Each vector of the vendored OWASP filter-evasion list
// (apps/server/src/test/xss-vectors, CC BY-SA 4.0) is stored through the API in every field a person writes and
// the portal shows: user names and companies, registration-request messages (and the audit trail's summaries of
// both), payment method names, the sign-in banner, footer links and e-mail templates. Every screen that shows them
// is rendered in Chromium, and the e-mails as HTML with script enabled. Any dialog, console marker or
// securitypolicyviolation fails the test. Runs last (files run in name order): it leaves these users behind.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { apiAs, caughtMail, checkA11y, expect, signIn, test } from '../fixtures';

const vectors = readFileSync(path.resolve('apps/server/src/test/xss-vectors/owasp-filter-evasion.txt'), 'utf8')
  .split('\n')
  .filter((line) => line.trim() !== '' && !line.startsWith('#'));
const stamp = Date.now();
const executed: string[] = [];
const places = new Map<string, number>();
const stored = (place: string) => places.set(place, (places.get(place) ?? 0) + 1);

test.describe.configure({ mode: 'serial' });

/** Records whatever a vector could make the page do: a dialog, a console marker, a blocked script (CSP report). */
async function watch(page: Page, where: string): Promise<void> {
  page.on('dialog', (dialog) => {
    executed.push(`${where}: dialog ${dialog.message()}`);
    void dialog.dismiss();
  });
  page.on('console', (message) => {
    if (/XSS|xss-ran/.test(message.text())) executed.push(`${where}: console ${message.text()}`);
  });
  await page.exposeBinding('reportViolation', (_source, text: string) => executed.push(`${where}: ${text}`));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      // Only what concerns script: an injected <script>, handler or javascript: URL the policy stopped. (eval is
      // axe-core's own: its message templates compile with new Function; a vector reaches eval only through an
      // inline script or handler, which is reported first.)
      if (/script/.test(event.effectiveDirective) && event.blockedURI !== 'eval')
        (window as unknown as { reportViolation: (text: string) => void }).reportViolation(
          `csp ${event.effectiveDirective} ${event.blockedURI} ${event.sample}`,
        );
    });
  });
}

test('vectors in user names, companies and registration requests run on no screen and in no e-mail', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(300_000);
  await watch(page, 'admin screens');
  // The detector itself: a vector rendered with script on is caught.
  const control = await page.context().newPage();
  await watch(control, 'control');
  await control.setContent(`<img src=x onerror="alert('XSS')">`);
  await expect.poll(() => executed.length).toBe(1);
  executed.length = 0;
  await control.close();
  const { api, headers } = await apiAs(baseURL!, 'admin@example.com');
  for (const [index, vector] of vectors.entries()) {
    const login = `xss-${stamp}-${index}@example.com`;
    const created = await api.post('/api/users', {
      headers,
      data: {
        login,
        email: login,
        first_name: vector.slice(0, 100),
        last_name: vector.slice(0, 100),
        company: vector.slice(0, 200),
        status: 'active',
        primary_account_type_id: 'Payer',
        user_role: 'user',
        language: 'en',
      },
    });
    if (created.ok()) stored('user name and company');
  }
  // Registration requests are limited per address: each carries a share of the vectors in its message.
  const perRequest = Math.ceil(vectors.length / 4);
  for (let part = 0; part < 4; part++) {
    const share = vectors.slice(part * perRequest, (part + 1) * perRequest);
    const submitted = await api.post('/api/register', {
      data: {
        first_name: share[0]!.slice(0, 100),
        last_name: 'Vector',
        company: share[1]?.slice(0, 200) ?? 'Vector Ltd',
        email: `xss-request-${stamp}-${part}@example.com`,
        message: share.join('\n').slice(0, 4000),
      },
    });
    if (submitted.ok()) for (let i = 0; i < share.length; i++) stored('registration request message');
  }

  await signIn(page, 'admin@example.com');
  await page.goto(`/settings/users`);
  await page.getByTestId('users-search').fill(`xss-${stamp}`);
  await expect(page.getByTestId('users-table').getByRole('row').nth(1)).toBeVisible();
  await checkA11y(page);
  // A user's own page, with the vector in its fields and header.
  await page.getByTestId('users-table').getByRole('row').nth(1).getByRole('link').first().click();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.goto('/settings/registration-requests');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.waitForLoadState('networkidle');
  await page.goto('/settings/audit');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.waitForLoadState('networkidle');
  // The trail's summaries name the users created with the vectors.
  const summaries = await page.getByRole('main').getByText(`xss-${stamp}-`).count();
  for (let i = 0; i < summaries; i++) stored('audit summary');
  await checkA11y(page);

  // The invites and the request notices, rendered as HTML with script on.
  const mails = (await caughtMail()).filter((mail) =>
    mail.to.some((to) => to.startsWith(`xss-${stamp}-`) || to === 'admin@example.com'),
  );
  const reader = await page.context().newPage();
  await watch(reader, 'e-mail');
  for (const mail of mails) {
    await reader.setContent(mail.html, { waitUntil: 'load' });
    stored('e-mail (invite, request notice)');
  }
  await reader.close();
  await api.dispose();
  expect(executed).toEqual([]);
});

test('vectors as a payment method name run nowhere on the payment methods page', async ({ page, baseURL }) => {
  test.setTimeout(300_000);
  await watch(page, 'payment methods');
  const { api, headers } = await apiAs(baseURL!, 'payer@example.com');
  const payer = { customer_number: '0000100001', company_code: '1000' };
  const list = await api.get(`/api/payment-methods?customer_number=0000100001&company_code=1000`, { headers });
  const cards = ((await list.json()) as { payment_cards: Record<string, string>[] }).payment_cards;
  const rename = (card: Record<string, string>, name: string) =>
    api.post('/api/payment-methods/manage', {
      headers,
      data: {
        payer_data: payer,
        action: '02',
        payment_cards: [{ ...card, payment_card_name: name }],
        log: { id: 'MOD_PAYMENT_CARD' },
      },
    });
  await signIn(page, 'payer@example.com');
  // Each saved method takes a vector; one render shows them all.
  for (let first = 0; first < vectors.length; first += cards.length) {
    for (const [index, card] of cards.entries()) {
      const vector = vectors[first + index];
      if (vector === undefined) continue;
      const renamed = await rename(card, vector.slice(0, 40));
      expect(renamed.status(), 'a refusal is a 400, never a limit').not.toBe(429);
      if (((await renamed.json()) as { status?: { message_type: string } }).status?.message_type === 'S')
        stored('payment method name');
    }
    await page.goto('/settings/payment-methods');
    await expect(page.getByRole('heading', { name: 'Payment methods', level: 1 })).toBeVisible();
    await expect(page.getByText(/Visa ending/).first()).toBeVisible();
    // The e-check's name shows on its own tab.
    await page.getByRole('tab', { name: 'My eChecks' }).click();
    await expect(page.getByRole('tabpanel')).toBeVisible();
  }
  for (const card of cards) await rename(card, card.payment_card_name!);
  await page.goto('/settings/payment-methods');
  await api.dispose();
  expect(executed).toEqual([]);
});

test('vectors in the banner, the footer links and e-mail templates run nowhere', async ({ page, baseURL }) => {
  test.setTimeout(400_000);
  await watch(page, 'banner and footer');
  const { api, headers } = await apiAs(baseURL!, 'admin@example.com');
  const themes = await (await api.get('/api/configuration/themes', { headers })).json();
  const application = await (await api.get('/api/configuration', { headers })).json();
  const withSmtp = {
    ...application,
    smtpAddress: application.smtpAddress || '127.0.0.1',
    smtpPort: application.smtpPort ?? 25,
    smtpPassword: '',
  };
  try {
    // The banner of the default theme, on the sign-in page (sanitised on save and again in the browser).
    for (const vector of vectors) {
      const next = structuredClone(themes) as { themes: { name: string; banners: object[] }[] };
      next.themes.find((theme) => theme.name === 'theme_default')!.banners = [{ language: 'en', content: vector }];
      const saved = await api.put('/api/configuration/themes', { headers, data: next });
      expect(saved.status(), 'a refusal is a 400, never a limit').not.toBe(429);
      if (!saved.ok()) continue;
      stored('sign-in banner');
      const theme = page.waitForResponse((response) => response.url().includes('/api/configuration/theme?'));
      await page.goto('/signin');
      await theme;
      await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
      await expect(page.getByRole('button', { name: /log ?in|sign ?in/i })).toBeVisible();
    }
    await api.put('/api/configuration/themes', { headers, data: themes });

    // The three footer links, a vector each, on a signed-in page.
    await signIn(page, 'payer@example.com');
    for (let first = 0; first < vectors.length; first += 3) {
      const [privacyPolicy = '', termsAndConditions = '', contactUs = ''] = vectors.slice(first, first + 3);
      // The document also wants an SMTP host, which the demo has not (it sends through SMTP_URL): one is named.
      const answer = await api.put('/api/configuration', {
        headers,
        data: { ...withSmtp, privacyPolicy, termsAndConditions, contactUs },
      });
      expect(answer.status(), 'a refusal is a 400, never a limit').not.toBe(429);
      if (!answer.ok()) continue;
      for (const link of [privacyPolicy, termsAndConditions, contactUs]) if (link) stored('footer links');
      const links = page.waitForResponse((response) => response.url().includes('/api/configuration/getfooterlinks'));
      await page.goto('/settings/profile');
      await links;
      await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
      await expect(page.getByRole('contentinfo')).toBeVisible();
      // A link is followed by a person: click each (javascript: would run here).
      for (const link of await page.getByRole('contentinfo').getByRole('link').all()) {
        const href = (await link.getAttribute('href')) ?? '';
        if (!/^https?:/i.test(href)) executed.push(`footer link href ${href}`);
      }
    }
  } finally {
    await api.put('/api/configuration', { headers, data: withSmtp });
    await api.put('/api/configuration/themes', { headers, data: themes });
  }

  // An e-mail template holding the vector, previewed as the outbox would send it, rendered with script on.
  const reader = await page.context().newPage();
  await watch(reader, 'e-mail template');
  for (const vector of vectors) {
    const preview = await api.post('/api/configuration/email/welcome/preview', {
      headers,
      data: { language: 'en', title: 'Welcome', template: `<p>Hello {{firstName}}</p>${vector}` },
    });
    if (!preview.ok()) continue;
    stored('e-mail template');
    await reader.setContent(((await preview.json()) as { html: string }).html, { waitUntil: 'load' });
  }
  await reader.close();
  await api.dispose();
  await page.goto('/settings/profile');
  expect(executed).toEqual([]);
});

test.afterAll(() => {
  const total = [...places.values()].reduce((sum, count) => sum + count, 0);
  console.log(
    `XSS: ${vectors.length} vectors × ${places.size} places (${[...places].map(([place, count]) => `${place} ${count}`).join(', ')}) = ${total} stored and rendered; executed = ${executed.length}`,
  );
});
