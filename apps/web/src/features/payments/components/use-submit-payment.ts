// Submits a payment and takes the user to the status page (spec §4 payment flow): the answer is kept for the status
// page; when any document is S the selection is cleared; the invoices are reloaded either way (paid ones leave the
// list, held ones show "in process"). A payment for a later day (issue 29) is stored, not paid: the selection is
// cleared, a toast says for which day, and the user lands on the list of scheduled payments, where it can be
// cancelled. Issue 36: an answer that asks the payer to authenticate (requires_action) is completed in the provider's
// component and sent again with the same key (lib/complete-next-action.ts) before anything is shown.
import type { PayInvoicesRequest } from '@portal/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { formatDate } from '../../../lib/format-date';
import { invoiceSelection } from '../../../lib/invoice-selection';
import { sendCompletingAction } from '../../../lib/complete-next-action';
import { notify } from '../../../lib/notify';
import { failedSubmission, type SubmitOutcome } from '../../../lib/pay-submission';
import { isScheduledAnswer, submitPayment } from '../api/submit-payment';
import { isPaymentSuccess, paymentOutcome } from '../utils/payment-session';

export const PAYMENT_STATUS_PATH = '/invoices/payment-status';
export const SCHEDULED_PAYMENTS_PATH = '/scheduled-payments';

/** onAnswered runs when the answer is in, before the selection is cleared (see the pay page). */
export function useSubmitPayment(onAnswered?: () => void) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();

  return useCallback(
    async (request: PayInvoicesRequest, idempotencyKey: string): Promise<SubmitOutcome> => {
      try {
        const answer = await sendCompletingAction(
          () => submitPayment(request, idempotencyKey),
          (sent) => (isScheduledAnswer(sent) ? undefined : sent.payment),
        );
        onAnswered?.();
        if (isScheduledAnswer(answer)) {
          invoiceSelection.clear();
          void queryClient.invalidateQueries({ queryKey: ['scheduled-payments'] });
          notify.success(t('payments.pay_on.scheduled_toast', { date: formatDate(answer.scheduled_date) }));
          void navigate(SCHEDULED_PAYMENTS_PATH);
          return { kind: 'done' };
        }
        paymentOutcome.save({ kind: 'answer', response: answer });
        // A bank debit on its way holds its invoices as a payment does: they are not offered again.
        if (isPaymentSuccess(answer) || answer.payment.state === 'processing') invoiceSelection.clear();
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
