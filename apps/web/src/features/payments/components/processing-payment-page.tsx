// /invoices/processing-payment?id=... (spec §2, §4 3-D Secure): back from the provider's 3-D Secure step. Restores
// the payment cached before the redirect, takes the id out of the address and submits with the same
// Idempotency-Key; the status page follows (with the reason when the server refused, e.g. a failed 3-D Secure step).
// Without an id it goes to /; with an id but nothing cached it shows the site error (nothing was paid).
import { Loader, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useSearchParams } from 'react-router';
import { PageTitle } from '../../../components/ui/page-title';
import { useThreeDsCompletion } from '../../../lib/pay-submission';
import { paymentOutcome, pendingPayment } from '../utils/payment-session';
import { PAYMENT_STATUS_PATH, useSubmitPayment } from './use-submit-payment';

export function ProcessingPaymentPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const submit = useSubmitPayment();
  const id = params.get('id');
  // Read once: the id is taken out of the address as soon as the page starts on it.
  const [arrivedWithId] = useState(() => id !== null);

  useThreeDsCompletion(id, {
    take: pendingPayment.take,
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
      documents: pending.request.documents,
      currency_key: pending.request.currency_key,
    }),
    outcomes: paymentOutcome,
    statusPath: PAYMENT_STATUS_PATH,
  });

  if (!arrivedWithId) return <Navigate to="/" replace />;
  return (
    <Stack gap="md" align="flex-start">
      <PageTitle>{t('payments.processing.title')}</PageTitle>
      <Loader aria-label={t('payments.processing.title')} />
      <Text>{t('payments.processing.text')}</Text>
    </Stack>
  );
}
