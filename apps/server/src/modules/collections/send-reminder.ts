// Issue 38: one reminder of one account: the invoices at a step, claimed once each (reminder_items: an invoice gets
// each step once across instances; a claim that finds every invoice taken writes nothing), one message per recipient
// with the invoices that recipient sees, kept with its recipients, the account's last contact moved, audited. The
// transaction covers the claim and the outbox rows only: the mail goes out later (the outbox job), never inside it.
import { randomUUID } from 'node:crypto';
import type { ReminderTemplate } from '@portal/contracts';
import { eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../app-context';
import type { ClientInfo } from '../../http/client-info';
import { collectionAccounts, reminderItems, reminders, type ReminderDocumentRow } from '../../db/schema';
import { recordAuditEvent } from '../audit/audit.repository';
import { portalLink, queueMail } from '../mail/queue-mail';
import {
  reminderGuestPayPath,
  reminderPayPath,
  type ReminderMailDocument,
  type ReminderMailPayload,
} from '../mail/reminder-mail';
import { readApplicationSettings } from '../system/application-settings';
import { normalizeNumber } from '../customers/account-access';
import { reminderRecipients } from './reminder-recipients';

export type AccountReminder = {
  payerNumber: string;
  companyCode: string;
  accountName: string;
  daysFromDue: number;
  template: ReminderTemplate;
  attachStatement: boolean;
  /** Sent by a collector ("send now"): sent for every invoice given, even one that had this step already. */
  manual: boolean;
  actorUserId: number | null;
  documents: ReminderDocumentRow[];
  /** Who asked, for the audit trail ("send now"); the job's reminders have none. */
  client?: ClientInfo;
};

export type SentReminder = { id: string; documents: ReminderDocumentRow[]; recipients: number };

/** Thrown inside the claim's transaction when nothing is left to send: rolls the reminder row back. */
class NothingToSend extends Error {}

export async function sendReminder(ctx: AppContext, reminder: AccountReminder): Promise<SentReminder | null> {
  const recipients = await reminderRecipients(ctx, {
    payerNumber: reminder.payerNumber,
    companyCode: reminder.companyCode,
    soldTos: [...new Set(reminder.documents.map((document) => document.soldto_number))],
  });
  if (recipients.length === 0 || reminder.documents.length === 0) return null;
  // A reader who cannot sign in yet (an invitation not taken up) pays as a guest, one invoice at a time, when guest
  // payment is on; read before the transaction.
  const guestPayment =
    recipients.some((recipient) => !recipient.signsIn) && (await readApplicationSettings(ctx.db)).allowGuestPayment;
  const id = randomUUID();
  const now = ctx.now();
  const asOf = now.toISOString().slice(0, 10);
  try {
    const sent = await ctx.db.transaction(async (tx) => {
      await tx.insert(reminders).values({
        id,
        payerNumber: reminder.payerNumber,
        companyCode: reminder.companyCode,
        daysFromDue: reminder.daysFromDue,
        template: reminder.template,
        manual: reminder.manual,
        documents: [],
        recipients: [],
        actorUserId: reminder.actorUserId,
        createdAt: now,
      });
      const claimed = new Set(
        (
          await tx
            .insert(reminderItems)
            .values(
              reminder.documents.map((document) => ({
                documentKey: document.document_key,
                daysFromDue: reminder.daysFromDue,
                reminderId: id,
              })),
            )
            .onConflictDoNothing()
            .returning({ key: reminderItems.documentKey })
        ).map((row) => row.key),
      );
      const documents = reminder.manual
        ? reminder.documents
        : reminder.documents.filter((document) => claimed.has(document.document_key));
      if (documents.length === 0) throw new NothingToSend();
      const kept: { user_id: number; email: string; mail_key: string }[] = [];
      for (const recipient of recipients) {
        const theirs = documents.filter((document) => recipient.soldTos.has(normalizeNumber(document.soldto_number)));
        if (theirs.length === 0) continue;
        const payerData = { customer_number: recipient.accountNumber, company_code: reminder.companyCode };
        const asGuest = guestPayment && !recipient.signsIn;
        const mailDocuments = theirs.map((document) => {
          const listed: ReminderMailDocument = {
            billing_document_number: document.billing_document_number,
            document_number_finance: document.document_number_finance,
            due_date: document.due_date,
            open_amount: document.open_amount,
            currency_key: document.currency_key,
            currency_decimals: document.currency_decimals,
          };
          if (asGuest) listed.pay_url = portalLink(ctx, reminderGuestPayPath(reminder.payerNumber, listed));
          return listed;
        });
        const payload: ReminderMailPayload = {
          firstName: recipient.firstName,
          lastName: recipient.lastName,
          user_id: recipient.userId,
          account: `${normalizeNumber(reminder.payerNumber)} ${reminder.accountName}`.trim(),
          payer_data: payerData,
          days_from_due: reminder.daysFromDue,
          as_of: asOf,
          documents: mailDocuments,
          pay_url: mailDocuments[0]?.pay_url ?? portalLink(ctx, reminderPayPath(payerData, mailDocuments)),
          attach_statement: reminder.attachStatement,
        };
        const mailKey = `reminder:${id}:${recipient.userId}`;
        await queueMail(tx, ctx, {
          template: reminder.template,
          recipient: recipient.email,
          language: recipient.language,
          payload,
          dedupeKey: mailKey,
        });
        kept.push({ user_id: recipient.userId, email: recipient.email, mail_key: mailKey });
      }
      if (kept.length === 0) throw new NothingToSend();
      await tx.update(reminders).set({ documents, recipients: kept }).where(eq(reminders.id, id));
      await tx
        .insert(collectionAccounts)
        .values({
          payerNumber: reminder.payerNumber,
          companyCode: reminder.companyCode,
          name: reminder.accountName,
          lastContactAt: now,
        })
        .onConflictDoUpdate({
          target: [collectionAccounts.payerNumber, collectionAccounts.companyCode],
          set: { lastContactAt: sql`greatest(${collectionAccounts.lastContactAt}, excluded.last_contact_at)` },
        });
      await recordAuditEvent(tx, {
        event: 'reminder_sent',
        at: now,
        userId: reminder.actorUserId,
        ip: reminder.client?.ip,
        userAgent: reminder.client?.userAgent,
        requestId: reminder.client?.requestId,
        subject: reminder.payerNumber,
        details: {
          company_code: reminder.companyCode,
          days_from_due: reminder.daysFromDue,
          template: reminder.template,
          manual: reminder.manual,
          documents: documents.map((document) => document.billing_document_number || document.document_number_finance),
          recipients: kept.length,
        },
      });
      return { id, documents, recipients: kept.length };
    });
    ctx.mail.kick();
    return sent;
  } catch (error) {
    if (error instanceof NothingToSend) return null;
    throw error;
  }
}
