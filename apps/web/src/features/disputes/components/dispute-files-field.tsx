// The files to attach: a button that opens the browser's file chooser (PDF, PNG, JPEG), the chosen files with their
// sizes, each removable, and the first problem of the choice (too many, too large, another type) said at once.
import { Button, CloseButton, FileButton, Group, Stack, Text } from '@mantine/core';
import { IconPaperclip } from '@tabler/icons-react';
import { disputeAttachmentLimits } from '@portal/contracts';
import { useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { acceptedFiles, addFiles, fileSize, type FileProblem } from '../utils/dispute-files';
import classes from './disputes.module.css';

export function DisputeFilesField({
  files,
  onChange,
  problem,
  room = disputeAttachmentLimits.maxFiles,
  disabled = false,
}: {
  files: File[];
  onChange: (files: File[]) => void;
  problem?: FileProblem | null;
  /** How many more files the dispute may hold. */
  room?: number;
  disabled?: boolean;
}) {
  const { t, i18n } = useTranslation();
  const hintId = useId();
  const reset = useRef<() => void>(null);
  const errorId = useId();
  const maxMb = disputeAttachmentLimits.maxBytes / (1024 * 1024);
  return (
    <Stack gap={6}>
      <Group gap="sm" wrap="wrap">
        <FileButton
          multiple
          accept={acceptedFiles}
          onChange={(chosen) => {
            onChange(addFiles(files, chosen));
            // The same file chosen again after its removal is a change too.
            reset.current?.();
          }}
          resetRef={reset}
          disabled={disabled || files.length >= room}
        >
          {(props) => (
            <Button
              {...props}
              variant="default"
              leftSection={<IconPaperclip size={16} aria-hidden="true" />}
              disabled={disabled || files.length >= room}
              aria-describedby={problem ? `${hintId} ${errorId}` : hintId}
              data-testid="dispute-add-files"
            >
              {t('disputes.files.add')}
            </Button>
          )}
        </FileButton>
      </Group>
      <Text size="xs" id={hintId}>
        {t('disputes.files.hint', { max: room, size: maxMb })}
      </Text>
      {files.length > 0 && (
        <ul className={classes.plainList} aria-label={t('disputes.files.chosen')} data-testid="dispute-files">
          {files.map((file, index) => (
            <li key={`${file.name}|${file.size}|${index}`}>
              <Group gap="xs" wrap="nowrap">
                <Text size="sm" className={classes.fileName}>
                  {file.name}{' '}
                  <Text span size="xs">
                    ({fileSize(file.size, i18n.language)})
                  </Text>
                </Text>
                <CloseButton
                  size="sm"
                  aria-label={t('disputes.files.remove', { name: file.name })}
                  onClick={() => onChange(files.filter((_, at) => at !== index))}
                  disabled={disabled}
                />
              </Group>
            </li>
          ))}
        </ul>
      )}
      {problem && (
        <Text size="sm" c="var(--mantine-color-error)" role="alert" id={errorId} data-testid="dispute-files-error">
          {t(problem.key, { name: problem.name ?? '', max: room, size: maxMb })}
        </Text>
      )}
    </Stack>
  );
}
