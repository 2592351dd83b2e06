// The files of one import as the page takes them (issue 27 §2): only the extensions the chosen kind reads, one file
// per name (the report names files, and a documents CSV names its PDFs by file name), within the server's size and
// count limits (ledgerImportLimits, 413 beyond them). What is left out is said, with why, before anything is sent.
import { ledgerImportLimits, type LedgerImportKind } from '@portal/contracts';

/** What the page needs of a File (a File is one; tests pass plain objects). */
export type FileLike = { name: string; size: number };

export type LeftOutReason = 'type' | 'duplicate' | 'too_large' | 'too_many';
export type LeftOut = { name: string; reason: LeftOutReason; max?: number };

const extensionsOf: Record<LedgerImportKind, readonly string[]> = {
  company_codes: ['.csv'],
  customers: ['.csv'],
  documents: ['.csv', '.pdf'],
  ubl: ['.xml'],
};

/** The extensions a kind's import reads, for the file picker's `accept` and the drop zone's hint. */
export function acceptedExtensions(kind: LedgerImportKind): readonly string[] {
  return extensionsOf[kind];
}

const extensionOf = (name: string) => /\.[^.]+$/.exec(name.toLowerCase())?.[0] ?? '';

/** The largest size of one file of this kind (a CSV is streamed: only the whole request bounds it). */
function maxFileBytes(name: string): number {
  const extension = extensionOf(name);
  if (extension === '.pdf') return ledgerImportLimits.maxPdfBytes;
  if (extension === '.xml') return ledgerImportLimits.maxUblFileBytes;
  return ledgerImportLimits.maxRequestBytes;
}

/** `current` with those of `incoming` that this kind's import takes, and each one left out with its reason. */
export function addFiles<F extends FileLike>(
  current: readonly F[],
  incoming: readonly F[],
  kind: LedgerImportKind,
): { files: F[]; leftOut: LeftOut[] } {
  const files = [...current];
  const leftOut: LeftOut[] = [];
  const names = new Set(files.map((file) => file.name));
  let total = files.reduce((sum, file) => sum + file.size, 0);
  for (const file of incoming) {
    const max = maxFileBytes(file.name);
    if (!extensionsOf[kind].includes(extensionOf(file.name))) leftOut.push({ name: file.name, reason: 'type' });
    else if (names.has(file.name)) leftOut.push({ name: file.name, reason: 'duplicate' });
    else if (file.size > max) leftOut.push({ name: file.name, reason: 'too_large', max });
    else if (total + file.size > ledgerImportLimits.maxRequestBytes)
      leftOut.push({ name: file.name, reason: 'too_large', max: ledgerImportLimits.maxRequestBytes });
    else if (files.length >= ledgerImportLimits.maxFiles)
      leftOut.push({ name: file.name, reason: 'too_many', max: ledgerImportLimits.maxFiles });
    else {
      files.push(file);
      names.add(file.name);
      total += file.size;
    }
  }
  return { files, leftOut };
}

/**
 * Why these files cannot be imported yet, or undefined when they can: none chosen, or only the PDFs of a documents
 * import (the CSV says which document each belongs to).
 */
export function missingFiles(files: readonly FileLike[], kind: LedgerImportKind): 'none' | 'csv' | undefined {
  if (files.length === 0) return 'none';
  if (kind === 'documents' && !files.some((file) => extensionOf(file.name) === '.csv')) return 'csv';
  return undefined;
}
