// The reversals' part of the reconciler (ADR 0032): refunds the provider has not answered (a time-out, a crash after
// the row was written) are asked again with the same idempotency key; reversals the ERP has not taken (down, a crash
// before its commit) are posted again under the same reference. Leased with SKIP LOCKED, so instances share the work;
// a failure backs off and is tried again (never lost, never twice: the provider and the ERP answer a key once).
import type { AppContext } from '../../app-context';
import { leaseUnfinishedReversals } from './payment-reversals.repository';
import { settleReversal } from './settle-reversal';

export type ReversalsRound = { examined: number; posted: number; refused: number; unfinished: number; failed: number };

export async function reconcileReversals(
  ctx: AppContext,
  options: { batchSize?: number; log?: (entry: Record<string, unknown>, message: string) => void } = {},
): Promise<ReversalsRound> {
  const rows = await leaseUnfinishedReversals(ctx.db, ctx.now(), options.batchSize ?? 50);
  const round: ReversalsRound = { examined: rows.length, posted: 0, refused: 0, unfinished: 0, failed: 0 };
  for (const row of rows) {
    try {
      const settled = await settleReversal(ctx, row);
      round[settled.state === 'posted' ? 'posted' : settled.state === 'refused' ? 'refused' : 'unfinished']++;
      options.log?.({ reversalId: row.id, state: settled.state }, 'payment reversal reconciled');
    } catch (error) {
      round.failed++;
      options.log?.({ reversalId: row.id, err: error }, 'payment reversal not reconciled');
    }
  }
  return round;
}
