// spec §4: back from 3-D Secure with ?id=<access token>: read the result, save the card kept in session storage
// when it authenticated, and take the id out of the address.
import type { PayerData, PaymentCard } from '@portal/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { notify } from '../../../lib/notify';
import { managePaymentMethod } from '../api/manage-payment-method';
import { fetchTokenizationResponse } from '../api/tokenization';
import { reportManageResult } from '../utils/manage-result';
import { paymentMethodLabel } from '../utils/payment-method-label';
import { pendingThreeDs } from '../utils/pending-three-ds';

export function useThreeDsReturn(): void {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const handled = useRef<string | null>(null);
  const id = params.get('id');

  useEffect(() => {
    if (!id || handled.current === id) return;
    handled.current = id;
    void navigate({ search: '' }, { replace: true });
    const pending = pendingThreeDs.take(id);
    if (!pending) return;
    void complete(pending.payer, pending.card);

    async function complete(payer: PayerData, card: PaymentCard) {
      const response = await fetchTokenizationResponse(id!).catch(() => null);
      const status = response?.cardinal?.status;
      if (status !== 'Y' && status !== 'A') {
        notify.error(t('payment-methods.three_ds.failed'));
        return;
      }
      const answer = await managePaymentMethod(payer, '01', card);
      reportManageResult(t, answer, paymentMethodLabel(t, card), t('payment-methods.toast.saved'));
      await queryClient.invalidateQueries({ queryKey: ['payment-methods'] });
    }
  }, [id, navigate, queryClient, t]);
}
