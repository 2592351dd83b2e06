// POST /api/ledger/imports from the browser (issue 27 §2): the files as multipart parts named `files` (the PDFs of a
// documents CSV beside it, matched by file name), sent with `Prefer: respond-async` so that the answer (202, the report
// so far) comes as soon as the bytes are in and the page then polls the report for the import's own progress.
import {
  startLedgerImport as startLedgerImportRoute,
  type ImportReport,
  type LedgerImportKind,
} from '@portal/contracts';
import { upload, type UploadProgress } from '../../../lib/upload';

export type StartImport = {
  kind: LedgerImportKind;
  /** UBL only: the company code of the documents ('' to map it from the seller's identifiers). */
  companyCode: string;
  files: readonly File[];
  onProgress: (progress: UploadProgress) => void;
  signal?: AbortSignal;
};

export function startLedgerImport({
  kind,
  companyCode,
  files,
  onProgress,
  signal,
}: StartImport): Promise<ImportReport> {
  const body = new FormData();
  for (const file of files) body.append('files', file, file.name);
  return upload(startLedgerImportRoute, {
    body,
    query: { kind, origin: 'browser', company_code: kind === 'ubl' && companyCode ? companyCode : undefined },
    headers: { Prefer: 'respond-async' },
    onProgress,
    signal,
    // The form says why an import was refused, beside the files.
    silent: true,
  });
}
