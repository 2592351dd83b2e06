// /guest-payment/guest-payment-status (spec §2): the guest's last payment, read from local storage (a reload still
// shows it), with where the receipt went; back to the guest form.
import { Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PaymentStatusView } from '../../../components/ui/payment-status-view';
import { guestOutcome, guestReceipt } from '../utils/guest-session';
import { GUEST_PAYMENT_PATH } from './guest-payment-paths';

export function GuestPaymentStatusPage() {
  const { t } = useTranslation();
  const [outcome] = useState(() => guestOutcome.read());
  const [email] = useState(() => guestReceipt.read());
  return (
    <PaymentStatusView
      outcome={outcome}
      backTo={GUEST_PAYMENT_PATH}
      successNote={
        email ? (
          <Text data-testid="guest-receipt-note">{t('guest-payment.status.receipt_sent', { email })}</Text>
        ) : undefined
      }
    />
  );
}
