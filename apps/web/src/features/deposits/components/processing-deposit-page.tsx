// /deposits/processing-payment?id=... (spec §2, §4 3-D Secure): back from the provider's 3-D Secure step. Restores
// the deposit cached before the redirect, takes the id out of the address and submits it with the same
// Idempotency-Key; the status page follows (with the reason when the server refused, e.g. a failed 3-D Secure step).
// spec §2: it needs a cached deposit, otherwise nothing happens: no deposit is made and the status page shows the
// site error. Without an id it goes back to the form.
import { Loader, Stack, Text } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { PageTitle } from '../../../components/ui/page-title';
import { depositOutcome, pendingDeposit } from '../utils/deposit-session';
import { DEPOSIT_STATUS_PATH, useSubmitDeposit } from './use-submit-deposit';

export function ProcessingDepositPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const submit = useSubmitDeposit();
  const id = params.get('id');
  const started = useRef<string | null>(null);
  // Read once: the id is taken out of the address as soon as the page starts on it.
  const [arrivedWithId] = useState(() => id !== null);

  useEffect(() => {
    if (!id || started.current === id) return;
    started.current = id;
    void navigate({ search: '' }, { replace: true });
    const pending = pendingDeposit.take(id);
    if (!pending) {
      depositOutcome.save({ kind: 'failed' });
      void navigate(DEPOSIT_STATUS_PATH, { replace: true });
      return;
    }
    const request = {
      ...pending.request,
      payment_detail: { ...pending.request.payment_detail, three_ds_access_token: id },
    };
    const attempt = async (tries: number): Promise<void> => {
      const outcome = await submit(request, pending.idempotencyKey);
      // An unknown outcome is retried with the same key (it cannot charge twice), then reported.
      if (outcome.kind === 'retry' && tries > 1) return attempt(tries - 1);
      if (outcome.kind === 'done') return;
      depositOutcome.save(
        outcome.kind === 'refused'
          ? {
              kind: 'refused',
              refusal: outcome.refusal,
              documents: [],
              currency_key: request.deposit_detail.currency_key,
            }
          : { kind: 'failed' },
      );
      void navigate(DEPOSIT_STATUS_PATH, { replace: true });
    };
    void attempt(3);
  }, [id, navigate, submit]);

  if (!arrivedWithId) return <Navigate to="/deposits" replace />;
  return (
    <Stack gap="md" align="flex-start">
      <PageTitle>{t('deposits.processing.title')}</PageTitle>
      <Loader aria-label={t('deposits.processing.title')} />
      <Text>{t('payments.processing.text')}</Text>
    </Stack>
  );
}
