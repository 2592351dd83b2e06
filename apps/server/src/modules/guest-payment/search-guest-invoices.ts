// POST /api/GuestPayment — the guest invoice search (spec §7 getGuestInvoicesAjax: filter type 01 on the billing
// document number). A guest token reads its one document and nothing else: a search for another number, or on an
// account the document does not belong to, answers 404 like an unknown document.
import type { GuestInvoicesRequest, GuestInvoicesResponse } from '@portal/contracts';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { AppContext } from '../../app-context';
import { normalizeNumber, notFound } from '../invoices/invoice-scope';
import { requireGuest } from './guest-access';
import { readGuestDocument } from './load-guest-invoice';

type ParsedRequest = z.output<typeof GuestInvoicesRequest>;

export async function searchGuestInvoices(
  ctx: AppContext,
  httpRequest: FastifyRequest,
  request: ParsedRequest,
): Promise<GuestInvoicesResponse> {
  const claims = await requireGuest(ctx, httpRequest);
  const { document } = claims;
  const accounts = new Set([
    claims.account,
    normalizeNumber(document.payer_number),
    normalizeNumber(document.soldto_number),
  ]);
  const numbers = request.search_parameters.filter
    .filter((filter) => filter.filter_type === '01')
    .map((filter) => normalizeNumber(filter.value));
  const asked = normalizeNumber(document.billing_document_number);
  if (
    !accounts.has(normalizeNumber(request.payer_data.customer_number)) ||
    numbers.length === 0 ||
    numbers.some((number) => number !== asked)
  )
    throw notFound();
  const row = await readGuestDocument(ctx, document);
  return { status: { message_type: 'S', message_line_string: '' }, document_list: row ? [row] : [] };
}
