import { Button, Skeleton, Text, Title, VisuallyHidden } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import type { InvoiceAging } from '@portal/contracts';
import { agingBuckets, formatMoney, type AgingBucket } from '@portal/domain';
import { lazy, memo, Suspense, useDeferredValue, useId, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorBoundary } from '../../../components/ui/error-boundary';
import { formatDate } from '../../../lib/format-date';
import type { AgingBar } from './aging-chart';
import classes from './invoices.module.css';

const AgingChart = lazy(() => import('./aging-chart').then((module) => ({ default: module.AgingChart })));

type AgingSectionProps = {
  /** The selected currency's aging; null while it loads, or when the account has none in that currency. */
  aging: InvoiceAging | null;
  /** The answer's as_of (MM-DD-YYYY). */
  asOf?: string;
  loading: boolean;
  selected: AgingBucket | null;
  /** A bucket to narrow the list to, or null to show every open item again. */
  onSelect: (bucket: AgingBucket | null) => void;
};

/**
 * Issue 29: the open invoices of the selected currency by days past due, above the list. The bars (loaded lazily) are
 * for the eye; the same figures are the buttons' names and a table for screen readers. A bucket's button, or its bar,
 * narrows the list to that bucket, and a second press shows everything again. While the chart's code or the figures
 * load, placeholders of the same size keep the list below where it will stay. Memo and deferred, like the totals.
 */
export const AgingSection = memo(function AgingSection(props: AgingSectionProps) {
  const { aging, asOf, loading, selected, onSelect } = useDeferredValue(props);
  const { t, i18n } = useTranslation();
  const headingId = useId();
  const filterLabelId = useId();
  const rows = useMemo(
    () =>
      aging?.buckets.map(({ bucket, amount, count }) => ({
        bucket,
        amount: formatMoney(amount, aging.currency_key, i18n.language, { decimals: aging.currency_decimals }),
        // Only the bar's length: the texts come from the decimal string.
        value: Math.max(0, Number(amount)),
        count,
      })) ?? [],
    [aging, i18n.language],
  );
  const bars = useMemo(
    (): AgingBar[] =>
      rows.map((row) => ({
        bucket: row.bucket,
        name: t(`invoices.aging.short.${row.bucket}`),
        value: row.value,
        label: t('invoices.aging.bar_label', { amount: row.amount, count: row.count }),
        amount: row.amount,
        count: t('invoices.aging.count', { count: row.count }),
        color: selected && selected !== row.bucket ? 'gray.5' : row.bucket === 'current' ? 'blue.7' : 'red.8',
      })),
    [rows, selected, t],
  );

  if (!aging) return loading ? <AgingPlaceholder /> : null;
  if (aging.buckets.every((bucket) => bucket.count === 0)) return null;

  const handleToggle = (bucket: AgingBucket) => onSelect(bucket === selected ? null : bucket);
  return (
    <section aria-labelledby={headingId} className={classes.aging} data-testid="aging">
      <Title order={2} size="h4" id={headingId}>
        {t('invoices.aging.title')}
      </Title>
      <div className={classes.agingBody}>
        <div className={classes.agingChart} aria-hidden="true">
          {/* The chart's code failing to load (a dropped connection, a deploy) leaves its box empty, not the page. */}
          <ErrorBoundary name="Aging chart" fallback={null}>
            <Suspense fallback={<Skeleton height="100%" />}>
              <AgingChart bars={bars} onSelect={handleToggle} />
            </Suspense>
          </ErrorBoundary>
        </div>
        <div role="group" aria-labelledby={filterLabelId} className={classes.agingButtons}>
          <Text id={filterLabelId} size="sm" fw={500} className={classes.agingButtonsLabel}>
            {t('invoices.aging.filter_label')}
          </Text>
          {rows.map((row) => {
            const pressed = row.bucket === selected;
            return (
              <Button
                key={row.bucket}
                size="xs"
                variant={pressed ? 'filled' : 'default'}
                justify="flex-start"
                fullWidth
                // A long name (fr, ru) wraps onto a second line instead of being cut.
                classNames={{ root: classes.agingButton, label: classes.agingButtonLabel }}
                leftSection={pressed ? <IconCheck size={14} aria-hidden="true" /> : null}
                aria-pressed={pressed}
                aria-label={t('invoices.aging.bucket_label', {
                  bucket: t(`invoices.aging.long.${row.bucket}`),
                  amount: row.amount,
                  count: row.count,
                })}
                // An empty bucket would only empty the list; a pressed one stays pressable, to let it go.
                disabled={row.count === 0 && !pressed}
                onClick={() => handleToggle(row.bucket)}
              >
                {t(`invoices.aging.short.${row.bucket}`)}
              </Button>
            );
          })}
        </div>
      </div>
      {/* A table is as wide as its content whatever width it is given: a hidden box around it clips it (a 1 px table
          was 461 px wide and made the page scroll sideways on a phone, WCAG 1.4.10). */}
      <VisuallyHidden>
        <table>
          <caption>
            {t('invoices.aging.table_caption', { currency: aging.currency_key, date: formatDate(asOf) })}
          </caption>
          <thead>
            <tr>
              <th scope="col">{t('invoices.aging.table_bucket')}</th>
              <th scope="col">{t('invoices.aging.table_amount')}</th>
              <th scope="col">{t('invoices.aging.table_count')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.bucket}>
                <th scope="row">{t(`invoices.aging.long.${row.bucket}`)}</th>
                <td>{row.amount}</td>
                <td>{row.count}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </VisuallyHidden>
    </section>
  );
});

/** The section's shape while the figures load: the same heading, chart box and buttons grid. */
function AgingPlaceholder() {
  const { t } = useTranslation();
  return (
    <section aria-label={t('invoices.aging.title')} aria-busy="true" className={classes.aging}>
      <Title order={2} size="h4">
        {t('invoices.aging.title')}
      </Title>
      <div className={classes.agingBody}>
        <Skeleton className={classes.agingChart} />
        <div className={classes.agingButtons}>
          <Text size="sm" fw={500} className={classes.agingButtonsLabel} aria-hidden="true">
            {t('invoices.aging.filter_label')}
          </Text>
          {agingBuckets.map((bucket) => (
            <Skeleton key={bucket} height={30} />
          ))}
        </div>
      </div>
    </section>
  );
}
