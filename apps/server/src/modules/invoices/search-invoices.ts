// POST /api/Invoice: the invoice list and the invoice search (spec §2, §5, §7), keyset-paged and authorised.
import {
  disputedOnlyFilterType,
  paymentDocumentKey,
  type InvoiceListFilter,
  type InvoiceListRequest,
  type InvoiceSearchRequest,
  type InvoiceSearchResponse,
  type SearchFilter,
} from '@portal/contracts';
import { searchDateKey, validateSearchFilters } from '@portal/domain';
import type { z } from 'zod';
import type { AppContext } from '../../app-context';
import { AppError } from '../../errors';
import type { Actor } from '../../plugins/auth';
import { documentsInProcess } from '../payments/payment-intents.repository';
import { disputedFinanceNumbers, documentsDisputed } from './invoice-disputes';
import { resolveInvoiceScope, type InvoiceScope } from './invoice-scope';

export type ParsedSearchRequest = z.output<typeof InvoiceSearchRequest>;
export type ParsedListRequest = z.output<typeof InvoiceListRequest>;

/**
 * Authorises the account and sold-tos, re-checks the spec's search validations (§5, in its order) and gives the
 * request the ERP is to answer: the account from the ERP's header items, the PayerAll user filter removed.
 */
export async function authorizeSearch(
  ctx: AppContext,
  actor: Actor,
  request: ParsedSearchRequest,
): Promise<{ scope: InvoiceScope; erpRequest: ParsedSearchRequest }> {
  const parameters = request.search_parameters;
  const userId = actor.userId;
  const scope = await resolveInvoiceScope(
    ctx,
    actor,
    request.payer_data,
    [...request.soldto_data, ...(parameters.SoldTo_SearchParams ?? [])],
    false,
  );

  const customPeriod = parameters.date_from !== undefined || parameters.date_to !== undefined;
  const failures = validateSearchFilters({
    status: parameters.status === 'OpenOrComplete' ? '03' : parameters.status,
    period: customPeriod ? '-1' : 'all',
    dateFrom: parameters.date_from,
    dateTo: parameters.date_to,
    dueDateFrom: parameters.due_date_from,
    dueDateTo: parameters.due_date_to,
    customerRequired: scope.item.AccountType !== 'SoldTo',
    selectedCustomerCount: scope.selectedCount,
  });
  // The form checks document dates only for a custom period; the server checks their order whatever the status.
  const from = searchDateKey(parameters.date_from);
  const to = searchDateKey(parameters.date_to);
  if (from !== null && to !== null && to < from && !failures.includes('due_to_date_should_greater')) {
    failures.push('due_to_date_should_greater');
  }
  const first = failures[0];
  if (first) {
    throw new AppError('VALIDATION_FAILED', {
      messageKey: `validation.search.${first}`,
      details: { validation: failures },
    });
  }

  // spec §7: PayerAll sends filter 90 carrying the (impersonated) user id. The scope above already limits the
  // search to that user's accounts, so the filter is dropped rather than read as an article number.
  const filter =
    scope.item.AccountType === 'PayerAll'
      ? parameters.filter.filter((f) => !(f.filter_type === '90' && f.value.trim() === String(userId)))
      : parameters.filter;
  return {
    scope,
    erpRequest: {
      payer_data: scope.payerData,
      soldto_data: scope.soldTos,
      search_parameters: { ...parameters, SoldTo_SearchParams: undefined, filter },
    },
  };
}

const isDisputedOnly = (filter: z.output<typeof InvoiceListFilter>): boolean =>
  filter.filter_type === disputedOnlyFilterType;

/**
 * authorizeSearch for a request of the invoice list (search, search PDF, exports), with the portal's own filter 95
 * answered (issue 39): replaced by filter 94 with the finance numbers of the account's disputed invoices the user
 * sees. erpRequest is null when there is none: the answer is empty, and the ERP is not asked.
 */
export async function authorizeListSearch(
  ctx: AppContext,
  actor: Actor,
  request: ParsedListRequest,
): Promise<{ scope: InvoiceScope; erpRequest: ParsedSearchRequest | null }> {
  const filters = request.search_parameters.filter;
  const erpFilters = filters.filter((filter): filter is z.output<typeof SearchFilter> => !isDisputedOnly(filter));
  const { scope, erpRequest } = await authorizeSearch(ctx, actor, {
    ...request,
    search_parameters: { ...request.search_parameters, filter: erpFilters },
  });
  if (erpFilters.length === filters.length) return { scope, erpRequest };
  const numbers = await disputedFinanceNumbers(ctx, actor, scope);
  if (numbers.length === 0) return { scope, erpRequest: null };
  const parameters = erpRequest.search_parameters;
  return {
    scope,
    erpRequest: {
      ...erpRequest,
      search_parameters: {
        ...parameters,
        filter: [...parameters.filter, { filter_type: '94', value: numbers.join(',') }],
      },
    },
  };
}

export async function searchInvoices(
  ctx: AppContext,
  actor: Actor,
  request: ParsedListRequest,
): Promise<InvoiceSearchResponse> {
  const { erpRequest } = await authorizeListSearch(ctx, actor, request);
  if (!erpRequest) {
    return {
      status: { message_type: 'S', message_line_string: '' },
      document_list: [],
      next_cursor: null,
      found_count: 0,
      found_count_capped: false,
      documents_in_process: [],
      documents_disputed: [],
    };
  }
  const answer = await ctx.erp.searchInvoices(erpRequest);
  // spec §7: S loads, W loads with a warning; any other status comes with an empty list (the web toasts it).
  if (answer.status.message_type === 'S' || answer.status.message_type === 'W') {
    // Issue 5: documents held by a payment not yet settled are shown "in process" and cannot be paid again.
    // Issue 39: those with a dispute open or in review the user sees carry a badge.
    const [inProcess, disputed] = await Promise.all([
      documentsInProcess(ctx.db, answer.document_list.map(paymentDocumentKey)),
      documentsDisputed(ctx, actor, answer.document_list),
    ]);
    return { ...answer, documents_in_process: inProcess, documents_disputed: disputed };
  }
  return { status: answer.status, document_list: [], next_cursor: null, found_count: 0, found_count_capped: false };
}
