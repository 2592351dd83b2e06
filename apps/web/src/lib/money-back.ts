// Issue 37: how a payment's money-back status reads at a glance, the same in Settings → Payments received and in the
// payer's payment history. `posted` (nothing came back) shows nothing.
import type { MoneyBackStatus } from '@portal/contracts';
import type { StatusTone } from '../components/ui/status-badge';

export const moneyBackTones: Record<Exclude<MoneyBackStatus, 'posted'>, StatusTone> = {
  partially_refunded: 'warning',
  refunded: 'neutral',
  returned: 'bad',
  disputed: 'warning',
  dispute_won: 'good',
  dispute_lost: 'bad',
};

/** The status worth a badge: anything but `posted`. */
export function shownMoneyBack(status: MoneyBackStatus | undefined | null): Exclude<MoneyBackStatus, 'posted'> | null {
  return status && status !== 'posted' ? status : null;
}
