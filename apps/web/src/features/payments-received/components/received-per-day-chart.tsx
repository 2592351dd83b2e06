// The amounts per day of the whole filter: one currency at a time (amounts of different currencies do not share a
// scale), so the bars carry one colour and read without it; days without payments stand at zero. The chart is an
// image with a summary for screen readers, and the same figures are a table one click away. Issue 37: the amounts are
// net of what went back (refunds, returns, chargebacks), so a day can stand below the zero line. The bars are a plain SVG
// drawn at the box's measured width: a chart library (recharts) made this page's code 135 KB gzipped, for bars on a
// day axis.
import { Box, Button, Group, Select, Stack, Table, Title } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import { formatMoney } from '@portal/domain';
import type { PaymentsReceivedDay, PaymentsReceivedTotal } from '@portal/contracts';
import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../lib/format-date';
import { axisTicks, currenciesByCount, perDaySeries, type DayBar } from '../utils/per-day-series';
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
          <DayBars bars={bars} money={money} axisNumber={axisNumber} />
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

const chartHeight = 260;
const margin = { top: 10, right: 8, bottom: 24, left: 52 };

/** The bars at the box's width; each bar's day, amount and count in its title (the browser's tooltip on hover). */
function DayBars({
  bars,
  money,
  axisNumber,
}: {
  bars: DayBar[];
  money: (amount: string) => string;
  axisNumber: Intl.NumberFormat;
}) {
  const { t } = useTranslation();
  const { ref, width } = useElementSize<HTMLDivElement>();
  const values = bars.map((bar) => bar.value);
  const ticks = axisTicks(Math.max(0, ...values), 4, Math.min(0, ...values));
  const top = ticks.at(-1)!;
  const bottom = ticks[0]!;
  const plotWidth = Math.max(0, width - margin.left - margin.right);
  const plotHeight = chartHeight - margin.top - margin.bottom;
  const slot = bars.length > 0 ? plotWidth / bars.length : 0;
  const barWidth = Math.max(1, slot * 0.7);
  const y = (value: number) => margin.top + ((top - value) / (top - bottom)) * plotHeight;
  // About one day label per 64 px.
  const labelEvery = Math.max(1, Math.ceil(bars.length / Math.max(1, Math.floor(plotWidth / 64))));
  return (
    <div ref={ref} className={classes.chartArea}>
      {width > 0 && (
        <svg width={width} height={chartHeight} aria-hidden="true" className={classes.chartSvg}>
          {ticks.map((tick) => (
            <g key={tick}>
              <line
                x1={margin.left}
                x2={width - margin.right}
                y1={y(tick)}
                y2={y(tick)}
                className={tick === 0 && bottom < 0 ? classes.zeroLine : classes.grid}
              />
              <text x={margin.left - 6} y={y(tick)} textAnchor="end" dominantBaseline="middle">
                {axisNumber.format(tick)}
              </text>
            </g>
          ))}
          {bars.map((bar, index) => {
            const x = margin.left + index * slot + (slot - barWidth) / 2;
            return (
              <g key={bar.day}>
                {bar.value !== 0 && (
                  <rect
                    x={x}
                    y={y(Math.max(0, bar.value))}
                    width={barWidth}
                    height={Math.abs(y(0) - y(bar.value))}
                    className={classes.bar}
                  >
                    <title>
                      {`${formatDate(bar.day)}: ${money(bar.amount)}, ${t('payments-received.totals.count', { count: bar.count })}`}
                    </title>
                  </rect>
                )}
                {index % labelEvery === 0 && (
                  <text x={x + barWidth / 2} y={chartHeight - 6} textAnchor="middle">
                    {formatDate(bar.day).slice(0, 5)}
                  </text>
                )}
              </g>
            );
          })}
        </svg>
      )}
    </div>
  );
}
