import { Alert } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { usePaymentsDisabledMessage } from '../../../lib/payments-disabled';

/** spec §2: when payments are disabled a message in the user's language is shown above the invoices. */
export function PaymentsDisabledAlert() {
  const { t } = useTranslation();
  const configured = usePaymentsDisabledMessage();
  return (
    <Alert color="gray" variant="light" icon={<IconInfoCircle aria-hidden="true" />} role="status">
      {configured ?? t('invoices.payments_disabled')}
    </Alert>
  );
}
