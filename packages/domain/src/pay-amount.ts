// The amount to pay of one selected invoice (spec §5 "Pay amount", §3 per-selected-invoice detail, §4 selection).
import { parseScaledAmount } from './decimal-amount';
import { formatMinorUnits } from './money';

export type PayAmountMessage =
  | 'validation.pay_amount.zero'
  | 'validation.pay_amount.empty'
  | 'validation.pay_amount.not_numeric'
  | 'validation.pay_amount.negative'
  | 'validation.pay_amount.over_payment_not_allowed'
  | 'validation.pay_amount.partial_payment_not_allowed'
  | 'validation.pay_amount.maximum_exceeded';

export type PayAmountRules = {
  /** The invoice's open amount, a decimal string (negative for a credit). */
  openAmount: string;
  /** The currency's decimals (JPY 0, most 2, KWD 3). */
  decimals: number;
  overpaymentAllowed: boolean;
  partialAllowed: boolean;
  /** The configured maximum for the chosen method, a decimal string; absent or 0 means no limit. */
  maximum?: string;
};

/** spec §3: -1 under the open amount, 1 over it, 0 equal. */
export type OverUnder = -1 | 0 | 1;

/** spec §3: the per-selected-invoice detail. */
export type SelectedInvoiceDetail = {
  amount: string;
  amountValidation: PayAmountMessage | null;
  reason: string;
  comment: string;
  overUnder: OverUnder;
};

function readOpenAmount(rules: Pick<PayAmountRules, 'openAmount' | 'decimals'>): bigint {
  const open = parseScaledAmount(rules.openAmount, rules.decimals);
  if (open === undefined) throw new Error('open amount is not a decimal');
  return open;
}

/**
 * spec §5, later rules override earlier: zero, empty, non-numeric, negative, over the open amount (overpayment not
 * allowed), under it (partial not allowed), above the maximum (when > 0). Empty and non-numeric text has no value,
 * so the comparisons after them do not apply to it; a numeric value is judged by every rule and the last failing
 * one wins (so 0 or a negative amount on an invoice that cannot be paid partially reports partial payment).
 * Credits (negative open amount) are read-only: the only valid amount is the open amount itself.
 */
export function validatePayAmount(amount: string, rules: PayAmountRules): PayAmountMessage | null {
  if (amount.trim() === '') return 'validation.pay_amount.empty';
  // The letter e (exponent) is not numeric: parseScaledAmount reads plain decimals only.
  const value = parseScaledAmount(amount, rules.decimals);
  if (value === undefined) return 'validation.pay_amount.not_numeric';
  const open = readOpenAmount(rules);
  if (open < 0n) {
    if (value === open) return null;
    return value < open
      ? 'validation.pay_amount.over_payment_not_allowed'
      : 'validation.pay_amount.partial_payment_not_allowed';
  }
  let message: PayAmountMessage | null = null;
  if (value === 0n) message = 'validation.pay_amount.zero';
  if (value < 0n) message = 'validation.pay_amount.negative';
  if (value > open && !rules.overpaymentAllowed) message = 'validation.pay_amount.over_payment_not_allowed';
  if (value < open && !rules.partialAllowed) message = 'validation.pay_amount.partial_payment_not_allowed';
  const maximum = rules.maximum === undefined ? undefined : parseScaledAmount(rules.maximum, rules.decimals);
  if (maximum !== undefined && maximum > 0n && value > maximum) message = 'validation.pay_amount.maximum_exceeded';
  return message;
}

/** spec §5: read-only for credits and when neither partial nor over payment is allowed. */
export function isPayAmountReadOnly(input: {
  openAmount: string;
  decimals: number;
  overpaymentAllowed: boolean;
  partialAllowed: boolean;
}): boolean {
  return readOpenAmount(input) < 0n || (!input.overpaymentAllowed && !input.partialAllowed);
}

/** spec §3: -1 under the open amount, 1 over, 0 equal; 0 when the amount cannot be read. */
export function overUnder(amount: string, openAmount: string, decimals: number): OverUnder {
  const value = parseScaledAmount(amount, decimals);
  if (value === undefined) return 0;
  const open = readOpenAmount({ openAmount, decimals });
  return value < open ? -1 : value > open ? 1 : 0;
}

/** spec §4: selecting an invoice starts with the amount equal to its open amount (scaled to the currency). */
export function selectInvoiceDetail(openAmount: string, decimals: number): SelectedInvoiceDetail {
  return {
    amount: formatMinorUnits(readOpenAmount({ openAmount, decimals }), decimals),
    amountValidation: null,
    reason: '',
    comment: '',
    overUnder: 0,
  };
}

/**
 * spec §4: changing the amount resets the chosen reason unless the direction (under or over) is unchanged. Moving
 * to or from "equal" is a change of direction.
 */
export function changePayAmount(
  detail: SelectedInvoiceDetail,
  amount: string,
  rules: PayAmountRules,
): SelectedInvoiceDetail {
  const direction = overUnder(amount, rules.openAmount, rules.decimals);
  return {
    ...detail,
    amount,
    amountValidation: validatePayAmount(amount, rules),
    overUnder: direction,
    reason: direction === detail.overUnder ? detail.reason : '',
  };
}

/**
 * spec §5: the overpaying amount is the payment total minus the invoice total, in minor units of the currency
 * (positive when overpaying). Unreadable amounts count as 0.
 */
export function overpayingAmount(
  documents: readonly { amount: string; openAmount: string }[],
  decimals: number,
): bigint {
  return documents.reduce(
    (total, document) =>
      total +
      (parseScaledAmount(document.amount, decimals) ?? 0n) -
      (parseScaledAmount(document.openAmount, decimals) ?? 0n),
    0n,
  );
}
