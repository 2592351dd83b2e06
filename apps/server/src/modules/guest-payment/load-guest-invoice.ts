// Reading the one invoice of a guest through the ERP connector: by account number and invoice number (the lookup),
// and what the guest invoice card shows with it (spec §4 Guest flow, access-and-administration §2 guest invoice
// detail card: amounts, dates, sold-to, reference, reason codes of payment type O, the pay amount rules).
import {
  guestPaymentCurrency,
  paymentDocumentKey,
  type GuestInvoice,
  type InvoiceDetail,
  type LedgerDocument,
} from '@portal/contracts';
import { currencyDecimalsOf, reasonCodesFor } from '@portal/domain';
import type { AppContext } from '../../app-context';
import { threeDsApplies } from '../payments/check-three-ds';
import { portalInvoicePaymentRules } from '../payments/portal-payment-rules';
import { readApplicationSettings } from '../system/application-settings';
import type { GuestDocument } from './guest-tokens';

export type FoundGuestInvoice = { detail: InvoiceDetail; document: LedgerDocument };

/**
 * The invoice with this number of this account (its payer, payer-all group or sold-to), or null. Payments are no
 * invoices; the ERP answers E for a document of another account exactly as for an unknown one.
 */
export async function findGuestInvoice(
  ctx: AppContext,
  accountNumber: string,
  invoiceNumber: string,
): Promise<FoundGuestInvoice | null> {
  const answer = await ctx.erp.getInvoiceDetail({
    document_detail: { billing_document_number: invoiceNumber, document_type: '01', customer_number: accountNumber },
  });
  if (answer.status.message_type !== 'S' || !answer.detail) return null;
  const document = await readGuestDocument(ctx, toGuestDocument(answer.detail));
  return document ? { detail: answer.detail, document } : null;
}

/** The document as the ledger holds it now (the guest invoice search's one row), or null when it is gone. */
export async function readGuestDocument(ctx: AppContext, document: GuestDocument): Promise<LedgerDocument | null> {
  const [row] = await ctx.erp.getPayableDocuments({
    payer_data: { customer_number: document.payer_number, company_code: document.company_code },
    document_keys: [guestDocumentKey(document)],
  });
  return row ?? null;
}

export function guestDocumentKey(document: GuestDocument): string {
  return paymentDocumentKey(document);
}

export function toGuestDocument(detail: InvoiceDetail): GuestDocument {
  const header = detail.header_data;
  return {
    company_code: header.company_code,
    document_number_finance: header.document_number_finance,
    fiscal_year_of_the_relevant_invoice: header.fiscal_year_of_the_relevant_invoice,
    line_item_in_the_relevant_invoice: header.line_item_in_the_relevant_invoice,
    billing_document_number: header.billing_document_number,
    payer_number: header.payer_number,
    soldto_number: header.soldto_number,
  };
}

/** The guest card's data: the invoice and the rules its pay controls follow. */
export async function guestInvoiceCard(ctx: AppContext, found: FoundGuestInvoice): Promise<GuestInvoice> {
  const [configuration, settings] = await Promise.all([
    ctx.erp.getBackendConfiguration(),
    readApplicationSettings(ctx.db),
  ]);
  const companyCode = found.detail.header_data.company_code;
  const currencyKey = found.document.currency_key;
  const rules = portalInvoicePaymentRules(configuration, settings, companyCode);
  const provider = configuration.payment_provider[0];
  return {
    detail: { header_data: found.detail.header_data, partner_data: found.detail.partner_data },
    document: found.document,
    currency_decimals: currencyDecimalsOf(currencyKey, configuration.sapcust.currency_decimals),
    reason_codes: reasonCodesFor(configuration, companyCode, 'O'),
    overpayment_allowed: rules.overpaymentAllowed,
    partial_payment_allowed: rules.partialAllowed,
    maximum_card_payment: settings.maxPaymentAllowed,
    secure_3ds: threeDsApplies(configuration, companyCode, 'VISA'),
    secure_3ds_version: provider?.secure_3ds_version ?? '',
    payable_currency: currencyKey === guestPaymentCurrency,
  };
}
