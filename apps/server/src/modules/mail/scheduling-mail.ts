// Issue 29: the facts the scheduled payments' and AutoPay's e-mails carry (the payload of their outbox rows). The
// words come from the templates and i18n when a message is rendered (mail-values.ts), in the recipient's language.
import type { AutopayLeftInvoice, AutopayStopReason, NotPaidReason, PaymentCause } from '@portal/contracts';

/** One document of a payment: its numbers and the amount paid on it (decimal string in the payment's currency). */
export type MailDocument = { billing_document_number: string; document_number_finance: string; amount: string };

/** scheduled_payment (confirmation) and scheduled_payment_not_paid (reason set). */
export type ScheduledPaymentMailPayload = {
  firstName: string;
  lastName: string;
  cause: PaymentCause;
  /** ISO day the payment is (was) to be made. */
  scheduled_date: string;
  total_amount: string;
  currency_key: string;
  currency_decimals: number;
  payment_method_label: string;
  documents: MailDocument[];
  /** not paid: why (scheduled-payments.reasons.<reason>) and the check's or gateway's words, if any. */
  reason?: NotPaidReason;
  reason_detail?: string;
  /** The portal's scheduled payments page (no token: the reader signs in). */
  manage_url: string;
};

/** An invoice AutoPay leaves for a person, with its currency's decimals for the amount. */
export type MailLeftInvoice = Omit<AutopayLeftInvoice, 'due_date'> & {
  /** ISO day. */
  due_date: string;
  currency_decimals: number;
};

/** A payment AutoPay will make (reminder). */
export type MailPlannedPayment = {
  scheduled_date: string;
  total_amount: string;
  currency_key: string;
  currency_decimals: number;
  documents: MailDocument[];
};

/** The page AutoPay's e-mails link to (their manage_url): AutoPay is managed on the scheduled payments page. */
export const autopayPath = '/scheduled-payments';

/** autopay_enrolled, autopay_reminder and autopay_stopped. */
export type AutopayMailPayload = {
  firstName: string;
  lastName: string;
  /** The account: its number (without leading zeros) and name. */
  account: string;
  payment_method_label: string;
  days_before_due: number;
  /** The maximum per payment (decimal string) and its currency; null: none. */
  max_amount: string | null;
  max_currency_key: string | null;
  max_currency_decimals: number | null;
  /** enrolled: past due at enrolment; reminder: over the maximum, disputed or in another currency. */
  left: MailLeftInvoice[];
  /** reminder: the payments AutoPay will make. */
  payments?: MailPlannedPayment[];
  /** stopped: why. */
  stopped_reason?: AutopayStopReason;
  manage_url: string;
};

/** monthly_statement: the PDF is attached when the message is sent (statements/monthly-statement-attachment.ts). */
export type MonthlyStatementMailPayload = {
  firstName: string;
  lastName: string;
  user_id: number;
  account: string;
  payer_data: { customer_number: string; company_code: string };
  /** ISO days of the month. */
  date_from: string;
  date_to: string;
};
