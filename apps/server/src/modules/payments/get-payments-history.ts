// POST /api/PaymentsHistory/GetPaymentsHistory (spec §2 Payment history, §7): the payments and declined attempts of
// an account the user may see, with the search validations of spec §5 re-checked (the same as invoice search).
import type { PaymentHistoryEntry, PaymentHistoryRequest, PaymentHistoryResponse } from '@portal/contracts';
import { formatMinorUnits } from '@portal/domain';
import type { z } from 'zod';
import { and, inArray, isNull, sql } from 'drizzle-orm';
import type { AppContext } from '../../app-context';
import { paymentFeed, paymentIntents } from '../../db/schema';
import { moneyBackFigures, toMoneyBack } from '../payment-reversals/money-back';
import { disputesOf, reversalsOf } from '../payment-reversals/payment-reversals.repository';
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
  return withMoneyBack(ctx, await withCauses(ctx, answer));
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

/**
 * Issue 37: marks the payments of which money came back (refunds, a returned debit, a dispute), with each event, from
 * the portal's own record of them (the feed row of the payment, found by its ledger payment document).
 */
export async function withMoneyBack(ctx: AppContext, answer: PaymentHistoryResponse): Promise<PaymentHistoryResponse> {
  const numbers = answer.data.document_list
    .filter((entry) => entry.message_type === 'S')
    .map((entry) => entry.document_number_finance)
    .filter(Boolean);
  if (numbers.length === 0) return answer;
  const payments = await ctx.db
    .select()
    .from(paymentFeed)
    .where(and(inArray(paymentFeed.paymentDocumentNumber, numbers), isNull(paymentFeed.reverses)));
  if (payments.length === 0) return answer;
  const ids = payments.map((row) => row.id);
  const [reversals, disputes] = await Promise.all([reversalsOf(ctx.db, ids), disputesOf(ctx.db, ids)]);
  const byNumber = new Map<string, NonNullable<PaymentHistoryEntry['money_back']>>();
  for (const payment of payments) {
    const own = reversals.filter((row) => row.paymentId === payment.id && row.state !== 'refused');
    const ownDisputes = disputes.filter((row) => row.paymentId === payment.id);
    if (own.length === 0 && ownDisputes.length === 0) continue;
    const { status, refunded_amount, returned_amount, charged_back_amount } = toMoneyBack(
      moneyBackFigures(payment.amountMinor, own, ownDisputes),
      payment.currencyDecimals,
    );
    byNumber.set(payment.paymentDocumentNumber, {
      status,
      refunded_amount,
      returned_amount,
      charged_back_amount,
      events: own.map((row) => ({
        kind: row.kind,
        amount: formatMinorUnits(row.amountMinor, row.currencyDecimals),
        date: (row.postedAt ?? row.createdAt).toISOString().slice(0, 10),
        return_code: row.returnCode,
      })),
    });
  }
  if (byNumber.size === 0) return answer;
  return {
    ...answer,
    data: {
      document_list: answer.data.document_list.map((entry) => {
        const moneyBack = entry.message_type === 'S' ? byNumber.get(entry.document_number_finance) : undefined;
        return moneyBack ? { ...entry, money_back: moneyBack } : entry;
      }),
    },
  };
}
