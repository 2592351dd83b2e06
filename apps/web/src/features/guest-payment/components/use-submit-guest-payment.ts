// Submits a guest payment and takes the guest to the status page (spec §4 Guest flow): the answer is kept in local
// storage for the status page (spec §2), with the address the receipt goes to. Issue 36: an answer that asks the
// guest to authenticate is completed first (lib/complete-next-action.ts).
import type { GuestPaymentRequest } from '@portal/contracts';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ApiError } from '../../../lib/api-client';
import { sendCompletingAction } from '../../../lib/complete-next-action';
import { failedSubmission, type SubmitOutcome } from '../../../lib/pay-submission';
import { payGuestInvoice } from '../api/pay-guest-invoice';
import { currentLookup, guestOutcome, guestPaymentOutcome, guestReceipt } from '../utils/guest-session';
import { GUEST_PAYMENT_STATUS_PATH } from './guest-payment-paths';

/** The outcomes of every pay request (lib/pay-submission.ts), and expired: the guest token is no longer valid (403
 * GUEST_TOKEN_INVALID): back to the form. */
export type GuestSubmitOutcome = SubmitOutcome | { kind: 'expired' };

export function isGuestTokenInvalid(error: unknown): boolean {
  return error instanceof ApiError && error.body?.error === 'GUEST_TOKEN_INVALID';
}

export function useSubmitGuestPayment() {
  const { t } = useTranslation();
  const navigate = useNavigate();

  return useCallback(
    async (guestToken: string, request: GuestPaymentRequest, idempotencyKey: string): Promise<GuestSubmitOutcome> => {
      try {
        const response = await sendCompletingAction(
          () => payGuestInvoice(guestToken, request, idempotencyKey),
          (sent) => sent.payment,
        );
        guestOutcome.save(guestPaymentOutcome(response));
        guestReceipt.save(request.guest.email);
        currentLookup.clear();
        void navigate(GUEST_PAYMENT_STATUS_PATH);
        return { kind: 'done' };
      } catch (error) {
        if (isGuestTokenInvalid(error)) return { kind: 'expired' };
        return failedSubmission(error, t);
      }
    },
    [navigate, t],
  );
}
