// A guest lookup answer shaped like the demo ledger's, for the guest flow's unit tests.
import type { GuestInvoice, LedgerDocument } from '@portal/contracts';
import { ledgerDocument } from '../../../lib/test-fixtures';

const address = {
  name: 'Acme',
  name_2: '',
  street: '1 Main St',
  city: 'Springfield',
  region: 'IL',
  country: 'US',
};
const documentAddress = { ...address, postal_code: '62701' };
const partnerAddress = { ...address, postal_code_city: '62701 Springfield' };

export function guestInvoice(
  document: Partial<LedgerDocument> = {},
  overrides: Partial<Omit<GuestInvoice, 'document'>> = {},
): GuestInvoice {
  const row = ledgerDocument({
    payer_number: '0000100001',
    soldto_number: '0000200001',
    customer_number: '0000100001',
    reference_number: '0090000123',
    custom_fields: { customer_purchase_order_nubmer: '' },
    zzcustom: { soldtoad: documentAddress, payerad: documentAddress },
    company_code: '1000',
    ...document,
  });
  return {
    detail: {
      header_data: {
        billing_document_number: row.billing_document_number,
        billing_document_type: row.billing_document_type,
        document_date: row.document_date,
        due_date: row.due_date,
        total_amount: row.total_amount,
        open_amount: row.open_amount,
        paid_amount: row.paid_amount,
        currency_key: row.currency_key,
        document_status: '01',
        payer_number: row.payer_number,
        soldto_number: row.soldto_number,
        company_code: row.company_code,
        document_number_finance: row.document_number_finance,
        fiscal_year_of_the_relevant_invoice: row.fiscal_year_of_the_relevant_invoice,
        line_item_in_the_relevant_invoice: row.line_item_in_the_relevant_invoice,
        pdf_document_available: 'X',
      },
      partner_data: [{ partner_function: 'WE', partner_number: row.soldto_number, address_data: partnerAddress }],
    },
    document: row,
    currency_decimals: 2,
    reason_codes: [
      {
        reason_code: 'PP',
        description: 'Partial payment',
        comments_required: '',
        company_code: '1000',
        payment_type: 'O',
      },
      { reason_code: 'DI', description: 'Dispute', comments_required: 'X', company_code: '1000', payment_type: 'O' },
    ],
    overpayment_allowed: true,
    partial_payment_allowed: true,
    maximum_card_payment: '0',
    secure_3ds: true,
    secure_3ds_version: '2.1.0',
    payable_currency: row.currency_key === 'USD',
    ...overrides,
  };
}
