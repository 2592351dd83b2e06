// The totals of the whole filter, one card per currency: the amount (exact, from the server's decimal string) and
// the number of payments.
import { Paper, SimpleGrid, Text, Title } from '@mantine/core';
import { formatMoney } from '@portal/domain';
import type { PaymentsReceivedTotal } from '@portal/contracts';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';

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
        <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm">
          {totals.map((total) => (
            <Paper
              key={`${total.currency_key}-${total.currency_decimals}`}
              withBorder
              p="md"
              data-testid="received-total"
            >
              <Title order={3} size="h5">
                {total.currency_key}
              </Title>
              <Text fz="xl" fw={700}>
                {formatMoney(total.amount, total.currency_key, i18n.language, { decimals: total.currency_decimals })}
              </Text>
              <Text size="sm">{t('payments-received.totals.count', { count: total.count })}</Text>
            </Paper>
          ))}
        </SimpleGrid>
      )}
    </section>
  );
}
