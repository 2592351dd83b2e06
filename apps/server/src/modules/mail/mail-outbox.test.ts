// The outbox over real SMTP (an smtp-server in this process): sent once, retried with backoff on 4xx and on a server
// that is down, failed at once on 5xx and after the last try, kept across a restart, redirected by overrideEmail,
// rendered in the recipient's language with escaped values, and left queued (for the Sent e-mail page) without a
// transport. Two workers on PostgreSQL send each message once.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { buildApp, redactedPaths } from '../../app';
import { testDatabaseUrl } from '../../config';
import { mailOutbox, users } from '../../db/schema';
import { createTestApp, signInAs, type TestApp } from '../../test/test-app';
import { linkIn, startTestSmtpServer, type TestSmtpServer } from '../../test/test-smtp-server';
import { writeSetting } from '../system/app-settings.repository';
import { defaultApplicationSettings } from '../system/application-settings';
import { queueMail } from './queue-mail';
import { maxMailAttempts, retryDelaysMs, sendDueMail } from './send-due-mail';

let smtp: TestSmtpServer;
let t: TestApp;

async function queueReset(to = 'payer@example.com', firstName = 'Pat', language = 'en') {
  await queueMail(t.database.db, t.app.ctx, {
    template: 'reset_password',
    recipient: to,
    language,
    payload: { firstName, lastName: 'Payer', expiresAt: '2026-11-02T10:00:00.000Z' },
    links: { resetUrl: 'http://localhost:3000/reset-password/secret-token-value-0123456789' },
    dedupeKey: `test:${Math.random()}`,
  });
}

async function outboxRows() {
  return t.database.db.select().from(mailOutbox).orderBy(mailOutbox.id);
}

