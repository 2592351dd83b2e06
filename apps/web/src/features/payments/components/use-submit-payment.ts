// Submits a payment and takes the user to the status page (spec §4 payment flow): the answer is kept for the status
// page; when any document is S the selection is cleared; the invoices are reloaded either way (paid ones leave the
// list, held ones show "in process").
import type { PayInvoicesRequest } from '@portal/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { invoiceSelection } from '../../../lib/invoice-selection';
import { failedSubmission, type SubmitOutcome } from '../../../lib/pay-submission';
import { submitPayment } from '../api/submit-payment';
import { isPaymentSuccess, paymentOutcome } from '../utils/payment-session';

export const PAYMENT_STATUS_PATH = '/invoices/payment-status';

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
        const failed = failedSubmission(error, t);
        if (failed.kind === 'refused' && ['PAYMENT_IN_PROCESS', 'DOCUMENT_CHANGED'].includes(failed.refusal.code)) {
          void queryClient.invalidateQueries({ queryKey: ['invoices'] });
        }
        return failed;
      }
    },
    [navigate, queryClient, t, onAnswered],
  );
}
