// The files chosen for the next import, each with its size and a button that takes it out again; and the files that
// were left out when they were chosen, with why.
import { ActionIcon, Alert, Button, Group, List, Text } from '@mantine/core';
import { IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { LeftOut } from '../utils/choose-files';
import { formatFileSize } from '../utils/file-size';
import classes from './ledger-imports.module.css';
import { readableAlertStyles } from './readable-alert';

/** Files listed one by one; beyond, a count (a UBL import may have thousands). */
const listedFiles = 200;

type ChosenFilesProps = {
  files: readonly File[];
  disabled?: boolean;
  onRemove: (file: File) => void;
  onClear: () => void;
};

export function ChosenFiles({ files, disabled, onRemove, onClear }: ChosenFilesProps) {
  const { t, i18n } = useTranslation();
  if (files.length === 0) return null;
  const total = files.reduce((sum, file) => sum + file.size, 0);
  return (
    <section aria-labelledby="imports-chosen-files" data-testid="imports-chosen-files">
      <Group justify="space-between" align="center" wrap="nowrap" mb={4}>
        <Text fw={600} id="imports-chosen-files" className={classes.fileName}>
          {t('imports.page.files.title', {
            number: files.length,
            size: formatFileSize(total, i18n.language),
          })}
        </Text>
        <Button variant="subtle" size="xs" onClick={onClear} disabled={disabled}>
          {t('imports.page.files.clear')}
        </Button>
      </Group>
      <ul className={classes.fileList}>
        {files.slice(0, listedFiles).map((file) => (
          <li key={file.name} className={classes.fileItem}>
            <Text size="sm" className={classes.fileName}>
              {file.name}
            </Text>
            <Text size="sm" className={classes.nowrap}>
              {formatFileSize(file.size, i18n.language)}
            </Text>
            <ActionIcon
              variant="subtle"
              color="gray"
              onClick={() => onRemove(file)}
              disabled={disabled}
              aria-label={t('imports.page.files.remove', { name: file.name })}
            >
              <IconX size={18} aria-hidden="true" />
            </ActionIcon>
          </li>
        ))}
      </ul>
      {files.length > listedFiles && (
        <Text size="sm" mt={4}>
          {t('imports.page.files.more', { number: files.length - listedFiles })}
        </Text>
      )}
    </section>
  );
}

type LeftOutProps = { leftOut: readonly LeftOut[]; accept: readonly string[]; onClose: () => void };

export function LeftOutFiles({ leftOut, accept, onClose }: LeftOutProps) {
  const { t, i18n } = useTranslation();
  if (leftOut.length === 0) return null;
  return (
    <Alert
      color="yellow"
      title={t('imports.page.left_out.title')}
      styles={readableAlertStyles}
      withCloseButton
      onClose={onClose}
      closeButtonLabel={t('common.close')}
      data-testid="imports-left-out"
    >
      <List size="sm" spacing={2}>
        {leftOut.slice(0, listedFiles).map((file, index) => (
          <List.Item key={`${file.name}-${index}`} className={classes.breakable}>
            {t(`imports.page.left_out.reasons.${file.reason}`, {
              name: file.name,
              extensions: accept.join(', '),
              max: file.reason === 'too_many' ? file.max : formatFileSize(file.max ?? 0, i18n.language),
            })}
          </List.Item>
        ))}
      </List>
      {leftOut.length > listedFiles && (
        <Text size="sm" mt={4}>
          {t('imports.page.files.more', { number: leftOut.length - listedFiles })}
        </Text>
      )}
    </Alert>
  );
}
