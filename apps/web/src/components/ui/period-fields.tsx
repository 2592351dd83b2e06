import { Select } from '@mantine/core';
import { searchPeriods, type SearchPeriod } from '@portal/domain';
import { useTranslation } from 'react-i18next';
import { DateField } from './date-field';

export type PeriodValue = { period: SearchPeriod; dateFrom: string | null; dateTo: string | null };

const periodLabel = (period: SearchPeriod) => (period === '-1' ? 'period_custom' : `period_${period}`);

/**
 * spec §4 periods of a search: all, today, yesterday, 7, 30, 365 days, or custom (-1) with from and to pickers.
 * Leaving the custom period clears the stored dates.
 */
export function PeriodFields({
  value,
  onChange,
  labels,
}: {
  value: PeriodValue;
  onChange: (value: Partial<PeriodValue>) => void;
  labels: { period: string; from: string; to: string };
}) {
  const { t } = useTranslation();
  return (
    <>
      <Select
        label={labels.period}
        data={searchPeriods.map((period) => ({ value: period, label: t(`invoices.search.${periodLabel(period)}`) }))}
        value={value.period}
        onChange={(period) =>
          period &&
          onChange({ period: period as SearchPeriod, ...(period === '-1' ? {} : { dateFrom: null, dateTo: null }) })
        }
        allowDeselect={false}
        w={170}
      />
      {value.period === '-1' && (
        <>
          <DateField label={labels.from} value={value.dateFrom} onChange={(dateFrom) => onChange({ dateFrom })} />
          <DateField
            label={labels.to}
            value={value.dateTo}
            onChange={(dateTo) => onChange({ dateTo })}
            fallbackWhenEmpty
          />
        </>
      )}
    </>
  );
}
