// The two progress bars of an import: the bytes going up, then the records the server has read. A UBL import knows
// how many files it has (one document each), so its bar fills; a CSV's lines are counted as they are read, so its
// bar only moves and says how many so far.
import { Progress, Stack, Text } from '@mantine/core';
import type { ImportReport } from '@portal/contracts';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { UploadProgress } from '../../../lib/upload';
import { formatFileSize } from '../utils/file-size';

export function UploadProgressBar({ progress }: { progress: UploadProgress }) {
  const { t, i18n } = useTranslation();
  const labelId = useId();
  const percent = progress.total > 0 ? Math.min(100, Math.round((progress.sent / progress.total) * 100)) : 0;
  return (
    <Stack gap={4} data-testid="imports-upload-progress">
      <Text size="sm" id={labelId}>
        {t('imports.page.upload.label', {
          sent: formatFileSize(progress.sent, i18n.language),
          total: formatFileSize(progress.total, i18n.language),
        })}
      </Text>
      <Progress.Root size="lg">
        <Progress.Section value={percent} aria-labelledby={labelId} />
      </Progress.Root>
    </Stack>
  );
}

export function ImportProgressBar({ report }: { report: Pick<ImportReport, 'processed' | 'total'> }) {
  const { t, i18n } = useTranslation();
  const labelId = useId();
  const number = new Intl.NumberFormat(i18n.language);
  const { processed, total } = report;
  if (total !== null && total > 0) {
    const percent = Math.min(100, Math.round((processed / total) * 100));
    return (
      <Stack gap={4} data-testid="imports-processing-progress">
        <Text size="sm" id={labelId}>
          {t('imports.page.processing.of_total', { processed: number.format(processed), total: number.format(total) })}
        </Text>
        <Progress.Root size="lg">
          <Progress.Section value={percent} aria-labelledby={labelId} />
        </Progress.Root>
      </Stack>
    );
  }
  const text = t('imports.page.processing.count', { processed: number.format(processed) });
  return (
    <Stack gap={4} data-testid="imports-processing-progress">
      <Text size="sm" id={labelId}>
        {text}
      </Text>
      {/* How far is not known: an indeterminate progress bar (no aria-valuenow), its text the count. */}
      <Progress.Root size="lg">
        <Progress.Section
          value={100}
          striped
          animated
          withAria={false}
          role="progressbar"
          aria-labelledby={labelId}
          aria-valuetext={text}
        />
      </Progress.Root>
    </Stack>
  );
}
