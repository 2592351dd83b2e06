// The customer's way out (can.withdraw): the dispute is withdrawn, after a confirmation, with an optional word for the
// AR team. Final: a new complaint is a new dispute (ADR 0034).
import { Alert, Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { IconArrowBackUp } from '@tabler/icons-react';
import { disputeCommentMaxLength, type Dispute } from '@portal/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, errorText } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import { updateDispute } from '../api/update-dispute';

export function WithdrawDispute({ dispute, onChanged }: { dispute: Dispute; onChanged: (dispute: Dispute) => void }) {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  const [comment, setComment] = useState('');
  const [refusal, setRefusal] = useState<string>();
  const [busy, setBusy] = useState(false);

  const handleConfirm = async () => {
    if (busy) return;
    if (comment.trim().length > disputeCommentMaxLength) {
      setRefusal(t('disputes.message.too_long', { max: disputeCommentMaxLength }));
      return;
    }
    setBusy(true);
    setRefusal(undefined);
    try {
      const changed = await updateDispute(dispute.id, {
        status: 'withdrawn',
        ...(comment.trim() ? { comment: comment.trim() } : {}),
      });
      notify.success(t('disputes.withdraw.done', { reference: dispute.reference }));
      setOpened(false);
      onChanged(changed);
    } catch (failure) {
      setRefusal(failure instanceof ApiError && failure.body ? errorText(failure.body) : t('errors.codes.INTERNAL'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <Button
        variant="default"
        color="red"
        leftSection={<IconArrowBackUp size={16} aria-hidden="true" />}
        onClick={() => setOpened(true)}
        data-testid="dispute-withdraw"
      >
        {t('disputes.withdraw.action')}
      </Button>
      <Modal
        opened={opened}
        onClose={() => !busy && setOpened(false)}
        title={t('disputes.withdraw.title', { reference: dispute.reference })}
        closeButtonProps={{ 'aria-label': t('common.close') }}
      >
        <Stack gap="md">
          {refusal && (
            <Alert color="red" role="alert">
              {refusal}
            </Alert>
          )}
          <Text size="sm">{t('disputes.withdraw.confirm')}</Text>
          <Textarea
            label={t('disputes.withdraw.comment')}
            value={comment}
            onChange={(event) => setComment(event.currentTarget.value)}
            autosize
            minRows={2}
            maxRows={6}
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => setOpened(false)} disabled={busy}>
              {t('common.cancel')}
            </Button>
            <Button
              color="red"
              loading={busy}
              onClick={() => void handleConfirm()}
              data-testid="dispute-withdraw-confirm"
            >
              {t('disputes.withdraw.submit')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
