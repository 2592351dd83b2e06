// GET /api/ledger/payments: the feed after a cursor. The waiting rows are numbered first (sequenceFeed), so that a
// reader always sees what committed before its call.
import type { ResponseOf } from '@portal/contracts';
import type { readPaymentFeed as readPaymentFeedContract } from '@portal/contracts';
import type { AppContext } from '../../app-context';
import { toFeedPayment } from './feed-payment';
import { readFeedPage, sequenceFeed } from './payment-feed.repository';

export async function readPaymentFeed(
  ctx: AppContext,
  query: { after?: string; limit: number; unacknowledged?: 'true' | 'false' },
): Promise<ResponseOf<typeof readPaymentFeedContract>> {
  await sequenceFeed(ctx.db);
  const after = query.after ? Number(query.after) : 0;
  const rows = await readFeedPage(ctx.db, {
    after,
    limit: query.limit,
    unacknowledged: query.unacknowledged === 'true',
  });
  const last = rows.at(-1);
  return { items: rows.map(toFeedPayment), next: String(last?.seq ?? after) };
}
