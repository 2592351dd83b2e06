// POST /api/PaymentsHistory/GetPaymentsHistory (spec §2 Payment history, §7): the payments and declined attempts of
// an account the user may see, with the search validations of spec §5 re-checked (the same as invoice search).
import type { PaymentHistoryRequest, PaymentHistoryResponse } from '@portal/contracts';
import type { z } from 'zod';
import type { AppContext } from '../../app-context';
import type { Actor } from '../../plugins/auth';
import { authorizeSearch } from '../invoices/search-invoices';

export type ParsedHistoryRequest = z.output<typeof PaymentHistoryRequest>;

/** The account and sold-tos authorised, the filters validated: the request the ERP is to answer. */
export async function authorizeHistory(
  ctx: AppContext,
  actor: Actor,
  request: ParsedHistoryRequest,
): Promise<ParsedHistoryRequest> {
  const { erpRequest } = await authorizeSearch(ctx, actor, {
    ...request,
    search_parameters: { ...request.search_parameters, sort: 'document_date_desc' },
  });
  const { sort: _sort, ...parameters } = erpRequest.search_parameters;
  return { ...erpRequest, search_parameters: { ...parameters, document_type: 'Payment' } };
}

export async function getPaymentsHistory(
  ctx: AppContext,
  actor: Actor,
  request: ParsedHistoryRequest,
): Promise<PaymentHistoryResponse> {
  return ctx.erp.searchPayments(await authorizeHistory(ctx, actor, request));
}
