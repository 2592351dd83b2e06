// A webhook endpoint's signing secret, on screen this once (after adding an endpoint or rotating its secret): a
// read-only field with a copy button. The server keeps it sealed and never answers it again.
import { Alert, Button, CopyButton, Group, Stack, TextInput } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

export function WebhookSecret({ secret, url, onDone }: { secret: string; url: string; onDone: () => void }) {
  const { t } = useTranslation();
  return (
    <Stack gap="md">
      <Alert color="yellow" data-testid="webhook-secret-warning">
        {t('webhooks.secret.once')}
      </Alert>
      <TextInput
        label={t('webhooks.secret.title')}
        description={url}
        value={secret}
        readOnly
        onFocus={(event) => event.currentTarget.select()}
        styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
        data-testid="webhook-secret-value"
      />
      <Group justify="space-between" gap="sm">
        <CopyButton value={secret}>
          {({ copied, copy }) => (
            <Button
              variant="default"
              leftSection={
                copied ? <IconCheck size={18} aria-hidden="true" /> : <IconCopy size={18} aria-hidden="true" />
              }
              onClick={copy}
            >
              {t(copied ? 'webhooks.secret.copied' : 'webhooks.secret.copy')}
            </Button>
          )}
        </CopyButton>
        <Button onClick={onDone}>{t('webhooks.secret.done')}</Button>
      </Group>
    </Stack>
  );
}
