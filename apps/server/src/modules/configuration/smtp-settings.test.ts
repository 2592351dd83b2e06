// The SMTP settings and the mail transport (issue 27): spec §5's SMTP rules hold for a save that changes the SMTP
// settings, not for every save; the Email tab reads which transport sends e-mail (the settings, the deployment's
// SMTP_URL without its password, or none: the outbox); the settings can be removed again. Refused to a manager, a
// payer and nobody.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { ApplicationConfiguration, MailTransportStatus } from '@portal/contracts';
import { addInstance, createTestApp, signInAs, type TestApp } from '../../test/test-app';

let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = (await signInAs(t.app, 'admin@example.com')).token;
});
afterAll(async () => {
  await t?.close();
});

function call(token: string | null, method: 'GET' | 'PUT' | 'DELETE' | 'POST', url: string, payload?: object) {
  return t.app.inject({
    method,
    url,
    headers: token ? { authorization: `Bearer ${token}` } : {},
    ...(payload ? { payload } : {}),
  });
}

const current = async () => (await call(admin, 'GET', '/api/configuration')).json() as ApplicationConfiguration;
const transport = async () =>
  (await call(admin, 'GET', '/api/configuration/mail-transport')).json() as MailTransportStatus;
const storedSettings = async () =>
  JSON.stringify(await t.database.db.execute(sql`select value from portal.app_settings where key = 'application'`));

describe('saving without SMTP settings', () => {
  it('saves the Application tab on a portal that has no SMTP server', async () => {
    const document = await current();
    expect(document.smtpAddress).toBe('');
    const answer = await call(admin, 'PUT', '/api/configuration', {
      ...document,
      companyName: 'Acme Receivables',
      isPaymentsDisable: true,
      paymentDisabledMessages: { ...document.paymentDisabledMessages, en: 'Payments are paused until Monday.' },
    });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toMatchObject({ companyName: 'Acme Receivables', isPaymentsDisable: true, smtpAddress: '' });
    // One value at a time too, and the sender or test-override address alone (they are not the SMTP server).
    const one = await call(admin, 'PUT', '/api/configuration/Application/allowRegistration', { value: true });
    expect(one.statusCode, one.body).toBe(200);
    const override = await call(admin, 'PUT', '/api/configuration', {
      ...(await current()),
      overrideEmail: 'qa@acme.example',
      fromAddressName: 'Acme AR',
    });
    expect(override.statusCode, override.body).toBe(200);
    expect((await current()).overrideEmail).toBe('qa@acme.example');
  });

  it('refuses to save SMTP settings without a server or a port, and saves nothing', async () => {
    const document = await current();
    const before = await storedSettings();
    const cases: [Partial<ApplicationConfiguration>, string, string][] = [
      [{ smtpPort: 587 }, 'smtpAddress', 'validation.configuration.smtp_address_required'],
      [
        { smtpUseUser: true, smtpUser: 'portal', smtpPassword: 'smtp-secret-value' },
        'smtpAddress',
        'validation.configuration.smtp_address_required',
      ],
      [{ smtpAddress: 'mail.acme.example', smtpPort: null }, 'smtpPort', 'validation.configuration.smtp_port_required'],
      [{ smtpAddress: 'mail.acme.example', smtpPort: 0 }, 'smtpPort', 'validation.configuration.smtp_port_required'],
      [
        { smtpAddress: 'mail.acme.example', smtpUseUser: true, smtpUser: ' ' },
        'smtpUser',
        'validation.configuration.smtp_user_required',
      ],
    ];
    for (const [change, field, messageKey] of cases) {
      const answer = await call(admin, 'PUT', '/api/configuration', { ...document, ...change });
      expect(answer.statusCode, JSON.stringify(change)).toBe(400);
      expect(answer.json(), JSON.stringify(change)).toMatchObject({ messageKey, details: { fields: [field] } });
    }
    const one = await call(admin, 'PUT', '/api/configuration/Application/smtpPort', { value: 2525 });
    expect(one.statusCode).toBe(400);
    expect(one.json()).toMatchObject({ details: { fields: ['smtpAddress'] } });
    expect(await storedSettings()).toBe(before);
  });
});

describe('the mail transport', () => {
  it('is none on a portal without SMTP settings or SMTP_URL, with the messages waiting in the outbox', async () => {
    await call(null, 'POST', '/api/users/password-reset-request', { email: 'payer@example.com' });
    const answer = await call(admin, 'GET', '/api/configuration/mail-transport');
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toMatchObject({ kind: 'none', address: '', environmentConfigured: false });
    expect(answer.json().queued).toBeGreaterThanOrEqual(1);
  });

  it('is the SMTP settings once saved, then none again when they are removed (audited, password gone)', async () => {
    const saved = await call(admin, 'PUT', '/api/configuration', {
      ...(await current()),
      smtpAddress: 'mail.acme.example',
      smtpPort: 587,
      smtpUseUser: true,
      smtpUser: 'portal',
      smtpPassword: 'smtp-secret-value',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(await transport()).toMatchObject({ kind: 'settings', address: 'mail.acme.example:587' });
    expect(await storedSettings()).toMatch(/"smtpPassword":"v1\./);

    const removed = await call(admin, 'DELETE', '/api/configuration/smtp');
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json()).toMatchObject({ smtpAddress: '', smtpUseUser: false, smtpUser: '', smtpPassword: '' });
    expect(await transport()).toMatchObject({ kind: 'none', address: '' });
    expect(await storedSettings()).toMatch(/"smtpPassword":""/);
    // The rest of the configuration stays as it was.
    expect((await current()).companyName).toBe('Acme Receivables');
    const audit = (await call(admin, 'GET', '/api/audit-events?action=configuration_changed')).json().items;
    expect(audit[0].summary.changes).toEqual(
      expect.arrayContaining([
        { field: 'smtpAddress', from: 'mail.acme.example', to: '' },
        { field: 'smtpPassword', from: '********', to: '********' },
      ]),
    );
  });

  it("is the deployment's SMTP_URL without the settings, shown without its password", async () => {
    const second = await addInstance(t, {
      SMTP_URL: 'smtps://mailer:Sup3r-Secret-Pass@smtp.acme.example:465?pool=true',
    });
    try {
      const answer = await second.app.inject({
        method: 'GET',
        url: '/api/configuration/mail-transport',
        headers: { authorization: `Bearer ${admin}` },
      });
      expect(answer.statusCode).toBe(200);
      expect(answer.json()).toMatchObject({
        kind: 'environment',
        address: 'smtps://mailer@smtp.acme.example:465',
        environmentConfigured: true,
      });
      expect(answer.body).not.toContain('Sup3r-Secret-Pass');
      expect(answer.body).not.toContain('pool');
    } finally {
      await second.close();
    }
  });

  it('refuses a manager, a payer and nobody', async () => {
    const manager = (await signInAs(t.app, 'manager@example.com')).token;
    const payer = (await signInAs(t.app, 'payer@example.com')).token;
    for (const token of [manager, payer]) {
      expect((await call(token, 'GET', '/api/configuration/mail-transport')).statusCode).toBe(403);
      expect((await call(token, 'DELETE', '/api/configuration/smtp')).statusCode).toBe(403);
    }
    expect((await call(null, 'GET', '/api/configuration/mail-transport')).statusCode).toBe(401);
    expect((await call(null, 'DELETE', '/api/configuration/smtp')).statusCode).toBe(401);
  });
});
