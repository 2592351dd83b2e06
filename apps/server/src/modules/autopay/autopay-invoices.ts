// Issue 29: the open invoices of an enrolled account with due dates in a range, as the ERP lists them (the account
// authorised as the user's, the user's excluded sold-tos left out), oldest due first, every page.
import { invoiceListBounds, type LedgerDocument, type PayerData } from '@portal/contracts';
import { toErpDate } from '@portal/domain';
import type { AppContext } from '../../app-context';
import type { Actor } from '../../plugins/auth';
import { resolveInvoiceScope } from '../invoices/invoice-scope';

/** At most this many invoices are read per call (an AutoPay round, an enrolment's past-due list). */
export const autopayInvoiceLimit = 2000;

export async function openInvoicesDue(
  ctx: AppContext,
  actor: Actor,
  payerData: PayerData,
  due: { from: string | null; to: string },
): Promise<{ invoices: LedgerDocument[]; companyCode: string; currencyKey: string }> {
  const scope = await resolveInvoiceScope(ctx, actor, payerData, [], true);
  const invoices: LedgerDocument[] = [];
  let cursor: string | undefined;
  do {
    const page = await ctx.erp.searchInvoices({
      payer_data: scope.payerData,
      soldto_data: scope.soldTos,
      search_parameters: {
        document_type: '01',
        status: '01',
        date_from: invoiceListBounds.date_from,
        date_to: invoiceListBounds.date_to,
        due_date_from: (due.from && toErpDate(due.from)) || invoiceListBounds.date_from,
        due_date_to: toErpDate(due.to) ?? invoiceListBounds.date_to,
        // Invoices only: a credit is never paid by AutoPay.
        filter: [{ filter_type: '92', value: 'X' }],
        sort: 'due_date_asc',
        page_size: 200,
        ...(cursor ? { cursor } : {}),
      },
    });
    invoices.push(...page.document_list.filter((document) => Number(document.open_amount) > 0));
    cursor = page.next_cursor ?? undefined;
  } while (cursor && invoices.length < autopayInvoiceLimit);
  return { invoices, companyCode: scope.item.CompanyCode, currencyKey: scope.item.CurrencyKey };
}
