// Add a webhook endpoint (issue 27 §3): its URL and the events it receives; then its signing secret, shown once. The
// URL's form is checked here with the contract's rule (http or https, no credentials); whether its address may be
// reached is the server's to say, and its refusal is shown beside the form in the reader's language.
import { Alert, Button, Checkbox, Group, Modal, Stack, TextInput } from '@mantine/core';
import {
  webhookEvents,
  webhookUrlMaxLength,
  webhookUrlProblem,
  type CreatedWebhookEndpoint,
  type WebhookEvent,
} from '@portal/contracts';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, errorText } from '../../../lib/api-client';
import { createWebhookEndpoint } from '../api/webhooks-endpoints';
import { WebhookSecret } from './webhooks-secret';

/** An event's messages: i18next reads a dot as a key separator, so `payment.posted` is `payment_posted` there. */
export const webhookEventKey = (event: string) => `webhooks.events.${event.replace('.', '_')}`;

type FieldErrors = { url?: string; events?: string };

export function WebhooksAddDialog({ onClose, onCreated }: { onClose: () => void; onCreated: () => void }) {
  const { t } = useTranslation();
  const [created, setCreated] = useState<CreatedWebhookEndpoint | null>(null);
  return (
    <Modal
      opened
      onClose={onClose}
      // The secret is on screen only here: a click beside the dialog must not lose it.
      closeOnClickOutside={!created}
      size="lg"
      title={t(created ? 'webhooks.secret.title' : 'webhooks.form.title')}
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      {created ? (
        <WebhookSecret secret={created.secret} url={created.url} onDone={onClose} />
      ) : (
        <AddForm
          onCancel={onClose}
          onCreated={(endpoint) => {
            setCreated(endpoint);
            onCreated();
          }}
        />
      )}
    </Modal>
  );
}

function AddForm({
  onCancel,
  onCreated,
}: {
  onCancel: () => void;
  onCreated: (endpoint: CreatedWebhookEndpoint) => void;
}) {
  const { t } = useTranslation();
  const [url, setUrl] = useState('');
  const [events, setEvents] = useState<WebhookEvent[]>([]);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [refusal, setRefusal] = useState<string>();
  const [busy, setBusy] = useState(false);

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const trimmed = url.trim();
    const problem = trimmed ? webhookUrlProblem(trimmed) : null;
    const found: FieldErrors = {
      url: !trimmed ? t('webhooks.form.url_required') : problem ? t(`webhooks.errors.url_${problem}`) : undefined,
      events: events.length === 0 ? t('webhooks.form.events_required') : undefined,
    };
    setErrors(found);
    if (found.url || found.events) return;
    setBusy(true);
    setRefusal(undefined);
    try {
      onCreated(await createWebhookEndpoint({ url: trimmed, events }));
    } catch (failure) {
      const body = failure instanceof ApiError ? failure.body : undefined;
      // A refused URL is said under its field; anything else above the form.
      if (body?.messageKey.startsWith('webhooks.errors.url_')) setErrors({ url: errorText(body) });
      else setRefusal(body ? errorText(body) : t('errors.codes.INTERNAL'));
      setBusy(false);
    }
  };

  return (
    <form onSubmit={(event) => void handleSubmit(event)} noValidate data-testid="webhook-form">
      <Stack gap="md">
        {refusal && (
          <Alert color="red" role="alert">
            {refusal}
          </Alert>
        )}
        <TextInput
          label={t('webhooks.form.url')}
          description={t('webhooks.form.url_description')}
          type="url"
          inputMode="url"
          autoComplete="off"
          spellCheck={false}
          value={url}
          onChange={(event) => {
            setUrl(event.currentTarget.value);
            setErrors((current) => ({ ...current, url: undefined }));
          }}
          error={errors.url}
          maxLength={webhookUrlMaxLength}
          required
          data-autofocus
        />
        <Checkbox.Group
          label={t('webhooks.form.events')}
          value={events}
          onChange={(value) => {
            setEvents(value as WebhookEvent[]);
            setErrors((current) => ({ ...current, events: undefined }));
          }}
          error={errors.events}
          required
        >
          <Stack gap="sm" mt="xs">
            {webhookEvents.map((value) => (
              <Checkbox key={value} value={value} label={t(webhookEventKey(value))} description={value} />
            ))}
          </Stack>
        </Checkbox.Group>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel}>
            {t('webhooks.form.cancel')}
          </Button>
          <Button type="submit" loading={busy}>
            {t('webhooks.form.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
