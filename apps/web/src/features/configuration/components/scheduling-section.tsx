// Issue 29 on the Application tab: per company code of the ERP, whether its accounts may schedule payments ("Pay on")
// and enrol in AutoPay, how far ahead a payment of invoices that are all due may be scheduled, (issue 35) which
// reason codes hold an invoice back from AutoPay, and (issue 38) how far ahead a promise to pay may be dated. Saved
// with the rest of the Application configuration.
import { NumberInput, Switch, Table, Text } from '@mantine/core';
import type { ApplicationConfiguration } from '@portal/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useBackendConfiguration } from '../../../lib/backend-configuration';
import { schedulingCompanyCodes, withCompanyCode } from '../utils/scheduling-company-codes';
import { AutopayHoldReasons } from './autopay-hold-reasons';
import { Section } from './section';

type SchedulingFields = Pick<
  ApplicationConfiguration,
  | 'scheduledPaymentsCompanyCodes'
  | 'autopayCompanyCodes'
  | 'schedulingHorizonDays'
  | 'autopayHoldReasonCodes'
  | 'promiseMaxDays'
>;

/** The contract's bounds of schedulingHorizonDays and promiseMaxDays. */
const horizonMax = 365;
const promiseMin = 1;
const promiseMax = 180;

export function SchedulingSection({
  values,
  onChange,
}: {
  values: SchedulingFields;
  onChange: <K extends keyof SchedulingFields>(field: K, value: ApplicationConfiguration[K]) => void;
}) {
  const { t } = useTranslation();
  const backend = useBackendConfiguration();
  const codes = schedulingCompanyCodes(backend.data?.company_codes ?? [], [
    values.scheduledPaymentsCompanyCodes,
    values.autopayCompanyCodes,
  ]);
  const title = t('configuration.sections.scheduling');
  const columns = [
    { field: 'scheduledPaymentsCompanyCodes', label: 'scheduled_payments', testId: 'scheduled' },
    { field: 'autopayCompanyCodes', label: 'autopay', testId: 'autopay' },
  ] as const;

  return (
    <Section title={title}>
      <Text size="sm">{t('configuration.scheduling.intro')}</Text>
      {codes.length > 0 ? (
        // Three narrow columns: they fit a phone's width, with no sideways scrolling.
        <Table verticalSpacing="xs" maw={720} data-testid="scheduling-company-codes">
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t('configuration.scheduling.company_code')}</Table.Th>
              {columns.map((column) => (
                <Table.Th scope="col" key={column.field}>
                  {t(`configuration.scheduling.${column.label}`)}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {codes.map(({ code, name }) => (
              <Table.Tr key={code}>
                <Table.Th scope="row" fw={400}>
                  <Text fw={600} size="sm">
                    {code}
                  </Text>
                  {name && <Text size="xs">{name}</Text>}
                </Table.Th>
                {columns.map((column) => (
                  <Table.Td key={column.field}>
                    <Switch
                      aria-label={t(`configuration.scheduling.${column.label}_for`, { code })}
                      data-testid={`scheduling-${column.testId}-${code}`}
                      checked={values[column.field].includes(code)}
                      onChange={(event) =>
                        onChange(column.field, withCompanyCode(values[column.field], code, event.currentTarget.checked))
                      }
                    />
                  </Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      ) : (
        <Text size="sm" c="dimmed">
          {t('configuration.scheduling.no_company_codes')}
        </Text>
      )}
      <DaysInput
        label={t('configuration.fields.schedulingHorizonDays')}
        description={t('configuration.fields.schedulingHorizonDays_hint', { max: horizonMax })}
        min={0}
        max={horizonMax}
        value={values.schedulingHorizonDays}
        onChange={(days) => onChange('schedulingHorizonDays', days)}
        testId="scheduling-horizon"
      />
      <DaysInput
        label={t('configuration.fields.promiseMaxDays')}
        description={t('configuration.fields.promiseMaxDays_hint', { min: promiseMin, max: promiseMax })}
        min={promiseMin}
        max={promiseMax}
        value={values.promiseMaxDays}
        onChange={(days) => onChange('promiseMaxDays', days)}
        testId="promise-max-days"
      />
      <AutopayHoldReasons
        value={values.autopayHoldReasonCodes}
        onChange={(next) => onChange('autopayHoldReasonCodes', next)}
      />
    </Section>
  );
}

/**
 * Whole days within the contract's bounds (nothing else can be typed). While the field is empty the last number stays
 * the value, and leaving the field shows it again.
 */
function DaysInput({
  label,
  description,
  min,
  max,
  value,
  onChange,
  testId,
}: {
  label: string;
  description: string;
  min: number;
  max: number;
  value: number;
  onChange: (days: number) => void;
  testId: string;
}) {
  const [draft, setDraft] = useState<number | string>(value);
  return (
    <NumberInput
      label={label}
      description={description}
      inputWrapperOrder={['label', 'input', 'description']}
      value={draft}
      onChange={(next) => {
        setDraft(next);
        if (typeof next === 'number') onChange(next);
      }}
      onBlur={() => setDraft(value)}
      min={min}
      max={max}
      clampBehavior="strict"
      allowDecimal={false}
      allowNegative={false}
      maw={480}
      data-testid={testId}
    />
  );
}
