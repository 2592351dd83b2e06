// Submits a payment and takes the user to the status page (spec §4 payment flow): the answer is kept for the status
// page; when any document is S the selection is cleared; the invoices are reloaded either way (paid ones leave the
// list, held ones show "in process").
import type { PayInvoicesRequest } from '@portal/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ApiError } from '../../../lib/api-client';
import { invoiceSelection } from '../../../lib/invoice-selection';
import { log } from '../../../lib/log';
import { notify } from '../../../lib/notify';
import { submitPayment } from '../api/submit-payment';
import { refusalFromResponse, type PaymentRefusal } from '../../../lib/payment-refusal';
import { isPaymentSuccess, paymentOutcome } from '../utils/payment-session';

export const PAYMENT_STATUS_PATH = '/invoices/payment-status';

/**
 * done: the server answered (the status page shows it). refused: the server said no (a check, a changed invoice, a
 * payment in process, a failed 3-D Secure step): nothing was charged and the submission's key is spent; the caller
 * shows why. retry: the outcome is unknown (network, 5xx, the same key still in flight): ask again with the same
 * key, which can never pay twice.
 */
export type SubmitOutcome = { kind: 'done' } | { kind: 'refused'; refusal: PaymentRefusal } | { kind: 'retry' };

/** onAnswered runs when the answer is in, before the selection is cleared (see the pay page). */
export function useSubmitPayment(onAnswered?: () => void) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();

  return useCallback(
    async (request: PayInvoicesRequest, idempotencyKey: string): Promise<SubmitOutcome> => {
      try {
        const response = await submitPayment(request, idempotencyKey);
        paymentOutcome.save({ kind: 'answer', response });
        onAnswered?.();
        if (isPaymentSuccess(response)) invoiceSelection.clear();
        void queryClient.invalidateQueries({ queryKey: ['invoices'] });
        void navigate(PAYMENT_STATUS_PATH);
        return { kind: 'done' };
      } catch (error) {
        const refusal = error instanceof ApiError ? refusalFromResponse(error.status, error.body) : null;
        if (refusal) {
          if (refusal.code === 'PAYMENT_IN_PROCESS' || refusal.code === 'DOCUMENT_CHANGED') {
            void queryClient.invalidateQueries({ queryKey: ['invoices'] });
          }
          return { kind: 'refused', refusal };
        }
        log.warn('Payment submission failed', error);
        const inFlight = error instanceof ApiError && error.body?.error === 'IDEMPOTENCY_IN_FLIGHT';
        notify.error(t(inFlight ? 'errors.codes.IDEMPOTENCY_IN_FLIGHT' : 'payments.error.making_payment'));
        return { kind: 'retry' };
      }
    },
    [navigate, queryClient, t, onAnswered],
  );
}
