// Session fixation (issue 16 part 4): a session is created by the server at sign-in and never taken from the
// client. An attacker who plants a refresh cookie in the victim's browser (one made up, or one of the attacker's own
// sessions) gains nothing: the victim's sign-in answers a new cookie, the planted one does not become the victim's,
// and the access token names the victim's own new session.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signInAs, type TestApp } from '../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const signInWithCookie = (login: string, planted: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/token/login',
    cookies: { portal_rt: planted },
    payload: { login, password: 'Portal-Demo-2026' },
  });

const refresh = (cookie: string) =>
  t.app.inject({ method: 'POST', url: '/api/token/refresh', cookies: { portal_rt: cookie } });

const whoIs = async (token: string) =>
  (
    await t.app.inject({
      method: 'POST',
      url: '/api/token/getuseraccounts',
      headers: { authorization: `Bearer ${token}` },
    })
  ).json().email as string;

describe('session fixation', () => {
  it('answers a sign-in with a new refresh cookie, never the one the browser brought', async () => {
    const planted = 'attacker-chosen-refresh-value-0123456789abcdef';
    const signIn = await signInWithCookie('payer@example.com', planted);
    expect(signIn.statusCode).toBe(200);
    const issued = signIn.cookies.find((cookie) => cookie.name === 'portal_rt')!.value;
    expect(issued).not.toBe(planted);
    expect((await refresh(planted)).statusCode).toBe(401);
    expect((await refresh(issued)).statusCode).toBe(200);
  });

  it("does not hand the victim's sign-in to an attacker who planted the cookie of the attacker's own session", async () => {
    const attacker = await signInAs(t.app, 'thirdparty@example.com');
    const victim = await signInWithCookie('payer@example.com', attacker.refreshCookie);
    const victimCookie = victim.cookies.find((cookie) => cookie.name === 'portal_rt')!.value;
    expect(victimCookie).not.toBe(attacker.refreshCookie);
    expect(await whoIs(victim.json().token)).toBe('payer@example.com');

    // The attacker's planted cookie still opens only the attacker's own session, never the victim's.
    const attackerRefresh = await refresh(attacker.refreshCookie);
    expect(attackerRefresh.statusCode).toBe(200);
    expect(await whoIs(attackerRefresh.json().token)).toBe('thirdparty@example.com');
  });

  it('gives two sign-ins of one user two sessions: ending one leaves the other', async () => {
    const first = await signInAs(t.app, 'soldto@example.com');
    const second = await signInAs(t.app, 'soldto@example.com');
    expect(second.refreshCookie).not.toBe(first.refreshCookie);
    const logout = await t.app.inject({
      method: 'POST',
      url: '/api/token/logout',
      headers: { authorization: `Bearer ${first.token}` },
      cookies: { portal_rt: first.refreshCookie },
    });
    expect(logout.statusCode).toBeLessThan(300);
    expect((await refresh(first.refreshCookie)).statusCode).toBe(401);
    expect(await whoIs(second.token)).toBe('soldto@example.com');
  });
});
