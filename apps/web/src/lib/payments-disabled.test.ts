import type { PaymentSettings } from '@portal/contracts';
import { describe, expect, it } from 'vitest';
import { paymentsDisabledFor, paymentsDisabledMessage } from './payments-disabled';

const settings = (overrides: Partial<PaymentSettings> = {}): PaymentSettings => ({
  isPaymentsDisable: false,
  paymentDisabledMessages: {},
  maxPaymentAllowed: '0',
  maxECheckPaymentAllowed: '0',
  company_codes: [
    { company_code: '1000', disable_payments: '', enable_deposits: 'X', enable_echeck: 'X' },
    { company_code: 'JP01', disable_payments: 'X', enable_deposits: '', enable_echeck: '' },
  ],
  scheduledPaymentsCompanyCodes: [],
  autopayCompanyCodes: [],
  schedulingHorizonDays: 30,
  promiseMaxDays: 60,
  ...overrides,
});

describe('payments disabled', () => {
  it('follows the company code flag', () => {
    expect(paymentsDisabledFor('JP01', settings())).toBe(true);
    expect(paymentsDisabledFor('1000', settings())).toBe(false);
    expect(paymentsDisabledFor(undefined, settings())).toBe(false);
    expect(paymentsDisabledFor('JP01', undefined)).toBe(false);
  });

  it('disables every account when the portal switch is on', () => {
    expect(paymentsDisabledFor('1000', settings({ isPaymentsDisable: true }))).toBe(true);
  });

  it('picks the message in the language, then English, then any', () => {
    const messages = { en: 'Paused.', de: 'Pausiert.', ja: '一時停止中です。' };
    const on = settings({ isPaymentsDisable: true, paymentDisabledMessages: messages });
    expect(paymentsDisabledMessage(on, 'de')).toBe('Pausiert.');
    expect(paymentsDisabledMessage(on, 'fr')).toBe('Paused.');
    expect(
      paymentsDisabledMessage(settings({ isPaymentsDisable: true, paymentDisabledMessages: { ja: 'x' } }), 'fr'),
    ).toBe('x');
    expect(paymentsDisabledMessage(settings(), 'de')).toBeUndefined();
  });
});
