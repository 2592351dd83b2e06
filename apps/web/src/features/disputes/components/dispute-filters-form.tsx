// The AR team's filter bar on the disputes page: status, reason, age, company code, assignee (or nobody) and late only.
// Apply runs the search; Reset shows every dispute again.
import { Button, Checkbox, Group, Select } from '@mantine/core';
import { IconFilter } from '@tabler/icons-react';
import { disputeAgeFilters, invoiceDisputeStatuses, otherDisputeReason } from '@portal/contracts';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useBackendConfiguration } from '../../../lib/backend-configuration';
import { useDisputeAssignees } from '../api/list-dispute-assignees';
import { emptyDisputeDraft, toDisputeQuery, type DisputeDraft, type DisputeQuery } from '../utils/dispute-filters';
import { reasonLabel } from '../utils/dispute-labels';
import classes from './disputes.module.css';

export function DisputeFiltersForm({ onApply }: { onApply: (filters: DisputeQuery) => void }) {
  const { t } = useTranslation();
  const backend = useBackendConfiguration();
  const assignees = useDisputeAssignees();
  const [draft, setDraft] = useState<DisputeDraft>(emptyDisputeDraft);
  const change = (value: Partial<DisputeDraft>) => setDraft((current) => ({ ...current, ...value }));
  const all = { value: '', label: t('disputes.filters.all') };
  // The invoice-payment reason codes of the company code chosen (of every one while none is), each once, then OTHER.
  const seen = new Set<string>();
  const reasons = (backend.data?.payment_reason_codes ?? []).filter((code) => {
    if (code.payment_type !== 'O' || (draft.companyCode && code.company_code !== draft.companyCode)) return false;
    if (seen.has(code.reason_code)) return false;
    seen.add(code.reason_code);
    return true;
  });

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    onApply(toDisputeQuery(draft));
  };
  const handleReset = () => {
    setDraft(emptyDisputeDraft);
    onApply({});
  };

  return (
    <form onSubmit={handleSubmit} aria-label={t('disputes.filters.label')} noValidate>
      <Group gap="sm" align="flex-end" wrap="wrap">
        <Select
          label={t('disputes.filters.status')}
          data={[
            all,
            ...invoiceDisputeStatuses.map((status) => ({ value: status, label: t(`disputes.statuses.${status}`) })),
          ]}
          value={draft.status}
          onChange={(value) => change({ status: (value ?? '') as DisputeDraft['status'] })}
          allowDeselect={false}
          className={classes.selectField}
          data-testid="disputes-filter-status"
        />
        <Select
          label={t('disputes.filters.company_code')}
          data={[
            all,
            ...(backend.data?.company_codes ?? []).map((code) => ({
              value: code.company_code,
              label: code.name ? `${code.company_code} · ${code.name}` : code.company_code,
            })),
          ]}
          value={draft.companyCode}
          onChange={(value) => change({ companyCode: value ?? '', reasonCode: '' })}
          allowDeselect={false}
          className={classes.selectField}
        />
        <Select
          label={t('disputes.filters.reason')}
          data={[
            all,
            ...reasons.map((code) => ({
              value: code.reason_code,
              label: reasonLabel(t, code.reason_code, code.description),
            })),
            { value: otherDisputeReason, label: reasonLabel(t, otherDisputeReason, '') },
          ]}
          value={draft.reasonCode}
          onChange={(value) => change({ reasonCode: value ?? '' })}
          allowDeselect={false}
          className={classes.selectField}
        />
        <Select
          label={t('disputes.filters.age')}
          data={[all, ...disputeAgeFilters.map((age) => ({ value: age, label: t(`disputes.ages.${age}`) }))]}
          value={draft.age}
          onChange={(value) => change({ age: (value ?? '') as DisputeDraft['age'] })}
          allowDeselect={false}
          className={classes.selectField}
        />
        <Select
          label={t('disputes.filters.assignee')}
          data={[
            { value: '', label: t('disputes.filters.anyone') },
            { value: 'none', label: t('disputes.filters.nobody') },
            ...(assignees.data?.assignees ?? []).map((assignee) => ({
              value: String(assignee.user_id),
              label: assignee.name,
            })),
          ]}
          value={draft.assignee}
          onChange={(value) => change({ assignee: value ?? '' })}
          allowDeselect={false}
          className={classes.selectField}
          data-testid="disputes-filter-assignee"
        />
        <Checkbox
          label={t('disputes.filters.late_only')}
          checked={draft.lateOnly}
          onChange={(event) => change({ lateOnly: event.currentTarget.checked })}
          mb={8}
        />
        <Group gap="xs">
          <Button type="submit" leftSection={<IconFilter size={16} aria-hidden="true" />}>
            {t('disputes.filters.apply')}
          </Button>
          <Button variant="default" onClick={handleReset}>
            {t('disputes.filters.reset')}
          </Button>
        </Group>
      </Group>
    </form>
  );
}

/** A customer's one filter: the status. */
export function CustomerDisputeFilter({ onApply }: { onApply: (filters: DisputeQuery) => void }) {
  const { t } = useTranslation();
  const [status, setStatus] = useState<DisputeDraft['status']>('');
  return (
    <Select
      label={t('disputes.filters.status')}
      data={[
        { value: '', label: t('disputes.filters.all') },
        ...invoiceDisputeStatuses.map((value) => ({ value, label: t(`disputes.statuses.${value}`) })),
      ]}
      value={status}
      onChange={(value) => {
        const next = (value ?? '') as DisputeDraft['status'];
        setStatus(next);
        onApply(toDisputeQuery({ ...emptyDisputeDraft, status: next }));
      }}
      allowDeselect={false}
      className={classes.selectField}
      data-testid="disputes-filter-status"
    />
  );
}
