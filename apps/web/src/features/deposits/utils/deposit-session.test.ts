import type { MakeDepositRequest, PayInvoicesResponse } from '@portal/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { depositOutcome, pendingDeposit } from './deposit-session';
import { memoryStorage } from '../../../lib/test-fixtures';

const request: MakeDepositRequest = {
  payer_data: { customer_number: '0000100001', company_code: '1000' },
  deposit_detail: { amount_to_process: '250.00', currency_key: 'USD', reason_code: 'DP' },
  payment_detail: {
    payment_card_token: '-MC-1005-ABCDEF0123456789',
    payment_card_type: 'MC',
    card_validation_code: '321',
  },
  log: { id: 'POST_DEPOSIT' },
};

beforeEach(() => {
  vi.stubGlobal('window', { sessionStorage: memoryStorage() });
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the deposit cached across the 3-D Secure redirect', () => {
  it('is restored for its own access token only, and stays until the return takes it', () => {
    pendingDeposit.save({ accessToken: 'tok-1', idempotencyKey: 'key-1', request });
    expect(pendingDeposit.peek('tok-2')).toBeNull();
    expect(pendingDeposit.peek('tok-1')?.request).toEqual(request);
    expect(pendingDeposit.take('tok-1')).toEqual({ accessToken: 'tok-1', idempotencyKey: 'key-1', request });
    // Read once: the CVV does not stay in session storage, and a second return finds nothing.
    expect(pendingDeposit.take('tok-1')).toBeNull();
    expect(pendingDeposit.peek('tok-1')).toBeNull();
  });

  it('is not taken by a return with another id', () => {
    pendingDeposit.save({ accessToken: 'tok-1', idempotencyKey: 'key-1', request });
    expect(pendingDeposit.take('other')).toBeNull();
    expect(pendingDeposit.take('tok-1')).not.toBeNull();
  });
});

describe('the deposit outcome', () => {
  it('keeps the answer for the status page under its own key', () => {
    const response = { status: [], payment: {} } as unknown as PayInvoicesResponse;
    depositOutcome.save({ kind: 'answer', response });
    expect(depositOutcome.read()).toEqual({ kind: 'answer', response });
    expect(window.sessionStorage.getItem('portal.payments.result')).toBeNull();
  });
});
