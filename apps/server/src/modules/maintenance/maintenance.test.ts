// The maintenance window (access spec §4, §5 "Maintenance form"; issue 15): the form's rules on the server, a
// window that starts and ends by the clock with no restart, non-administrators closed out (sign-in and existing
// sessions answer 503 with the notice, public calls too), administrators still in, and the refusals.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signInAs, type TestApp } from '../../test/test-app';

let t: TestApp;
let admin: string;
let manager: string;
let payer: string;
beforeAll(async () => {
  t = await createTestApp({ ledgerDocuments: 50 });
  admin = (await signInAs(t.app, 'admin@example.com')).token;
  manager = (await signInAs(t.app, 'manager@example.com')).token;
  payer = (await signInAs(t.app, 'payer@example.com')).token;
});
afterAll(async () => {
  await t?.close();
});

function call(token: string | null, method: 'GET' | 'PUT' | 'POST', url: string, payload?: object) {
  return t.app.inject({
    method,
    url,
    ...(token ? { headers: { authorization: `Bearer ${token}` } } : {}),
    ...(payload === undefined ? {} : { payload }),
  });
}

// Sessions end after 30 idle minutes: the clock moves in smaller steps than that between two calls.
const minute = 60_000;
const inMinutes = (minutes: number) => new Date(t.clock.now().getTime() + minutes * minute).toISOString();

function window(overrides: Record<string, unknown> = {}) {
  return {
    isEnabled: true,
    fromUtcDate: inMinutes(10),
    toUtcDate: inMinutes(40),
    redirectUrl: '',
    messages: [
      { language: 'en', message: 'Closed for maintenance from {from} to {to}.' },
      { language: 'fr', message: 'Fermé pour maintenance du {from} au {to}.' },
    ],
    ...overrides,
  };
}

