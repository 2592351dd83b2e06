// GET /api/token/guest-payment/guestpayment (access spec §3 Guest payment configuration, §7; issue 27): public, it
// tells the guest page whether guest payment is on, the account cap and currency, and whether payments are off with
// the administrator's messages; while guest payment is off it tells nothing more than that.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeSetting } from '../system/app-settings.repository';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const read = () => t.app.inject({ method: 'GET', url: '/api/token/guest-payment/guestpayment' });
const paused = { isPaymentsDisable: true, paymentDisabledMessages: { en: 'Payments are paused.', de: 'Pausiert.' } };

describe('GET /api/token/guest-payment/guestpayment', () => {
  it('says guest payment is off, and nothing of the payments switch, while it is off', async () => {
    await writeSetting(t.database.db, 'application', { allowGuestPayment: false, ...paused });
    const answer = await read();
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({
      AllowGuestPayment: false,
      max_accounts: 4,
      currency_key: 'USD',
      isPaymentsDisable: false,
      paymentDisabledMessages: {},
    });
  });

  it('answers the cap, the currency and whether payments are off with their messages once guest payment is on', async () => {
    await writeSetting(t.database.db, 'application', { allowGuestPayment: true, ...paused });
    expect((await read()).json()).toEqual({
      AllowGuestPayment: true,
      max_accounts: 4,
      currency_key: 'USD',
      ...paused,
    });
    await writeSetting(t.database.db, 'application', { allowGuestPayment: true, isPaymentsDisable: false });
    expect((await read()).json()).toMatchObject({ AllowGuestPayment: true, isPaymentsDisable: false });
  });
});
