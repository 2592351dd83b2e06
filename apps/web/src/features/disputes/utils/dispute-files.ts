// The files a dispute carries (ADR 0034): up to disputeAttachmentLimits.maxFiles, each at most maxBytes, PDF, PNG or
// JPEG. The page checks the size and the type the browser declares, for a quick message; the server decides by the
// bytes (a renamed file is refused there), re-encodes images and refuses PDFs with active content.
import { disputeAttachmentLimits } from '@portal/contracts';

export type FileProblem = { key: string; name?: string };

const accepted: readonly string[] = disputeAttachmentLimits.types;

/** The accept attribute of the file input: the types and their usual extensions. */
export const acceptedFiles = [...disputeAttachmentLimits.types, '.pdf', '.png', '.jpg', '.jpeg'].join(',');

/**
 * The first problem of these files, or null: too many for the dispute (counting the ones it holds already), or one
 * too large, empty, or of another type.
 */
export function checkDisputeFiles(
  files: readonly Pick<File, 'name' | 'size' | 'type'>[],
  alreadyAttached = 0,
): FileProblem | null {
  if (files.length + alreadyAttached > disputeAttachmentLimits.maxFiles) {
    return { key: 'disputes.files.errors.too_many' };
  }
  for (const file of files) {
    if (!accepted.includes(file.type)) return { key: 'disputes.files.errors.type', name: file.name };
    if (file.size === 0) return { key: 'disputes.files.errors.empty', name: file.name };
    if (file.size > disputeAttachmentLimits.maxBytes)
      return { key: 'disputes.files.errors.too_large', name: file.name };
  }
  return null;
}

/** Files chosen again (the same name and size) are not added twice. */
export function addFiles<T extends Pick<File, 'name' | 'size'>>(current: readonly T[], added: readonly T[]): T[] {
  const seen = new Set(current.map((file) => `${file.name}|${file.size}`));
  const fresh = added.filter((file) => !seen.has(`${file.name}|${file.size}`));
  return [...current, ...fresh];
}

/**
 * A size in the reader's language and units: kB below a megabyte (at least 0.1), else MB, one decimal at most
 * (1 MB = 1,048,576 bytes, as the limit).
 */
export function fileSize(bytes: number, language: string): string {
  const large = bytes >= 1024 * 1024;
  const value = large ? bytes / (1024 * 1024) : Math.max(bytes / 1024, 0.1);
  return new Intl.NumberFormat(language, {
    style: 'unit',
    unit: large ? 'megabyte' : 'kilobyte',
    unitDisplay: 'short',
    maximumFractionDigits: 1,
  }).format(value);
}
