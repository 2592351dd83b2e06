import type { CollectionBucket, PaymentPromise, WorklistAccount } from '@portal/contracts';
import { useTranslation } from 'react-i18next';
import { StatusBadge, type StatusTone } from '../../../components/ui/status-badge';

const bucketTones: Record<CollectionBucket, StatusTone> = {
  '1-30': 'neutral',
  '31-60': 'warning',
  '61-90': 'bad',
  '90+': 'bad',
};

const worklistPromiseTones: Record<WorklistAccount['promise_status'], StatusTone> = {
  none: 'neutral',
  open: 'good',
  kept: 'good',
  broken: 'bad',
};

const promiseTones: Record<PaymentPromise['status'], StatusTone> = {
  open: 'warning',
  kept: 'good',
  broken: 'bad',
  cancelled: 'neutral',
};

/** The oldest past-due bucket of an account. */
export function BucketBadge({ bucket }: { bucket: CollectionBucket }) {
  const { t } = useTranslation();
  return (
    <StatusBadge
      tone={bucketTones[bucket]}
      tt="none"
      miw="max-content"
      styles={{ label: { overflow: 'visible' } }}
      data-testid="worklist-bucket"
      data-status={bucket}
    >
      {t(`collections.buckets.${bucket}`)}
    </StatusBadge>
  );
}

/** Where the account's last promise to pay stands (the worklist's view: none, open, broken, kept). */
export function WorklistPromiseBadge({ status }: { status: WorklistAccount['promise_status'] }) {
  const { t } = useTranslation();
  return (
    <StatusBadge tone={worklistPromiseTones[status]} tt="none" data-status={status}>
      {t(`collections.promise_statuses.${status}`)}
    </StatusBadge>
  );
}

/** One promise to pay's status (open, kept, broken, withdrawn). */
export function PromiseStatusBadge({ status }: { status: PaymentPromise['status'] }) {
  const { t } = useTranslation();
  return (
    <StatusBadge tone={promiseTones[status]} tt="none" data-testid="promise-status" data-status={status}>
      {t(`collections.promises.statuses.${status}`)}
    </StatusBadge>
  );
}
