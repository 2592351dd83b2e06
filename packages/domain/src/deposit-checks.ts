// spec §5 "Deposit checks": form valid, method selected, CVV as above, maximum limits; deposits need the company
// code's enable_deposits X and an active payment type D. Run by the deposit page and again by the server.
import { parseScaledAmount } from './decimal-amount';
import type { FieldErrors } from './payment-cards';
import {
  checkCvv,
  checkMaximum,
  checkMethodSelected,
  type CheckFailure,
  type PaymentLimits,
  type PaymentMethodWarning,
  type SelectedPaymentMethod,
} from './payment-method-checks';
import {
  areDepositsAllowed,
  arePaymentsAllowed,
  isCvvRequired,
  reasonCodesFor,
  type PaymentSettings,
  type ReasonCodeSetting,
} from './payment-settings';

/** The deposit form's checked fields (spec §3 deposit_detail). */
export type DepositFormInput = { amount_to_process: string; reason_code: string; comment: string };

export type DepositInput = {
  company_code: string;
  currency_decimals: number;
  deposit_detail: DepositFormInput;
  payment_method: SelectedPaymentMethod | null;
};

export type DepositRules = {
  paymentsAllowed: boolean;
  depositsAllowed: boolean;
  cvvRequired: boolean;
  limits: PaymentLimits;
  /** The reason codes offered: the account's company code, payment type D. */
  reasonCodes: readonly ReasonCodeSetting[];
};

export type DepositAmountMessage = 'validation.deposit.amount_required' | 'validation.deposit.amount_minimum';

export type DepositFormField = keyof DepositFormInput;

export type DepositWarning =
  | 'validation.payment.payments_disabled'
  | 'validation.deposit.deposits_disabled'
  | DepositAmountMessage
  | 'validation.deposit.reason_required'
  | 'validation.invoice_detail.reason_comment_required'
  | PaymentMethodWarning;

export type DepositFailure = CheckFailure<DepositWarning> & { field?: DepositFormField };

export function depositRules(settings: PaymentSettings, limits: PaymentLimits, companyCode: string): DepositRules {
  return {
    paymentsAllowed: arePaymentsAllowed(settings, companyCode),
    depositsAllowed: areDepositsAllowed(settings, companyCode),
    cvvRequired: isCvvRequired(settings),
    limits,
    reasonCodes: reasonCodesFor(settings, companyCode, 'D'),
  };
}

/**
 * spec §5: required and numeric ('Numeric value required.', the letter e is not a number), then positive with a
 * minimum of 1 in the currency's major unit ('Amount must be 1 or greater than 1.', which also covers 0 and negatives).
 */
export function validateDepositAmount(amount: string, decimals: number): DepositAmountMessage | null {
  const value = parseScaledAmount(amount, decimals);
  if (value === undefined) return 'validation.deposit.amount_required';
  return value < 10n ** BigInt(decimals) ? 'validation.deposit.amount_minimum' : null;
}

/**
 * The form: the amount, then a reason when the company code offers reason codes for deposits (a code it does not
 * offer counts as none), then a comment when that reason has comments_required X.
 */
export function validateDepositForm(
  form: DepositFormInput,
  reasonCodes: readonly ReasonCodeSetting[],
  decimals: number,
): FieldErrors<DepositFormField> {
  const errors: FieldErrors<DepositFormField> = {};
  const amount = validateDepositAmount(form.amount_to_process, decimals);
  if (amount) errors.amount_to_process = amount;
  const reason = reasonCodes.find((code) => form.reason_code !== '' && code.reason_code === form.reason_code);
  if (reasonCodes.length > 0 && !reason) errors.reason_code = 'validation.deposit.reason_required';
  if (reason?.comments_required === 'X' && form.comment.trim() === '')
    errors.comment = 'validation.invoice_detail.reason_comment_required';
  return errors;
}

const formFieldOrder: readonly DepositFormField[] = ['amount_to_process', 'reason_code', 'comment'];

/**
 * The first failing deposit check: the gates (payments_disabled, then deposits_disabled), the form (in field
 * order), the method, the CVV, the maximum card or e-check payment for the deposit amount.
 */
export function checkDeposit(request: DepositInput, rules: DepositRules): DepositFailure | null {
  if (!rules.paymentsAllowed) return { key: 'validation.payment.payments_disabled' };
  if (!rules.depositsAllowed) return { key: 'validation.deposit.deposits_disabled' };
  const decimals = request.currency_decimals;
  const errors = validateDepositForm(request.deposit_detail, rules.reasonCodes, decimals);
  for (const field of formFieldOrder) {
    const key = errors[field];
    if (key) return { key: key as DepositWarning, field };
  }
  const method = request.payment_method;
  if (!method) return checkMethodSelected(method);
  const cvv = checkCvv(method, rules.cvvRequired);
  if (cvv) return cvv;
  const amount = parseScaledAmount(request.deposit_detail.amount_to_process, decimals) ?? 0n;
  return checkMaximum(amount, method, rules.limits, decimals);
}
