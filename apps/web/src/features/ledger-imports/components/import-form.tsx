// The import form of Settings → Imports (issue 27 §2): what is imported, the company code of UBL documents, the files
// (dropped or chosen, checked against the kind before anything is sent), Import. Then the upload's progress bar, and
// once the server has the files, the import's own report, read again every half second while it runs.
import { Alert, Button, Group, Radio, Select, Stack, TextInput, VisuallyHidden } from '@mantine/core';
import { ledgerImportKinds, type ImportReport, type LedgerImportKind } from '@portal/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, errorText } from '../../../lib/api-client';
import { backendConfigurationQuery, useBackendConfiguration } from '../../../lib/backend-configuration';
import type { UploadProgress } from '../../../lib/upload';
import { isRunning, ledgerImportQuery, ledgerImportsKey } from '../api/ledger-imports';
import { startLedgerImport } from '../api/start-ledger-import';
import { acceptedExtensions, addFiles, missingFiles, type LeftOut } from '../utils/choose-files';
import { ChosenFiles, LeftOutFiles } from './chosen-files';
import { DropZone } from './drop-zone';
import { ImportReportView } from './import-report-view';
import { UploadProgressBar } from './import-progress';
import { ImportsSection } from './imports-section';
import { readableAlertStyles } from './readable-alert';

export function ImportForm() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [kind, setKind] = useState<LedgerImportKind>('customers');
  const [companyCode, setCompanyCode] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  const [leftOut, setLeftOut] = useState<LeftOut[]>([]);
  const [missing, setMissing] = useState<string>();
  const [progress, setProgress] = useState<UploadProgress | null>(null);
  const [refusal, setRefusal] = useState<string>();
  const [importId, setImportId] = useState<string | null>(null);
  const upload = useRef<AbortController | null>(null);
  const uploading = progress !== null;
  const accept = acceptedExtensions(kind);

  useEffect(() => () => upload.current?.abort(), []);

  const handleKind = (value: string) => {
    const next = value as LedgerImportKind;
    setKind(next);
    // The files chosen for another kind stay when this one reads them too (a CSV from customers to documents).
    const kept = addFiles([], files, next);
    setFiles(kept.files);
    setLeftOut(kept.leftOut);
    setMissing(undefined);
  };

  const handleFiles = (incoming: File[]) => {
    const added = addFiles(files, incoming, kind);
    setFiles(added.files);
    setLeftOut(added.leftOut);
    setMissing(undefined);
    setRefusal(undefined);
  };

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (uploading) return;
    const lacking = missingFiles(files, kind);
    if (lacking) {
      setMissing(t(`imports.page.form.missing.${lacking}`));
      return;
    }
    const controller = new AbortController();
    upload.current = controller;
    setRefusal(undefined);
    setLeftOut([]);
    setProgress({ sent: 0, total: files.reduce((sum, file) => sum + file.size, 0) });
    try {
      const report = await startLedgerImport({
        kind,
        companyCode,
        files,
        onProgress: setProgress,
        signal: controller.signal,
      });
      // The 202's report is the first poll's answer: the progress bar shows at once.
      queryClient.setQueryData(ledgerImportQuery(report.id).queryKey, report);
      setImportId(report.id);
      setFiles([]);
      void queryClient.invalidateQueries({ queryKey: [...ledgerImportsKey, 'list'] });
    } catch (failure) {
      if (failure instanceof DOMException && failure.name === 'AbortError') return;
      setRefusal(
        failure instanceof ApiError && failure.body ? errorText(failure.body) : t('imports.page.form.upload_failed'),
      );
    } finally {
      upload.current = null;
      setProgress(null);
    }
  };

  return (
    <>
      <ImportsSection id="imports-form-title" title={t('imports.page.form.title')}>
        <form onSubmit={(event) => void handleSubmit(event)} noValidate data-testid="imports-form">
          <Stack gap="md">
            <Radio.Group label={t('imports.page.form.kind')} value={kind} onChange={handleKind}>
              <Stack gap="sm" mt="xs">
                {ledgerImportKinds.map((value) => (
                  <Radio
                    key={value}
                    value={value}
                    label={t(`imports.page.kinds.${value}.label`)}
                    description={t(`imports.page.kinds.${value}.help`)}
                    disabled={uploading}
                  />
                ))}
              </Stack>
            </Radio.Group>
            {kind === 'ubl' && <CompanyCodeField value={companyCode} onChange={setCompanyCode} disabled={uploading} />}
            <DropZone accept={accept} disabled={uploading} onFiles={handleFiles} />
            <LeftOutFiles leftOut={leftOut} accept={accept} onClose={() => setLeftOut([])} />
            <ChosenFiles
              files={files}
              disabled={uploading}
              onRemove={(file) => setFiles((current) => current.filter((chosen) => chosen !== file))}
              onClear={() => setFiles([])}
            />
            {missing && (
              <Alert color="red" role="alert" data-testid="imports-missing">
                {missing}
              </Alert>
            )}
            {refusal && (
              <Alert
                color="red"
                role="alert"
                title={t('imports.page.form.refused')}
                styles={readableAlertStyles}
                data-testid="imports-refusal"
              >
                {refusal}
              </Alert>
            )}
            {progress && <UploadProgressBar progress={progress} />}
            <Group gap="sm">
              <Button type="submit" loading={uploading}>
                {t('imports.page.form.submit')}
              </Button>
              {uploading && (
                <Button variant="default" onClick={() => upload.current?.abort()}>
                  {t('imports.page.form.cancel')}
                </Button>
              )}
            </Group>
          </Stack>
        </form>
      </ImportsSection>
      {importId && <CurrentImport id={importId} />}
    </>
  );
}

