// Issue 29, the scheduled payments job: takes the payments due today (leased, SKIP LOCKED: each instance takes its
// own) and runs each once (run-scheduled-payment.ts).
import type { AppContext } from '../../app-context';
import { runScheduledPayment, type RunOutcome } from './run-scheduled-payment';
import { leaseDueScheduledPayments } from './scheduled-payments.repository';

const batchSize = 10;

export async function runDueScheduledPayments(ctx: AppContext): Promise<Record<RunOutcome, number>> {
  const summary: Record<RunOutcome, number> = { paid: 0, not_paid: 0, pending: 0, retry: 0 };
  const today = ctx.now().toISOString().slice(0, 10);
  for (;;) {
    const rows = await leaseDueScheduledPayments(ctx.db, today, ctx.now(), batchSize);
    for (const row of rows) summary[await runScheduledPayment(ctx, row)] += 1;
    if (rows.length < batchSize) return summary;
  }
}
