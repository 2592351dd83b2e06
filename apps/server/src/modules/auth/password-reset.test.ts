// Password reset by e-mail link and the signed-in change (issue 13), through the API and a real SMTP exchange.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { userTokens } from '../../db/schema';
import { createTestApp, signInAs, type TestApp } from '../../test/test-app';
import { linkIn, startTestSmtpServer, type TestSmtpServer } from '../../test/test-smtp-server';
import { sendDueMail } from '../mail/send-due-mail';

let t: TestApp;
let smtp: TestSmtpServer;
const newPassword = 'plum orchard by the river 42';

beforeEach(async () => {
  smtp = await startTestSmtpServer();
  t = await createTestApp({ settings: { SMTP_URL: smtp.url, PASSWORD_RESET_MAX_PER_EMAIL: '3' } });
});
afterEach(async () => {
  await t.close();
  await smtp.close();
});

function requestReset(email: string, ip = '127.0.0.1') {
  return t.app.inject({
    method: 'POST',
    url: '/api/users/password-reset-request',
    remoteAddress: ip,
    payload: { email },
  });
}

async function resetLink(email: string): Promise<string> {
  expect((await requestReset(email)).statusCode).toBe(200);
  await sendDueMail(t.app.ctx);
  const mail = smtp.received.findLast((m) => m.to[0] === email);
  return linkIn(mail!, 'http://localhost:3000/reset-password/').split('/').pop()!;
}

function complete(id: string, password: string, confirmPassword = password) {
  return t.app.inject({
    method: 'POST',
    url: '/api/token/complete-password-reset',
    payload: { id, password, confirmPassword },
  });
}

