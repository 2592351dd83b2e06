// The Application tab (access spec §2, §3 Application configuration, §5; issue 15): company, address, registration
// switches and links' lifetime, footer links, payments off with its message in each language and the limits, where
// payments may be scheduled and AutoPay offered (issue 29), the SMTP settings (the password write-only) and the ERP
// connection status. The form runs the spec §5 rules before saving; the server runs them again.
import {
  Alert,
  Button,
  Checkbox,
  Group,
  List,
  NumberInput,
  PasswordInput,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import {
  paymentMessageLanguages,
  registrationExpirationOptions,
  type ApplicationConfiguration,
  type RegistrationEmailExpiration,
} from '@portal/contracts';
import { changesSmtpSettings, validateApplicationConfiguration } from '@portal/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { StatusBadge } from '../../../components/ui/status-badge';
import { ApiError, errorText } from '../../../lib/api-client';
import { languageNames } from '../../../lib/i18n';
import { notify } from '../../../lib/notify';
import { paymentSettingsQuery } from '../../../lib/payments-disabled';
import {
  applicationConfigurationQuery,
  connectionStatusQuery,
  mailTransportQuery,
  saveApplicationConfiguration,
} from '../api/application-configuration';
import { SchedulingSection } from './scheduling-section';
import { Section } from './section';

type Field = keyof ApplicationConfiguration;

/** The fields the Email tab shows; the Application tab shows the others. */
const emailFields = new Set<Field>([
  'smtpAddress',
  'smtpPort',
  'smtpUseUser',
  'smtpUser',
  'smtpPassword',
  'fromAddress',
  'fromAddressName',
  'overrideEmail',
]);

/**
 * The Application configuration is one document (spec §3) edited on two tabs: the Application tab shows every part
 * but the SMTP settings, which the Email tab shows beside its test button. Either saves the whole document.
 */
export type ConfigurationPart = 'application' | 'email';

export function ApplicationTab() {
  return <ApplicationSettings part="application" />;
}

export function ApplicationSettings({ part }: { part: ConfigurationPart }) {
  const configuration = useQuery(applicationConfigurationQuery());
  if (!configuration.data) return null;
  return <ApplicationForm key={JSON.stringify(configuration.data)} initial={configuration.data} part={part} />;
}

/** access spec §8: good only with 200 and message type S; otherwise the status, type and text. */
function ConnectionStatusSection() {
  const { t } = useTranslation();
  const { data } = useQuery(connectionStatusQuery());
  return (
    <Section title={t('configuration.sections.connection')}>
      {data && (
        <Group gap="sm" data-testid="connection-status">
          <StatusBadge tone={data.good ? 'good' : 'bad'}>
            {t(data.good ? 'configuration.connection.good' : 'configuration.connection.bad')}
          </StatusBadge>
          {!data.good && (
            <Text size="sm">
              {t('configuration.connection.detail', {
                status: data.statusCode,
                type: data.messageType,
                message: data.message,
              })}
            </Text>
          )}
        </Group>
      )}
    </Section>
  );
}

function ApplicationForm({ initial, part }: { initial: ApplicationConfiguration; part: ConfigurationPart }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [refusal, setRefusal] = useState<string>();
  const [busy, setBusy] = useState(false);

  const set = <K extends Field>(field: K, value: ApplicationConfiguration[K]) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };
  const error = (field: Field) => (errors[field] ? t(errors[field]) : undefined);
  const text = (
    field: Field,
    props: { type?: string; maxLength?: number; required?: boolean; description?: string } = {},
  ) => (
    <TextInput
      label={t(`configuration.fields.${field}`)}
      value={values[field] as string}
      onChange={(event) => set(field, event.currentTarget.value as never)}
      error={error(field)}
      maxLength={props.maxLength ?? 320}
      type={props.type}
      required={props.required}
      description={props.description}
      inputWrapperOrder={['label', 'input', 'description', 'error']}
    />
  );

  // Rules broken by fields of the other tab are listed in the refusal, since their inputs are not on this one.
  const elsewhere = Object.entries(errors).filter(
    (entry): entry is [Field, string] => Boolean(entry[1]) && emailFields.has(entry[0] as Field) !== (part === 'email'),
  );

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    // spec §5's SMTP rules hold only when the SMTP settings change (issue 27): the server applies the same test.
    const found = validateApplicationConfiguration(values, { smtp: changesSmtpSettings(initial, values) });
    setErrors(found);
    if (Object.values(found).some(Boolean)) {
      setRefusal(t('configuration.fix_errors'));
      return;
    }
    setBusy(true);
    setRefusal(undefined);
    try {
      const saved = await saveApplicationConfiguration(values);
      queryClient.setQueryData(applicationConfigurationQuery().queryKey, saved);
      // The switches and limits other screens read change with it (the payment settings: payments off, the limits,
      // where payments may be scheduled and AutoPay offered), and so may the transport the Email tab names.
      const alsoChanged = [mailTransportQuery().queryKey[1], paymentSettingsQuery.queryKey[1]];
      await queryClient.invalidateQueries({
        predicate: (query) =>
          query.queryKey[0] !== 'configuration' || alsoChanged.includes(query.queryKey[1] as string),
      });
      notify.success(t('configuration.saved'));
    } catch (failure) {
      setRefusal(failure instanceof ApiError && failure.body ? errorText(failure.body) : t('errors.codes.INTERNAL'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={(event) => void handleSubmit(event)} noValidate>
      <Stack gap="lg">
        {refusal && (
          <Alert color="red" role="alert" data-testid="configuration-error">
            {refusal}
            {elsewhere.length > 0 && (
              <List size="sm" mt="xs" data-testid="configuration-error-elsewhere">
                {elsewhere.map(([field, key]) => (
                  <List.Item key={field}>
                    {t(key)} (
                    {t(part === 'application' ? 'configuration.tabs.email' : 'configuration.tabs.application')})
                  </List.Item>
                ))}
              </List>
            )}
          </Alert>
        )}
        {part === 'application' && (
          <>
            <Section title={t('configuration.sections.general')}>
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
                {text('companyName', { maxLength: 200, required: true })}
                {text('applicationUrl', { type: 'url', maxLength: 500, required: true })}
              </SimpleGrid>
            </Section>
            <Section title={t('configuration.sections.registration')}>
              <Switch
                label={t('configuration.fields.allowRegistration')}
                checked={values.allowRegistration}
                onChange={(event) => set('allowRegistration', event.currentTarget.checked)}
              />
              <Switch
                label={t('configuration.fields.allowGuestPayment')}
                checked={values.allowGuestPayment}
                onChange={(event) => set('allowGuestPayment', event.currentTarget.checked)}
              />
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
                {text('registrationRequestEmail', { type: 'email' })}
                <Select
                  label={t('configuration.fields.registrationEmailExpiration')}
                  data={registrationExpirationOptions.map((value) => ({
                    value,
                    label: t(`configuration.expiration.${value}`),
                  }))}
                  value={values.registrationEmailExpiration}
                  onChange={(value) =>
                    value && set('registrationEmailExpiration', value as RegistrationEmailExpiration)
                  }
                  allowDeselect={false}
                />
              </SimpleGrid>
              {text('registrationEmailExpirationMessage', { maxLength: 500 })}
            </Section>
            <Section title={t('configuration.sections.links')}>
              <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
                {text('privacyPolicy', { maxLength: 500 })}
                {text('termsAndConditions', { maxLength: 500 })}
                {text('contactUs', { maxLength: 500 })}
              </SimpleGrid>
              <Text size="sm" c="dimmed">
                {t('configuration.fields.links_hint')}
              </Text>
            </Section>
            <Section title={t('configuration.sections.payments')}>
              <Switch
                label={t('configuration.fields.isPaymentsDisable')}
                checked={values.isPaymentsDisable}
                onChange={(event) => set('isPaymentsDisable', event.currentTarget.checked)}
              />
              <fieldset style={{ border: 0, padding: 0, margin: 0 }}>
                <legend style={{ fontWeight: 600, marginBottom: 8 }}>
                  {t('configuration.fields.paymentDisabledMessages')}
                </legend>
                {errors.paymentDisabledMessages && (
                  <Alert color="red" mb="sm" data-testid="payments-message-error">
                    {t(errors.paymentDisabledMessages)}
                  </Alert>
                )}
                <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
                  {paymentMessageLanguages.map((language) => (
                    <Textarea
                      key={language}
                      label={t('configuration.fields.paymentDisabledMessage', { language: languageNames[language] })}
                      lang={language}
                      value={values.paymentDisabledMessages[language]}
                      onChange={(event) => {
                        const message = event.currentTarget.value;
                        set('paymentDisabledMessages', { ...values.paymentDisabledMessages, [language]: message });
                      }}
                      maxLength={2000}
                      autosize
                      minRows={2}
                    />
                  ))}
                </SimpleGrid>
              </fieldset>
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
                {text('maxPaymentAllowed', { maxLength: 20, description: t('configuration.fields.limit_hint') })}
                {text('maxECheckPaymentAllowed', { maxLength: 20, description: t('configuration.fields.limit_hint') })}
              </SimpleGrid>
            </Section>
            <SchedulingSection values={values} onChange={set} />
          </>
        )}
        {part === 'email' && (
          <>
            <Section title={t('configuration.sections.mail')}>
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
                {text('smtpAddress', { maxLength: 255, required: true })}
                <NumberInput
                  label={t('configuration.fields.smtpPort')}
                  value={values.smtpPort ?? ''}
                  onChange={(value) => set('smtpPort', typeof value === 'number' ? value : null)}
                  min={1}
                  max={65535}
                  allowDecimal={false}
                  allowNegative={false}
                  hideControls
                  error={error('smtpPort')}
                  required
                />
              </SimpleGrid>
              <Checkbox
                label={t('configuration.fields.smtpUseUser')}
                checked={values.smtpUseUser}
                onChange={(event) => set('smtpUseUser', event.currentTarget.checked)}
              />
              {values.smtpUseUser && (
                <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
                  {text('smtpUser', { required: true })}
                  <PasswordInput
                    label={t('configuration.fields.smtpPassword')}
                    description={t('configuration.fields.smtpPassword_hint')}
                    inputWrapperOrder={['label', 'input', 'description', 'error']}
                    value={values.smtpPassword}
                    onChange={(event) => set('smtpPassword', event.currentTarget.value)}
                    autoComplete="new-password"
                    maxLength={500}
                  />
                </SimpleGrid>
              )}
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
                {text('fromAddress', { type: 'email' })}
                {text('fromAddressName', { maxLength: 200 })}
              </SimpleGrid>
              {text('overrideEmail', { type: 'email' })}
            </Section>
          </>
        )}
        {part === 'application' && <ConnectionStatusSection />}
        <Group>
          <Button type="submit" loading={busy} data-testid="configuration-save">
            {t('configuration.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
