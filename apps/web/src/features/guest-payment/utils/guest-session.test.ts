import { describe, expect, it } from 'vitest';
import { activeTokens, atAccountCap, guestPaymentOutcome, heldAccountCount, type HeldToken } from './guest-session';

const held = (account: string, expiresAt = '2030-01-01T00:00:00Z', token = `t-${account}`): HeldToken => ({
  token,
  account,
  expiresAt,
});

describe('guest tokens', () => {
  const now = new Date('2026-03-01T12:00:00Z');

  it('keeps only unexpired tokens', () => {
    const tokens = [held('1', '2026-03-01T11:59:59Z'), held('2', '2026-03-01T12:15:00Z')];
    expect(activeTokens(tokens, now).map((entry) => entry.account)).toEqual(['2']);
  });

  it('counts accounts as the server does (leading zeros do not make another account)', () => {
    const tokens = [held('0000100001', undefined, 'a'), held('100001', undefined, 'b'), held('100002')];
    expect(heldAccountCount(tokens)).toBe(2);
    expect(atAccountCap(tokens)).toBe(false);
    expect(atAccountCap([...tokens, held('100003'), held('100004')])).toBe(true);
  });
});

describe('guestPaymentOutcome', () => {
  it('reads the paymentStatus list as the status page’s status', () => {
    const payment = {
      state: 'posted' as const,
      payment_document_number: '1400000001',
      reference_code: 'ref',
      payment_card_type: 'VISA' as const,
      payment_method_label: 'VISA •••• 1111',
      processed_at: '2026-03-01T12:00:00Z',
      total_amount: '150.00',
      currency_key: 'USD',
      currency_decimals: 2,
    };
    const paymentStatus = [
      {
        index_number: 0,
        document_number_finance: '1800000123',
        billing_document_number: '0090000123',
        message_type: 'S' as const,
        message_line_string: 'Paid',
        authorization_reference_code: 'A1',
        authorization_amount: '150.00',
        currency_key: 'USD',
      },
    ];
    expect(guestPaymentOutcome({ paymentStatus, payment })).toEqual({
      kind: 'answer',
      response: { status: paymentStatus, payment },
    });
  });
});
