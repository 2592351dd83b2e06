import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { auditEvents } from '../../db/schema';
import { createTestApp, signInAs, type TestApp } from '../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

describe('sign-in', () => {
  it('signs in with e-mail and password and sets an httpOnly, SameSite=Strict refresh cookie', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/token/login',
      payload: { login: 'Payer@Example.com', password: 'Portal-Demo-2026' },
    });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.token).toMatch(/^ey/);
    expect(body.refreshToken).toBeNull();
    const cookie = response.cookies.find((c) => c.name === 'portal_rt');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api/token' });

    const profile = await t.app.inject({
      method: 'POST',
      url: '/api/token/getuseraccounts',
      headers: bearer(body.token),
    });
    expect(profile.statusCode).toBe(200);
    expect(profile.json()).toMatchObject({
      login: 'payer@example.com',
      user_role: 'user',
      primary_account_type_id: 'Payer',
      Permissions: expect.arrayContaining(['CanMakePayment', 'CanManagePaymentMethods']),
    });
    expect(profile.json().Accounts.length).toBeGreaterThan(0);
  });

  it('refuses empty credentials with the spec message', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/token/login',
      payload: { login: '', password: '' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      error: 'AUTH_CREDENTIALS_REQUIRED',
      message: 'Email And Password Are Required.',
    });
  });

  it('refuses a missing body field as invalid input without signing in', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/token/login', payload: { login: 'x' } });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe('VALIDATION_FAILED');
  });

  it('answers a wrong password and an unknown e-mail identically', async () => {
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/token/login',
      payload: { login: 'manager@example.com', password: 'nope' },
    });
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/token/login',
      payload: { login: 'nobody@example.com', password: 'nope' },
    });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    const { uniqueId: _a, ...wrongBody } = wrong.json();
    const { uniqueId: _b, ...unknownBody } = unknown.json();
    expect(wrongBody).toEqual(unknownBody);
    expect(wrongBody).toMatchObject({
      error: 'AUTH_INVALID_CREDENTIALS',
      message: 'Authentication Failed, Invalid Credentials.',
    });
    expect(wrong.cookies.find((c) => c.name === 'portal_rt')).toBeUndefined();
  });

  it('answers in the language of Accept-Language', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/token/login',
      headers: { 'accept-language': 'de-DE,de;q=0.9' },
      payload: { login: '', password: '' },
    });
    expect(response.json().message).not.toBe('Email And Password Are Required.');
    expect(response.json().messageKey).toBe('errors.codes.AUTH_CREDENTIALS_REQUIRED');
  });

  it('locks an account out after too many failures, even with the right password, and audits it', async () => {
    const login = 'thirdparty@example.com';
    for (let i = 0; i < t.config.LOGIN_MAX_FAILURES_PER_ACCOUNT; i++) {
      const r = await t.app.inject({
        method: 'POST',
        url: '/api/token/login',
        payload: { login, password: `bad-${i}` },
      });
      expect(r.statusCode).toBe(401);
    }
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/token/login',
      payload: { login, password: 'Portal-Demo-2026' },
    });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error).toBe('AUTH_TOO_MANY_ATTEMPTS');
    expect(refused.headers['retry-after']).toBeDefined();

    const failures = await t.database.db.select().from(auditEvents).where(eq(auditEvents.subject, login));
    expect(failures.filter((e) => e.event === 'sign_in_failed')).toHaveLength(t.config.LOGIN_MAX_FAILURES_PER_ACCOUNT);
    expect(failures.some((e) => e.event === 'sign_in_refused_rate_limit')).toBe(true);
    expect(failures.every((e) => e.ip === '127.0.0.1')).toBe(true);

    // The window passes: the account can sign in again.
    t.clock.advance(16 * 60 * 1000);
    await expect(signInAs(t.app, login)).resolves.toBeDefined();
  });

  it('records successful sign-ins in the audit table with the address', async () => {
    await signInAs(t.app, 'internal@example.com');
    const events = await t.database.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.subject, 'internal@example.com'));
    expect(events.find((e) => e.event === 'sign_in')).toMatchObject({ ip: '127.0.0.1' });
  });
});