/**
 * The company code of UBL documents: one of those the ledger has (the configuration the pay screens read already
 * lists them), or none, when each file's seller identifiers name it.
 */
function CompanyCodeField(props: { value: string; onChange: (value: string) => void; disabled: boolean }) {
  const { t } = useTranslation();
  const configuration = useBackendConfiguration();
  const codes = configuration.data?.company_codes ?? [];
  const common = {
    label: t('imports.page.form.company_code'),
    description: t('imports.page.form.company_code_help'),
    disabled: props.disabled,
  };
  if (configuration.isPending) return null;
  if (codes.length === 0) {
    return (
      <TextInput
        {...common}
        value={props.value}
        onChange={(event) => props.onChange(event.currentTarget.value.trim())}
        maxLength={10}
        maw={320}
      />
    );
  }
  return (
    <Select
      {...common}
      placeholder={t('imports.page.form.company_code_placeholder')}
      data={codes.map((code) => ({ value: code.company_code, label: `${code.company_code} · ${code.name}` }))}
      value={props.value || null}
      onChange={(value) => props.onChange(value ?? '')}
      clearable
      clearButtonProps={{ 'aria-label': t('imports.page.form.company_code_clear') }}
      maw={420}
    />
  );
}

/** The import just started: its report, polled while it runs; the list below learns when it has finished. */
function CurrentImport({ id }: { id: string }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { data: report } = useQuery(ledgerImportQuery(id));
  const running = isRunning(report);
  const kind = report?.kind;
  useEffect(() => {
    if (!kind || running) return;
    void queryClient.invalidateQueries({ queryKey: [...ledgerImportsKey, 'list'] });
    // New company codes: the UBL form's choice, the pay screens' rules.
    if (kind === 'company_codes') void queryClient.invalidateQueries({ queryKey: backendConfigurationQuery.queryKey });
  }, [queryClient, kind, running]);
  if (!report) return null;
  return (
    <ImportsSection id="imports-current-title" title={t('imports.page.report.title')}>
      <Outcome report={report} />
      <ImportReportView report={report} headingOrder={3} />
    </ImportsSection>
  );
}

/** Said once, by screen readers too, when the import ends: how it went, in one sentence. */
function Outcome({ report }: { report: ImportReport }) {
  const { t, i18n } = useTranslation();
  const number = new Intl.NumberFormat(i18n.language);
  const text =
    report.status === 'running'
      ? ''
      : t(`imports.page.report.outcome.${report.status}`, {
          created: number.format(report.counts.created),
          updated: number.format(report.counts.updated),
          unchanged: number.format(report.counts.unchanged),
          rejected: number.format(report.counts.rejected),
        });
  return (
    <VisuallyHidden role="status" data-testid="imports-outcome">
      {text}
    </VisuallyHidden>
  );
}
