// A dispute's files: each a download (a Blob saved under its name, never opened in the portal's tab), and, while the
// reader may add some (can.attach), the file chooser and Upload. The server decides by the bytes; a refused file is
// named with the server's reason.
import { Alert, Anchor, Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconDownload, IconUpload } from '@tabler/icons-react';
import { disputeAttachmentLimits, type DisputeAttachment } from '@portal/contracts';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, errorText } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format-date';
import { log } from '../../../lib/log';
import { notify } from '../../../lib/notify';
import { uploadDisputeAttachment } from '../api/upload-dispute-attachment';
import { checkDisputeFiles, fileSize } from '../utils/dispute-files';
import { DisputeFilesField } from './dispute-files-field';
import classes from './disputes.module.css';

export function DisputeAttachments({
  disputeId,
  attachments,
  canAttach,
  onDownload,
  onUploaded,
}: {
  disputeId: string;
  attachments: DisputeAttachment[];
  canAttach: boolean;
  onDownload: (attachment: DisputeAttachment) => void;
  onUploaded: () => Promise<void>;
}) {
  const { t, i18n } = useTranslation();
  const headingId = useId();
  const [files, setFiles] = useState<File[]>([]);
  const [refusals, setRefusals] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const room = Math.max(0, disputeAttachmentLimits.maxFiles - attachments.length);
  const problem = checkDisputeFiles(files, attachments.length);

  const handleUpload = async () => {
    if (busy || files.length === 0 || problem) return;
    setBusy(true);
    const refused: string[] = [];
    const kept: File[] = [];
    for (const file of files) {
      try {
        await uploadDisputeAttachment(disputeId, file);
      } catch (failure) {
        log.warn('A dispute attachment was refused', failure);
        kept.push(file);
        const reason =
          failure instanceof ApiError && failure.body ? errorText(failure.body) : t('errors.codes.INTERNAL');
        refused.push(t('disputes.files.refused', { name: file.name, reason }));
      }
    }
    setFiles(kept);
    setRefusals(refused);
    if (refused.length < files.length) notify.success(t('disputes.files.uploaded'));
    await onUploaded();
    setBusy(false);
  };

  return (
    <section aria-labelledby={headingId}>
      <Title order={2} size="h4" id={headingId} mb="xs">
        {t('disputes.attachments.title')}
      </Title>
      <Stack gap="sm">
        {attachments.length === 0 ? (
          <Text size="sm">{t('disputes.attachments.none')}</Text>
        ) : (
          <ul className={classes.plainList} data-testid="dispute-attachments">
            {attachments.map((attachment) => (
              <li key={attachment.id}>
                <Group gap="xs" wrap="nowrap" align="flex-start">
                  <IconDownload size={16} aria-hidden="true" style={{ flex: 'none', marginTop: 3 }} />
                  <Stack gap={0} className={classes.fileName}>
                    <Anchor
                      component="button"
                      type="button"
                      size="sm"
                      ta="start"
                      onClick={() => onDownload(attachment)}
                    >
                      {t('disputes.attachments.download', { name: attachment.file_name })}
                    </Anchor>
                    <Text size="xs">
                      {fileSize(attachment.size, i18n.language)} · {t(`disputes.sides.${attachment.side}`)} ·{' '}
                      {formatDateTime(attachment.created_at)}
                    </Text>
                  </Stack>
                </Group>
              </li>
            ))}
          </ul>
        )}
        {canAttach && room > 0 && (
          <Stack gap="xs" data-testid="dispute-upload">
            {refusals.map((refusal) => (
              <Alert key={refusal} color="red" role="alert">
                {refusal}
              </Alert>
            ))}
            <DisputeFilesField
              files={files}
              onChange={(next) => {
                setFiles(next);
                setRefusals([]);
              }}
              problem={problem}
              room={room}
              disabled={busy}
            />
            {files.length > 0 && (
              <Group>
                <Button
                  leftSection={<IconUpload size={16} aria-hidden="true" />}
                  loading={busy}
                  disabled={Boolean(problem)}
                  onClick={() => void handleUpload()}
                  data-testid="dispute-upload-submit"
                >
                  {t('disputes.files.upload', { count: files.length })}
                </Button>
              </Group>
            )}
          </Stack>
        )}
        {canAttach && room === 0 && (
          <Text size="sm">{t('disputes.files.full', { max: disputeAttachmentLimits.maxFiles })}</Text>
        )}
      </Stack>
    </section>
  );
}
