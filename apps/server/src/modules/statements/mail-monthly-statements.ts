// Issue 29, the monthly statement e-mail: early each month, each user who asked for it in the profile gets one
// message per account with last month's statement attached (the PDF is drawn when the message is sent:
// monthly-statement-attachment.ts). Once per user and month across instances: the statement_mailings row is the
// claim, written with the messages in one transaction; an instance that loses the race writes nothing.
import { previousMonth } from '@portal/domain';
import { and, eq, isNull, notExists, sql } from 'drizzle-orm';
import type { AppContext } from '../../app-context';
import { statementMailings, users } from '../../db/schema';
import { loadHeaderItems } from '../customers/account-access';
import { queueMail } from '../mail/queue-mail';
import type { MonthlyStatementMailPayload } from '../mail/scheduling-mail';

/** Users handled per round (the next round takes the rest). */
const batchSize = 50;

export async function mailMonthlyStatements(ctx: AppContext): Promise<{ users: number; messages: number }> {
  const today = ctx.now().toISOString().slice(0, 10);
  const { from, to } = previousMonth(today);
  const month = from.slice(0, 7);
  const summary = { users: 0, messages: 0 };
  const waiting = await ctx.db
    .select({
      userId: users.userId,
      accessVersion: users.accessVersion,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      language: users.language,
    })
    .from(users)
    .where(
      and(
        eq(users.monthlyStatement, true),
        eq(users.status, 'active'),
        eq(users.isConfirmed, true),
        isNull(users.deletedAt),
        notExists(
          ctx.db
            .select({ one: sql`1` })
            .from(statementMailings)
            .where(and(eq(statementMailings.userId, users.userId), eq(statementMailings.month, month))),
        ),
      ),
    )
    .limit(batchSize);
  for (const user of waiting) {
    // Read before the claim's transaction (the built-in ledger shares the database: no read inside it).
    const accounts = await loadHeaderItems(ctx, user).catch(() => []);
    const queued = await ctx.db.transaction(async (tx) => {
      const [claimed] = await tx
        .insert(statementMailings)
        .values({ userId: user.userId, month, queuedAt: ctx.now() })
        .onConflictDoNothing()
        .returning();
      if (!claimed) return 0;
      for (const account of accounts) {
        const payload: MonthlyStatementMailPayload = {
          firstName: user.firstName,
          lastName: user.lastName,
          user_id: user.userId,
          account: `${account.PrimaryAcct.replace(/^0+(?=\d)/, '')} ${account.Name}`.trim(),
          payer_data: { customer_number: account.PrimaryAcct, company_code: account.CompanyCode },
          date_from: from,
          date_to: to,
        };
        await queueMail(tx, ctx, {
          template: 'monthly_statement',
          recipient: user.email,
          language: user.language,
          payload,
          dedupeKey: `monthly_statement:${user.userId}:${month}:${account.CompanyCode}/${account.PrimaryAcct}`,
        });
      }
      return accounts.length;
    });
    if (queued > 0 || accounts.length === 0) summary.users += 1;
    summary.messages += queued;
  }
  if (summary.messages > 0) ctx.mail.kick();
  return summary;
}
