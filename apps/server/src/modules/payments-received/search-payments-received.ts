// POST /api/payments-received/search (CanViewReceivedPayments): one page of the payments received, newest first, and
// the totals per currency and per day of the whole filter, so that the figures do not depend on how far one paged.
import {
  paymentsReceivedPageSize,
  type PaymentsReceivedSearchRequest,
  type PaymentsReceivedSearchResponse,
} from '@portal/contracts';
import { formatMinorUnits } from '@portal/domain';
import type { z } from 'zod';
import type { AppContext } from '../../app-context';
import { AppError } from '../../errors';
import { receivedFilters } from './received-filters';
import { toPaymentReceived } from './received-payment';
import { moneyBackOfPayments } from '../payment-reversals/money-back-of-payments';
import {
  receivedPage,
  receivedPerDay,
  receivedTotals,
  type MinorSum,
  type ReceivedKey,
} from './payments-received.repository';

type Request = z.output<typeof PaymentsReceivedSearchRequest>;

const cursorPattern =
  /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z)\|([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/;

/** The cursor is the last row's posted_at (microseconds, UTC) and id; anything else is refused, never guessed at. */
export function parseCursor(cursor: string): ReceivedKey {
  const match = cursorPattern.exec(cursor);
  const postedAt = match?.[1];
  // A date that does not exist (02-30) would reach the database as an error: refused here.
  if (!match || !postedAt || new Date(postedAt).toISOString().slice(0, 10) !== postedAt.slice(0, 10)) {
    throw new AppError('VALIDATION_FAILED', {
      messageKey: 'payments-received.errors.cursor',
      details: { field: 'cursor' },
    });
  }
  return { postedAt, id: match[2]! };
}

export const cursorOf = (key: ReceivedKey): string => `${key.postedAt}|${key.id}`;

const wireSum = (sum: MinorSum) => ({
  currency_key: sum.currencyKey,
  currency_decimals: sum.currencyDecimals,
  amount: formatMinorUnits(sum.amountMinor, sum.currencyDecimals),
  gross_amount: formatMinorUnits(sum.grossMinor, sum.currencyDecimals),
  reversed_amount: formatMinorUnits(sum.grossMinor - sum.amountMinor, sum.currencyDecimals),
  count: sum.count,
});

export async function searchPaymentsReceived(
  ctx: AppContext,
  request: Request,
): Promise<PaymentsReceivedSearchResponse> {
  const filters = receivedFilters(request, ctx.now());
  const after = request.cursor ? parseCursor(request.cursor) : undefined;
  const limit = request.limit ?? paymentsReceivedPageSize;
  const [rows, totals, perDay] = await Promise.all([
    receivedPage(ctx.db, filters, limit + 1, after),
    receivedTotals(ctx.db, filters),
    receivedPerDay(ctx.db, filters),
  ]);
  const shown = rows.slice(0, limit);
  const moneyBack = await moneyBackOfPayments(
    ctx.db,
    shown.map(({ row }) => row),
  );
  return {
    period: { date_from: filters.from, date_to: filters.to },
    items: shown.map(({ row }) => toPaymentReceived(row, moneyBack.get(row.id) ?? null)),
    next_cursor: rows.length > limit ? cursorOf(shown.at(-1)!.key) : null,
    totals: totals.map(wireSum),
    per_day: perDay.map((sum) => ({ day: sum.day, ...wireSum(sum) })),
  };
}
