// POST /api/PaymentsHistory/GetPaymentsHistory (spec §2 Payment history, §7): the payments and declined attempts of
// an account the user may see, with the search validations of spec §5 re-checked (the same as invoice search).
import type { PaymentHistoryRequest, PaymentHistoryResponse } from '@portal/contracts';
import type { z } from 'zod';
import { and, inArray, sql } from 'drizzle-orm';
import type { AppContext } from '../../app-context';
import { paymentIntents } from '../../db/schema';
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
  const answer = await ctx.erp.searchPayments(await authorizeHistory(ctx, actor, request));
  return withCauses(ctx, answer);
}

/** Issue 29: marks the payments a job made (scheduled or AutoPay), from the portal's own record of them. */
export async function withCauses(ctx: AppContext, answer: PaymentHistoryResponse): Promise<PaymentHistoryResponse> {
  const numbers = answer.data.document_list.map((entry) => entry.document_number_finance).filter(Boolean);
  if (numbers.length === 0) return answer;
  const rows = await ctx.db
    .select({
      number: paymentIntents.paymentDocumentNumber,
      cause: sql<string | null>`${paymentIntents.posting}->>'cause'`,
    })
    .from(paymentIntents)
    .where(and(inArray(paymentIntents.paymentDocumentNumber, numbers), sql`${paymentIntents.posting} ? 'cause'`));
  if (rows.length === 0) return answer;
  const causes = new Map(rows.map((row) => [row.number, row.cause]));
  return {
    ...answer,
    data: {
      document_list: answer.data.document_list.map((entry) => {
        const cause = causes.get(entry.document_number_finance);
        return cause === 'schedule' || cause === 'autopay' ? { ...entry, cause } : entry;
      }),
    },
  };
}
