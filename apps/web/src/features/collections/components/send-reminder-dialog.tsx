// "Send reminder now", confirmed first: the reminder goes out at once (its past-due invoices, or else the due ones,
// with the next step's template) and counts as a contact.
import { Button, Group, Modal, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { withoutLeadingZeros } from '../../../lib/account-selection';
import { log } from '../../../lib/log';
import { notify } from '../../../lib/notify';
import type { AccountRef } from '../api/get-collection-account';
import { sendReminderNow } from '../api/send-reminder-now';

export function SendReminderDialog({
  account,
  onDone,
  onClose,
}: {
  account: AccountRef;
  onDone: () => Promise<void>;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);

  const handleSend = async () => {
    setBusy(true);
    try {
      const entry = await sendReminderNow(account);
      notify.success(t('collections.actions.sent', { count: entry.reminder?.recipients ?? 0 }));
      onClose();
      await onDone();
    } catch (failure) {
      // The client has shown the refusal; the dialog stays for another try or Cancel.
      log.warn('Sending the reminder failed', failure);
      setBusy(false);
    }
  };

  return (
    <Modal
      opened
      onClose={() => !busy && onClose()}
      title={t('collections.actions.send_title')}
      closeButtonProps={{ 'aria-label': t('common.close') }}
      data-testid="send-reminder-dialog"
    >
      <Text>
        {t('collections.actions.send_text', {
          payer: withoutLeadingZeros(account.payer),
          company: account.companyCode,
        })}
      </Text>
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={onClose} disabled={busy} data-autofocus>
          {t('common.cancel')}
        </Button>
        <Button onClick={() => void handleSend()} loading={busy} data-testid="send-reminder-confirm">
          {t('collections.actions.send_confirm')}
        </Button>
      </Group>
    </Modal>
  );
}
