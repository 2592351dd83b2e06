// Issue 38: who gets an account's reminder: each active, confirmed customer user (role user) linked to the account (its payer or one of
// its sold-tos) in its company code who has not switched reminders off in the profile, checked against the accounts
// the ERP answers for the user now (the same scope as every invoice call), with the sold-tos the user sees: a sold-to
// user is reminded of that sold-to's invoices only.
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { AppContext } from '../../app-context';
import { userAccounts, users } from '../../db/schema';
import { loadHeaderItems, normalizeNumber } from '../customers/account-access';

export type ReminderRecipient = {
  userId: number;
  email: string;
  firstName: string;
  lastName: string;
  language: string;
  /** The account as the user knows it (the pay link's account): the payer, or the user's sold-to. */
  accountNumber: string;
  /** The sold-tos whose invoices the user sees (normalised numbers). */
  soldTos: ReadonlySet<string>;
  /** False for a user invited who has not set a password yet: the reminder's links are then guest payment links. */
  signsIn: boolean;
};

export async function reminderRecipients(
  ctx: AppContext,
  account: { payerNumber: string; companyCode: string; soldTos: readonly string[] },
): Promise<ReminderRecipient[]> {
  const payer = normalizeNumber(account.payerNumber);
  const numbers = [...new Set([payer, ...account.soldTos.map(normalizeNumber)])];
  const candidates = await ctx.db
    .selectDistinct({
      userId: users.userId,
      accessVersion: users.accessVersion,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      language: users.language,
      signsIn: sql<boolean>`${users.passwordHash} IS NOT NULL`,
    })
    .from(userAccounts)
    .innerJoin(users, eq(users.userId, userAccounts.userId))
    .where(
      and(
        eq(userAccounts.companyCode, account.companyCode),
        inArray(sql<string>`ltrim(${userAccounts.primaryAccount}, '0')`, numbers),
        // The customer's own people: the supplier's staff linked to an account to look at it get no reminders.
        eq(users.userRole, 'user'),
        eq(users.status, 'active'),
        eq(users.isConfirmed, true),
        eq(users.paymentReminders, true),
        isNull(users.deletedAt),
      ),
    );
  const recipients: ReminderRecipient[] = [];
  for (const candidate of candidates) {
    const items = await loadHeaderItems(ctx, candidate).catch(() => []);
    for (const item of items) {
      if (item.CompanyCode !== account.companyCode) continue;
      const primary = normalizeNumber(item.PrimaryAcct);
      const subs = item.DropDownItems.map((sub) => normalizeNumber(sub.PrimaryAcct));
      // The payer's own entry (with the sold-tos the user keeps), or a sold-to user's entry of one of its sold-tos.
      const seen = primary === payer ? [payer, ...subs] : numbers.includes(primary) ? [primary] : [];
      if (seen.length === 0) continue;
      recipients.push({
        userId: candidate.userId,
        email: candidate.email,
        firstName: candidate.firstName,
        lastName: candidate.lastName,
        language: candidate.language,
        accountNumber: item.PrimaryAcct,
        soldTos: new Set(seen),
        signsIn: candidate.signsIn,
      });
      break;
    }
  }
  return recipients;
}
