// Issue 39: who a dispute's e-mails go to (ADR 0034), and their queueing in the change's transaction (a message exists
// if and only if its e-mails will go). The AR side: the assignee, or every active user with CanManageDisputes while
// nobody is assigned (or the assignee may no longer work on it). The customer side: the customer users of the invoice,
// as reminder-recipients.ts finds them (active, confirmed, role user, linked to the payer or the sold-to in the company
// code) but whatever their reminders switch says (a dispute is a conversation they started), who see the dispute now.
import { formatMinorUnits } from '@portal/domain';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { AppContext } from '../../app-context';
import type { Db } from '../../db/client';
import { userAccounts, users } from '../../db/schema';
import { normalizeNumber } from '../customers/account-access';
import type { DisputeMailChange, DisputeMailPayload } from '../mail/dispute-mail-values';
import { portalLink, queueMail } from '../mail/queue-mail';
import { customerReader, sees, type DisputeRow } from './dispute-access';
import { disputeReference } from './dispute-events';

export type DisputeRecipient = {
  userId: number;
  email: string;
  firstName: string;
  lastName: string;
  language: string;
};

const recipientColumns = {
  userId: users.userId,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
  language: users.language,
};

/** The users every dispute may be given to: active, not deleted, holding CanManageDisputes. */
export async function disputeManagers(db: Db): Promise<DisputeRecipient[]> {
  return db
    .select(recipientColumns)
    .from(users)
    .where(
      and(eq(users.status, 'active'), isNull(users.deletedAt), sql`'CanManageDisputes' = ANY (${users.permissions})`),
    )
    .orderBy(users.lastName, users.firstName, users.userId)
    .limit(500);
}

/** The AR side of a dispute: its assignee while that user may work on it, else every user who may. */
export async function supplierRecipients(
  db: Db,
  dispute: Pick<DisputeRow, 'assigneeUserId'>,
): Promise<DisputeRecipient[]> {
  const managers = await disputeManagers(db);
  const assignee = managers.find((manager) => manager.userId === dispute.assigneeUserId);
  return assignee ? [assignee] : managers;
}

/** The customer side of a dispute: its invoice's customer users who see it now (reads the ERP: before a transaction). */
export async function customerRecipients(ctx: AppContext, dispute: DisputeRow): Promise<DisputeRecipient[]> {
  const numbers = [...new Set([normalizeNumber(dispute.payerNumber), normalizeNumber(dispute.soldtoNumber)])];
  const candidates = await ctx.db
    .selectDistinct({ ...recipientColumns, accessVersion: users.accessVersion })
    .from(userAccounts)
    .innerJoin(users, eq(users.userId, userAccounts.userId))
    .where(
      and(
        eq(userAccounts.companyCode, dispute.companyCode),
        inArray(sql<string>`ltrim(${userAccounts.primaryAccount}, '0')`, numbers),
        // The customer's own people: the supplier's staff linked to an account to look at it are not its customers.
        eq(users.userRole, 'user'),
        eq(users.status, 'active'),
        eq(users.isConfirmed, true),
        isNull(users.deletedAt),
      ),
    );
  const recipients: DisputeRecipient[] = [];
  for (const { accessVersion, ...candidate } of candidates) {
    // A user the ERP cannot answer for now is left out rather than the change refused.
    const reader = await customerReader(ctx, { userId: candidate.userId, accessVersion }).catch(() => null);
    if (reader && sees(reader, dispute)) recipients.push(candidate);
  }
  return recipients.sort((a, b) => a.userId - b.userId);
}

/** One e-mail per recipient, each in the recipient's language; never to whoever made the change. */
export async function queueDisputeMail(
  tx: Db,
  ctx: Pick<AppContext, 'secrets' | 'now' | 'config'>,
  mail: {
    template: 'dispute_opened' | 'dispute_message';
    dispute: DisputeRow;
    recipients: readonly DisputeRecipient[];
    exceptUserId: number | null;
    author: string;
    body: string;
    change: DisputeMailChange;
    reasonDescription: string;
  },
): Promise<number> {
  const { dispute } = mail;
  let queued = 0;
  for (const recipient of mail.recipients) {
    if (recipient.userId === mail.exceptUserId) continue;
    const payload: DisputeMailPayload = {
      firstName: recipient.firstName,
      lastName: recipient.lastName,
      dispute_id: dispute.id,
      reference: disputeReference(dispute),
      account: `${normalizeNumber(dispute.payerNumber)} ${dispute.payerName}`.trim(),
      billing_document_number: dispute.billingDocumentNumber,
      document_number_finance: dispute.documentNumberFinance,
      reason_code: dispute.reasonCode,
      reason_description: mail.reasonDescription,
      amount: formatMinorUnits(dispute.amountMinor, dispute.currencyDecimals),
      currency_key: dispute.currencyKey,
      currency_decimals: dispute.currencyDecimals,
      author: mail.author,
      body: mail.body,
      change: mail.change,
      dispute_url: portalLink(ctx, `/disputes/${dispute.id}`),
    };
    await queueMail(tx, ctx, {
      template: mail.template,
      recipient: recipient.email,
      language: recipient.language,
      payload,
    });
    queued++;
  }
  return queued;
}
