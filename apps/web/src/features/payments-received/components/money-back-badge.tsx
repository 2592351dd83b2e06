// Issue 37: what came back of a payment, as one word beside its amount (nothing for a payment of which nothing came
// back).
import type { MoneyBackStatus } from '@portal/contracts';
import { useTranslation } from 'react-i18next';
import { StatusBadge } from '../../../components/ui/status-badge';
import { moneyBackTones, shownMoneyBack } from '../../../lib/money-back';

// A badge's label is cut with an ellipsis when its column is narrow: a status must read whole, in every language.
const wholeLabel = { label: { overflow: 'visible' } } as const;

export function MoneyBackBadge({ status }: { status: MoneyBackStatus }) {
  const { t } = useTranslation();
  const shown = shownMoneyBack(status);
  if (!shown) return null;
  return (
    <StatusBadge
      tone={moneyBackTones[shown]}
      tt="none"
      styles={wholeLabel}
      data-testid="money-back-status"
      data-status={shown}
    >
      {t(`payments-received.money_back.statuses.${shown}`)}
    </StatusBadge>
  );
}
