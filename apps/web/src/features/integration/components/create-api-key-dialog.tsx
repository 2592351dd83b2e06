// Create API key (issue 27 §1): a name and the scopes, each with a line of help; then the key, shown this once in a
// read-only field with a copy button. The server keeps only its hash, so a key that is lost is revoked and replaced.
import { Alert, Button, Checkbox, Code, CopyButton, Group, Modal, Stack, TextInput } from '@mantine/core';
import { apiKeyNameMaxLength, apiKeyScopes, type ApiKeyScope, type CreatedApiKey } from '@portal/contracts';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, errorText } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import { createApiKey } from '../api/api-keys';

/** A scope's messages: i18next reads a colon as a namespace separator, so `ledger:write` is `ledger_write` there. */
export const scopeMessageKey = (scope: ApiKeyScope) => `integration.api_keys.scopes.${scope.replace(':', '_')}`;

type FieldErrors = { name?: string; scopes?: string };

export function CreateApiKeyDialog({ onClose, onCreated }: { onClose: () => void; onCreated: () => void }) {
  const { t } = useTranslation();
  const [created, setCreated] = useState<CreatedApiKey | null>(null);
  return (
    <Modal
      opened
      onClose={onClose}
      // The key is on screen only here: a click beside the dialog must not lose it.
      closeOnClickOutside={!created}
      size="lg"
      title={t(created ? 'integration.api_keys.created.title' : 'integration.api_keys.form.title')}
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      {created ? (
        <ShownOnce created={created} onDone={onClose} />
      ) : (
        <CreateForm
          onCancel={onClose}
          onCreated={(key) => {
            setCreated(key);
            notify.success(t('integration.api_keys.created.toast', { name: key.name }));
            onCreated();
          }}
        />
      )}
    </Modal>
  );
}

function CreateForm({ onCancel, onCreated }: { onCancel: () => void; onCreated: (key: CreatedApiKey) => void }) {
  const { t } = useTranslation();
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<ApiKeyScope[]>([]);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [refusal, setRefusal] = useState<string>();
  const [busy, setBusy] = useState(false);

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    // The contract's rules, said before the call (the server checks them again).
    const trimmed = name.trim();
    const found: FieldErrors = {
      name: !trimmed
        ? t('integration.api_keys.form.name_required')
        : trimmed.length > apiKeyNameMaxLength
          ? t('integration.api_keys.form.name_too_long', { max: apiKeyNameMaxLength })
          : undefined,
      scopes: scopes.length === 0 ? t('integration.api_keys.form.scopes_required') : undefined,
    };
    setErrors(found);
    if (found.name || found.scopes) return;
    setBusy(true);
    setRefusal(undefined);
    try {
      onCreated(await createApiKey({ name: trimmed, scopes }));
    } catch (failure) {
      setRefusal(failure instanceof ApiError && failure.body ? errorText(failure.body) : t('errors.codes.INTERNAL'));
      setBusy(false);
    }
  };

  return (
    <form onSubmit={(event) => void handleSubmit(event)} noValidate data-testid="api-key-form">
      <Stack gap="md">
        {refusal && (
          <Alert color="red" role="alert" data-testid="api-key-form-error">
            {refusal}
          </Alert>
        )}
        <TextInput
          label={t('integration.api_keys.form.name')}
          description={t('integration.api_keys.form.name_help')}
          value={name}
          onChange={(event) => {
            setName(event.currentTarget.value);
            setErrors((current) => ({ ...current, name: undefined }));
          }}
          error={errors.name}
          maxLength={apiKeyNameMaxLength}
          required
          data-autofocus
        />
        <Checkbox.Group
          label={t('integration.api_keys.form.scopes')}
          description={t('integration.api_keys.form.scopes_help')}
          value={scopes}
          onChange={(value) => {
            setScopes(value as ApiKeyScope[]);
            setErrors((current) => ({ ...current, scopes: undefined }));
          }}
          error={errors.scopes}
          required
        >
          <Stack gap="sm" mt="xs">
            {apiKeyScopes.map((scope) => (
              <Checkbox
                key={scope}
                value={scope}
                label={
                  <>
                    <Code>{scope}</Code> {t(`${scopeMessageKey(scope)}.label`)}
                  </>
                }
                description={t(`${scopeMessageKey(scope)}.help`)}
              />
            ))}
          </Stack>
        </Checkbox.Group>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel}>
            {t('integration.api_keys.form.cancel')}
          </Button>
          <Button type="submit" loading={busy}>
            {t('integration.api_keys.form.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function ShownOnce({ created, onDone }: { created: CreatedApiKey; onDone: () => void }) {
  const { t } = useTranslation();
  return (
    <Stack gap="md">
      <Alert color="yellow" data-testid="api-key-once-warning">
        {t('integration.api_keys.created.warning')}
      </Alert>
      <TextInput
        label={t('integration.api_keys.created.key_label', { name: created.name })}
        value={created.key}
        readOnly
        onFocus={(event) => event.currentTarget.select()}
        styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
        data-testid="api-key-value"
      />
      <Group justify="space-between" gap="sm">
        <CopyButton value={created.key}>
          {({ copied, copy }) => (
            <Button
              variant="default"
              leftSection={
                copied ? <IconCheck size={18} aria-hidden="true" /> : <IconCopy size={18} aria-hidden="true" />
              }
              onClick={copy}
            >
              {t(copied ? 'integration.api_keys.created.copied' : 'integration.api_keys.created.copy')}
            </Button>
          )}
        </CopyButton>
        <Button onClick={onDone}>{t('integration.api_keys.created.done')}</Button>
      </Group>
    </Stack>
  );
}
