// GET /api/autopay (the user's enrolments) and GET /api/payments-received/autopay (every enrolment, for those who
// see the payments received): newest first.
import type { AutopayResponse } from '@portal/contracts';
import { currencyDecimalsOf } from '@portal/domain';
import { desc, eq } from 'drizzle-orm';
import type { AppContext } from '../../app-context';
import { autopayEnrolments, users } from '../../db/schema';
import type { Actor } from '../../plugins/auth';
import { toWire } from './autopay.repository';

/** The administrators' list shows at most this many enrolments. */
const listLimit = 1000;

export async function listAutopay(ctx: AppContext, actor: Actor | null): Promise<AutopayResponse> {
  const configuration = await ctx.erp.getBackendConfiguration();
  const decimals = (currency: string | null) =>
    currency ? currencyDecimalsOf(currency, configuration.sapcust.currency_decimals) : 2;
  const rows = await ctx.db
    .select({ enrolment: autopayEnrolments, login: users.login })
    .from(autopayEnrolments)
    .innerJoin(users, eq(users.userId, autopayEnrolments.userId))
    .where(actor ? eq(autopayEnrolments.userId, actor.userId) : undefined)
    .orderBy(desc(autopayEnrolments.createdAt))
    .limit(listLimit);
  return {
    enrolments: rows.map((row) =>
      toWire(row.enrolment, decimals(row.enrolment.maxCurrencyKey), actor ? undefined : row.login),
    ),
  };
}
