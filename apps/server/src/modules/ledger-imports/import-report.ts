// An import's report as the API answers it: counts, progress and the rejected records, each reason translated into
// the reader's language (the reasons are kept as message keys with their values).
import type { ImportReport } from '@portal/contracts';
import { ledgerImportLimits } from '@portal/contracts';
import { translate, type Language } from '@portal/i18n';
import type { AppContext } from '../../app-context';
import { readRejections, type ImportRow } from './ledger-imports.repository';

export function toImportSummary(
  row: ImportRow,
  language: Language,
): Omit<ImportReport, 'rejected' | 'rejected_truncated'> {
  return {
    id: row.id,
    kind: row.kind,
    status: row.status,
    origin: row.origin,
    company_code: row.companyCode,
    files: row.files,
    actor: row.actor,
    started_at: row.startedAt.toISOString(),
    finished_at: row.finishedAt?.toISOString() ?? null,
    processed: row.processed,
    total: row.total,
    counts: { created: row.created, updated: row.updated, unchanged: row.unchanged, rejected: row.rejected },
    failure: row.failure ? failureText(row.failure, language) : '',
  };
}

function failureText(failure: string, language: Language): string {
  if (!failure.startsWith('{')) return translate(language, undefined, failure);
  const { key, values } = JSON.parse(failure) as { key: string; values: Record<string, string> };
  return translate(language, undefined, key, values);
}

export async function toImportReport(
  ctx: Pick<AppContext, 'db'>,
  row: ImportRow,
  language: Language,
): Promise<ImportReport> {
  const rejections = row.rejected > 0 ? await readRejections(ctx.db, row.id) : [];
  return {
    ...toImportSummary(row, language),
    rejected: rejections.map((rejection) => ({
      source: rejection.source,
      document: rejection.document,
      field: rejection.field,
      message: translate(language, undefined, rejection.messageKey, rejection.values),
    })),
    rejected_truncated: row.rejected > ledgerImportLimits.rejectionsKept,
  };
}
