// /deposits/processing-payment?id=... (spec §2, §4 3-D Secure): back from the provider's 3-D Secure step. Restores
// the deposit cached before the redirect, takes the id out of the address and submits it with the same
// Idempotency-Key; the status page follows (with the reason when the server refused, e.g. a failed 3-D Secure step).
// spec §2: it needs a cached deposit, otherwise nothing happens: no deposit is made and the status page shows the
// site error. Without an id it goes back to the form.
import { Loader, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useSearchParams } from 'react-router';
import { PageTitle } from '../../../components/ui/page-title';
import { useThreeDsCompletion } from '../../../lib/pay-submission';
import { depositOutcome, pendingDeposit } from '../utils/deposit-session';
import { DEPOSIT_STATUS_PATH, useSubmitDeposit } from './use-submit-deposit';

export function ProcessingDepositPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const submit = useSubmitDeposit();
  const id = params.get('id');
  // Read once: the id is taken out of the address as soon as the page starts on it.
  const [arrivedWithId] = useState(() => id !== null);

  useThreeDsCompletion(id, {
    take: pendingDeposit.take,
    submit: (pending, accessToken) =>
      submit(
        {
          ...pending.request,
          payment_detail: { ...pending.request.payment_detail, three_ds_access_token: accessToken },
        },
        pending.idempotencyKey,
      ),
    refused: (pending, refusal) => ({
      kind: 'refused',
      refusal,
      documents: [],
      currency_key: pending.request.deposit_detail.currency_key,
    }),
    outcomes: depositOutcome,
    statusPath: DEPOSIT_STATUS_PATH,
  });

  if (!arrivedWithId) return <Navigate to="/deposits" replace />;
  return (
    <Stack gap="md" align="flex-start">
      <PageTitle>{t('deposits.processing.title')}</PageTitle>
      <Loader aria-label={t('deposits.processing.title')} />
      <Text>{t('payments.processing.text')}</Text>
    </Stack>
  );
}
