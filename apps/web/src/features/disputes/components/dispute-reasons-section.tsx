// Settings → Collections → Dispute reasons (issue 39, CanEditSystemConfig): per company code, which invoice-payment
// reason codes are dispute reasons and their target days (the SLA: past it an unresolved dispute is late), and OTHER's
// days (always a reason). A company code nobody saved shows the defaults (ADR 0034).
import {
  Alert,
  Button,
  Checkbox,
  Divider,
  Group,
  Loader,
  NumberInput,
  Select,
  Stack,
  Table,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { otherDisputeReason, type DisputeReasonsResponse } from '@portal/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadFailed } from '../../../components/ui/load-failed';
import { TableScroll } from '../../../components/ui/table-scroll';
import { ApiError, errorText } from '../../../lib/api-client';
import { useBackendConfiguration } from '../../../lib/backend-configuration';
import { notify } from '../../../lib/notify';
import { disputeReasonsQuery, useDisputeReasons } from '../api/list-dispute-reasons';
import { saveDisputeReasons } from '../api/save-dispute-reasons';
import {
  checkReasons,
  invoicePaymentCodes,
  reasonsDraft,
  targetDaysBounds,
  toReasonsRequest,
  type ReasonsDraft,
} from '../utils/reasons-form';
import classes from './disputes.module.css';

export function DisputeReasonsSection() {
  const { t } = useTranslation();
  const headingId = useId();
  const backend = useBackendConfiguration();
  const codes = backend.data?.company_codes ?? [];
  const [chosen, setChosen] = useState<string | null>(null);
  const companyCode = chosen ?? codes[0]?.company_code ?? null;
  const reasons = useDisputeReasons(companyCode);

  return (
    <section aria-labelledby={headingId} data-testid="dispute-reasons-section">
      <Divider my="xl" />
      <Stack gap="lg">
        <Title order={2} size="h3" id={headingId}>
          {t('disputes.settings.title')}
        </Title>
        <Text maw="48rem">{t('disputes.settings.intro')}</Text>
        {backend.isPending ? (
          <Loader size="sm" role="status" aria-label={t('common.loading')} />
        ) : backend.isError ? (
          <LoadFailed error={backend.error} />
        ) : codes.length === 0 ? null : (
          <Select
            label={t('disputes.settings.company_code')}
            data={codes.map((code) => ({
              value: code.company_code,
              label: code.name ? `${code.company_code} · ${code.name}` : code.company_code,
            }))}
            value={companyCode}
            onChange={(value) => value && setChosen(value)}
            allowDeselect={false}
            maw={360}
            data-testid="dispute-reasons-company-code"
          />
        )}
        {companyCode &&
          backend.data &&
          (reasons.isError ? (
            <LoadFailed error={reasons.error} />
          ) : reasons.data ? (
            <ReasonsForm
              // A fresh form for another company code, and for the reasons as saved.
              key={`${reasons.data.company_code}|${reasons.dataUpdatedAt}`}
              companyCode={companyCode}
              saved={reasons.data}
              codes={invoicePaymentCodes(backend.data.payment_reason_codes, companyCode)}
            />
          ) : (
            <Loader size="sm" role="status" aria-label={t('common.loading')} />
          ))}
      </Stack>
    </section>
  );
}

function ReasonsForm({
  companyCode,
  saved,
  codes,
}: {
  companyCode: string;
  saved: DisputeReasonsResponse;
  codes: { reason_code: string; description: string }[];
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState<ReasonsDraft>(() => reasonsDraft(codes, saved));
  const [checked, setChecked] = useState(false);
  const [refusal, setRefusal] = useState<string>();
  const [busy, setBusy] = useState(false);
  const wrong = checked ? checkReasons(draft) : new Set<string>();
  const daysError = (code: string) =>
    wrong.has(code) ? t('disputes.settings.days_range', targetDaysBounds) : undefined;
  const caption = t('disputes.settings.table_label', { code: companyCode });

  const changeRow = (index: number, patch: Partial<ReasonsDraft['rows'][number]>) => {
    setDraft((current) => ({
      ...current,
      rows: current.rows.map((row, at) => (at === index ? { ...row, ...patch } : row)),
    }));
    setRefusal(undefined);
  };

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setChecked(true);
    if (checkReasons(draft).size > 0) {
      setRefusal(t('disputes.settings.fix_errors'));
      return;
    }
    setBusy(true);
    setRefusal(undefined);
    try {
      const answer = await saveDisputeReasons(companyCode, toReasonsRequest(draft));
      queryClient.setQueryData(disputeReasonsQuery(companyCode).queryKey, answer);
      notify.success(t('disputes.settings.saved', { code: companyCode }));
    } catch (failure) {
      setRefusal(failure instanceof ApiError && failure.body ? errorText(failure.body) : t('errors.codes.INTERNAL'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={(event) => void handleSubmit(event)} noValidate data-testid="dispute-reasons-form">
      <Stack gap="md">
        {refusal && (
          <Alert color="red" role="alert" data-testid="dispute-reasons-error">
            {refusal}
          </Alert>
        )}
        <Text size="sm">
          {saved.configured
            ? t('disputes.settings.configured', { code: companyCode })
            : t('disputes.settings.defaults', { code: companyCode })}
        </Text>
        <TableScroll minWidth={340} label={caption}>
          <Table verticalSpacing="xs" fz="sm" data-testid="dispute-reasons-table">
            <VisuallyHidden component="caption">{caption}</VisuallyHidden>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t('disputes.settings.reason_code')}</Table.Th>
                <Table.Th scope="col">{t('disputes.settings.dispute_reason')}</Table.Th>
                <Table.Th scope="col">{t('disputes.settings.target_days')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {draft.rows.map((row, index) => {
                const name = row.description ? `${row.reasonCode} · ${row.description}` : row.reasonCode;
                return (
                  <Table.Tr key={row.reasonCode} data-testid="dispute-reason-row" data-code={row.reasonCode}>
                    <Table.Th scope="row" fw={500}>
                      {name}
                    </Table.Th>
                    <Table.Td>
                      <Checkbox
                        aria-label={t('disputes.settings.dispute_reason_of', { reason: name })}
                        checked={row.disputeReason}
                        onChange={(event) => changeRow(index, { disputeReason: event.currentTarget.checked })}
                      />
                    </Table.Td>
                    <Table.Td>
                      <DaysInput
                        label={t('disputes.settings.target_days_of', { reason: name })}
                        value={row.targetDays}
                        disabled={!row.disputeReason}
                        error={daysError(row.reasonCode)}
                        onChange={(targetDays) => changeRow(index, { targetDays })}
                      />
                    </Table.Td>
                  </Table.Tr>
                );
              })}
              <Table.Tr data-testid="dispute-reason-row" data-code={otherDisputeReason}>
                <Table.Th scope="row" fw={500}>
                  {t('disputes.reasons.other')}
                </Table.Th>
                <Table.Td>
                  <Checkbox
                    aria-label={t('disputes.settings.dispute_reason_of', { reason: t('disputes.reasons.other') })}
                    checked
                    disabled
                    readOnly
                  />
                </Table.Td>
                <Table.Td>
                  <DaysInput
                    label={t('disputes.settings.target_days_of', { reason: t('disputes.reasons.other') })}
                    value={draft.otherDays}
                    error={daysError(otherDisputeReason)}
                    onChange={(otherDays) => {
                      setDraft((current) => ({ ...current, otherDays }));
                      setRefusal(undefined);
                    }}
                  />
                </Table.Td>
              </Table.Tr>
            </Table.Tbody>
          </Table>
        </TableScroll>
        {codes.length === 0 && <Text size="sm">{t('disputes.settings.no_codes', { code: companyCode })}</Text>}
        <Group>
          <Button type="submit" loading={busy} data-testid="dispute-reasons-save">
            {t('disputes.settings.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** Whole days within the contract's bounds; '' while the field holds no number. */
function DaysInput({
  label,
  value,
  disabled = false,
  error,
  onChange,
}: {
  label: string;
  value: number | '';
  disabled?: boolean;
  error?: string;
  onChange: (value: number | '') => void;
}) {
  return (
    <NumberInput
      aria-label={label}
      value={value}
      onChange={(next) => onChange(typeof next === 'number' ? next : '')}
      min={targetDaysBounds.min}
      max={targetDaysBounds.max}
      clampBehavior="none"
      allowDecimal={false}
      allowNegative={false}
      disabled={disabled}
      error={error}
      className={classes.daysField}
    />
  );
}
