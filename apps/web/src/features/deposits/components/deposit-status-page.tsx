// /deposits/payment-status (spec §2): the answer of the last deposit, on the status page every pay flow shares.
import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PaymentStatusView } from '../../../components/ui/payment-status-view';
import { depositOutcome } from '../utils/deposit-session';

export function DepositStatusPage() {
  const { t } = useTranslation();
  return (
    <PaymentStatusView
      outcome={depositOutcome.read()}
      backTo="/deposits"
      successNote={<Text>{t('deposits.status.success_note')}</Text>}
    />
  );
}
