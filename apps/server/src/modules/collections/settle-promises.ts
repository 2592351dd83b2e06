// Issue 38: promises to pay, settled by the collections job from the open items it read: a promise is kept once what
// its invoices owe has gone down by the promised amount (paid by any channel: the portal, the ERP, an import), broken
// when that has not happened by the day after its day. A broken promise shows on the worklist, and the reminders of
// its invoices go on. Each outcome is audited.
import { formatMinorUnits, parseScaledAmount } from '@portal/domain';
import { and, eq } from 'drizzle-orm';
import type { OpenItem } from '@portal/contracts';
import type { AppContext } from '../../app-context';
import { paymentPromises } from '../../db/schema';
import { recordAuditEvent } from '../audit/audit.repository';
import { openItemKey } from './open-item-key';

type PromiseRow = typeof paymentPromises.$inferSelect;

export type PromiseTracker = {
  /** Notes the open amounts of the promised invoices among these open items. */
  seen: (items: readonly OpenItem[]) => void;
  /** Whether an open promise holds this invoice's reminders on `today` (through its day). */
  promised: (item: OpenItem, today: string) => boolean;
  rows: readonly PromiseRow[];
  /** What each promised invoice owes now (minor units); an invoice not seen owes nothing any more. */
  openNow: (key: string) => bigint;
};

export function createPromiseTracker(rows: readonly PromiseRow[]): PromiseTracker {
  const byDocument = new Map<string, PromiseRow[]>();
  for (const row of rows) {
    for (const document of row.documents) {
      byDocument.set(document.document_key, [...(byDocument.get(document.document_key) ?? []), row]);
    }
  }
  const open = new Map<string, bigint>();
  return {
    rows,
    seen: (items) => {
      for (const item of items) {
        const key = openItemKey(item);
        if (byDocument.has(key)) open.set(key, parseScaledAmount(item.open_amount, item.currency_decimals) ?? 0n);
      }
    },
    promised: (item, today) =>
      (byDocument.get(openItemKey(item)) ?? []).some((row) => row.status === 'open' && row.promisedDate >= today),
    openNow: (key) => open.get(key) ?? 0n,
  };
}

export async function settlePromises(
  ctx: AppContext,
  tracker: PromiseTracker,
  today: string,
): Promise<{ kept: number; broken: number }> {
  const outcome = { kept: 0, broken: 0 };
  for (const row of tracker.rows) {
    const owedThen = row.documents.reduce(
      (sum, document) => sum + (parseScaledAmount(document.open_amount, row.currencyDecimals) ?? 0n),
      0n,
    );
    const owedNow = row.documents.reduce((sum, document) => sum + tracker.openNow(document.document_key), 0n);
    const paid = owedThen - owedNow;
    const status = paid >= row.amountMinor ? 'kept' : row.promisedDate < today ? 'broken' : null;
    if (!status) continue;
    const settled = await ctx.db.transaction(async (tx) => {
      const [changed] = await tx
        .update(paymentPromises)
        .set({ status, resolvedAt: ctx.now() })
        .where(and(eq(paymentPromises.id, row.id), eq(paymentPromises.status, 'open')))
        .returning({ id: paymentPromises.id });
      if (!changed) return false;
      await recordAuditEvent(tx, {
        event: status === 'kept' ? 'promise_kept' : 'promise_broken',
        at: ctx.now(),
        targetUserId: row.userId,
        subject: row.payerNumber,
        details: {
          company_code: row.companyCode,
          promised_date: row.promisedDate,
          amount: formatMinorUnits(row.amountMinor, row.currencyDecimals),
          paid: formatMinorUnits(paid > 0n ? paid : 0n, row.currencyDecimals),
          currency_key: row.currencyKey,
        },
      });
      return true;
    });
    if (settled) outcome[status] += 1;
  }
  return outcome;
}
