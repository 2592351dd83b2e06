import { Button, Group, Modal, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

export function DeleteMethodDialog({
  label,
  onConfirm,
  onClose,
}: {
  label: string;
  onConfirm: () => Promise<void>;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  async function handleConfirm() {
    setBusy(true);
    try {
      await onConfirm();
    } finally {
      setBusy(false);
    }
  }
  return (
    <Modal
      opened
      closeButtonProps={{ 'aria-label': t('common.close') }}
      onClose={onClose}
      title={t('payment-methods.delete_confirm.title')}
    >
      <Text>{t('payment-methods.delete_confirm.message', { card: label })}</Text>
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={onClose} disabled={busy}>
          {t('payment-methods.form.cancel')}
        </Button>
        <Button color="red" onClick={handleConfirm} loading={busy}>
          {t('payment-methods.delete_confirm.confirm')}
        </Button>
      </Group>
    </Modal>
  );
}
