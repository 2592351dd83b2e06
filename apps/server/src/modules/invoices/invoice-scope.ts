// Object-level authorisation of every invoice call: the account (payer_data) must be one of the user's header
// accounts and every sold-to asked for one of its secondary accounts. Anything else answers 404 NOT_FOUND, exactly
// like an account that does not exist, so that account and document numbers cannot be probed.
import type { HeaderItem, InvoiceTotalsRequest, PayerData } from '@portal/contracts';
import type { AppContext } from '../../app-context';
import { AppError } from '../../errors';
import { type AccountHolder, isTrimmed, loadHeaderItems, normalizeNumber } from '../customers/account-access';

export type InvoiceScope = {
  /** The user whose accounts these are (the impersonated user when impersonating). */
  userId: number;
  item: HeaderItem;
  /** The account as the ERP knows it (number and company code from the ERP, not from the request). */
  payerData: PayerData;
  /** The sold-tos to read; [] means every sold-to of the account (all of them were asked for). */
  soldTos: string[];
  /** How many sold-tos the request selected (0 when none). */
  selectedCount: number;
};

export { normalizeNumber } from '../customers/account-access';

export function notFound(): AppError {
  return new AppError('NOT_FOUND');
}

/**
 * @param emptyMeansAll true: no sold-to selected means every sold-to of the account (totals, one PDF); false: the
 *   caller validates that a payer selected at least one (search, exports: spec §5 select_customer).
 */
export async function resolveInvoiceScope(
  ctx: AppContext,
  holder: AccountHolder,
  payerData: PayerData,
  requestedSoldTos: string[],
  emptyMeansAll: boolean,
): Promise<InvoiceScope> {
  const items = await loadHeaderItems(ctx, holder);
  const number = normalizeNumber(payerData.customer_number);
  const item = items.find(
    (candidate) =>
      normalizeNumber(candidate.PrimaryAcct) === number &&
      (!payerData.company_code || candidate.CompanyCode === payerData.company_code),
  );
  if (!item) throw notFound();
  const allowed = new Map(item.DropDownItems.map((sub) => [normalizeNumber(sub.PrimaryAcct), sub.PrimaryAcct]));
  const requested = [...new Set(requestedSoldTos.map(normalizeNumber).filter(Boolean))];
  if (requested.some((soldTo) => !allowed.has(soldTo))) throw notFound();

  // An account some of whose sold-tos are excluded is never asked for as "all": the ERP would read them too.
  const all = !isTrimmed(item) && (requested.length === allowed.size || (requested.length === 0 && emptyMeansAll));
  let soldTos: string[];
  if (item.AccountType === 'SoldTo') soldTos = [item.PrimaryAcct];
  // The ERP reads a payer's (or payer-all group's) every sold-to fastest without a sold-to list.
  else if (all) soldTos = [];
  else if (requested.length === 0 && emptyMeansAll) soldTos = [...allowed.values()];
  else soldTos = requested.map((soldTo) => allowed.get(soldTo)!);
  return {
    userId: holder.userId,
    item,
    payerData: { customer_number: item.PrimaryAcct, company_code: item.CompanyCode },
    soldTos,
    selectedCount: requested.length,
  };
}

/** Header items whose account is this number, or has it as a sold-to (detail: customer_number may be either). */
export async function accountsOfCustomer(
  ctx: AppContext,
  holder: AccountHolder,
  customerNumber: string,
): Promise<HeaderItem[]> {
  const number = normalizeNumber(customerNumber);
  return (await loadHeaderItems(ctx, holder)).filter(
    (item) =>
      normalizeNumber(item.PrimaryAcct) === number ||
      item.DropDownItems.some((sub) => normalizeNumber(sub.PrimaryAcct) === number),
  );
}

/** Whether a payment may name this sold-to ('' is the account itself): the account or one of its sold-tos. */
export function isOwnSoldto(item: HeaderItem, accountNumber: string): boolean {
  const soldto = normalizeNumber(accountNumber);
  return (
    soldto === '' ||
    normalizeNumber(item.PrimaryAcct) === soldto ||
    item.DropDownItems.some((sub) => normalizeNumber(sub.PrimaryAcct) === soldto)
  );
}

/** Whether a document of the ERP answer belongs to the account: its sold-to is one of the account's. */
export function belongsTo(item: HeaderItem, document: { soldto_number: string; company_code: string }): boolean {
  if (document.company_code && document.company_code !== item.CompanyCode) return false;
  const soldTo = normalizeNumber(document.soldto_number);
  return item.DropDownItems.some((sub) => normalizeNumber(sub.PrimaryAcct) === soldTo);
}

/**
 * The ERP request of a call over the account's maintained balances (totals cards, aging): the account as the ERP knows
 * it and the sold-tos left after exclusions; no sold-to selected means all of them.
 */
export async function balancesRequest(
  ctx: AppContext,
  holder: AccountHolder,
  request: { payer_data: PayerData; soldto_data: string[]; currency_key?: string },
): Promise<InvoiceTotalsRequest> {
  const scope = await resolveInvoiceScope(ctx, holder, request.payer_data, request.soldto_data, true);
  return { payer_data: scope.payerData, soldto_data: scope.soldTos, currency_key: request.currency_key };
}
