// The guest lookup form (spec invoices-and-payments §5 Guest form, §8 guest lookup errors; access-and-administration
// §2 Guest payment and account linking form, §5 Guest form): its field checks and what a refused lookup shows.
import type { ErrorResponse } from '@portal/contracts';

export type LookupValues = { accountNumber: string; invoiceNumber: string; invoiceAmount: string };
export type LookupField = keyof LookupValues;
export type LookupErrors = Partial<Record<LookupField, string>>;

export const emptyLookup: LookupValues = { accountNumber: '', invoiceNumber: '', invoiceAmount: '' };

/**
 * The form as a payment reminder's link opens it (issue 38: `?account=&invoice=` for a reader who cannot sign in yet):
 * the account and invoice numbers filled in when they look like numbers, never the amount (the guest's proof).
 */
export function lookupFromLink(params: URLSearchParams): LookupValues {
  const account = params.get('account')?.trim() ?? '';
  const invoice = params.get('invoice')?.trim() ?? '';
  return {
    ...emptyLookup,
    accountNumber: accountNumberPattern.test(account) ? account : '',
    invoiceNumber: /^[A-Za-z0-9-]{1,40}$/.test(invoice) ? invoice : '',
  };
}

/** The invoice's total as printed: an optional minus, digits, optionally up to three decimals (the contract's rule). */
const invoiceAmountPattern = /^-?\d{1,15}(\.\d{1,3})?$/;
/** Account numbers are numeric (payer and sold-to numbers, leading zeros optional). */
const accountNumberPattern = /^\d{1,20}$/;

export function validateLookup(values: LookupValues): LookupErrors {
  const errors: LookupErrors = {};
  const account = values.accountNumber.trim();
  // spec: 'Account number is required.', and its type-error variant for anything that is not a number.
  if (account === '') errors.accountNumber = 'validation.account_lookup.account_number_required';
  else if (!accountNumberPattern.test(account))
    errors.accountNumber = 'validation.account_lookup.account_number_numeric';
  if (values.invoiceNumber.trim() === '') errors.invoiceNumber = 'validation.account_lookup.invoice_number_required';
  if (!invoiceAmountPattern.test(values.invoiceAmount.trim()))
    errors.invoiceAmount = 'validation.account_lookup.invoice_amount_required';
  return errors;
}

/**
 * What a refused lookup leads to. spec §8: 404 'account.error_no_account_found', a duplicate 'account.error.already_added',
 * anything else 'account.error.too_many_attempts'. Two answers are no error screen: the four-account cap replaces the
 * form (spec §4), and guest payment switched off shows the page's "not available" text.
 */
export type LookupRefusal = { kind: 'error'; messageKey: string } | { kind: 'max_accounts' } | { kind: 'disabled' };

export function lookupRefusal(status: number | null, body: ErrorResponse | undefined): LookupRefusal {
  if (status === 404) return { kind: 'error', messageKey: 'errors.account.no_account_found' };
  if (body?.error === 'GUEST_ALREADY_ADDED' || body?.reason === 'duplicate')
    return { kind: 'error', messageKey: 'errors.account.already_added' };
  if (body?.error === 'GUEST_MAX_ACCOUNTS') return { kind: 'max_accounts' };
  if (body?.error === 'GUEST_PAYMENT_DISABLED') return { kind: 'disabled' };
  return { kind: 'error', messageKey: 'errors.account.too_many_attempts' };
}
