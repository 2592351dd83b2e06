import { Paper, Skeleton, Text } from '@mantine/core';
import type { InvoiceTotals } from '@portal/contracts';
import { memo, useDeferredValue } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../lib/format-date';
import { formatMoney } from '@portal/domain';
import classes from './invoices.module.css';

const cards = ['invoices', 'credits', 'due', 'past_due', 'balance'] as const;

type TotalsCardsProps = {
  totals: InvoiceTotals | null;
  asOf?: string;
  loading?: boolean;
};

/**
 * spec §2: totals cards (invoices, credits, due, past due, balance) of the chosen currency, computed on the server.
 * While they load, the cards keep their place with a placeholder for each amount, so that the list below does not
 * jump when they arrive (Lighthouse measured a layout shift of 0.1 without). Memo, and deferred as a whole: new
 * totals render in React's background render, which yields to the browser every few milliseconds (issue 17: TBT);
 * the placeholders stay until then, so nothing below moves twice.
 */
export const TotalsCards = memo(function TotalsCards(props: TotalsCardsProps) {
  const { totals, asOf, loading = false } = useDeferredValue(props);
  const { t, i18n } = useTranslation();
  if (!totals) {
    if (!loading) return null;
    return (
      <section aria-label={t('invoices.totals.label')} aria-busy="true" data-testid="totals-loading">
        <div className={classes.totals}>
          {cards.map((card) => (
            <Paper key={card} withBorder p="sm" radius="sm">
              <Text size="sm" c="dimmed" component="h2" m={0} fw={500}>
                {t(`invoices.totals.${card}`)}
              </Text>
              <Skeleton className={classes.totalValue} height="1.55em" width="70%" />
            </Paper>
          ))}
        </div>
        <Text size="xs" mt={4}>
          <Skeleton component="span" display="inline-block" height="1em" width="8rem" />
        </Text>
      </section>
    );
  }
  return (
    <section aria-label={t('invoices.totals.label')} data-testid="totals">
      <div className={classes.totals}>
        {cards.map((card) => (
          <Paper key={card} withBorder p="sm" radius="sm">
            <Text size="sm" c="dimmed" component="h2" m={0} fw={500}>
              {t(`invoices.totals.${card}`)}
            </Text>
            <Text
              className={classes.totalValue}
              c={card === 'past_due' && !/^-?0(\.0+)?$/.test(totals.past_due) ? 'red.9' : undefined}
            >
              {formatMoney(totals[card], totals.currency_key, i18n.language, { decimals: totals.currency_decimals })}
            </Text>
          </Paper>
        ))}
      </div>
      {asOf && (
        <Text size="xs" c="dimmed" mt={4}>
          {t('invoices.totals.as_of', { date: formatDate(asOf) })}
        </Text>
      )}
    </section>
  );
});
