// Issue 38: the figures a CFO reads, per company code and currency, as the collections job kept them each day: what
// is open, what is past due and its share, and DSO by the count-back method, today and over the last 12 months.
import type { CollectionFigures } from '@portal/contracts';
import { addIsoDays, formatMinorUnits } from '@portal/domain';
import { and, asc, eq, gte } from 'drizzle-orm';
import type { AppContext } from '../../app-context';
import { collectionFigures } from '../../db/schema';

export async function getCollectionFigures(
  ctx: AppContext,
  companyCode: string | undefined,
): Promise<{ figures: CollectionFigures[] }> {
  const since = addIsoDays(ctx.now().toISOString().slice(0, 10), -365);
  const rows = await ctx.db
    .select()
    .from(collectionFigures)
    .where(
      and(gte(collectionFigures.day, since), companyCode ? eq(collectionFigures.companyCode, companyCode) : undefined),
    )
    .orderBy(asc(collectionFigures.companyCode), asc(collectionFigures.currencyKey), asc(collectionFigures.day));
  const figures = new Map<string, CollectionFigures>();
  for (const row of rows) {
    const key = `${row.companyCode}|${row.currencyKey}`;
    let entry = figures.get(key);
    if (!entry) {
      entry = {
        company_code: row.companyCode,
        currency_key: row.currencyKey,
        currency_decimals: row.currencyDecimals,
        days: [],
      };
      figures.set(key, entry);
    }
    entry.days.push({
      day: row.day,
      open: formatMinorUnits(row.openMinor, row.currencyDecimals),
      past_due: formatMinorUnits(row.pastDueMinor, row.currencyDecimals),
      dso: row.dsoTenths === null ? null : (row.dsoTenths / 10).toFixed(1),
      past_due_share: row.openMinor > 0n ? share(row.pastDueMinor, row.openMinor) : null,
    });
  }
  return { figures: [...figures.values()] };
}

/** part ÷ whole in percent with one decimal, rounded half up, in integers ("12.5"). */
function share(part: bigint, whole: bigint): string {
  const tenths = (part * 2000n + whole) / (whole * 2n);
  return `${tenths / 10n}.${tenths % 10n}`;
}
