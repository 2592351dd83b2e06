// Issue 38: what the invoice detail says of collections: each reminder that listed the invoice ("Reminded on …") and
// the open promise that holds it. Read by the account's indexes, then the documents each row kept.
import type { InvoiceCollections, InvoiceHeaderData } from '@portal/contracts';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { paymentPromises, reminders } from '../../db/schema';

export async function invoiceCollectionsOf(
  db: Db,
  header: Pick<InvoiceHeaderData, 'document_number_finance' | 'payer_number' | 'company_code'>,
): Promise<InvoiceCollections> {
  const holds = sql`${JSON.stringify([{ document_number_finance: header.document_number_finance }])}::jsonb`;
  const account = (table: typeof reminders | typeof paymentPromises) =>
    and(
      sql`ltrim(${table.payerNumber}, '0') = ltrim(${header.payer_number}, '0')`,
      eq(table.companyCode, header.company_code),
    );
  const [sent, promised] = await Promise.all([
    db
      .select({ at: reminders.createdAt, daysFromDue: reminders.daysFromDue })
      .from(reminders)
      .where(and(account(reminders), sql`${reminders.documents} @> ${holds}`))
      .orderBy(desc(reminders.createdAt))
      .limit(50),
    db
      .select({ id: paymentPromises.id, promisedDate: paymentPromises.promisedDate })
      .from(paymentPromises)
      .where(
        and(
          account(paymentPromises),
          eq(paymentPromises.status, 'open'),
          sql`${paymentPromises.documents} @> ${holds}`,
        ),
      )
      .limit(1),
  ]);
  return {
    reminders: sent.map((row) => ({ sent_at: row.at.toISOString(), days_from_due: row.daysFromDue })),
    promise: promised[0] ? { id: promised[0].id, promised_date: promised[0].promisedDate } : null,
  };
}
