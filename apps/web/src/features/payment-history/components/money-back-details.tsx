// Issue 37: what came back of a payment, for the payer: a tag beside its result (partially refunded, refunded,
// returned, disputed, dispute won or lost) and, one click away, each refund, returned debit, chargeback and dispute
// won with its amount and day (a returned debit with the bank's reason).
import { Button, Text } from '@mantine/core';
import { IconChevronDown, IconChevronRight } from '@tabler/icons-react';
import type { PaymentHistoryEntry } from '@portal/contracts';
import { formatMoney } from '@portal/domain';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { StatusTag } from '../../../components/ui/status-badge';
import { withoutLeadingZeros } from '../../../lib/account-selection';
import { formatDate } from '../../../lib/format-date';
import { moneyBackTones, shownMoneyBack } from '../../../lib/money-back';
import classes from './payment-history.module.css';

type MoneyBack = NonNullable<PaymentHistoryEntry['money_back']>;

export function MoneyBackTag({ moneyBack }: { moneyBack: MoneyBack | undefined }) {
  const { t } = useTranslation();
  const status = shownMoneyBack(moneyBack?.status);
  if (!status) return null;
  return (
    <StatusTag tone={moneyBackTones[status]} data-testid="payment-money-back" data-status={status}>
      {t(`payment-history.money_back.statuses.${status}`)}
    </StatusTag>
  );
}

export function MoneyBackEvents({ entry }: { entry: PaymentHistoryEntry }) {
  const { t, i18n } = useTranslation();
  const listId = useId();
  const [open, setOpen] = useState(false);
  const events = entry.money_back?.events ?? [];
  if (events.length === 0) return null;
  const money = (amount: string) =>
    formatMoney(amount, entry.currency_key, i18n.language, { decimals: entry.currency_decimals });
  return (
    <div className={classes.moneyBack}>
      <Button
        variant="default"
        size="compact-sm"
        aria-expanded={open}
        aria-controls={listId}
        leftSection={
          open ? <IconChevronDown size={14} aria-hidden="true" /> : <IconChevronRight size={14} aria-hidden="true" />
        }
        onClick={() => setOpen((shown) => !shown)}
        data-testid="payment-money-back-toggle"
      >
        {t('payment-history.money_back.show')}
      </Button>
      <ul
        id={listId}
        hidden={!open}
        className={classes.events}
        aria-label={t('payment-history.money_back.list_label', {
          number: withoutLeadingZeros(entry.document_number_finance),
        })}
        data-testid="payment-money-back-events"
      >
        {events.map((event, index) => (
          <li key={`${event.kind}-${event.date}-${index}`}>
            <Text size="sm" component="span">
              {t('payment-history.money_back.event', {
                kind: t(`payment-history.money_back.kinds.${event.kind}`),
                amount: money(event.amount),
                date: formatDate(event.date),
              })}
              {event.return_code &&
                ` · ${t(`money-back.return_codes.${event.return_code}`, { defaultValue: event.return_code })}`}
            </Text>
          </li>
        ))}
      </ul>
    </div>
  );
}
