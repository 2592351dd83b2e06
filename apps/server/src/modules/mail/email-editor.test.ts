// The Email tab's calls (issue 15) against a real SMTP server in the test process: a template previewed on sample
// data (unknown placeholder 400), an edited template changing the next real e-mail, the SMTP test answering the
// server's own reply or error, and the refusals for a manager, a customer and nobody.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signInAs, type TestApp } from '../../test/test-app';
import { startTestSmtpServer, type TestSmtpServer } from '../../test/test-smtp-server';
import { sanitizeHtml } from '../configuration/html-sanitizer';
import { writeEmailType } from './mail.repository';
import { sendDueMail } from './send-due-mail';

let smtp: TestSmtpServer;
let t: TestApp;
let admin: string;
beforeAll(async () => {
  smtp = await startTestSmtpServer();
  t = await createTestApp({ settings: { SMTP_URL: smtp.url } });
  admin = (await signInAs(t.app, 'admin@example.com')).token;
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

function call(token: string | null, method: 'GET' | 'PUT' | 'POST', url: string, payload?: object) {
  return t.app.inject({
    method,
    url,
    headers: token ? { authorization: `Bearer ${token}` } : {},
    ...(payload ? { payload } : {}),
  });
}

describe('the template preview', () => {
  it('renders a text on sample data in the mail layout, without saving it', async () => {
    const response = await call(admin, 'POST', '/api/configuration/email/payment_receipt/preview', {
      language: 'de',
      title: 'Beleg {{referenceCode}}',
      template: '<p>Hallo {{firstName}}, Sie haben {{amount}} bezahlt.</p>{{documentsTable}}',
    });
    expect(response.statusCode).toBe(200);
    const preview = response.json();
    expect(preview.subject).toBe('Beleg PAY-2026-000123');
    expect(preview.html).toContain('Hallo Ada, Sie haben');
    expect(preview.html).toContain('90001234');
    expect(preview.text).toContain('Hallo Ada');
    const stored = (await call(admin, 'GET', '/api/configuration/email/payment_receipt')).json();
    expect(JSON.stringify(stored)).not.toContain('Beleg {{referenceCode}}');
  });

  it('previews the scheduled payments, AutoPay and statement types on their own sample facts (issue 29)', async () => {
    const keys = [
      'scheduled_payment',
      'scheduled_payment_not_paid',
      'autopay_enrolled',
      'autopay_reminder',
      'autopay_stopped',
      'monthly_statement',
    ];
    for (const language of ['en', 'fr'])
      for (const key of keys) {
        const defaults = JSON.parse(
          readFileSync(new URL(`./default-templates/${language}.json`, import.meta.url), 'utf8'),
        ) as Record<string, { title: string; template: string }>;
        const response = await call(admin, 'POST', `/api/configuration/email/${key}/preview`, {
          language,
          ...defaults[key],
        });
        expect(response.statusCode).toBe(200);
        const preview = response.json();
        const leftOver = `${preview.subject}${preview.html}`.match(/\{\{|mail\.\w+\.\w+/g) ?? [];
        expect({ language, key, leftOver }).toEqual({ language, key, leftOver: [] });
        if (key !== 'monthly_statement') expect(preview.html).toContain('/scheduled-payments"');
      }
  });

  it('previews the refund and the returned debit on their own sample facts, in every language (issue 37)', async () => {
    const links = { payment_refunded: '/payments/history"', payment_returned: '/invoices"' };
    for (const language of ['en', 'fr', 'de', 'es', 'it', 'ja', 'pt', 'ru'])
      for (const [key, link] of Object.entries(links)) {
        const defaults = JSON.parse(
          readFileSync(new URL(`./default-templates/${language}.json`, import.meta.url), 'utf8'),
        ) as Record<string, { title: string; template: string }>;
        const response = await call(admin, 'POST', `/api/configuration/email/${key}/preview`, {
          language,
          ...defaults[key],
        });
        expect(response.statusCode).toBe(200);
        const preview = response.json();
        const leftOver =
          `${preview.subject}${preview.html}${preview.text}`.match(/\{\{|mail\.\w+\.\w+|money-back\.\w+/g) ?? [];
        expect({ language, key, leftOver }).toEqual({ language, key, leftOver: [] });
        expect(preview.html).toContain(link);
        expect(preview.html).toContain('PAY-2026-000123');
        expect(preview.html).toContain('90001235');
      }
    const en = async (key: string) => {
      const defaults = JSON.parse(
        readFileSync(new URL('./default-templates/en.json', import.meta.url), 'utf8'),
      ) as Record<string, { title: string; template: string }>;
      return (
        await call(admin, 'POST', `/api/configuration/email/${key}/preview`, { language: 'en', ...defaults[key] })
      ).json();
    };
    const refunded = await en('payment_refunded');
    expect(refunded.subject).toBe('Refund of $250.00 on your payment PAY-2026-000123');
    expect(refunded.html).toContain('of your payment of $1,250.00 made on ');
    expect(refunded.html).toContain('Reason: The payment was more than the amount due.');
    const returned = await en('payment_returned');
    expect(returned.subject).toBe('Debit of $1,250.00 returned by your bank');
    expect(returned.html).toContain('Reason given by the bank: R01 insufficient funds');
    expect(returned.html).toContain(' with EC 6789.');
  });

  it('refuses a placeholder the type does not know, naming it', async () => {
    const response = await call(admin, 'POST', '/api/configuration/email/welcome/preview', {
      language: 'en',
      title: 'Welcome {{firstName}}',
      template: '<p>Your balance is {{balance}}</p>',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().details.placeholders).toEqual(['balance']);
  });
});

describe('an edited template', () => {
  it('changes the next real e-mail over SMTP', async () => {
    const current = (await call(admin, 'GET', '/api/configuration/email/reset_password')).json();
    const templates = current.templates.map((text: { language: string; title: string; template: string }) =>
      text.language === 'en'
        ? {
            ...text,
            title: 'Reset your Acme password, {{firstName}}',
            template: `<p>Acme says hello.</p>${text.template}`,
          }
        : text,
    );
    expect(
      (await call(admin, 'PUT', '/api/configuration/email/reset_password', { isEnabled: true, templates })).statusCode,
    ).toBe(200);
    const requested = await call(null, 'POST', '/api/users/password-reset-request', { email: 'payer@example.com' });
    expect(requested.statusCode).toBe(200);
    await sendDueMail(t.app.ctx);
    const mail = smtp.received.findLast((message) => message.to[0] === 'payer@example.com');
    expect(mail?.subject).toMatch(/^Reset your Acme password, /);
    expect(mail?.html).toContain('Acme says hello.');
  });
});

describe('the HTML policy of templates (issue 16)', () => {
  it('keeps every default template as it is', async () => {
    for (const language of ['en', 'fr', 'de', 'es', 'it', 'ja', 'pt', 'ru']) {
      const defaults = JSON.parse(
        readFileSync(new URL(`./default-templates/${language}.json`, import.meta.url), 'utf8'),
      ) as Record<string, { template: string }>;
      for (const text of Object.values(defaults)) expect(await sanitizeHtml(text.template)).toBe(text.template);
    }
  });

  it('saves and previews a template without script, event handlers or javascript: links, placeholders kept', async () => {
    const hostile =
      '<p onclick="alert(1)">Hi {{firstName}}</p><script>alert(2)</script><img src=x onerror=alert(3)>' +
      '<a href="javascript:alert(4)">x</a><a href="{{signInUrl}}">Sign in</a>';
    const preview = await call(admin, 'POST', '/api/configuration/email/welcome/preview', {
      language: 'en',
      title: 'Welcome',
      template: hostile,
    });
    const current = (await call(admin, 'GET', '/api/configuration/email/welcome')).json();
    const templates = current.templates.map((text: { language: string }) =>
      text.language === 'en' ? { ...text, template: hostile } : text,
    );
    expect(
      (await call(admin, 'PUT', '/api/configuration/email/welcome', { isEnabled: true, templates })).statusCode,
    ).toBe(200);
    const saved = (await call(admin, 'GET', '/api/configuration/email/welcome'))
      .json()
      .templates.find((text: { language: string }) => text.language === 'en').template as string;
    for (const html of [saved, preview.json().html as string]) {
      expect(html).not.toMatch(/<script|onerror|onclick|javascript:/i);
    }
    expect(saved).toContain('Hi {{firstName}}');
    expect(saved).toContain('<a href="{{signInUrl}}">Sign in</a>');
  });

  it('sends a template stored before the policy held without its script', async () => {
    const stored = (await call(admin, 'GET', '/api/configuration/email/reset_password')).json();
    const hostile = stored.templates.map((text: { language: string; template: string }) =>
      text.language === 'en'
        ? { ...text, template: `<img src=x onerror=alert(1)><script>x()</script>${text.template}` }
        : text,
    );
    // Written past the API, as an older version stored it.
    await writeEmailType(t.database.db, 'reset_password', { isEnabled: true, templates: hostile }, new Date());
    await call(null, 'POST', '/api/users/password-reset-request', { email: 'manager@example.com' });
    await sendDueMail(t.app.ctx);
    const mail = smtp.received.findLast((message) => message.to[0] === 'manager@example.com');
    expect(mail?.html).toContain('reset-password/');
    expect(mail?.html).not.toMatch(/<script|onerror/i);
  });
});

describe('the SMTP test', () => {
  it("sends now and answers the server's reply", async () => {
    const before = smtp.received.length;
    const response = await call(admin, 'POST', '/api/configuration/smtp-test', { testEmail: 'Ops@Example.com' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ sent: true, reply: expect.stringMatching(/^250/) });
    expect(smtp.received.length).toBe(before + 1);
    expect(smtp.received.at(-1)).toMatchObject({
      to: ['ops@example.com'],
      subject: 'Test message from the customer portal',
    });
  });

  it("answers the server's refusal as it came", async () => {
    smtp.refuseWith({ code: 550, message: 'Mailbox unavailable' });
    try {
      const response = await call(admin, 'POST', '/api/configuration/smtp-test', { testEmail: 'ops@example.com' });
      expect(response.json().sent).toBe(false);
      expect(response.json().reply).toContain('550');
    } finally {
      smtp.refuseWith(null);
    }
  });

  it('refuses an address that is not one, and is refused to a manager, a customer and nobody', async () => {
    expect((await call(admin, 'POST', '/api/configuration/smtp-test', { testEmail: 'nope' })).statusCode).toBe(400);
    for (const login of ['manager@example.com', 'payer@example.com']) {
      const token = (await signInAs(t.app, login)).token;
      expect(
        (await call(token, 'POST', '/api/configuration/smtp-test', { testEmail: 'a@example.com' })).statusCode,
      ).toBe(403);
      const preview = { language: 'en', title: 'x', template: 'y' };
      expect((await call(token, 'POST', '/api/configuration/email/welcome/preview', preview)).statusCode).toBe(403);
    }
    expect((await call(null, 'POST', '/api/configuration/smtp-test', { testEmail: 'a@example.com' })).statusCode).toBe(
      401,
    );
  });
});

describe('without any transport', () => {
  it('says that no SMTP server is configured', async () => {
    const bare = await createTestApp();
    try {
      const token = (await signInAs(bare.app, 'admin@example.com')).token;
      const response = await bare.app.inject({
        method: 'POST',
        url: '/api/configuration/smtp-test',
        headers: { authorization: `Bearer ${token}` },
        payload: { testEmail: 'ops@example.com' },
      });
      expect(response.json()).toEqual({
        sent: false,
        reply: 'No SMTP server is configured: enter one in the SMTP settings and save first.',
      });
    } finally {
      await bare.close();
    }
  });
});
