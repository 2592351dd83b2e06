// POST /api/disputes/:id/messages (issue 39, ADR 0034): a message in the thread, plain text kept as typed, from the
// reader's side, e-mailed to the other side in each reader's language in the same transaction: a customer's to the
// assignee (or every user who works on disputes while nobody is assigned), the AR team's to the invoice's customer
// users. A resolved or withdrawn dispute takes no more messages.
import { PostDisputeMessageRequest, type DisputeEntry } from '@portal/contracts';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../app-context';
import { invoiceDisputes } from '../../db/schema';
import { AppError } from '../../errors';
import type { Actor } from '../../plugins/auth';
import { loadVisibleDispute } from './dispute-access';
import { customerRecipients, queueDisputeMail, supplierRecipients } from './dispute-recipients';
import { isActive, reasonDescriptions } from './dispute-summary';
import { addDisputeEntry, authorOf, toDisputeEntry } from './dispute-thread';

export async function postDisputeMessage(
  ctx: AppContext,
  actor: Actor,
  id: string,
  input: unknown,
): Promise<DisputeEntry> {
  // Trimmed at its ends by the contract, otherwise as typed: never turned into HTML here or anywhere.
  const { body } = PostDisputeMessageRequest.parse(input);
  const { dispute, reader } = await loadVisibleDispute(ctx, actor, id);
  if (!isActive(dispute.status)) throw final();
  // Read before the transaction: the customer side's asks the ERP, which no transaction may wait for.
  const recipients =
    reader.side === 'customer' ? await supplierRecipients(ctx.db, dispute) : await customerRecipients(ctx, dispute);
  const describe = await reasonDescriptions(ctx);
  const author = authorOf(actor);
  const now = ctx.now();
  const entry = await ctx.db.transaction(async (tx) => {
    const [locked] = await tx.select().from(invoiceDisputes).where(eq(invoiceDisputes.id, id)).for('update');
    if (!locked || !isActive(locked.status)) throw final();
    const [row] = await tx
      .update(invoiceDisputes)
      .set({ updatedAt: now })
      .where(eq(invoiceDisputes.id, id))
      .returning();
    const written = await addDisputeEntry(tx, {
      disputeId: id,
      kind: 'message',
      side: reader.side,
      ...author,
      body,
      createdAt: now,
    });
    await queueDisputeMail(tx, ctx, {
      template: 'dispute_message',
      dispute: row!,
      recipients,
      exceptUserId: actor.userId,
      author: author.authorName,
      body,
      change: { kind: 'message' },
      reasonDescription: describe(dispute.companyCode, dispute.reasonCode),
    });
    return written;
  });
  // A message changes nothing the ERP or the feed keep: only its e-mails leave.
  ctx.mail.kick();
  return toDisputeEntry(entry);
}

function final(): AppError {
  return new AppError('VALIDATION_FAILED', {
    messageKey: 'validation.disputes.final',
    details: { fields: ['body'] },
  });
}
