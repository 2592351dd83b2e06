// What made a scheduled payment (a date the user chose, or AutoPay) and where it stands, as small badges.
import { Badge } from '@mantine/core';
import type { PaymentCause, ScheduledPaymentStatus } from '@portal/contracts';
import { useTranslation } from 'react-i18next';
import { StatusBadge, type StatusTone } from '../../../components/ui/status-badge';

const statusTones: Record<ScheduledPaymentStatus, StatusTone> = {
  scheduled: 'neutral',
  processing: 'warning',
  paid: 'good',
  not_paid: 'bad',
  cancelled: 'neutral',
};

export function CauseBadge({ cause }: { cause: PaymentCause }) {
  const { t } = useTranslation();
  // indigo.9 on the light tint keeps 4.5:1 (Mantine's own light text colour falls short at this size).
  return (
    <Badge variant="light" color="indigo" c="indigo.9" tt="none" data-testid="cause-badge">
      {t(`scheduled-payments.cause.${cause}`)}
    </Badge>
  );
}

export function PaymentStatusBadge({ status }: { status: ScheduledPaymentStatus }) {
  const { t } = useTranslation();
  return (
    <StatusBadge tone={statusTones[status]} tt="none" data-testid="scheduled-status">
      {t(`scheduled-payments.status.${status}`)}
    </StatusBadge>
  );
}