describe('password reset', () => {
  it('mails a link; the link loads the first name, sets the password once, ends every session and mails "changed"', async () => {
    const before = await signInAs(t.app, 'payer@example.com');
    const id = await resetLink('payer@example.com');
    const loaded = await t.app.inject({ method: 'GET', url: `/api/users/password-reset/${id}` });
    expect(loaded.statusCode).toBe(200);
    expect(loaded.json()).toEqual({ first_name: 'Pat' });

    expect((await complete(id, newPassword)).statusCode).toBe(200);
    // Every session of the user ended at once.
    const stale = await t.app.inject({
      method: 'POST',
      url: '/api/token/getuseraccounts',
      headers: { authorization: `Bearer ${before.token}` },
    });
    expect(stale.statusCode).toBe(401);
    await signInAs(t.app, 'payer@example.com', newPassword);
    await expect(signInAs(t.app, 'payer@example.com')).rejects.toThrow(/401/);
    // Used once.
    expect((await complete(id, 'another long passphrase here')).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/api/users/password-reset/${id}` })).statusCode).toBe(404);
    await sendDueMail(t.app.ctx);
    expect(smtp.received.map((m) => m.subject)).toContain('Your AR Portal password was changed');
  });

  it('answers an unknown address exactly like a known one, and mails nobody', async () => {
    const known = await requestReset('payer@example.com');
    const unknown = await requestReset('nobody@example.com');
    expect(unknown.statusCode).toBe(known.statusCode);
    expect(unknown.json()).toEqual(known.json());
    await sendDueMail(t.app.ctx);
    expect(smtp.received.map((m) => m.to[0])).toEqual(['payer@example.com']);
  });

  it('stores only the hash of the token', async () => {
    const id = await resetLink('payer@example.com');
    const rows = await t.database.db.select().from(userTokens);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.tokenHash).not.toBe(id);
    expect(rows[0]!.tokenHash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('expires after 60 minutes', async () => {
    const id = await resetLink('payer@example.com');
    t.clock.advance(61 * 60_000);
    expect((await t.app.inject({ method: 'GET', url: `/api/users/password-reset/${id}` })).statusCode).toBe(404);
    expect((await complete(id, newPassword)).statusCode).toBe(404);
  });

  it('refuses a wrong id, mismatched or weak passwords, and changes nothing', async () => {
    expect((await complete('not-a-token', newPassword)).statusCode).toBe(404);
    const id = await resetLink('payer@example.com');
    const mismatch = await complete(id, newPassword, 'something else entirely');
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().messageKey).toBe('validation.password.mismatch');
    const short = await complete(id, 'short');
    expect(short.json().messageKey).toBe('validation.password_policy.too_short');
    const common = await complete(id, 'password1234');
    expect(common.json().messageKey).toBe('validation.password_policy.too_common');
    const withEmail = await complete(id, 'payer-and-a-long-tail');
    expect(withEmail.json().messageKey).toBe('validation.password_policy.contains_email');
    // The link still works after refusals; the old password too.
    await signInAs(t.app, 'payer@example.com');
    expect((await complete(id, newPassword)).statusCode).toBe(200);
  });

  it('says the refusal in the caller language', async () => {
    const id = await resetLink('payer@example.com');
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/token/complete-password-reset',
      headers: { 'accept-language': 'de' },
      payload: { id, password: 'short', confirmPassword: 'short' },
    });
    expect(response.json().message).toBe('Verwenden Sie mindestens 12 Zeichen.');
  });

  it('limits requests per e-mail and per address (429)', async () => {
    for (let i = 0; i < 3; i++) expect((await requestReset('payer@example.com', `10.0.0.${i}`)).statusCode).toBe(200);
    expect((await requestReset('payer@example.com', '10.0.0.9')).statusCode).toBe(429);
    for (let i = 0; i < 20; i++) await requestReset(`someone${i}@example.com`, '10.9.9.9');
    expect((await requestReset('fresh@example.com', '10.9.9.9')).statusCode).toBe(429);
  });

  it('refuses an invalid e-mail with the spec message', async () => {
    const response = await requestReset('not-an-email');
    expect(response.statusCode).toBe(400);
    expect(response.json().messageKey).toBe('validation.password_reset_request.email_invalid');
  });
});

describe('password change in settings (POST /api/token/resetpassword)', () => {
  function change(token: string, body: Record<string, string>) {
    return t.app.inject({
      method: 'POST',
      url: '/api/token/resetpassword',
      headers: { authorization: `Bearer ${token}` },
      payload: body,
    });
  }

  it('changes the password, keeps this session, ends the others and mails "changed"', async () => {
    const other = await signInAs(t.app, 'payer@example.com');
    const me = await signInAs(t.app, 'payer@example.com');
    const response = await change(me.token, {
      CurrentPassword: 'Portal-Demo-2026',
      NewPassword: newPassword,
      ConfirmNewPassword: newPassword,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: 'Success' });
    const mine = await t.app.inject({
      method: 'POST',
      url: '/api/token/getuseraccounts',
      headers: { authorization: `Bearer ${me.token}` },
    });
    expect(mine.statusCode).toBe(200);
    const theirs = await t.app.inject({
      method: 'POST',
      url: '/api/token/getuseraccounts',
      headers: { authorization: `Bearer ${other.token}` },
    });
    expect(theirs.statusCode).toBe(401);
    await signInAs(t.app, 'payer@example.com', newPassword);
    await sendDueMail(t.app.ctx);
    expect(smtp.received.map((m) => m.subject)).toEqual(['Your AR Portal password was changed']);
  });

  it('refuses a wrong current password with 400 and a message, and missing fields with Required.', async () => {
    const me = await signInAs(t.app, 'payer@example.com');
    const wrong = await change(me.token, {
      CurrentPassword: 'not my password',
      NewPassword: newPassword,
      ConfirmNewPassword: newPassword,
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe('The current password is not correct.');
    const missing = await change(me.token, { CurrentPassword: '', NewPassword: '', ConfirmNewPassword: '' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe('Required.');
    await signInAs(t.app, 'payer@example.com');
  });

  it('refuses nobody (401)', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/token/resetpassword',
      payload: { CurrentPassword: 'x', NewPassword: newPassword, ConfirmNewPassword: newPassword },
    });
    expect(response.statusCode).toBe(401);
  });
});
