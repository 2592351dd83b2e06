// The thread's message box (can.message): plain text, at most disputeCommentMaxLength characters. The other side is
// e-mailed by the server. A refusal is shown here and the text stays.
import { Button, Group, Stack, Textarea } from '@mantine/core';
import { IconSend } from '@tabler/icons-react';
import { disputeCommentMaxLength } from '@portal/contracts';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, errorText } from '../../../lib/api-client';
import { postDisputeMessage } from '../api/post-dispute-message';

export function DisputeMessageForm({ disputeId, onSent }: { disputeId: string; onSent: () => Promise<void> }) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const body = text.trim();
    if (!body) return setError(t('disputes.message.required'));
    if (body.length > disputeCommentMaxLength)
      return setError(t('disputes.message.too_long', { max: disputeCommentMaxLength }));
    setBusy(true);
    setError(undefined);
    try {
      await postDisputeMessage(disputeId, body);
      setText('');
      await onSent();
    } catch (failure) {
      setError(failure instanceof ApiError && failure.body ? errorText(failure.body) : t('errors.codes.INTERNAL'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={(event) => void handleSubmit(event)} noValidate data-testid="dispute-message-form">
      <Stack gap="xs">
        <Textarea
          label={t('disputes.message.label')}
          description={t('disputes.message.hint', { used: text.length, max: disputeCommentMaxLength })}
          inputWrapperOrder={['label', 'input', 'description', 'error']}
          value={text}
          onChange={(event) => {
            setText(event.currentTarget.value);
            setError(undefined);
          }}
          error={error}
          autosize
          minRows={3}
          maxRows={12}
          data-testid="dispute-message"
        />
        <Group justify="flex-end">
          <Button type="submit" loading={busy} leftSection={<IconSend size={16} aria-hidden="true" />}>
            {t('disputes.message.send')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
