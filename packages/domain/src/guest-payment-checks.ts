// spec §5 "Guest form": the guest's name and e-mail, the pay amount, the reason and comment rules of the guest
// invoice card (access-and-administration §2), then the invoice payment checks for one invoice (method, CVV,
// positive total, maximum card payment). Run by the guest page and again by the server.
import { parseScaledAmount } from './decimal-amount';
import { checkInvoicePayment, type InvoicePaymentRules, type InvoicePaymentWarning } from './invoice-payment-checks';
import type { FieldErrors } from './payment-cards';
import type { CheckFailure, SelectedPaymentMethod } from './payment-method-checks';

export type GuestPayerInput = { first_name: string; last_name: string; email: string };
export type GuestPayerField = keyof GuestPayerInput;

export type GuestDocumentInput = {
  open_amount: string;
  amount_to_process: string;
  reason_code: string;
  comment: string;
};

export type GuestPaymentInput = {
  company_code: string;
  currency_decimals: number;
  guest: GuestPayerInput;
  document: GuestDocumentInput;
  /** The card typed in the provider's frame for this payment (its type; the frame took the CVV). */
  payment_method: Pick<SelectedPaymentMethod, 'payment_card_type'> | null;
};

export type GuestPaymentWarning =
  | 'validation.guest.first_name_required'
  | 'validation.guest.last_name_required'
  | 'validation.guest.email_required'
  | 'validation.guest.email_invalid'
  | 'validation.invoice_detail.pay_amount_required'
  | 'validation.invoice_detail.reason_code_required'
  | 'validation.invoice_detail.reason_comment_required'
  | InvoicePaymentWarning;

export type GuestPaymentFailure = CheckFailure<GuestPaymentWarning> & {
  field?: GuestPayerField | 'amount_to_process' | 'reason_code' | 'comment';
};

/** A plain e-mail check (one @, a dot in the domain, no spaces): the receipt must be deliverable, not RFC-perfect. */
const emailPattern = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;

export function isValidEmail(value: string): boolean {
  return value.length <= 320 && emailPattern.test(value.trim());
}

export function validateGuestPayer(input: GuestPayerInput): FieldErrors<GuestPayerField> {
  const errors: FieldErrors<GuestPayerField> = {};
  if (input.first_name.trim() === '') errors.first_name = 'validation.guest.first_name_required';
  if (input.last_name.trim() === '') errors.last_name = 'validation.guest.last_name_required';
  if (input.email.trim() === '') errors.email = 'validation.guest.email_required';
  else if (!isValidEmail(input.email)) errors.email = 'validation.guest.email_invalid';
  return errors;
}

/**
 * The guest card's reason dropdown shows when the amount to pay differs from the open amount (a short or an over
 * payment of the one invoice) and the company code offers reason codes; the spec leaves the condition open, this is
 * check 8's reading for one invoice, with over-payments included so that a credit on account has its reason.
 */
export function isGuestReasonShown(
  document: Pick<GuestDocumentInput, 'open_amount' | 'amount_to_process'>,
  decimals: number,
  reasonCodeCount: number,
): boolean {
  if (reasonCodeCount === 0) return false;
  const open = parseScaledAmount(document.open_amount, decimals);
  const amount = parseScaledAmount(document.amount_to_process, decimals);
  return open !== undefined && amount !== undefined && amount !== open;
}

const payerFieldOrder: readonly GuestPayerField[] = ['first_name', 'last_name', 'email'];

/**
 * The first failing guest check: name and e-mail (field order), the pay amount is required, the invoice payment
 * checks for one invoice (reasons left to the guest rules; check 4, the CVV, is met in the provider's frame, where
 * the guest types it with the card number moments before paying: asking again would have it typed twice), then the reason when it shows
 * ('invoice_detail.error.reason_code_required') and its comment when comments_required is X
 * ('invoice_detail.error.reason_comment_required').
 */
export function checkGuestPayment(request: GuestPaymentInput, rules: InvoicePaymentRules): GuestPaymentFailure | null {
  const payerErrors = validateGuestPayer(request.guest);
  for (const field of payerFieldOrder) {
    const key = payerErrors[field];
    if (key) return { key: key as GuestPaymentWarning, field };
  }
  if (request.document.amount_to_process.trim() === '')
    return { key: 'validation.invoice_detail.pay_amount_required', field: 'amount_to_process' };
  const invoiceFailure = checkInvoicePayment(
    {
      company_code: request.company_code,
      currency_decimals: request.currency_decimals,
      documents: [request.document],
      payment_method: request.payment_method && { ...request.payment_method, card_validation_code: '' },
    },
    { ...rules, reasonsRequired: false, cvvRequired: false },
  );
  if (invoiceFailure) {
    const { documentIndex: _index, ...failure } = invoiceFailure;
    return failure;
  }
  if (!isGuestReasonShown(request.document, request.currency_decimals, rules.reasonCodes.length)) return null;
  const reason = rules.reasonCodes.find(
    (code) => request.document.reason_code !== '' && code.reason_code === request.document.reason_code,
  );
  if (!reason) return { key: 'validation.invoice_detail.reason_code_required', field: 'reason_code' };
  if (reason.comments_required === 'X' && request.document.comment.trim() === '')
    return { key: 'validation.invoice_detail.reason_comment_required', field: 'comment' };
  return null;
}
