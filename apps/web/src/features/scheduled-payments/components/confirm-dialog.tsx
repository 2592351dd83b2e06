// The confirm step before cancelling a scheduled payment or stopping AutoPay: both take effect at once.
import { Button, Group, Modal, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

export function ConfirmDialog(props: {
  title: string;
  message: string;
  confirmLabel: string;
  keepLabel: string;
  onConfirm: () => Promise<void>;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const handleConfirm = async () => {
    setBusy(true);
    try {
      await props.onConfirm();
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal opened onClose={props.onClose} title={props.title} closeButtonProps={{ 'aria-label': t('common.close') }}>
      <Text>{props.message}</Text>
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={props.onClose} disabled={busy}>
          {props.keepLabel}
        </Button>
        <Button color="red" onClick={() => void handleConfirm()} loading={busy} data-testid="confirm-button">
          {props.confirmLabel}
        </Button>
      </Group>
    </Modal>
  );
}
