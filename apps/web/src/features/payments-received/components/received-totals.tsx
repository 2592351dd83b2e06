// The totals of the whole filter, one card per currency: the amount (exact, from the server's decimal string) and
// the number of transactions (payments and, issue 37, their reversals). Issue 37: the amount is net of what went back (refunds, returned debits, chargebacks, less
// disputes won), with the payments' gross and what went back beside it.
import { Paper, SimpleGrid, Text, Title } from '@mantine/core';
import { formatMoney } from '@portal/domain';
import type { PaymentsReceivedTotal } from '@portal/contracts';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import classes from './payments-received.module.css';

export function ReceivedTotals({ totals }: { totals: PaymentsReceivedTotal[] }) {
  const { t, i18n } = useTranslation();
  const headingId = useId();
  return (
    <section aria-labelledby={headingId}>
      <Title order={2} size="h3" id={headingId} mb="sm">
        {t('payments-received.totals.title')}
      </Title>
      {totals.length === 0 ? (
        <Text data-testid="received-empty">{t('payments-received.totals.none')}</Text>
      ) : (
        <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="sm">
          {totals.map((total) => {
            const money = (amount: string) =>
              formatMoney(amount, total.currency_key, i18n.language, { decimals: total.currency_decimals });
            return (
              <Paper
                key={`${total.currency_key}-${total.currency_decimals}`}
                withBorder
                p="md"
                data-testid="received-total"
                data-currency={total.currency_key}
              >
                <Title order={3} size="h5">
                  {total.currency_key}
                </Title>
                <Text size="sm" mt={4}>
                  {t('payments-received.totals.net')}
                </Text>
                <Text fz="xl" fw={700} data-testid="received-total-net" className={classes.totalLine}>
                  {money(total.amount)}
                </Text>
                <Text size="sm" className={classes.totalLine}>
                  <span data-testid="received-total-gross" className={classes.nowrap}>
                    {t('payments-received.totals.gross', { amount: money(total.gross_amount) })}
                  </span>
                  {' · '}
                  <span data-testid="received-total-reversed" className={classes.nowrap}>
                    {t('payments-received.totals.reversed', { amount: money(total.reversed_amount) })}
                  </span>
                </Text>
                <Text size="sm">{t('payments-received.totals.count', { count: total.count })}</Text>
              </Paper>
            );
          })}
        </SimpleGrid>
      )}
    </section>
  );
}
