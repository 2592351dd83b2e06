// The filter bar of Payments received: a period of UTC days (the last 30 by default, at most 366 days), company code,
// kind, method, acknowledged and payer. Apply runs the search; a period the server would refuse is named at its field.
import { Button, Group, Select, TextInput } from '@mantine/core';
import { IconFilter } from '@tabler/icons-react';
import {
  paymentsReceivedAcknowledged,
  paymentsReceivedKinds,
  paymentsReceivedMethods,
  type PaymentsReceivedFilters,
} from '@portal/contracts';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { defaultReceivedDraft, periodError, toFilters, type ReceivedDraft } from '../utils/received-filters';
import classes from './payments-received.module.css';

export function ReceivedFiltersForm({
  today,
  onApply,
}: {
  today: string;
  onApply: (filters: PaymentsReceivedFilters) => void;
}) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<ReceivedDraft>(() => defaultReceivedDraft(today));
  const [error, setError] = useState<'order' | 'too_long' | null>(null);
  const change = (value: Partial<ReceivedDraft>) => {
    setDraft((current) => ({ ...current, ...value }));
    setError(null);
  };
  const all = { value: '', label: t('payments-received.filters.all') };

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    const refused = periodError(draft, today);
    setError(refused);
    if (!refused) onApply(toFilters(draft));
  };

  const periodMessage = error ? t(`payments-received.errors.period_${error}`) : null;
  return (
    <form onSubmit={handleSubmit} aria-label={t('payments-received.filters.label')} noValidate>
      <Group gap="sm" align="flex-end" wrap="wrap">
        <TextInput
          type="date"
          label={t('payments-received.filters.date_from')}
          value={draft.dateFrom}
          onChange={(event) => change({ dateFrom: event.currentTarget.value })}
          error={error === 'too_long' ? periodMessage : null}
          className={classes.dateField}
        />
        <TextInput
          type="date"
          label={t('payments-received.filters.date_to')}
          value={draft.dateTo}
          onChange={(event) => change({ dateTo: event.currentTarget.value })}
          error={error === 'order' ? periodMessage : null}
          className={classes.dateField}
        />
        <TextInput
          label={t('payments-received.filters.company_code')}
          value={draft.companyCode}
          onChange={(event) => change({ companyCode: event.currentTarget.value })}
          maxLength={10}
          className={classes.narrowField}
        />
        <Select
          label={t('payments-received.filters.kind')}
          data={[
            all,
            ...paymentsReceivedKinds.map((kind) => ({ value: kind, label: t(`payments-received.kinds.${kind}`) })),
          ]}
          value={draft.kind}
          onChange={(value) => change({ kind: (value ?? '') as ReceivedDraft['kind'] })}
          allowDeselect={false}
          className={classes.selectField}
        />
        <Select
          label={t('payments-received.filters.method')}
          data={[
            all,
            ...paymentsReceivedMethods.map((method) => ({
              value: method,
              label: t(`payments-received.methods.${method}`),
            })),
          ]}
          value={draft.method}
          onChange={(value) => change({ method: (value ?? '') as ReceivedDraft['method'] })}
          allowDeselect={false}
          className={classes.selectField}
        />
        <Select
          label={t('payments-received.filters.acknowledged')}
          data={paymentsReceivedAcknowledged.map((value) => ({
            value,
            label: t(`payments-received.acknowledged.${value}`),
          }))}
          value={draft.acknowledged}
          onChange={(value) => change({ acknowledged: (value ?? 'all') as ReceivedDraft['acknowledged'] })}
          allowDeselect={false}
          className={classes.selectField}
        />
        <TextInput
          label={t('payments-received.filters.payer_number')}
          value={draft.payerNumber}
          onChange={(event) => change({ payerNumber: event.currentTarget.value })}
          maxLength={20}
          className={classes.narrowField}
        />
        <Button type="submit" leftSection={<IconFilter size={16} aria-hidden="true" />}>
          {t('payments-received.filters.apply')}
        </Button>
      </Group>
    </form>
  );
}
