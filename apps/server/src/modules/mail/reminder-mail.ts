// Issue 38: the facts of a payment reminder e-mail (the payload of its outbox row): the account, the step, the
// invoices it lists as they were when it was sent, the pay link, and whether the account's statement goes with it.
// The words come from the step's template and i18n when the message is rendered (reminder-mail-values.ts).
import type { PayerData } from '@portal/contracts';

export type ReminderMailDocument = {
  billing_document_number: string;
  document_number_finance: string;
  /** yyyy-mm-dd. */
  due_date: string;
  open_amount: string;
  currency_key: string;
  currency_decimals: number;
  /** For a reader who cannot sign in yet (an invitation not taken up): this invoice's guest payment link. */
  pay_url?: string;
};

export type ReminderMailPayload = {
  firstName: string;
  lastName: string;
  user_id: number;
  /** "1000 Acme Corp". */
  account: string;
  payer_data: PayerData;
  days_from_due: number;
  /** The day it was sent (days past due are counted to it). */
  as_of: string;
  documents: ReminderMailDocument[];
  /** The pay page with the invoices chosen; for a reader who cannot sign in yet, the first invoice's guest link. */
  pay_url: string;
  /** The account's statement of the last 90 days goes with it as a PDF (drawn when sent, as the user). */
  attach_statement: boolean;
};

/** The pay page with the reminder's invoices chosen (the reader signs in first). */
export function reminderPayPath(payerData: PayerData, documents: readonly ReminderMailDocument[]): string {
  const query = new URLSearchParams({
    account: payerData.customer_number.replace(/^0+(?=\d)/, ''),
    company_code: payerData.company_code,
    invoices: documents
      .map((document) =>
        (document.billing_document_number || document.document_number_finance).replace(/^0+(?=\d)/, ''),
      )
      .join(','),
  });
  return `/invoices/pay?${query.toString()}`;
}

/** The guest payment page with the account and one invoice filled in: the guest still proves the amount (spec §3). */
export function reminderGuestPayPath(payerNumber: string, document: ReminderMailDocument): string {
  const query = new URLSearchParams({
    account: payerNumber.replace(/^0+(?=\d)/, ''),
    invoice: (document.billing_document_number || document.document_number_finance).replace(/^0+(?=\d)/, ''),
  });
  return `/guest-payment/guestpayment?${query.toString()}`;
}
