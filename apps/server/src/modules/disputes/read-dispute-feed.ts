// GET /api/ledger/disputes: the disputes feed after a cursor, in commit order (dispute-events.ts gives the cursors in
// commit order). The supplier's systems follow `next`; an API key of scope disputes:read or an administrator reads it.
import type { FeedDispute, FeedDisputeEvent } from '@portal/contracts';
import { asc, gt } from 'drizzle-orm';
import type { AppContext } from '../../app-context';
import { disputeEvents } from '../../db/schema';

export async function readDisputeFeed(
  ctx: AppContext,
  query: { after?: string; limit: number },
): Promise<{ items: FeedDisputeEvent[]; next: string }> {
  const after = query.after ? Number(query.after) : 0;
  const rows = await ctx.db
    .select()
    .from(disputeEvents)
    .where(gt(disputeEvents.cursor, after))
    .orderBy(asc(disputeEvents.cursor))
    .limit(query.limit);
  return {
    items: rows.map((row) => ({
      cursor: String(row.cursor),
      id: row.messageId,
      type: row.type,
      at: row.at.toISOString(),
      dispute: row.data as FeedDispute,
    })),
    next: String(rows.at(-1)?.cursor ?? after),
  };
}
