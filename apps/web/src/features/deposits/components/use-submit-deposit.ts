// Submits a deposit and takes the user to the status page (spec §4: deposits work like invoice payments): the answer
// is kept for the status page; the invoices, their totals and the payment history are reloaded so the new credit on
// account shows at once.
import type { MakeDepositRequest } from '@portal/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ApiError } from '../../../lib/api-client';
import { log } from '../../../lib/log';
import { notify } from '../../../lib/notify';
import { refusalFromResponse, type PaymentRefusal } from '../../../lib/payment-refusal';
import { submitDeposit } from '../api/make-deposit';
import { depositOutcome } from '../utils/deposit-session';

export const DEPOSIT_STATUS_PATH = '/deposits/payment-status';

/**
 * done: the server answered (the status page shows it). refused: the server said no (a check, a failed 3-D Secure
 * step): nothing was charged and the key is spent; the caller shows why. retry: the outcome is unknown (network, 5xx,
 * the same key still in flight): ask again with the same key, which can never charge twice.
 */
export type SubmitDepositOutcome = { kind: 'done' } | { kind: 'refused'; refusal: PaymentRefusal } | { kind: 'retry' };

export function useSubmitDeposit() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();

  return useCallback(
    async (request: MakeDepositRequest, idempotencyKey: string): Promise<SubmitDepositOutcome> => {
      try {
        const response = await submitDeposit(request, idempotencyKey);
        depositOutcome.save({ kind: 'answer', response });
        // The credit on account shows in the invoice list and totals, and the deposit in the payment history.
        void queryClient.invalidateQueries({ queryKey: ['invoices'] });
        void queryClient.invalidateQueries({ queryKey: ['payment-history'] });
        void navigate(DEPOSIT_STATUS_PATH);
        return { kind: 'done' };
      } catch (error) {
        const refusal = error instanceof ApiError ? refusalFromResponse(error.status, error.body) : null;
        if (refusal) return { kind: 'refused', refusal };
        log.warn('Deposit submission failed', error);
        const inFlight = error instanceof ApiError && error.body?.error === 'IDEMPOTENCY_IN_FLIGHT';
        notify.error(t(inFlight ? 'errors.codes.IDEMPOTENCY_IN_FLIGHT' : 'payments.error.making_payment'));
        return { kind: 'retry' };
      }
    },
    [navigate, queryClient, t],
  );
}
