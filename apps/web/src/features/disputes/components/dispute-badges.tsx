import type { DisputeOutcome, InvoiceDisputeStatus } from '@portal/contracts';
import { useTranslation } from 'react-i18next';
import { StatusBadge } from '../../../components/ui/status-badge';
import { statusTones } from '../utils/dispute-labels';

/** A dispute's status (open, in review, resolved, withdrawn). */
export function DisputeStatusBadge({ status }: { status: InvoiceDisputeStatus }) {
  const { t } = useTranslation();
  return (
    <StatusBadge
      tone={statusTones[status]}
      tt="none"
      miw="max-content"
      styles={{ label: { overflow: 'visible' } }}
      data-testid="dispute-status"
      data-status={status}
    >
      {t(`disputes.statuses.${status}`)}
    </StatusBadge>
  );
}

/** Past its target date and still open or in review. */
export function LateBadge() {
  const { t } = useTranslation();
  return (
    <StatusBadge tone="bad" tt="none" miw="max-content" data-testid="dispute-late">
      {t('disputes.late')}
    </StatusBadge>
  );
}

export function OutcomeText({ outcome }: { outcome: DisputeOutcome | null }) {
  const { t } = useTranslation();
  return <>{outcome ? t(`disputes.outcomes.${outcome}`) : '–'}</>;
}
