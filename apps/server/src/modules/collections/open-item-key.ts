// Issue 38: an open item's key, as payments, AutoPay, reminders and promises key a document (company code, finance
// number, fiscal year, line item).
import { paymentDocumentKey, type OpenItem } from '@portal/contracts';

export function openItemKey(item: OpenItem): string {
  return paymentDocumentKey({
    company_code: item.company_code,
    document_number_finance: item.document_number_finance,
    fiscal_year_of_the_relevant_invoice: item.fiscal_year,
    line_item_in_the_relevant_invoice: item.line_item,
  });
}