describe('the mail outbox over SMTP', () => {
  beforeEach(async () => {
    smtp = await startTestSmtpServer();
    t = await createTestApp({ settings: { SMTP_URL: smtp.url, MAIL_FROM: 'Portal <portal@example.com>' } });
  });
  afterEach(async () => {
    await t.close();
    await smtp.close();
  });

  it('sends a queued message once, in the layout, with the link from PUBLIC_URL and a text part', async () => {
    await queueReset();
    expect(await sendDueMail(t.app.ctx)).toEqual({ sent: 1, retried: 0, failed: 0 });
    expect(await sendDueMail(t.app.ctx)).toEqual({ sent: 0, retried: 0, failed: 0 });
    const [mail] = await smtp.waitFor(1);
    expect(mail!.to).toEqual(['payer@example.com']);
    expect(mail!.from).toBe('portal@example.com');
    expect(mail!.subject).toBe('Reset your AR Portal password');
    expect(mail!.html).toContain('<table role="presentation"');
    expect(mail!.html).toContain('AR Portal');
    expect(linkIn(mail!, 'http://localhost:3000/reset-password/')).toBe(
      'http://localhost:3000/reset-password/secret-token-value-0123456789',
    );
    expect(mail!.text).toContain('Hello Pat,');
    const [row] = await outboxRows();
    expect(row).toMatchObject({ status: 'sent', attempts: 1, sentTo: 'payer@example.com', secrets: null });
    expect(row!.lastError).toMatch(/^250/);
  });

  it('escapes placeholder values: a hostile name shows as text', async () => {
    await queueReset('payer@example.com', '<img src=x onerror=alert(1)>');
    await sendDueMail(t.app.ctx);
    const [mail] = await smtp.waitFor(1);
    expect(mail!.html).not.toContain('<img src=x');
    expect(mail!.html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(mail!.text).toContain('<img src=x onerror=alert(1)>');
  });

  it('goes out in the recipient language', async () => {
    await queueReset('payer@example.com', 'Pat', 'fr');
    await queueReset('soldto@example.com', 'Sam', 'ja');
    await sendDueMail(t.app.ctx);
    const mails = await smtp.waitFor(2);
    expect(mails.find((m) => m.to[0] === 'payer@example.com')!.subject).toBe(
      'Réinitialisez votre mot de passe AR Portal',
    );
    expect(mails.find((m) => m.to[0] === 'soldto@example.com')!.subject).toBe('AR Portal のパスワード再設定');
  });

  it('retries a 4xx refusal with backoff, then sends', async () => {
    await queueReset();
    smtp.refuseWith({ code: 451, message: 'Try again later' });
    expect(await sendDueMail(t.app.ctx)).toEqual({ sent: 0, retried: 1, failed: 0 });
    let [row] = await outboxRows();
    expect(row).toMatchObject({ status: 'queued', attempts: 1 });
    expect(row!.lastError).toContain('451');
    expect(row!.nextAttemptAt.getTime() - t.clock.now().getTime()).toBe(retryDelaysMs[0]);
    // Not due yet: nothing is tried.
    expect(await sendDueMail(t.app.ctx)).toEqual({ sent: 0, retried: 0, failed: 0 });
    smtp.refuseWith(null);
    t.clock.advance(retryDelaysMs[0]!);
    expect(await sendDueMail(t.app.ctx)).toEqual({ sent: 1, retried: 0, failed: 0 });
    [row] = await outboxRows();
    expect(row).toMatchObject({ status: 'sent', attempts: 2 });
    expect(smtp.received).toHaveLength(1);
  });

  it('marks a 5xx refusal failed at once, with the server reply', async () => {
    await queueReset();
    smtp.refuseWith({ code: 550, message: 'Mailbox unavailable' });
    expect(await sendDueMail(t.app.ctx)).toEqual({ sent: 0, retried: 0, failed: 1 });
    const [row] = await outboxRows();
    expect(row).toMatchObject({ status: 'failed', attempts: 1, secrets: null });
    expect(row!.lastError).toContain('550');
    expect(row!.lastError).toContain('Mailbox unavailable');
  });

  it('redirects every message to overrideEmail', async () => {
    await writeSetting(t.database.db, 'application', {
      ...defaultApplicationSettings,
      overrideEmail: 'qa-inbox@example.com',
    });
    await queueReset();
    await sendDueMail(t.app.ctx);
    const [mail] = await smtp.waitFor(1);
    expect(mail!.to).toEqual(['qa-inbox@example.com']);
    expect((await outboxRows())[0]).toMatchObject({ recipient: 'payer@example.com', sentTo: 'qa-inbox@example.com' });
  });

  it('uses the configuration SMTP settings before SMTP_URL', async () => {
    const other = await startTestSmtpServer();
    try {
      await writeSetting(t.database.db, 'application', {
        ...defaultApplicationSettings,
        smtpAddress: '127.0.0.1',
        smtpPort: other.port,
        fromAddress: 'billing@example.com',
        fromAddressName: 'Billing',
      });
      await queueReset();
      await sendDueMail(t.app.ctx);
      const [mail] = await other.waitFor(1);
      expect(mail!.from).toBe('billing@example.com');
      expect(smtp.received).toHaveLength(0);
    } finally {
      await other.close();
    }
  });
});

describe('a server that is down', () => {
  afterEach(async () => t.close());

  it('is retried about 8 times over a day, then the message is marked failed', async () => {
    const smtpDown = await startTestSmtpServer();
    await smtpDown.close(); // its port now refuses connections
    t = await createTestApp({ settings: { SMTP_URL: smtpDown.url } });
    await queueReset();
    for (let attempt = 1; attempt < maxMailAttempts; attempt++) {
      expect(await sendDueMail(t.app.ctx)).toEqual({ sent: 0, retried: 1, failed: 0 });
      t.clock.advance(retryDelaysMs[attempt - 1]!);
    }
    expect(await sendDueMail(t.app.ctx)).toEqual({ sent: 0, retried: 0, failed: 1 });
    const [row] = await outboxRows();
    expect(row).toMatchObject({ status: 'failed', attempts: maxMailAttempts });
    expect(row!.lastError).toMatch(/ECONNREFUSED|ECONNECTION/);
    expect(retryDelaysMs.reduce((a, b) => a + b, 0)).toBeGreaterThan(20 * 3_600_000);
  });
});

describe('without a transport', () => {
  beforeEach(async () => {
    t = await createTestApp();
  });
  afterEach(async () => t.close());

  it('keeps messages queued and unattempted, for the Sent e-mail page', async () => {
    await queueReset();
    expect(await sendDueMail(t.app.ctx)).toEqual({ sent: 0, retried: 0, failed: 0 });
    expect((await outboxRows())[0]).toMatchObject({ status: 'queued', attempts: 0 });
  });

  it('lists and previews messages for administrators only, with the link while it is queued', async () => {
    await queueReset();
    const admin = await signInAs(t.app, 'admin@example.com');
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/mail/outbox',
      headers: { authorization: `Bearer ${admin.token}` },
    });
    expect(list.statusCode).toBe(200);
    const body = list.json();
    expect(body.transport).toBe('none');
    expect(body.messages).toHaveLength(1);
    expect(body.messages[0]).toMatchObject({ template: 'reset_password', status: 'queued', attempts: 0 });
    const preview = await t.app.inject({
      method: 'GET',
      url: `/api/mail/outbox/${body.messages[0].id}`,
      headers: { authorization: `Bearer ${admin.token}` },
    });
    expect(preview.statusCode).toBe(200);
    expect(preview.json().html).toContain('http://localhost:3000/reset-password/secret-token-value-0123456789');
    expect(preview.json().text).toContain('Hello Pat,');

    for (const login of ['manager@example.com', 'payer@example.com']) {
      const other = await signInAs(t.app, login);
      const refused = await t.app.inject({
        method: 'GET',
        url: `/api/mail/outbox/${body.messages[0].id}`,
        headers: { authorization: `Bearer ${other.token}` },
      });
      expect(refused.statusCode).toBe(403);
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/mail/outbox' })).statusCode).toBe(401);
  });

  it('keeps the link sealed at rest, never in clear', async () => {
    await queueReset();
    const [row] = await outboxRows();
    expect(row!.secrets).toMatch(/^v1\./);
    expect(JSON.stringify(row)).not.toContain('secret-token-value');
  });

  it('sends what was queued before a restart once a transport exists', async () => {
    await queueReset();
    const smtpLater = await startTestSmtpServer();
    try {
      // The same database, a new process with SMTP_URL: the message was kept.
      await t.app.close();
      const restarted = await buildApp({
        config: { ...t.config, SMTP_URL: smtpLater.url },
        db: t.database.db,
        now: t.clock.now,
        logger: false,
      });
      expect(await sendDueMail(restarted.ctx)).toEqual({ sent: 1, retried: 0, failed: 0 });
      await smtpLater.waitFor(1);
      restarted.ctx.mail.close();
      await restarted.close();
      t.app = await buildApp({ config: t.config, db: t.database.db, now: t.clock.now, logger: false });
    } finally {
      await smtpLater.close();
    }
  });
});

