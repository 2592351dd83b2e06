// The Maintenance tab (access spec §2, §3 Blackout config, §4, §5 "Maintenance form"; issue 15): the window's period
// in the administrator's time zone, the notice per language with {from}/{to}, and the redirect address. When on, a
// notice, a start and an end are required; turning the window off saves at once and skips the checks.
import { Alert, Button, Group, SimpleGrid, Stack, Switch, Text, Textarea, TextInput } from '@mantine/core';
import { paymentMessageLanguages, type BlackoutConfig } from '@portal/contracts';
import { isBlackoutOn, validateBlackout } from '@portal/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { StatusBadge } from '../../../components/ui/status-badge';
import { ApiError, errorText } from '../../../lib/api-client';
import { blackoutQuery } from '../../../lib/blackout';
import { languageNames } from '../../../lib/i18n';
import { notify } from '../../../lib/notify';
import { blackoutConfigQuery, saveBlackout } from '../api/blackout';
import { Section } from './section';

type Field = keyof BlackoutConfig;

/** An ISO instant as the value of a datetime-local input, in the browser's time zone. */
export function toLocalInput(iso: string | null): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** A datetime-local value (browser's time zone) as an ISO instant; empty stays null. */
export function fromLocalInput(value: string): string | null {
  if (!value) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? value : date.toISOString();
}

/** The saved window as of `now`: off, scheduled, on, or ended. */
export function windowState(window: BlackoutConfig, now: Date): 'off' | 'scheduled' | 'on' | 'ended' {
  if (!window.isEnabled) return 'off';
  if (isBlackoutOn(window, now)) return 'on';
  return window.toUtcDate && Date.parse(window.toUtcDate) <= now.getTime() ? 'ended' : 'scheduled';
}

export function MaintenanceTab() {
  const { data } = useQuery(blackoutConfigQuery());
  if (!data) return null;
  return <MaintenanceForm key={JSON.stringify(data)} initial={data} />;
}

function MaintenanceForm({ initial }: { initial: BlackoutConfig }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [refusal, setRefusal] = useState<string>();
  const [busy, setBusy] = useState(false);
  // The form is mounted anew after each save: the saved window's state as of then.
  const [openedAt] = useState(() => new Date());
  const timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  const messageOf = (language: string) => values.messages.find((entry) => entry.language === language)?.message ?? '';

  const set = <K extends Field>(field: K, value: BlackoutConfig[K]) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const save = async (next: BlackoutConfig) => {
    const found = validateBlackout(next);
    setErrors(found);
    if (Object.values(found).some(Boolean)) {
      setRefusal(t('configuration.fix_errors'));
      return;
    }
    setBusy(true);
    setRefusal(undefined);
    try {
      const saved = await saveBlackout(next);
      queryClient.setQueryData(blackoutConfigQuery().queryKey, saved);
      await queryClient.invalidateQueries({ queryKey: blackoutQuery.queryKey });
      notify.success(t(saved.isEnabled ? 'configuration.maintenance.saved' : 'configuration.maintenance.turned_off'));
    } catch (failure) {
      setRefusal(failure instanceof ApiError && failure.body ? errorText(failure.body) : t('errors.codes.INTERNAL'));
    } finally {
      setBusy(false);
    }
  };

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!busy) void save(values);
  };

  // spec §4: turning the window off saves at once (no checks) and says so.
  const handleSwitch = (enabled: boolean) => {
    set('isEnabled', enabled);
    if (!enabled && initial.isEnabled) void save({ ...values, isEnabled: false });
  };

  const state = windowState(initial, openedAt);

  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack gap="lg">
        {refusal && (
          <Alert color="red" role="alert" data-testid="maintenance-error">
            {refusal}
          </Alert>
        )}
        <Section title={t('configuration.sections.maintenance')}>
          <Group justify="space-between">
            <Switch
              label={t('configuration.maintenance.enabled')}
              checked={values.isEnabled}
              onChange={(event) => handleSwitch(event.currentTarget.checked)}
              data-testid="maintenance-enabled"
            />
            <StatusBadge
              tone={state === 'on' ? 'bad' : state === 'scheduled' ? 'warning' : 'neutral'}
              data-testid="maintenance-state"
            >
              {t(`configuration.maintenance.state_${state}`)}
            </StatusBadge>
          </Group>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <TextInput
              type="datetime-local"
              label={t('configuration.maintenance.from')}
              description={t('configuration.maintenance.time_zone', { zone: timeZone })}
              inputWrapperOrder={['label', 'input', 'description', 'error']}
              value={toLocalInput(values.fromUtcDate)}
              onChange={(event) => set('fromUtcDate', fromLocalInput(event.currentTarget.value))}
              max="9999-12-31T23:59"
              required={values.isEnabled}
              error={errors.fromUtcDate ? t(errors.fromUtcDate) : undefined}
              data-testid="maintenance-from"
            />
            <TextInput
              type="datetime-local"
              label={t('configuration.maintenance.to')}
              description={t('configuration.maintenance.time_zone', { zone: timeZone })}
              inputWrapperOrder={['label', 'input', 'description', 'error']}
              value={toLocalInput(values.toUtcDate)}
              onChange={(event) => set('toUtcDate', fromLocalInput(event.currentTarget.value))}
              max="9999-12-31T23:59"
              required={values.isEnabled}
              error={errors.toUtcDate ? t(errors.toUtcDate) : undefined}
              data-testid="maintenance-to"
            />
          </SimpleGrid>
          <TextInput
            type="url"
            label={t('configuration.maintenance.redirect_url')}
            description={t('configuration.maintenance.redirect_url_hint')}
            inputWrapperOrder={['label', 'input', 'description', 'error']}
            value={values.redirectUrl}
            onChange={(event) => set('redirectUrl', event.currentTarget.value)}
            maxLength={500}
            error={errors.redirectUrl ? t(errors.redirectUrl) : undefined}
          />
        </Section>
        <Section title={t('configuration.maintenance.messages')}>
          <Text size="sm" c="dimmed">
            {t('configuration.maintenance.messages_hint')}
          </Text>
          {errors.messages && (
            <Alert color="red" data-testid="maintenance-message-error">
              {t(errors.messages)}
            </Alert>
          )}
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            {paymentMessageLanguages.map((language) => (
              <Textarea
                key={language}
                label={languageNames[language]}
                lang={language}
                value={messageOf(language)}
                onChange={(event) => {
                  const message = event.currentTarget.value;
                  set('messages', [
                    ...values.messages.filter((entry) => entry.language !== language),
                    { language, message },
                  ]);
                }}
                maxLength={2000}
                autosize
                minRows={2}
                data-testid={`maintenance-message-${language}`}
              />
            ))}
          </SimpleGrid>
        </Section>
        <Group>
          <Button type="submit" loading={busy} data-testid="maintenance-save">
            {t('configuration.maintenance.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
