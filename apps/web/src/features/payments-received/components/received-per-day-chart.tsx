// The amounts per day of the whole filter: one currency at a time (amounts of different currencies do not share a
// scale), so the bars carry one colour and read without it; days without payments stand at zero. The chart is an
// image with a summary for screen readers, and the same figures are a table one click away.
import { BarChart } from '@mantine/charts';
import '@mantine/charts/styles.css';
import { Box, Button, Group, Paper, Select, Stack, Table, Text, Title } from '@mantine/core';
import { formatMoney } from '@portal/domain';
import type { PaymentsReceivedDay, PaymentsReceivedTotal } from '@portal/contracts';
import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../lib/format-date';
import { currenciesByCount, perDaySeries, type DayBar } from '../utils/per-day-series';
import classes from './payments-received.module.css';

export function ReceivedPerDayChart({
  perDay,
  totals,
  period,
}: {
  perDay: PaymentsReceivedDay[];
  totals: PaymentsReceivedTotal[];
  period: { date_from: string; date_to: string };
}) {
  const { t, i18n } = useTranslation();
  const headingId = useId();
  const tableId = useId();
  const currencies = useMemo(() => currenciesByCount(totals), [totals]);
  const [chosen, setChosen] = useState<string | null>(null);
  const [tableShown, setTableShown] = useState(false);
  // A currency chosen before the filter changed may be gone from the new totals.
  const currency = chosen && currencies.includes(chosen) ? chosen : currencies[0]!;
  const bars = useMemo(() => perDaySeries(perDay, currency, period), [perDay, currency, period]);
  const decimals = totals.find((total) => total.currency_key === currency)?.currency_decimals;
  const money = (amount: string) => formatMoney(amount, currency, i18n.language, { decimals });
  const axisNumber = useMemo(() => new Intl.NumberFormat(i18n.language, { notation: 'compact' }), [i18n.language]);
  const daysWithPayments = bars.filter((bar) => bar.count > 0).length;

  return (
    <section aria-labelledby={headingId}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-end" wrap="wrap">
          <Title order={2} size="h3" id={headingId}>
            {t('payments-received.chart.title')}
          </Title>
          {currencies.length > 1 && (
            <Select
              label={t('payments-received.chart.currency')}
              data={currencies}
              value={currency}
              onChange={(value) => value && setChosen(value)}
              allowDeselect={false}
              w={140}
            />
          )}
        </Group>
        <Box
          role="img"
          aria-label={t('payments-received.chart.summary', { currency, days: daysWithPayments })}
          className={classes.chart}
          data-testid="received-chart"
        >
          <BarChart
            h={260}
            data={bars}
            dataKey="day"
            series={[{ name: 'value', label: currency, color: 'blue.8' }]}
            // Axis ticks only: the figures themselves are shown from the exact decimal strings.
            valueFormatter={(value) => axisNumber.format(value)}
            xAxisProps={{ tickFormatter: (day: string) => formatDate(day).slice(0, 5) }}
            textColor="gray.8"
            tickLine="y"
            // The summary and the table speak for the chart; its bars are not keyboard stops of their own.
            accessibilityLayer={false}
            tooltipAnimationDuration={0}
            tooltipProps={{
              content: ({ payload }) => <DayTooltip bar={payload?.[0]?.payload as DayBar | undefined} money={money} />,
            }}
          />
        </Box>
        <Group>
          <Button
            variant="default"
            size="compact-sm"
            aria-expanded={tableShown}
            aria-controls={tableId}
            onClick={() => setTableShown((shown) => !shown)}
          >
            {t(tableShown ? 'payments-received.chart.hide_table' : 'payments-received.chart.show_table')}
          </Button>
        </Group>
        <div id={tableId} hidden={!tableShown}>
          {tableShown && (
            <Table striped withTableBorder captionSide="top" data-testid="received-per-day-table">
              <Table.Caption>{t('payments-received.chart.table_caption', { currency })}</Table.Caption>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">{t('payments-received.chart.day')}</Table.Th>
                  <Table.Th scope="col" className={classes.number}>
                    {t('payments-received.chart.amount')}
                  </Table.Th>
                  <Table.Th scope="col" className={classes.number}>
                    {t('payments-received.chart.count')}
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {bars
                  .filter((bar) => bar.count > 0)
                  .map((bar) => (
                    <Table.Tr key={bar.day}>
                      <Table.Th scope="row" fw="normal" className={classes.nowrap}>
                        {formatDate(bar.day)}
                      </Table.Th>
                      <Table.Td className={classes.number}>{money(bar.amount)}</Table.Td>
                      <Table.Td className={classes.number}>{bar.count}</Table.Td>
                    </Table.Tr>
                  ))}
              </Table.Tbody>
            </Table>
          )}
        </div>
      </Stack>
    </section>
  );
}

function DayTooltip({ bar, money }: { bar: DayBar | undefined; money: (amount: string) => string }) {
  const { t } = useTranslation();
  if (!bar) return null;
  return (
    <Paper withBorder shadow="sm" p="xs">
      <Text size="sm" fw={700}>
        {formatDate(bar.day)}
      </Text>
      <Text size="sm">{money(bar.amount)}</Text>
      <Text size="sm">{t('payments-received.totals.count', { count: bar.count })}</Text>
    </Paper>
  );
}
