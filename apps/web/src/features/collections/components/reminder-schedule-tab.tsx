// Settings → Collections (issue 38, CanEditSystemConfig): a company code's reminder schedule. Its steps are days from
// the due date (negative: before it), each with an e-mail template, the statement attached or not, and on or off; after
// the last step a reminder may repeat every N days. The form runs the server's checks (utils/schedule-form.ts) before
// saving; a refusal of the server is shown as the Application tab shows one, with the fields it names marked.
import {
  Alert,
  Button,
  Checkbox,
  Group,
  Loader,
  NumberInput,
  Select,
  Stack,
  Switch,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import {
  reminderMaxSteps,
  reminderRepeatMaxDays,
  reminderStepMaxDays,
  reminderStepMinDays,
  reminderTemplates,
  type ReminderSchedule,
  type ReminderTemplate,
} from '@portal/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadFailed } from '../../../components/ui/load-failed';
import { ApiError, errorText } from '../../../lib/api-client';
import { useBackendConfiguration } from '../../../lib/backend-configuration';
import { formatDateTime } from '../../../lib/format-date';
import { notify } from '../../../lib/notify';
import { reminderScheduleQuery, useReminderSchedule } from '../api/get-reminder-schedule';
import { saveReminderSchedule } from '../api/save-reminder-schedule';
import { stepLabel } from '../utils/reminder-step';
import {
  checkSchedule,
  hasErrors,
  mayAddStep,
  newStep,
  scheduleDraft,
  serverFieldErrors,
  toScheduleRequest,
  type ScheduleDraft,
  type ScheduleErrors,
  type StepDraft,
} from '../utils/schedule-form';
import classes from './collections.module.css';

export function ReminderScheduleTab() {
  const { t } = useTranslation();
  const backend = useBackendConfiguration();
  const codes = backend.data?.company_codes ?? [];
  const [chosen, setChosen] = useState<string | null>(null);
  const companyCode = chosen ?? codes[0]?.company_code ?? null;
  const schedule = useReminderSchedule(companyCode);

  return (
    <Stack gap="lg" data-testid="reminder-schedule-tab">
      <Text maw="48rem">{t('collections.schedule.intro')}</Text>
      {backend.isPending ? (
        <Loader size="sm" role="status" aria-label={t('common.loading')} />
      ) : backend.isError ? (
        <LoadFailed error={backend.error} />
      ) : codes.length === 0 ? (
        <Text>{t('collections.schedule.no_company_codes')}</Text>
      ) : (
        <Select
          label={t('collections.schedule.company_code')}
          data={codes.map((code) => ({
            value: code.company_code,
            label: code.name ? `${code.company_code} · ${code.name}` : code.company_code,
          }))}
          value={companyCode}
          onChange={(value) => value && setChosen(value)}
          allowDeselect={false}
          maw={360}
          data-testid="schedule-company-code"
        />
      )}
      {companyCode &&
        (schedule.isError ? (
          <LoadFailed error={schedule.error} />
        ) : schedule.data ? (
          // A fresh form for another company code, and for the schedule as saved.
          <ScheduleForm
            key={`${schedule.data.company_code}|${schedule.data.updated_at ?? ''}`}
            companyCode={companyCode}
            schedule={schedule.data}
          />
        ) : (
          <Loader size="sm" role="status" aria-label={t('common.loading')} />
        ))}
    </Stack>
  );
}

/** The values a message of the form names ({{min}}, {{max}}), by the field it is shown at. */
const errorValues = (field: string) =>
  field === 'steps'
    ? { max: reminderMaxSteps }
    : field === 'repeat'
      ? { max: reminderRepeatMaxDays }
      : { min: reminderStepMinDays, max: reminderStepMaxDays };

function ScheduleForm({ companyCode, schedule }: { companyCode: string; schedule: ReminderSchedule }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const stepsTitleId = useId();
  const [draft, setDraft] = useState<ScheduleDraft>(() => scheduleDraft(schedule));
  // After the first Save the form's own checks follow every change; the server's marks (its texts, in the reader's
  // language) last until the next change.
  const [checked, setChecked] = useState(false);
  const [serverErrors, setServerErrors] = useState<ScheduleErrors>({});
  const [refusal, setRefusal] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [focusKey, setFocusKey] = useState<string | null>(null);
  const addButton = useRef<HTMLButtonElement>(null);
  const own = checked ? checkSchedule(draft) : {};
  const error = (field: string) => (own[field] ? t(own[field], errorValues(field)) : serverErrors[field]);

  const change = (next: (current: ScheduleDraft) => ScheduleDraft) => {
    setDraft(next);
    setServerErrors({});
  };
  const changeStep = (index: number, patch: Partial<StepDraft>) =>
    change((current) => ({
      ...current,
      steps: current.steps.map((step, at) => (at === index ? { ...step, ...patch } : step)),
    }));
  const handleAdd = () => {
    const step = newStep(draft);
    setFocusKey(step.key);
    change((current) => ({ ...current, steps: [...current.steps, step] }));
  };
  const handleRemove = (index: number) => {
    change((current) => ({ ...current, steps: current.steps.filter((_, at) => at !== index) }));
    // The focused button is gone: the list's own button takes the focus.
    addButton.current?.focus();
  };

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setChecked(true);
    if (hasErrors(checkSchedule(draft))) {
      setRefusal(t('collections.schedule.fix_errors'));
      return;
    }
    const { request, order } = toScheduleRequest(draft);
    setBusy(true);
    setRefusal(undefined);
    try {
      const saved = await saveReminderSchedule(companyCode, request);
      queryClient.setQueryData(reminderScheduleQuery(companyCode).queryKey, saved);
      notify.success(t('collections.schedule.saved', { code: companyCode }));
    } catch (failure) {
      if (failure instanceof ApiError && failure.body) {
        setRefusal(errorText(failure.body));
        const fields = failure.body.details?.fields;
        if (Array.isArray(fields)) {
          setServerErrors(serverFieldErrors(fields.map(String), order, errorText(failure.body)));
        }
      } else {
        setRefusal(t('errors.codes.INTERNAL'));
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={(event) => void handleSubmit(event)} noValidate data-testid="reminder-schedule-form">
      <Stack gap="lg">
        {refusal && (
          <Alert color="red" role="alert" data-testid="schedule-error">
            {refusal}
          </Alert>
        )}
        <Text size="sm" data-testid="schedule-saved-at">
          {schedule.updated_at
            ? t('collections.schedule.saved_at', { date: formatDateTime(schedule.updated_at) })
            : t('collections.schedule.default_note', { code: companyCode })}
        </Text>
        <Switch
          label={t('collections.schedule.enabled', { code: companyCode })}
          checked={draft.enabled}
          onChange={(event) => {
            const enabled = event.currentTarget.checked;
            change((current) => ({ ...current, enabled }));
          }}
          data-testid="schedule-enabled"
        />
        <section aria-labelledby={stepsTitleId}>
          <Stack gap="sm">
            <Title order={2} size="h4" id={stepsTitleId}>
              {t('collections.schedule.steps_title')}
            </Title>
            <Text size="sm">
              {t('collections.schedule.steps_hint', {
                min: reminderStepMinDays,
                max: reminderStepMaxDays,
                steps: reminderMaxSteps,
              })}
            </Text>
            {draft.steps.length === 0 && <Text size="sm">{t('collections.schedule.no_steps_yet')}</Text>}
            {draft.steps.map((step, index) => (
              <StepFields
                key={step.key}
                step={step}
                number={index + 1}
                autoFocus={step.key === focusKey}
                daysError={error(`steps.${index}.days`)}
                onChange={(patch) => changeStep(index, patch)}
                onRemove={() => handleRemove(index)}
              />
            ))}
            {error('steps') && (
              <Text size="sm" c="var(--mantine-color-error)" role="alert" data-testid="schedule-steps-error">
                {error('steps')}
              </Text>
            )}
            <Group gap="sm">
              <Button
                ref={addButton}
                variant="default"
                leftSection={<IconPlus size={16} aria-hidden="true" />}
                onClick={handleAdd}
                disabled={!mayAddStep(draft)}
                data-testid="schedule-add-step"
              >
                {t('collections.schedule.add')}
              </Button>
              {!mayAddStep(draft) && (
                <Text size="sm">{t('collections.schedule.max_reached', { max: reminderMaxSteps })}</Text>
              )}
            </Group>
          </Stack>
        </section>
        <Stack gap="xs">
          <Checkbox
            label={t('collections.schedule.repeat')}
            checked={draft.repeat}
            onChange={(event) => {
              const repeat = event.currentTarget.checked;
              change((current) => ({ ...current, repeat }));
            }}
            data-testid="schedule-repeat"
          />
          {draft.repeat && (
            <WholeDaysInput
              label={t('collections.schedule.repeat_every')}
              description={t('collections.schedule.repeat_hint', { max: reminderRepeatMaxDays })}
              value={draft.repeatEveryDays}
              min={1}
              max={reminderRepeatMaxDays}
              error={error('repeat')}
              onChange={(repeatEveryDays) => change((current) => ({ ...current, repeatEveryDays }))}
              testId="schedule-repeat-days"
            />
          )}
        </Stack>
        <Group>
          <Button type="submit" loading={busy} data-testid="schedule-save">
            {t('collections.schedule.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function StepFields({
  step,
  number,
  autoFocus,
  daysError,
  onChange,
  onRemove,
}: {
  step: StepDraft;
  number: number;
  autoFocus: boolean;
  daysError?: string;
  onChange: (patch: Partial<StepDraft>) => void;
  onRemove: () => void;
}) {
  const { t } = useTranslation();
  const reads = step.days === '' ? null : stepLabel(step.days);
  return (
    <fieldset className={classes.stepFieldset} data-testid="schedule-step">
      <legend className={classes.stepLegend}>{t('collections.schedule.step_legend', { number })}</legend>
      <Group gap="md" align="flex-start" wrap="wrap">
        <WholeDaysInput
          label={t('collections.schedule.days')}
          description={reads ? t(reads.key, { count: reads.count }) : undefined}
          value={step.days}
          min={reminderStepMinDays}
          max={reminderStepMaxDays}
          allowNegative
          autoFocus={autoFocus}
          error={daysError}
          onChange={(days) => onChange({ days })}
          testId="schedule-step-days"
        />
        <Select
          label={t('collections.schedule.template')}
          data={reminderTemplates.map((template) => ({
            value: template,
            label: t(`configuration.email.types.${template}`),
          }))}
          value={step.template}
          onChange={(value) => value && onChange({ template: value as ReminderTemplate })}
          allowDeselect={false}
          className={classes.templateField}
          data-testid="schedule-step-template"
        />
      </Group>
      <Group gap="lg" mt="sm" wrap="wrap" justify="space-between">
        <Group gap="lg" wrap="wrap">
          <Checkbox
            label={t('collections.schedule.attach_statement')}
            checked={step.attachStatement}
            onChange={(event) => onChange({ attachStatement: event.currentTarget.checked })}
          />
          <Switch
            label={t('collections.schedule.step_enabled')}
            checked={step.enabled}
            onChange={(event) => onChange({ enabled: event.currentTarget.checked })}
          />
        </Group>
        <Button
          variant="subtle"
          color="red"
          size="compact-sm"
          leftSection={<IconTrash size={16} aria-hidden="true" />}
          onClick={onRemove}
          data-testid="schedule-remove-step"
        >
          {t('collections.schedule.remove')}
          <VisuallyHidden> {t('collections.schedule.remove_which', { number })}</VisuallyHidden>
        </Button>
      </Group>
    </fieldset>
  );
}

/**
 * Whole days within the contract's bounds. While the field holds no number ('-' typed on the way to -7, or nothing)
 * the value is '', which the checks name; the text typed stays as it is.
 */
function WholeDaysInput({
  label,
  description,
  value,
  min,
  max,
  allowNegative = false,
  autoFocus,
  error,
  onChange,
  testId,
}: {
  label: string;
  description?: string;
  value: number | '';
  min: number;
  max: number;
  allowNegative?: boolean;
  autoFocus?: boolean;
  error?: string;
  onChange: (value: number | '') => void;
  testId: string;
}) {
  const [text, setText] = useState<number | string>(value);
  return (
    <NumberInput
      label={label}
      description={description}
      inputWrapperOrder={['label', 'input', 'description', 'error']}
      value={text}
      onChange={(next) => {
        setText(next);
        onChange(typeof next === 'number' ? next : '');
      }}
      min={min}
      max={max}
      clampBehavior="none"
      allowDecimal={false}
      allowNegative={allowNegative}
      // A step just added takes the focus from the Add button.
      autoFocus={autoFocus}
      error={error}
      className={classes.daysField}
      data-testid={testId}
    />
  );
}
