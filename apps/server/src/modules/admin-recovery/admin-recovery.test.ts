// Admin recovery (issue 13): only with ADMIN_RECOVERY_KEY; the key compared in constant time; 10 tries per 15
// minutes per address; mode R resets an administrator, mode C creates one; audited and mailed to the admins.
import { afterEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { permissions } from '@portal/contracts';
import { auditEvents, mailOutbox, users } from '../../db/schema';
import { createTestApp, signInAs, type TestApp } from '../../test/test-app';

let t: TestApp;
const key = 'recovery-key-0123456789abcdef';
const password = 'granite sunrise over the harbour';

afterEach(async () => t.close());

function recover(body: Record<string, unknown>, ip = '127.0.0.1') {
  return t.app.inject({ method: 'POST', url: '/api/admin/recovery', remoteAddress: ip, payload: body });
}

const resetAdmin = { key, user: 'admin@example.com', mode: 'R', password, confirmPassword: password };

describe('without ADMIN_RECOVERY_KEY', () => {
  it('answers 404 to the status and to every attempt', async () => {
    t = await createTestApp();
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/recovery' })).statusCode).toBe(404);
    const response = await recover(resetAdmin);
    expect(response.statusCode).toBe(404);
    expect(response.json().messageKey).toBe('auth.admin_recovery.not_configured');
  });
});

describe('with ADMIN_RECOVERY_KEY', () => {
  it('resets an administrator (mode R): new password, active, sessions ended, audited, admins mailed', async () => {
    t = await createTestApp({ settings: { ADMIN_RECOVERY_KEY: key } });
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/recovery' })).json()).toEqual({ configured: true });
    const before = await signInAs(t.app, 'admin@example.com');
    await t.database.db.update(users).set({ status: 'locked' }).where(eq(users.login, 'admin@example.com'));
    const response = await recover(resetAdmin);
    expect(response.statusCode).toBe(200);
    expect(response.json().message).toBe("The administrator's password was reset and the account activated.");
    const stale = await t.app.inject({
      method: 'POST',
      url: '/api/token/getuseraccounts',
      headers: { authorization: `Bearer ${before.token}` },
    });
    expect(stale.statusCode).toBe(401);
    await signInAs(t.app, 'admin@example.com', password);
    const events = await t.database.db.select().from(auditEvents).where(eq(auditEvents.event, 'admin_recovery'));
    expect(events).toHaveLength(1);
    const mails = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.template, 'admin_recovery'));
    expect(mails.map((m) => m.recipient)).toEqual(['admin@example.com']);
  });

  it('creates an administrator (mode C) with every permission', async () => {
    t = await createTestApp({ settings: { ADMIN_RECOVERY_KEY: key } });
    const response = await recover({
      key,
      user: 'second.admin@example.com',
      mode: 'C',
      password,
      confirmPassword: password,
      firstname: 'Second',
      lastname: 'Admin',
      company: 'Supplier',
      email: 'second.admin@example.com',
    });
    expect(response.statusCode).toBe(200);
    const [created] = await t.database.db.select().from(users).where(eq(users.login, 'second.admin@example.com'));
    expect(created).toMatchObject({ userRole: 'admin', status: 'active' });
    // Every permission, the ones added by later issues too (CanViewReceivedPayments, issue 27).
    expect(created!.permissions).toEqual([...permissions]);
    await signInAs(t.app, 'second.admin@example.com', password);
  });

  it('refuses a wrong key, missing fields, a bad e-mail, mismatched passwords and a non-admin, changing nothing', async () => {
    t = await createTestApp({ settings: { ADMIN_RECOVERY_KEY: key } });
    const wrong = await recover({ ...resetAdmin, key: 'not-the-key' });
    expect(wrong.statusCode).toBe(403);
    expect((await recover({ ...resetAdmin, user: '' })).json().messageKey).toBe('validation.admin_recovery.missing');
    expect(
      (
        await recover({
          key,
          user: 'x@example.com',
          mode: 'C',
          password,
          confirmPassword: password,
          firstname: 'A',
          lastname: 'B',
          company: 'C',
          email: 'bad-email',
        })
      ).json().messageKey,
    ).toBe('validation.admin_recovery.invalidemail');
    expect((await recover({ ...resetAdmin, confirmPassword: 'other words entirely' })).json().messageKey).toBe(
      'validation.admin_recovery.pwdmismatch',
    );
    expect((await recover({ ...resetAdmin, user: 'payer@example.com' })).statusCode).toBe(404);
    await signInAs(t.app, 'admin@example.com');
    await signInAs(t.app, 'payer@example.com');
  });

  it('allows 10 tries per 15 minutes per address, then 429', async () => {
    t = await createTestApp({ settings: { ADMIN_RECOVERY_KEY: key } });
    // (Each try names another account: 10 tries on one account are a limit of their own, security/guessing-limits.)
    for (let i = 0; i < 10; i++)
      expect(
        (await recover({ ...resetAdmin, user: `someone-${i}@example.com`, key: `guess-${i}` }, '10.2.2.2')).statusCode,
      ).toBe(403);
    expect((await recover(resetAdmin, '10.2.2.2')).statusCode).toBe(429);
    // Another address is not blocked by it.
    expect((await recover(resetAdmin, '10.3.3.3')).statusCode).toBe(200);
  });
});
