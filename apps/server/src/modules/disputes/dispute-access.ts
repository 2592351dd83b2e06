// Issue 39: who sees an invoice dispute (ADR 0034), the one place every dispute route asks. The AR team
// (CanManageDisputes) sees every one, as the supplier's side. A customer user sees the disputes of the invoices it sees,
// as the customer's side: the same accounts as every invoice call (the ERP's header items less the user's exclusions):
// a payer's account with the sold-tos the user keeps, a sold-to user's own sold-to, a payer-all group's sold-tos.
// Anything else (another customer's dispute, another sold-to's, an id that does not exist) is the same 404.
import { and, eq, or, sql, type SQL } from 'drizzle-orm';
import type { HeaderItem } from '@portal/contracts';
import type { AppContext } from '../../app-context';
import { invoiceDisputes } from '../../db/schema';
import { AppError } from '../../errors';
import type { Actor } from '../../plugins/auth';
import { isTrimmed, loadHeaderItems, normalizeNumber, type AccountHolder } from '../customers/account-access';

export type DisputeRow = typeof invoiceDisputes.$inferSelect;
export type DisputeSide = 'customer' | 'supplier';

/** One account a customer user sees disputes of: a payer (with every sold-to, or the ones kept) or a list of sold-tos. */
type CustomerScope = { companyCode: string; payer: string | null; soldTos: ReadonlySet<string> | 'all' };

export type DisputeReader =
  { side: 'supplier'; userId: number } | { side: 'customer'; userId: number; scopes: CustomerScope[] };

export function isDisputeManager(actor: Actor): boolean {
  return actor.permissions.has('CanManageDisputes');
}

export async function disputeReader(ctx: AppContext, actor: Actor): Promise<DisputeReader> {
  if (isDisputeManager(actor)) return { side: 'supplier', userId: actor.userId };
  return customerReader(ctx, actor);
}

/** A customer user as a reader, without a session: who of a dispute's customer users sees it (its e-mails). */
export async function customerReader(ctx: AppContext, holder: AccountHolder): Promise<DisputeReader> {
  return { side: 'customer', userId: holder.userId, scopes: scopesOf(await loadHeaderItems(ctx, holder)) };
}

function scopesOf(items: HeaderItem[]): CustomerScope[] {
  return items.map((item) => {
    const subs = new Set(item.DropDownItems.map((sub) => normalizeNumber(sub.PrimaryAcct)));
    if (item.AccountType === 'SoldTo')
      return { companyCode: item.CompanyCode, payer: null, soldTos: new Set([normalizeNumber(item.PrimaryAcct)]) };
    // A payer-all group's number is no payer of any invoice: its sold-tos are what it sees.
    if (item.AccountType === 'PayerAll') return { companyCode: item.CompanyCode, payer: null, soldTos: subs };
    return {
      companyCode: item.CompanyCode,
      payer: normalizeNumber(item.PrimaryAcct),
      soldTos: isTrimmed(item) ? subs : 'all',
    };
  });
}

/** Whether the reader sees this dispute (or this invoice: payer, sold-to and company code). */
export function sees(
  reader: DisputeReader,
  row: Pick<DisputeRow, 'payerNumber' | 'soldtoNumber' | 'companyCode'>,
): boolean {
  if (reader.side === 'supplier') return true;
  const payer = normalizeNumber(row.payerNumber);
  const soldTo = normalizeNumber(row.soldtoNumber);
  return reader.scopes.some(
    (scope) =>
      scope.companyCode === row.companyCode &&
      (scope.payer === null || scope.payer === payer) &&
      (scope.soldTos === 'all' || scope.soldTos.has(soldTo)),
  );
}

/** The same rule as SQL, for lists: false for a customer who sees no account. */
export function visibleDisputes(reader: DisputeReader): SQL {
  if (reader.side === 'supplier') return sql`true`;
  const payer = sql`ltrim(${invoiceDisputes.payerNumber}, '0')`;
  const soldTo = sql`ltrim(${invoiceDisputes.soldtoNumber}, '0')`;
  const clauses = reader.scopes.map((scope) => {
    const parts: SQL[] = [eq(invoiceDisputes.companyCode, scope.companyCode)];
    if (scope.payer !== null) parts.push(sql`${payer} = ${scope.payer}`);
    if (scope.soldTos !== 'all') {
      const list = [...scope.soldTos];
      parts.push(
        list.length === 0
          ? sql`false`
          : sql`${soldTo} IN (${sql.join(
              list.map((number) => sql`${number}`),
              sql`, `,
            )})`,
      );
    }
    return and(...parts)!;
  });
  return clauses.length === 0 ? sql`false` : or(...clauses)!;
}

/** The dispute if the reader sees it; 404 otherwise, as for an id that does not exist. */
export async function loadVisibleDispute(
  ctx: AppContext,
  actor: Actor,
  id: string,
): Promise<{ dispute: DisputeRow; reader: DisputeReader }> {
  const reader = await disputeReader(ctx, actor);
  const [dispute] = await ctx.db.select().from(invoiceDisputes).where(eq(invoiceDisputes.id, id));
  if (!dispute || !sees(reader, dispute)) throw new AppError('NOT_FOUND');
  return { dispute, reader };
}
