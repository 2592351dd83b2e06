// /invoices/processing-payment?id=... (spec §2, §4 3-D Secure): back from the provider's 3-D Secure step. Restores
// the payment cached before the redirect, takes the id out of the address and submits with the same
// Idempotency-Key; the status page follows (with the reason when the server refused, e.g. a failed 3-D Secure step).
// Without an id it goes to /; with an id but nothing cached it shows the site error (nothing was paid).
import { Loader, Stack, Text } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { PageTitle } from '../../../components/ui/page-title';
import { paymentOutcome, pendingPayment } from '../utils/payment-session';
import { PAYMENT_STATUS_PATH, useSubmitPayment } from './use-submit-payment';

export function ProcessingPaymentPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const submit = useSubmitPayment();
  const id = params.get('id');
  const started = useRef<string | null>(null);
  // Read once: the id is taken out of the address as soon as the page starts on it.
  const [arrivedWithId] = useState(() => id !== null);

  useEffect(() => {
    if (!id || started.current === id) return;
    started.current = id;
    void navigate({ search: '' }, { replace: true });
    const pending = pendingPayment.take(id);
    if (!pending) {
      paymentOutcome.save({ kind: 'failed' });
      void navigate(PAYMENT_STATUS_PATH, { replace: true });
      return;
    }
    const request = {
      ...pending.request,
      payment_detail: { ...pending.request.payment_detail, three_ds_access_token: id },
    };
    const attempt = async (tries: number): Promise<void> => {
      const outcome = await submit(request, pending.idempotencyKey);
      // An unknown outcome is retried with the same key (it cannot pay twice), then reported.
      if (outcome.kind === 'retry' && tries > 1) return attempt(tries - 1);
      if (outcome.kind === 'done') return;
      // A refusal (e.g. the 3-D Secure step failed) is the status page's error, with the reason; an outcome still
      // unknown after the retries is the spec's site error.
      paymentOutcome.save(
        outcome.kind === 'refused'
          ? {
              kind: 'refused',
              refusal: outcome.refusal,
              documents: request.documents,
              currency_key: request.currency_key,
            }
          : { kind: 'failed' },
      );
      void navigate(PAYMENT_STATUS_PATH, { replace: true });
    };
    void attempt(3);
  }, [id, navigate, submit]);

  if (!arrivedWithId) return <Navigate to="/" replace />;
  return (
    <Stack gap="md" align="flex-start">
      <PageTitle>{t('payments.processing.title')}</PageTitle>
      <Loader aria-label={t('payments.processing.title')} />
      <Text>{t('payments.processing.text')}</Text>
    </Stack>
  );
}