describe('e-mail templates (GET/PUT /api/configuration/email/{key})', () => {
  beforeEach(async () => {
    smtp = await startTestSmtpServer();
    t = await createTestApp({ settings: { SMTP_URL: smtp.url } });
  });
  afterEach(async () => {
    await t.close();
    await smtp.close();
  });

  it('an edited template changes the next real e-mail; an unknown placeholder is refused', async () => {
    const admin = await signInAs(t.app, 'admin@example.com');
    const headers = { authorization: `Bearer ${admin.token}` };
    const current = await t.app.inject({ method: 'GET', url: '/api/configuration/email/reset_password', headers });
    expect(current.statusCode).toBe(200);
    expect(current.json().templates).toHaveLength(8);
    expect(current.json().placeholders).toContain('resetUrl');

    const bad = await t.app.inject({
      method: 'PUT',
      url: '/api/configuration/email/reset_password',
      headers,
      payload: { isEnabled: true, templates: [{ language: 'en', title: 'Hi {{nickname}}', template: '<p>x</p>' }] },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details.placeholders).toEqual(['nickname']);

    const saved = await t.app.inject({
      method: 'PUT',
      url: '/api/configuration/email/reset_password',
      headers,
      payload: {
        isEnabled: true,
        templates: [
          {
            language: 'en',
            title: 'New password for {{firstName}}',
            template: '<p>Dear {{firstName}}, <a href="{{resetUrl}}">go here</a>.</p>',
          },
        ],
      },
    });
    expect(saved.statusCode).toBe(200);
    await queueReset();
    await sendDueMail(t.app.ctx);
    const [mail] = await smtp.waitFor(1);
    expect(mail!.subject).toBe('New password for Pat');
    expect(mail!.text).toContain('Dear Pat');

    const manager = await signInAs(t.app, 'manager@example.com');
    const refused = await t.app.inject({
      method: 'GET',
      url: '/api/configuration/email/reset_password',
      headers: { authorization: `Bearer ${manager.token}` },
    });
    expect(refused.statusCode).toBe(403);
  });

  it('does not send a disabled type', async () => {
    const admin = await signInAs(t.app, 'admin@example.com');
    const headers = { authorization: `Bearer ${admin.token}` };
    const current = (
      await t.app.inject({ method: 'GET', url: '/api/configuration/email/reset_password', headers })
    ).json();
    await t.app.inject({
      method: 'PUT',
      url: '/api/configuration/email/reset_password',
      headers,
      payload: { isEnabled: false, templates: current.templates },
    });
    await queueReset();
    expect(await sendDueMail(t.app.ctx)).toEqual({ sent: 0, retried: 0, failed: 1 });
    expect(smtp.received).toHaveLength(0);
  });
});

describe.skipIf(!testDatabaseUrl())('two workers on PostgreSQL', () => {
  beforeEach(async () => {
    smtp = await startTestSmtpServer();
    t = await createTestApp({ settings: { SMTP_URL: smtp.url } });
  });
  afterEach(async () => {
    await t.close();
    await smtp.close();
  });

  it('send each message once', async () => {
    const count = 60;
    for (let i = 0; i < count; i++) await queueReset(`user${i}@example.com`);
    const second = await buildApp({
      config: t.config,
      db: t.database.db,
      now: t.clock.now,
      logger: { level: 'silent', redact: redactedPaths },
    });
    try {
      const rounds = await Promise.all(
        [t.app.ctx, second.ctx, t.app.ctx, second.ctx].map((ctx) => sendDueMail(ctx, { limit: 10 })),
      );
      let sent = rounds.reduce((total, round) => total + round.sent, 0);
      while (sent < count) {
        const more = await Promise.all([sendDueMail(t.app.ctx), sendDueMail(second.ctx)]);
        sent += more.reduce((total, round) => total + round.sent, 0);
      }
      expect(sent).toBe(count);
      await smtp.waitFor(count);
      const recipients = smtp.received.map((mail) => mail.to[0]);
      expect(new Set(recipients).size).toBe(count);
      expect(recipients).toHaveLength(count);
      const rows = await outboxRows();
      expect(rows.every((row) => row.status === 'sent' && row.attempts === 1)).toBe(true);
    } finally {
      second.ctx.mail.close();
      await second.close();
    }
  });
});

// Keeps the users import honest for the language test below (the stored language drives the mail).
describe('the recipient language comes from the user', () => {
  beforeEach(async () => {
    t = await createTestApp();
  });
  afterEach(async () => t.close());

  it('is recorded at sign-in from Accept-Language', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/token/login',
      headers: { 'accept-language': 'de-DE,de;q=0.9' },
      payload: { login: 'payer@example.com', password: 'Portal-Demo-2026' },
    });
    expect(response.statusCode).toBe(200);
    const [user] = await t.database.db.select().from(users).where(eq(users.login, 'payer@example.com'));
    expect(user!.language).toBe('de');
  });
});
