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
import { isPaymentSuccess, paymentOutcome } from '../utils/payment-session';

export const PAYMENT_STATUS_PATH = '/invoices/payment-status';

/**
 * refused: the server said no (a check, a changed invoice, a payment in process): nothing was charged and the
 * submission's key is spent. retry: the outcome is unknown (network, 5xx, the same key still in flight): retry with
 * the same key, which can never pay twice.
 */
export type SubmitOutcome = 'done' | 'refused' | 'retry';

export function useSubmitPayment() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();

  return useCallback(
    async (request: PayInvoicesRequest, idempotencyKey: string): Promise<SubmitOutcome> => {
      try {
        const response = await submitPayment(request, idempotencyKey);
        paymentOutcome.save({ kind: 'answer', response });
        if (isPaymentSuccess(response)) invoiceSelection.clear();
        void queryClient.invalidateQueries({ queryKey: ['invoices'] });
        void navigate(PAYMENT_STATUS_PATH);
        return 'done';
      } catch (error) {
        const body = error instanceof ApiError ? error.body : undefined;
        if (error instanceof ApiError && body && error.status < 500 && body.error !== 'IDEMPOTENCY_IN_FLIGHT') {
          const values = (body.details?.values as Record<string, string> | undefined) ?? {};
          const text = t(body.messageKey, { ...values, defaultValue: body.message });
          notify.warning(text, { title: t('payments.error.refused_title') });
          if (body.error === 'PAYMENT_IN_PROCESS' || body.error === 'DOCUMENT_CHANGED') {
            void queryClient.invalidateQueries({ queryKey: ['invoices'] });
          }
          return 'refused';
        }
        log.warn('Payment submission failed', error);
        notify.error(t('payments.error.making_payment'));
        return 'retry';
      }
    },
    [navigate, queryClient, t],
  );
}
