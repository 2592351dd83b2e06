// Documents, methods and a web storage shaped like the real ones, for the web's unit tests (invoices, deposits and
// guest payment alike).
import type { LedgerDocument, PaymentCard } from '@portal/contracts';

const address = {
  name: 'Acme',
  name_2: '',
  street: '1 Main St',
  city: 'Springfield',
  region: 'IL',
  postal_code: '62701',
  country: 'US',
};

export function ledgerDocument(overrides: Partial<LedgerDocument> = {}): LedgerDocument {
  return {
    billing_document_number: '0090000123',
    billing_document_type: 'F2',
    document_number_finance: '1800000123',
    posting_date: '01-15-2026',
    document_date: '01-15-2026',
    due_date: '02-14-2026',
    clearing_date: null,
    clearing_document_number_finance: '',
    currency_key: 'USD',
    open_amount: '150.00',
    paid_amount: '0.00',
    total_amount: '150.00',
    billed_quantity: '1',
    days_in_arrears: 0,
    finance_document_type: 'RV',
    finance_document_only: '',
    fiscal_year_of_the_relevant_invoice: '2026',
    line_item_in_the_relevant_invoice: '001',
    item_is_a_payment: '',
    pdf_document_available: 'X',
    payer_number: '100001',
    soldto_number: '100001',
    customer_number: '100001',
    reference_number: 'PO-77',
    Department: '',
    read_only_flag: '',
    reason: null,
    document_status: '01',
    custom_fields: { customer_purchase_order_nubmer: 'PO-77' },
    zzcustom: { soldtoad: address, payerad: address },
    company_code: 'US01',
    ...overrides,
  };
}

export function paymentCard(overrides: Partial<PaymentCard> = {}): PaymentCard {
  return {
    payment_card_name: 'Company Visa',
    payment_card_token: '-VISA-1111-ABCDEF0123456789',
    payment_card_type: 'VISA',
    valid_from: '',
    valid_to: '12-31-2028',
    default: 'X',
    is_session: '',
    electronic_check_account_type: '',
    electronic_check_rdfi_number: '',
    payer_account: '100001',
    preauthorization_amount: '10',
    ...overrides,
  };
}

/** The web tests run in Node: a Map stands in for the browser's session or local storage. */
export function memoryStorage(): Storage {
  const values = new Map<string, string>();
  return {
    get length() {
      return values.size;
    },
    clear: () => values.clear(),
    getItem: (key) => values.get(key) ?? null,
    key: (index) => [...values.keys()][index] ?? null,
    removeItem: (key) => void values.delete(key),
    setItem: (key, value) => void values.set(key, String(value)),
  };
}
