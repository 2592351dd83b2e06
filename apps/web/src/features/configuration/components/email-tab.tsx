// The Email tab (access spec §2, §3 E-mail config, §7; issue 15): the transport that sends e-mail now (issue 27: the
// SMTP settings, the deployment's SMTP_URL, or none and the outbox), the SMTP settings (part of the Application
// configuration) with a test message that answers the server's own reply, and the templates by type and language,
// edited with a preview on sample data rendered by the server exactly as the outbox sends it.
import {
  Alert,
  Anchor,
  Button,
  Code,
  Group,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import {
  emailTemplateKeys,
  paymentMessageLanguages,
  type EmailConfig,
  type EmailTemplateKey,
  type EmailTemplateText,
} from '@portal/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmailPreview } from '../../../components/ui/email-preview';
import { StatusBadge } from '../../../components/ui/status-badge';
import { ApiError, errorText } from '../../../lib/api-client';
import { languageNames } from '../../../lib/i18n';
import { notify } from '../../../lib/notify';
import {
  applicationConfigurationQuery,
  mailTransportQuery,
  removeSmtpSettings,
} from '../api/application-configuration';
import { emailConfigQuery, previewEmail, saveEmailConfig, sendTestEmail } from '../api/email';
import { ApplicationSettings } from './application-tab';
import { Section } from './section';

type Language = EmailTemplateText['language'];

export function EmailTab() {
  return (
    <Stack gap="lg">
      <MailTransportSection />
      <ApplicationSettings part="email" />
      <SmtpTest />
      <Templates />
    </Stack>
  );
}

/** Which transport sends e-mail now, as the server decides it; the SMTP settings can be removed from here. */
function MailTransportSection() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { data } = useQuery(mailTransportQuery());
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<string>();

  const handleRemove = async () => {
    if (busy) return;
    setBusy(true);
    setRefusal(undefined);
    try {
      queryClient.setQueryData(applicationConfigurationQuery().queryKey, await removeSmtpSettings());
      await queryClient.invalidateQueries({ queryKey: mailTransportQuery().queryKey });
      notify.success(t('configuration.email.transport.removed'));
    } catch (failure) {
      setRefusal(failure instanceof ApiError && failure.body ? errorText(failure.body) : t('errors.codes.INTERNAL'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Section title={t('configuration.email.transport.title')}>
      {data && (
        <Stack gap="sm" data-testid="mail-transport" data-kind={data.kind}>
          <Group gap="sm" wrap="wrap">
            <StatusBadge tone={data.kind === 'none' ? 'warning' : 'good'}>
              {t(`configuration.email.transport.kinds.${data.kind}`)}
            </StatusBadge>
            {data.address && (
              <Code style={{ overflowWrap: 'anywhere' }} data-testid="mail-transport-address">
                {data.address}
              </Code>
            )}
          </Group>
          <Text size="sm">{t(`configuration.email.transport.explain.${data.kind}`)}</Text>
          {data.kind === 'none' && (
            <Text size="sm">
              {t('configuration.email.transport.queued', { count: data.queued })}{' '}
              <Anchor component={Link} to="/settings/outbox" data-testid="mail-transport-outbox">
                {t('configuration.email.transport.outbox_link')}
              </Anchor>
            </Text>
          )}
          {data.kind === 'settings' && (
            <Group gap="sm" wrap="wrap" align="center">
              <Text size="sm" c="dimmed" style={{ flex: '1 1 16rem' }}>
                {t(
                  data.environmentConfigured
                    ? 'configuration.email.transport.remove_hint_environment'
                    : 'configuration.email.transport.remove_hint_none',
                )}
              </Text>
              <Button
                variant="outline"
                color="red"
                loading={busy}
                onClick={() => void handleRemove()}
                data-testid="mail-transport-remove"
              >
                {t('configuration.email.transport.remove')}
              </Button>
            </Group>
          )}
          {refusal && (
            <Alert color="red" role="alert">
              {refusal}
            </Alert>
          )}
        </Stack>
      )}
    </Section>
  );
}

function SmtpTest() {
  const { t } = useTranslation();
  const [testEmail, setTestEmail] = useState('');
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<{ sent: boolean; reply: string }>();

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    setResult(undefined);
    try {
      setResult(await sendTestEmail(testEmail));
    } catch (failure) {
      setResult({
        sent: false,
        reply: failure instanceof ApiError && failure.body ? errorText(failure.body) : t('errors.codes.INTERNAL'),
      });
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={(event) => void handleSubmit(event)} noValidate>
      <Section title={t('configuration.email.test_title')}>
        <Text size="sm" c="dimmed">
          {t('configuration.email.test_hint')}
        </Text>
        <Group align="flex-end" wrap="wrap">
          <TextInput
            type="email"
            label={t('configuration.email.test_address')}
            value={testEmail}
            onChange={(event) => setTestEmail(event.currentTarget.value)}
            maxLength={320}
            style={{ flex: '1 1 16rem' }}
            data-testid="smtp-test-address"
          />
          <Button type="submit" variant="outline" loading={busy} data-testid="smtp-test-send">
            {t('configuration.email.test_send')}
          </Button>
        </Group>
        {result && (
          <Alert
            color={result.sent ? 'green' : 'red'}
            role="status"
            title={t(result.sent ? 'configuration.email.test_sent' : 'configuration.email.test_failed')}
            // Mantine's light green title is below AA on its tint.
            styles={{ title: { color: result.sent ? '#1e5f2c' : '#9b1c1c' } }}
            data-testid="smtp-test-result"
          >
            <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
              {result.reply}
            </Text>
          </Alert>
        )}
      </Section>
    </form>
  );
}

function Templates() {
  const { t } = useTranslation();
  const [key, setKey] = useState<EmailTemplateKey>('welcome');
  const { data } = useQuery(emailConfigQuery(key));
  return (
    <Section title={t('configuration.email.templates')}>
      <Select
        label={t('configuration.email.type')}
        data={emailTemplateKeys.map((value) => ({ value, label: t(`configuration.email.types.${value}`) }))}
        value={key}
        onChange={(value) => value && setKey(value as EmailTemplateKey)}
        allowDeselect={false}
        maw={360}
        data-testid="email-template-type"
      />
      {data && <TemplateForm key={`${key}-${JSON.stringify(data)}`} config={data} />}
    </Section>
  );
}

function TemplateForm({ config }: { config: EmailConfig }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [isEnabled, setEnabled] = useState(config.isEnabled);
  const [texts, setTexts] = useState(config.templates);
  const [language, setLanguage] = useState<Language>('en');
  const [refusal, setRefusal] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [preview, setPreview] = useState<{ subject: string; html: string; text: string }>();

  const text: EmailTemplateText = texts.find((entry) => entry.language === language) ?? {
    language,
    title: '',
    template: '',
  };
  const setText = (change: Partial<EmailTemplateText>) => {
    setTexts((current) => [...current.filter((entry) => entry.language !== language), { ...text, ...change }]);
    setRefusal(undefined);
    setPreview(undefined);
  };
  const refusalOf = (failure: unknown) => {
    if (!(failure instanceof ApiError) || !failure.body) return t('errors.codes.INTERNAL');
    const unknown = failure.body.details?.placeholders as string[] | undefined;
    return unknown?.length
      ? t('configuration.email.unknown_placeholders', { names: unknown.map((name) => `{{${name}}}`).join(', ') })
      : errorText(failure.body);
  };

  const showPreview = async () => {
    try {
      setPreview(await previewEmail(config.key, text));
      setRefusal(undefined);
    } catch (failure) {
      setRefusal(refusalOf(failure));
    }
  };

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const filled = texts.filter((entry) => entry.title.trim() !== '' && entry.template.trim() !== '');
    setBusy(true);
    try {
      const saved = await saveEmailConfig(config.key, { isEnabled, templates: filled });
      queryClient.setQueryData(emailConfigQuery(config.key).queryKey, saved);
      notify.success(t('configuration.email.saved'));
    } catch (failure) {
      setRefusal(refusalOf(failure));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={(event) => void handleSubmit(event)} noValidate>
      <Stack gap="md">
        <Switch
          label={t('configuration.email.enabled')}
          checked={isEnabled}
          onChange={(event) => setEnabled(event.currentTarget.checked)}
        />
        <Text size="sm">
          {t('configuration.email.placeholders')}{' '}
          {config.placeholders.map((name) => (
            <Code key={name} mr={4}>{`{{${name}}}`}</Code>
          ))}
        </Text>
        <Select
          label={t('configuration.email.language')}
          data={paymentMessageLanguages.map((value) => ({ value, label: languageNames[value] }))}
          value={language}
          onChange={(value) => value && setLanguage(value as Language)}
          allowDeselect={false}
          maw={280}
          data-testid="email-template-language"
        />
        {refusal && (
          <Alert color="red" role="alert" data-testid="email-template-error">
            {refusal}
          </Alert>
        )}
        <TextInput
          label={t('configuration.email.subject')}
          value={text.title}
          onChange={(event) => setText({ title: event.currentTarget.value })}
          maxLength={200}
          lang={language}
          data-testid="email-template-subject"
        />
        <Textarea
          label={t('configuration.email.body')}
          value={text.template}
          onChange={(event) => setText({ template: event.currentTarget.value })}
          autosize
          minRows={8}
          maxLength={20_000}
          lang={language}
          styles={{ input: { fontFamily: 'monospace' } }}
          data-testid="email-template-body"
        />
        <Group>
          <Button variant="outline" onClick={() => void showPreview()} data-testid="email-template-preview">
            {t('configuration.email.preview')}
          </Button>
          <Button type="submit" loading={busy} data-testid="email-template-save">
            {t('configuration.email.save')}
          </Button>
        </Group>
        {preview && (
          <SimpleGrid cols={1}>
            <Title order={3} size="h5" data-testid="email-preview-subject">
              {preview.subject}
            </Title>
            <EmailPreview html={preview.html} text={preview.text} testId="email-preview" />
          </SimpleGrid>
        )}
      </Stack>
    </form>
  );
}
