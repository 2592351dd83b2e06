// Ledger rows → the ERP wire shapes (spec field names, decimal strings, MM-DD-YYYY, X flags), shared by the
// ledger's calls.
import type { DocumentAddress, LedgerDocument } from '@portal/contracts';
import { daysBetween, formatMinorUnits, toErpDate, toFlag } from './ledger-format';
import type { customers, documents } from './ledger.schema';

export type CustomerRow = typeof customers.$inferSelect;
export type DocumentRow = typeof documents.$inferSelect;

export const success = { message_type: 'S', message_line_string: '' } as const;

export function errorStatus(message: string) {
  return { message_type: 'E', message_line_string: message } as const;
}

export function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (character) => `\\${character}`);
}

/** Address blocks by customer row: the rows are kept by the customers' cache, and a page names a few of them. */
const addressBlocks = new WeakMap<CustomerRow, DocumentAddress>();

/** The customer's address on the wire; one object per customer row, shared by its documents (read-only). */
export function addressBlock(customer: CustomerRow): DocumentAddress {
  let block = addressBlocks.get(customer);
  if (!block) {
    block = Object.freeze({
      name: customer.name,
      name_2: customer.name2,
      street: customer.street,
      city: customer.city,
      region: customer.region,
      postal_code: customer.postalCode,
      country: customer.country,
    });
    addressBlocks.set(customer, block);
  }
  return block;
}

export function toWireDocument(
  document: DocumentRow,
  soldto: CustomerRow,
  payer: CustomerRow,
  reasonDescription: string | null,
  decimals: Map<string, number>,
  today: string,
): LedgerDocument {
  const scale = decimals.get(document.currencyKey) ?? 2;
  const open = document.documentStatus === '01' && !document.itemIsAPayment;
  return {
    billing_document_number: document.billingDocumentNumber,
    billing_document_type: document.billingDocumentType,
    document_number_finance: document.documentNumberFinance,
    posting_date: toErpDate(document.postingDate),
    document_date: toErpDate(document.documentDate),
    due_date: toErpDate(document.dueDate),
    clearing_date: document.clearingDate ? toErpDate(document.clearingDate) : null,
    clearing_document_number_finance: document.clearingDocumentNumberFinance,
    currency_key: document.currencyKey,
    open_amount: formatMinorUnits(document.openAmount, scale),
    paid_amount: formatMinorUnits(document.paidAmount, scale),
    total_amount: formatMinorUnits(document.totalAmount, scale),
    billed_quantity: document.billedQuantity,
    days_in_arrears: open ? Math.max(0, daysBetween(document.dueDate, today)) : 0,
    finance_document_type: document.financeDocumentType,
    finance_document_only: toFlag(document.financeDocumentOnly),
    fiscal_year_of_the_relevant_invoice: document.fiscalYear,
    line_item_in_the_relevant_invoice: document.lineItem,
    item_is_a_payment: toFlag(document.itemIsAPayment),
    pdf_document_available: toFlag(document.pdfDocumentAvailable),
    payer_number: document.payerNumber,
    soldto_number: document.soldtoNumber,
    customer_number: document.customerNumber,
    reference_number: document.referenceNumber,
    Department: document.department,
    read_only_flag: toFlag(document.readOnly),
    reason: document.reasonCode
      ? {
          reason_code: document.reasonCode,
          description: reasonDescription ?? '',
          reason_message: document.reasonMessage,
        }
      : null,
    document_status: document.documentStatus === '02' ? '02' : '01',
    custom_fields: { customer_purchase_order_nubmer: '', ...document.customFields },
    zzcustom: { soldtoad: addressBlock(soldto), payerad: addressBlock(payer) },
    company_code: document.companyCode,
  };
}
