// GET /api/token/auto-register/accounts (access spec §2 /auto-register/accounts, §7; issue 27): public, it tells the
// account-linking page whether registration is open, the account cap and the confirmation link's lifetime with the
// administrator's note; while registration is off it tells nothing more than that.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeSetting } from '../system/app-settings.repository';
import { createTestApp, signInAs, type TestApp } from '../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const read = (headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url: '/api/token/auto-register/accounts', headers });

describe('GET /api/token/auto-register/accounts', () => {
  it('says registration is closed, and nothing of its note, while it is off', async () => {
    await writeSetting(t.database.db, 'application', {
      allowRegistration: false,
      registrationEmailExpirationMessage: 'Internal note while closed',
    });
    const answer = await read();
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({
      allowRegistration: false,
      max_linked_accounts: 4,
      registrationEmailExpiration: '24',
      registrationEmailExpirationMessage: '',
    });
  });

  it("answers anyone, signed in or not, the cap and the link's lifetime with the note once registration is on", async () => {
    await writeSetting(t.database.db, 'application', {
      allowRegistration: true,
      registrationEmailExpiration: '48',
      registrationEmailExpirationMessage: 'The confirmation link works for two days.',
    });
    const expected = {
      allowRegistration: true,
      max_linked_accounts: 4,
      registrationEmailExpiration: '48',
      registrationEmailExpirationMessage: 'The confirmation link works for two days.',
    };
    expect((await read()).json()).toEqual(expected);
    const { token } = await signInAs(t.app, 'payer@example.com');
    expect((await read({ authorization: `Bearer ${token}` })).json()).toEqual(expected);
  });
});
