import type { PaymentSummary } from '@portal/contracts';
import { describe, expect, it, vi } from 'vitest';
import { sendCompletingAction, type Authenticate } from './complete-next-action';

vi.mock('./log', () => ({ log: { warn: vi.fn(), error: vi.fn() } }));
// The provider's code is never loaded by these tests: each one passes its own authentication.
vi.mock('./stripe-next-action', () => ({ handleStripeNextAction: vi.fn() }));

const nextAction = { provider: 'stripe' as const, client_secret: 'pi_1_secret_2', publishable_key: 'pk_test_double' };

type Answer = { payment: PaymentSummary };
const sender = () => vi.fn<() => Promise<Answer>>();

function summary(state: PaymentSummary['state'], withAction = false): Answer {
  return {
    payment: {
      state,
      payment_document_number: '',
      reference_code: 'ORDER-1',
      payment_card_type: 'VISA',
      payment_method_label: 'VISA 3184',
      processed_at: '2026-03-01T10:00:00.000Z',
      total_amount: '100.00',
      currency_key: 'USD',
      currency_decimals: 2,
      ...(withAction ? { next_action: nextAction } : {}),
    },
  };
}

describe('sendCompletingAction', () => {
  it('sends once when the answer needs nothing from the payer', async () => {
    const send = sender().mockResolvedValue(summary('posted'));
    const authenticate = vi.fn<Authenticate>();
    await expect(sendCompletingAction(send, (answer) => answer.payment, authenticate)).resolves.toEqual(
      summary('posted'),
    );
    expect(send).toHaveBeenCalledTimes(1);
    expect(authenticate).not.toHaveBeenCalled();
  });

  it('lets the payer authenticate, then sends the same request again and answers what the server said then', async () => {
    const send = sender()
      .mockResolvedValueOnce(summary('requires_action', true))
      .mockResolvedValueOnce(summary('posted'));
    const authenticate = vi.fn<Authenticate>().mockResolvedValue({ type: 'completed' });
    const answer = await sendCompletingAction(send, (sent) => sent.payment, authenticate);
    expect(authenticate).toHaveBeenCalledWith(nextAction);
    expect(send).toHaveBeenCalledTimes(2);
    expect(answer.payment.state).toBe('posted');
  });

  it('sends again once after a failed authentication: the server answers the decline', async () => {
    const send = sender()
      .mockResolvedValueOnce(summary('requires_action', true))
      .mockResolvedValueOnce(summary('declined'));
    const authenticate = vi.fn<Authenticate>().mockResolvedValue({ type: 'failed', code: 'authentication_failure' });
    await expect(sendCompletingAction(send, (sent) => sent.payment, authenticate)).resolves.toEqual(
      summary('declined'),
    );
    expect(send).toHaveBeenCalledTimes(2);
  });

  it('sends again when the provider could not show the authentication at all (Stripe.js did not load)', async () => {
    const send = sender()
      .mockResolvedValueOnce(summary('requires_action', true))
      .mockResolvedValueOnce(summary('requires_action', true));
    const authenticate = vi.fn<Authenticate>().mockRejectedValue(new Error('Failed to load Stripe.js'));
    const answer = await sendCompletingAction(send, (sent) => sent.payment, authenticate);
    // Never more than once: an answer that still waits for the payer is shown as it is.
    expect(send).toHaveBeenCalledTimes(2);
    expect(answer.payment.state).toBe('requires_action');
  });

  it('leaves an answer without a payment (a scheduled one) alone', async () => {
    const send = vi.fn().mockResolvedValue({ status: 'scheduled' });
    await expect(sendCompletingAction(send, () => undefined, vi.fn())).resolves.toEqual({ status: 'scheduled' });
    expect(send).toHaveBeenCalledTimes(1);
  });
});
