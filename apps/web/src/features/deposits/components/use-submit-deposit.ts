// Submits a deposit and takes the user to the status page (spec §4: deposits work like invoice payments): the answer
// is kept for the status page; the invoices, their totals and the payment history are reloaded so the new credit on
// account shows at once.
import type { MakeDepositRequest } from '@portal/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { sendCompletingAction } from '../../../lib/complete-next-action';
import { failedSubmission, type SubmitOutcome } from '../../../lib/pay-submission';
import { submitDeposit } from '../api/make-deposit';
import { depositOutcome } from '../utils/deposit-session';

export const DEPOSIT_STATUS_PATH = '/deposits/payment-status';

export function useSubmitDeposit() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();

  return useCallback(
    async (request: MakeDepositRequest, idempotencyKey: string): Promise<SubmitOutcome> => {
      try {
        const response = await sendCompletingAction(
          () => submitDeposit(request, idempotencyKey),
          (sent) => sent.payment,
        );
        depositOutcome.save({ kind: 'answer', response });
        // The credit on account shows in the invoice list and totals, and the deposit in the payment history.
        void queryClient.invalidateQueries({ queryKey: ['invoices'] });
        void queryClient.invalidateQueries({ queryKey: ['payment-history'] });
        void navigate(DEPOSIT_STATUS_PATH);
        return { kind: 'done' };
      } catch (error) {
        return failedSubmission(error, t);
      }
    },
    [navigate, queryClient, t],
  );
}
