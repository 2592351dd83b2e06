// /guest-payment/guestpayment?id=... (spec §4 3-D Secure, Guest flow): back from the provider's 3-D Secure step.
// Restores the guest payment cached before the redirect, takes the id out of the address and submits it with the
// same Idempotency-Key and guest token; the status page follows (with the reason when the server refused, e.g. a
// failed 3-D Secure step). Nothing cached for this id: the status page's site error (nothing was paid).
import { Loader, Stack, Text } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { currentLookup, guestOutcome, guestTokens, pendingGuestPayment } from '../utils/guest-session';
import { GUEST_PAYMENT_STATUS_PATH } from './guest-payment-paths';
import { useSubmitGuestPayment } from './use-submit-guest-payment';

export function GuestThreeDsReturn({ id, onExpired }: { id: string; onExpired: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const submit = useSubmitGuestPayment();
  const started = useRef<string | null>(null);

  useEffect(() => {
    if (started.current === id) return;
    started.current = id;
    void navigate({ search: '' }, { replace: true });
    const pending = pendingGuestPayment.take(id);
    if (!pending) {
      guestOutcome.save({ kind: 'failed' });
      void navigate(GUEST_PAYMENT_STATUS_PATH, { replace: true });
      return;
    }
    const request = {
      ...pending.request,
      payment_detail: { ...pending.request.payment_detail, three_ds_access_token: id },
    };
    const attempt = async (tries: number): Promise<void> => {
      const outcome = await submit(pending.guestToken, request, pending.idempotencyKey);
      // An unknown outcome is retried with the same key (it cannot pay twice), then reported.
      if (outcome.kind === 'retry' && tries > 1) return attempt(tries - 1);
      if (outcome.kind === 'done') return;
      if (outcome.kind === 'expired') {
        guestTokens.remove(pending.guestToken);
        currentLookup.clear();
        onExpired();
        return;
      }
      guestOutcome.save(
        outcome.kind === 'refused'
          ? {
              kind: 'refused',
              refusal: outcome.refusal,
              documents: [
                { billing_document_number: request.document.billing_document_number, document_number_finance: '' },
              ],
              currency_key: request.currency_key,
            }
          : { kind: 'failed' },
      );
      void navigate(GUEST_PAYMENT_STATUS_PATH, { replace: true });
    };
    void attempt(3);
  }, [id, navigate, submit, onExpired]);

  return (
    <Stack gap="md" align="flex-start">
      <Text fw={700} component="h2" size="lg" m={0}>
        {t('payments.processing.title')}
      </Text>
      <Loader aria-label={t('payments.processing.title')} />
      <Text>{t('payments.processing.text')}</Text>
    </Stack>
  );
}
