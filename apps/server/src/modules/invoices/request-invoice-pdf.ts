// The three PDF calls (spec §7): one invoice, the invoices of a search, the selected rows (GridViewDocIds).
// Each finds the documents the user may see that have a PDF, and answers a signed link to one merged file.
import { maxPdfDocuments, type LedgerDocument, type PdfUrlResponse } from '@portal/contracts';
import type { AppContext } from '../../app-context';
import { AppError } from '../../errors';
import type { Actor } from '../../plugins/auth';
import { authorizeListSearch, type ParsedListRequest, type ParsedSearchRequest } from './search-invoices';
import { notFound, resolveInvoiceScope, type InvoiceScope } from './invoice-scope';
import { signPdfLink } from './pdf-links';

export type PdfRequestKind = 'single' | 'search' | 'bulk';

export async function requestInvoicePdf(
  ctx: AppContext,
  actor: Actor,
  request: ParsedListRequest,
  kind: PdfRequestKind,
): Promise<PdfUrlResponse> {
  const { scope, erpRequest } =
    kind === 'search'
      ? await authorizeListSearch(ctx, actor, request)
      : await authorizeByNumbers(ctx, actor, request, kind);
  // Issue 39: "disputed only" with no disputed invoice finds nothing.
  if (!erpRequest) throw notFound();
  const answer = await ctx.erp.searchInvoices({
    ...erpRequest,
    search_parameters: {
      ...erpRequest.search_parameters,
      document_type: '01',
      cursor: undefined,
      page_size: maxPdfDocuments,
    },
  });
  if (answer.status.message_type !== 'S' && answer.status.message_type !== 'W') throw notFound();
  const numbers = withPdf(answer.document_list);
  if (numbers.length === 0) throw notFound();

  const expiresAt = new Date(ctx.now().getTime() + ctx.config.PDF_LINK_TTL_SECONDS * 1000);
  const token = signPdfLink(
    ctx.urlSigningKey,
    {
      userId: scope.userId,
      customerNumber: scope.payerData.customer_number,
      companyCode: scope.payerData.company_code,
      soldTos: scope.soldTos,
      documentNumbers: numbers,
    },
    expiresAt,
  );
  return { url: `/api/invoice/pdf/${token}`, expires_at: expiresAt.toISOString(), document_count: numbers.length };
}

function withPdf(documents: LedgerDocument[]): string[] {
  const numbers = documents
    .filter((document) => document.pdf_document_available === 'X' && document.billing_document_number)
    .map((document) => document.billing_document_number);
  return [...new Set(numbers)];
}

/** One invoice (filter 01) or the selection (GridViewDocIds): the account's documents among those numbers. */
async function authorizeByNumbers(
  ctx: AppContext,
  actor: Actor,
  request: ParsedListRequest,
  kind: 'single' | 'bulk',
): Promise<{ scope: InvoiceScope; erpRequest: ParsedSearchRequest }> {
  const parameters = request.search_parameters;
  let numbers: string[];
  if (kind === 'single') {
    const byNumber = parameters.filter.filter((f) => f.filter_type === '01' && f.value.trim());
    if (byNumber.length !== 1)
      throw new AppError('VALIDATION_FAILED', { details: { fields: ['/search_parameters/filter'] } });
    numbers = [byNumber[0]!.value.trim()];
  } else {
    numbers = [...new Set((parameters.GridViewDocIds ?? []).map(documentNumberOfSelection).filter(Boolean))];
    if (numbers.length === 0) {
      throw new AppError('VALIDATION_FAILED', { details: { fields: ['/search_parameters/GridViewDocIds'] } });
    }
    if (numbers.length > maxPdfDocuments) {
      throw new AppError('VALIDATION_FAILED', {
        details: { fields: ['/search_parameters/GridViewDocIds'], max: maxPdfDocuments },
      });
    }
  }
  const scope = await resolveInvoiceScope(
    ctx,
    actor,
    request.payer_data,
    [...request.soldto_data, ...(parameters.SoldTo_SearchParams ?? [])],
    true,
  );
  return {
    scope,
    erpRequest: {
      payer_data: scope.payerData,
      soldto_data: scope.soldTos,
      search_parameters: {
        status: '03',
        filter: [],
        GridViewDocIds: numbers,
        sort: parameters.sort,
        page_size: maxPdfDocuments,
      },
    },
  };
}

/**
 * A GridViewDocIds entry is a document number or a selection key (spec §3: billing number or 0, finance number,
 * posting date, line item, joined): its first number, or the finance number when the billing number is 0.
 */
export function documentNumberOfSelection(entry: string): string {
  const parts = entry
    .trim()
    .split(/[|;,\s_-]+/)
    .filter(Boolean);
  const first = parts[0] ?? '';
  if (/^0*$/.test(first)) return parts[1] ?? '';
  return first;
}
