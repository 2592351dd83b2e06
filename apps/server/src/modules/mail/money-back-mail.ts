// Issue 37: the facts the payer's e-mails of money that comes back carry (the payload of their outbox rows): a refund
// (payment_refunded) and a bank debit the bank returned (payment_returned). The words come from the templates and i18n
// when a message is rendered (money-back-mail-values.ts), in the recipient's language.
import type { MailDocument } from './scheduling-mail';

/** payment_refunded and payment_returned (money-back-mail-values.ts builds their placeholders). */
export type MoneyBackMailPayload = {
  firstName: string;
  lastName: string;
  /** What went back, and the payment it came from (decimal strings in the payment's currency). */
  amount: string;
  payment_amount: string;
  currency_key: string;
  currency_decimals: number;
  /** ISO day the payment was posted. */
  payment_date: string;
  reference_code: string;
  /** "VISA 4242": brand and last four, never more. */
  payment_method_label: string;
  /** A refund's reason (refundReasons); empty for a return. */
  reason: string;
  /** A return's code (R01, AM04...); empty for a refund. */
  return_code: string;
  /** The documents open again, with what each got back (positive). */
  documents: MailDocument[];
  manage_url: string;
};
