// /guest-payment/guestpayment?id=... (spec §4 3-D Secure, Guest flow): back from the provider's 3-D Secure step.
// Restores the guest payment cached before the redirect, takes the id out of the address and submits it with the
// same Idempotency-Key and guest token; the status page follows (with the reason when the server refused, e.g. a
// failed 3-D Secure step). Nothing cached for this id: the status page's site error (nothing was paid).
import { Loader, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useThreeDsCompletion } from '../../../lib/pay-submission';
import { currentLookup, guestOutcome, guestTokens, pendingGuestPayment } from '../utils/guest-session';
import { GUEST_PAYMENT_STATUS_PATH } from './guest-payment-paths';
import { useSubmitGuestPayment } from './use-submit-guest-payment';

export function GuestThreeDsReturn({ id, onExpired }: { id: string; onExpired: () => void }) {
  const { t } = useTranslation();
  const submit = useSubmitGuestPayment();

  useThreeDsCompletion(id, {
    take: pendingGuestPayment.take,
    submit: (pending, accessToken) =>
      submit(
        pending.guestToken,
        {
          ...pending.request,
          payment_detail: { ...pending.request.payment_detail, three_ds_access_token: accessToken },
        },
        pending.idempotencyKey,
      ),
    refused: (pending, refusal) => ({
      kind: 'refused',
      refusal,
      documents: [
        { billing_document_number: pending.request.document.billing_document_number, document_number_finance: '' },
      ],
      currency_key: pending.request.currency_key,
    }),
    other: (pending, outcome) => {
      if (outcome.kind !== 'expired') return false;
      guestTokens.remove(pending.guestToken);
      currentLookup.clear();
      onExpired();
      return true;
    },
    outcomes: guestOutcome,
    statusPath: GUEST_PAYMENT_STATUS_PATH,
  });

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