describe('refresh tokens', () => {
  it('rotates the refresh token on every use', async () => {
    const { refreshCookie } = await signInAs(t.app, 'payer@example.com');
    const first = await t.app.inject({
      method: 'POST',
      url: '/api/token/refresh',
      cookies: { portal_rt: refreshCookie },
    });
    expect(first.statusCode).toBe(200);
    const next = first.cookies.find((c) => c.name === 'portal_rt')?.value;
    expect(next).toBeDefined();
    expect(next).not.toBe(refreshCookie);
    const second = await t.app.inject({ method: 'POST', url: '/api/token/refresh', cookies: { portal_rt: next! } });
    expect(second.statusCode).toBe(200);
  });

  it('revokes the whole session when an old refresh token is used again', async () => {
    const { token, refreshCookie } = await signInAs(t.app, 'payer@example.com');
    const rotated = await t.app.inject({
      method: 'POST',
      url: '/api/token/refresh',
      cookies: { portal_rt: refreshCookie },
    });
    const current = rotated.cookies.find((c) => c.name === 'portal_rt')!.value;
    t.clock.advance(60_000);

    const replay = await t.app.inject({
      method: 'POST',
      url: '/api/token/refresh',
      cookies: { portal_rt: refreshCookie },
    });
    expect(replay.statusCode).toBe(401);
    expect(replay.json().reason).toBe('refresh_reuse');

    const legit = await t.app.inject({ method: 'POST', url: '/api/token/refresh', cookies: { portal_rt: current } });
    expect(legit.statusCode).toBe(401);
    const api = await t.app.inject({ method: 'POST', url: '/api/token/getuseraccounts', headers: bearer(token) });
    expect(api.statusCode).toBe(401);
    const audit = await t.database.db.select().from(auditEvents).where(eq(auditEvents.event, 'refresh_reuse_detected'));
    expect(audit.length).toBeGreaterThan(0);
  });

  it('reports the session through login-status and rotates the cookie', async () => {
    const { refreshCookie } = await signInAs(t.app, 'soldto@example.com');
    const status = await t.app.inject({
      method: 'GET',
      url: '/api/token/login-status',
      cookies: { portal_rt: refreshCookie },
    });
    expect(status.json()).toMatchObject({ isLoggedIn: true, refreshToken: null });
    expect(status.json().token).toMatch(/^ey/);
    const none = await t.app.inject({ method: 'GET', url: '/api/token/login-status' });
    expect(none.json()).toEqual({ isLoggedIn: false, token: null, refreshToken: null });
  });
});

describe('session lifetime', () => {
  it('ends a session after 30 minutes without activity, on the server', async () => {
    const { token, refreshCookie } = await signInAs(t.app, 'payer@example.com');
    t.clock.advance(31 * 60 * 1000);
    const api = await t.app.inject({ method: 'POST', url: '/api/token/getuseraccounts', headers: bearer(token) });
    expect(api.statusCode).toBe(401);
    expect(api.json()).toMatchObject({ error: 'AUTH_SESSION_EXPIRED', reason: 'session_idle' });
    const refresh = await t.app.inject({
      method: 'POST',
      url: '/api/token/refresh',
      cookies: { portal_rt: refreshCookie },
    });
    expect(refresh.statusCode).toBe(401);
  });

  it('keeps an active session alive past 30 minutes', async () => {
    const { refreshCookie } = await signInAs(t.app, 'payer@example.com');
    let cookie = refreshCookie;
    for (let i = 0; i < 3; i++) {
      t.clock.advance(20 * 60 * 1000);
      const r = await t.app.inject({ method: 'POST', url: '/api/token/refresh', cookies: { portal_rt: cookie } });
      expect(r.statusCode).toBe(200);
      cookie = r.cookies.find((c) => c.name === 'portal_rt')!.value;
    }
  });

  it('revokes the session on logout: neither the access token nor the refresh token works afterwards', async () => {
    const { token, refreshCookie } = await signInAs(t.app, 'payer@example.com');
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/token/logout',
      headers: bearer(token),
      cookies: { portal_rt: refreshCookie },
    });
    expect(out.statusCode).toBe(200);
    expect(out.cookies.find((c) => c.name === 'portal_rt')?.value).toBe('');
    const api = await t.app.inject({ method: 'POST', url: '/api/token/getuseraccounts', headers: bearer(token) });
    expect(api.statusCode).toBe(401);
    const refresh = await t.app.inject({
      method: 'POST',
      url: '/api/token/refresh',
      cookies: { portal_rt: refreshCookie },
    });
    expect(refresh.statusCode).toBe(401);
  });

  it('refuses a forged or malformed bearer token', async () => {
    const { token } = await signInAs(t.app, 'payer@example.com');
    const [h, p] = token.split('.');
    for (const bad of [`${h}.${p}.forged`, 'not-a-token', '']) {
      const r = await t.app.inject({ method: 'POST', url: '/api/token/getuseraccounts', headers: bearer(bad) });
      expect(r.statusCode).toBe(401);
    }
  });
});
