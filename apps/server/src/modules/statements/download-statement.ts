// POST /api/statements (issue 29): the statement in the asked format, streamed. Authorised and checked before the
// first byte, so that a refusal is a normal JSON error answer.
import type { Readable } from 'node:stream';
import type { StatementFormat, StatementRequest } from '@portal/contracts';
import type { z } from 'zod';
import type { AppContext } from '../../app-context';
import { loadUnicodeFont } from '../../connectors/erp/ledger/invoice-pdf';
import type { AccountHolder } from '../customers/account-access';
import { buildStatement } from './build-statement';
import { statementBranding } from './statement-branding';
import { statementCsv, statementJson, type StatementLocale } from './statement-files';
import { statementPdf } from './statement-pdf';

export async function downloadStatement(
  ctx: AppContext,
  holder: AccountHolder,
  request: z.output<typeof StatementRequest>,
  reader: StatementLocale & { host: string },
): Promise<{ format: StatementFormat; body: Readable }> {
  const source = await buildStatement(ctx, holder, request);
  if (request.format === 'json') return { format: 'json', body: statementJson(source, request.line_limit) };
  if (request.format === 'csv') return { format: 'csv', body: statementCsv(source, reader) };
  const branding = await statementBranding(ctx, reader.host);
  const unicodeFont = loadUnicodeFont(ctx.config.PDF_UNICODE_FONT);
  return { format: 'pdf', body: statementPdf(source, { ...reader, branding, unicodeFont }) };
}
