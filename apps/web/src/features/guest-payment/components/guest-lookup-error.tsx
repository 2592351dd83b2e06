// spec §4 Guest flow: on error a screen with the message and a clear action that returns to an empty form.
import { Alert, Button, Stack } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';

export function GuestLookupError({ messageKey, onClear }: { messageKey: string; onClear: () => void }) {
  const { t } = useTranslation();
  const clear = useRef<HTMLButtonElement>(null);
  // Keyboard users land on the way back.
  useEffect(() => clear.current?.focus(), []);
  return (
    <Stack gap="md" align="flex-start" data-testid="guest-lookup-error">
      <Alert
        color="red"
        role="alert"
        title={t('guest-payment.error.title')}
        styles={{ title: { color: 'var(--mantine-color-text)' } }}
        w="100%"
      >
        {t(messageKey)}
      </Alert>
      <Button ref={clear} onClick={onClear}>
        {t('guest-payment.error.clear')}
      </Button>
    </Stack>
  );
}