describe('PUT /api/configuration/blackout: the Maintenance form rules', () => {
  it('needs a notice, a start and an end when enabled, and names the fields', async () => {
    const response = await call(admin, 'PUT', '/api/configuration/blackout', {
      isEnabled: true,
      fromUtcDate: null,
      toUtcDate: '',
      redirectUrl: '',
      messages: [{ language: 'en', message: '   ' }],
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().details.fields).toEqual(['messages', 'fromUtcDate', 'toUtcDate']);
    expect(response.json().message).toBe('Notification text is required');
    expect((await call(admin, 'GET', '/api/configuration/blackout')).json().isEnabled).toBe(false);
  });

  it('refuses an end before the start, a year after 9999 and a redirect that is not a web address', async () => {
    const backwards = await call(admin, 'PUT', '/api/configuration/blackout', window({ toUtcDate: inMinutes(5) }));
    expect(backwards.json().details.fields).toEqual(['toUtcDate']);
    const far = await call(
      admin,
      'PUT',
      '/api/configuration/blackout',
      window({ toUtcDate: '+010000-01-01T00:00:00Z' }),
    );
    expect(far.json().details.fields).toEqual(['toUtcDate']);
    const script = await call(
      admin,
      'PUT',
      '/api/configuration/blackout',
      window({ redirectUrl: 'javascript:alert(1)' }),
    );
    expect(script.statusCode).toBe(400);
    expect(script.json().details.fields).toEqual(['redirectUrl']);
  });

  it('skips every check when the window is turned off', async () => {
    const response = await call(admin, 'PUT', '/api/configuration/blackout', {
      isEnabled: false,
      fromUtcDate: null,
      toUtcDate: null,
      redirectUrl: '',
      messages: [],
    });
    expect(response.statusCode).toBe(200);
  });

  it('is refused to a manager and a customer (403) and to nobody (401)', async () => {
    for (const token of [manager, payer]) {
      expect((await call(token, 'GET', '/api/configuration/blackout')).statusCode).toBe(403);
      expect((await call(token, 'PUT', '/api/configuration/blackout', window())).statusCode).toBe(403);
    }
    expect((await call(null, 'PUT', '/api/configuration/blackout', window())).statusCode).toBe(401);
    expect((await call(admin, 'GET', '/api/configuration/blackout')).json().isEnabled).toBe(false);
  });
});

describe('a window by the clock', () => {
  it('starts and ends by itself, closing the portal to everyone but administrators meanwhile', async () => {
    const saved = await call(admin, 'PUT', '/api/configuration/blackout', window());
    expect(saved.statusCode).toBe(200);

    // Before the start: open.
    expect((await call(null, 'GET', '/api/configuration/isBlackoutActive')).json().active).toBe(false);
    expect((await call(payer, 'GET', '/api/configuration/payment-settings')).statusCode).toBe(200);

    t.clock.advance(15 * minute);
    const status = await t.app.inject({
      method: 'GET',
      url: '/api/configuration/isBlackoutActive?tz=Europe/Paris',
      headers: { 'accept-language': 'fr' },
    });
    expect(status.json()).toMatchObject({ active: true, redirectUrl: '' });
    expect(status.json().message).toMatch(/^Fermé pour maintenance du \d\d\/\d\d\/\d{4} \d\d:\d\d UTC\+1 au /);

    // An existing customer session, a new customer sign-in and a guest call: 503 with the notice.
    const data = await call(payer, 'GET', '/api/configuration/payment-settings');
    expect(data.statusCode).toBe(503);
    expect(data.json()).toMatchObject({ error: 'MAINTENANCE', reason: 'blackout' });
    expect(data.json().message).toMatch(/^Closed for maintenance from /);
    const signIn = await call(null, 'POST', '/api/token/login', {
      login: 'payer@example.com',
      password: 'Portal-Demo-2026',
    });
    expect(signIn.statusCode).toBe(503);
    expect(signIn.json().error).toBe('MAINTENANCE');
    expect(signIn.headers['set-cookie']).toBeUndefined();
    const guest = await call(null, 'PUT', '/api/users/account/validateGuestPayment', {});
    expect(guest.statusCode).toBe(503);
    expect((await call(manager, 'GET', '/api/users')).statusCode).toBe(503);

    // A wrong password still says so (no notice to someone who does not know it).
    const wrong = await call(null, 'POST', '/api/token/login', { login: 'payer@example.com', password: 'nope' });
    expect(wrong.statusCode).toBe(401);

    // Administrators: their session and a new sign-in work.
    expect((await call(admin, 'GET', '/api/configuration/payment-settings')).statusCode).toBe(200);
    const adminAgain = await signInAs(t.app, 'admin@example.com');
    expect((await call(adminAgain.token, 'GET', '/api/users')).statusCode).toBe(200);

    // Past the end: open again, with no restart and no save.
    t.clock.advance(26 * minute);
    expect((await call(null, 'GET', '/api/configuration/isBlackoutActive')).json().active).toBe(false);
    expect((await call(payer, 'GET', '/api/configuration/payment-settings')).statusCode).toBe(200);
    expect((await signInAs(t.app, 'payer@example.com')).token).toBeTruthy();
  });

  it('answers the redirect address while on, and turning it off opens the portal at once', async () => {
    await call(admin, 'PUT', '/api/configuration/blackout', {
      ...window({ fromUtcDate: inMinutes(-1), redirectUrl: 'https://status.example.com/' }),
    });
    const status = (await call(null, 'GET', '/api/configuration/isBlackoutActive')).json();
    expect(status).toMatchObject({ active: true, redirectUrl: 'https://status.example.com/' });
    expect((await call(payer, 'GET', '/api/configuration/payment-settings')).statusCode).toBe(503);

    const off = await call(admin, 'PUT', '/api/configuration/blackout', { ...window(), isEnabled: false });
    expect(off.statusCode).toBe(200);
    expect((await call(payer, 'GET', '/api/configuration/payment-settings')).statusCode).toBe(200);
  });

  it('records every change in the audit trail with the fields, old and new', async () => {
    const audit = (await call(admin, 'GET', '/api/audit-events?action=configuration_changed')).json().items as {
      subject: string;
      summary: { changes: { field: string }[] };
    }[];
    const blackout = audit.filter((event) => event.subject === 'blackout');
    expect(blackout.length).toBeGreaterThanOrEqual(3);
    expect(blackout.flatMap((event) => event.summary.changes.map((c) => c.field))).toContain('redirectUrl');
  });
});
