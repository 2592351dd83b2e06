// Submits a guest payment and takes the guest to the status page (spec §4 Guest flow): the answer is kept in local
// storage for the status page (spec §2), with the address the receipt goes to.
import type { GuestPaymentRequest } from '@portal/contracts';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ApiError } from '../../../lib/api-client';
import { log } from '../../../lib/log';
import { notify } from '../../../lib/notify';
import { refusalFromResponse, type PaymentRefusal } from '../../../lib/payment-refusal';
import { payGuestInvoice } from '../api/pay-guest-invoice';
import { currentLookup, guestOutcome, guestPaymentOutcome, guestReceipt } from '../utils/guest-session';
import { GUEST_PAYMENT_STATUS_PATH } from './guest-payment-paths';

/**
 * done: the server answered (the status page shows it). refused: the server said no and nothing was charged; the
 * caller shows why. expired: the guest token is no longer valid (403 GUEST_TOKEN_INVALID): back to the form. retry:
 * the outcome is unknown (network, 5xx, the same key in flight): ask again with the same key, which cannot pay twice.
 */
export type GuestSubmitOutcome =
  { kind: 'done' } | { kind: 'refused'; refusal: PaymentRefusal } | { kind: 'expired' } | { kind: 'retry' };

export function isGuestTokenInvalid(error: unknown): boolean {
  return error instanceof ApiError && error.body?.error === 'GUEST_TOKEN_INVALID';
}

export function useSubmitGuestPayment() {
  const { t } = useTranslation();
  const navigate = useNavigate();

  return useCallback(
    async (guestToken: string, request: GuestPaymentRequest, idempotencyKey: string): Promise<GuestSubmitOutcome> => {
      try {
        const response = await payGuestInvoice(guestToken, request, idempotencyKey);
        guestOutcome.save(guestPaymentOutcome(response));
        guestReceipt.save(request.guest.email);
        currentLookup.clear();
        void navigate(GUEST_PAYMENT_STATUS_PATH);
        return { kind: 'done' };
      } catch (error) {
        if (isGuestTokenInvalid(error)) return { kind: 'expired' };
        const refusal = error instanceof ApiError ? refusalFromResponse(error.status, error.body) : null;
        if (refusal) return { kind: 'refused', refusal };
        log.warn('Guest payment submission failed', error);
        const inFlight = error instanceof ApiError && error.body?.error === 'IDEMPOTENCY_IN_FLIGHT';
        notify.error(t(inFlight ? 'errors.codes.IDEMPOTENCY_IN_FLIGHT' : 'payments.error.making_payment'));
        return { kind: 'retry' };
      }
    },
    [navigate, t],
  );
}
