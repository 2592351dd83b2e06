// The worklist's filter bar: company code, oldest bucket, collector (or nobody), promise status and a payer number or
// name. Apply runs the search (the figures follow the company code); Reset shows the whole worklist again.
import { Button, Group, Select, TextInput } from '@mantine/core';
import { IconFilter } from '@tabler/icons-react';
import { collectionBuckets, worklistPromiseStatuses } from '@portal/contracts';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useBackendConfiguration } from '../../../lib/backend-configuration';
import { useCollectors } from '../api/get-collectors';
import {
  emptyWorklistDraft,
  toWorklistQuery,
  worklistSearchMaxLength,
  type WorklistDraft,
  type WorklistQuery,
} from '../utils/worklist-filters';
import classes from './collections.module.css';

export function WorklistFiltersForm({ onApply }: { onApply: (filters: WorklistQuery) => void }) {
  const { t } = useTranslation();
  const backend = useBackendConfiguration();
  const collectors = useCollectors();
  const [draft, setDraft] = useState<WorklistDraft>(emptyWorklistDraft);
  const change = (value: Partial<WorklistDraft>) => setDraft((current) => ({ ...current, ...value }));
  const all = { value: '', label: t('collections.filters.all') };

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    onApply(toWorklistQuery(draft));
  };
  const handleReset = () => {
    setDraft(emptyWorklistDraft);
    onApply({});
  };

  return (
    <form onSubmit={handleSubmit} aria-label={t('collections.filters.label')} noValidate>
      <Group gap="sm" align="flex-end" wrap="wrap">
        <Select
          label={t('collections.filters.company_code')}
          data={[
            all,
            ...(backend.data?.company_codes ?? []).map((code) => ({
              value: code.company_code,
              label: code.name ? `${code.company_code} · ${code.name}` : code.company_code,
            })),
          ]}
          value={draft.companyCode}
          onChange={(value) => change({ companyCode: value ?? '' })}
          allowDeselect={false}
          className={classes.selectField}
          data-testid="worklist-company-code"
        />
        <Select
          label={t('collections.filters.bucket')}
          data={[
            all,
            ...collectionBuckets.map((bucket) => ({ value: bucket, label: t(`collections.buckets.${bucket}`) })),
          ]}
          value={draft.bucket}
          onChange={(value) => change({ bucket: (value ?? '') as WorklistDraft['bucket'] })}
          allowDeselect={false}
          className={classes.selectField}
        />
        <Select
          label={t('collections.filters.collector')}
          data={[
            { value: '', label: t('collections.filters.anyone') },
            { value: 'none', label: t('collections.filters.nobody') },
            ...(collectors.data?.collectors ?? []).map((collector) => ({
              value: String(collector.user_id),
              label: collector.name,
            })),
          ]}
          value={draft.collector}
          onChange={(value) => change({ collector: value ?? '' })}
          allowDeselect={false}
          className={classes.selectField}
        />
        <Select
          label={t('collections.filters.promise_status')}
          data={[
            all,
            ...worklistPromiseStatuses.map((status) => ({
              value: status,
              label: t(`collections.promise_statuses.${status}`),
            })),
          ]}
          value={draft.promiseStatus}
          onChange={(value) => change({ promiseStatus: (value ?? '') as WorklistDraft['promiseStatus'] })}
          allowDeselect={false}
          className={classes.selectField}
        />
        <TextInput
          type="search"
          label={t('collections.filters.q')}
          value={draft.q}
          onChange={(event) => change({ q: event.currentTarget.value })}
          maxLength={worklistSearchMaxLength}
          className={classes.searchField}
        />
        <Group gap="xs">
          <Button type="submit" leftSection={<IconFilter size={16} aria-hidden="true" />}>
            {t('collections.filters.apply')}
          </Button>
          <Button variant="default" onClick={handleReset}>
            {t('collections.filters.reset')}
          </Button>
        </Group>
      </Group>
    </form>
  );
}
