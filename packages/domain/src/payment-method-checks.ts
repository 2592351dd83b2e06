// The checks an invoice payment and a deposit share (spec §5 checks 2, 4 and 7; Deposit checks "method selected,
// CVV as above, maximum limits").
import { parseScaledAmount } from './decimal-amount';
import { formatMinorUnits } from './money';
import { isValidCvv, type PaymentCardType } from './payment-cards';

/** The method chosen in "Pay with": a saved or session card or check, and the CVV typed for a card. */
export type SelectedPaymentMethod = {
  /** VISA, MC, AMEX, or EC for an e-check. */
  payment_card_type: PaymentCardType;
  card_validation_code?: string;
};

/** Maximum card and e-check payment (spec §7), decimal strings; '0' means no limit. */
export type PaymentLimits = { maximumCardPayment: string; maximumEcheckPayment: string };

/** A refused check: the message key of packages/i18n (validation.json) and its interpolation values. */
export type CheckFailure<K extends string = string> = {
  key: K;
  values?: Record<string, string>;
  /** The document the failure is about, when it is about one (index in the request's documents). */
  documentIndex?: number;
};

export type PaymentMethodWarning =
  | 'validation.payment.card_not_selected'
  | 'validation.payment.cvv_empty'
  | 'validation.payment.cvv_invalid'
  | 'validation.payment.maximum_card_payment_exceeded_message'
  | 'validation.payment.maximum_echeck_payment_exceeded_message';

/** spec §5 check 2. */
export function checkMethodSelected(
  method: SelectedPaymentMethod | null | undefined,
): CheckFailure<'validation.payment.card_not_selected'> | null {
  return method ? null : { key: 'validation.payment.card_not_selected' };
}

/**
 * spec §5 check 4: for a card (not an e-check) when the CVV is required: present, then the length of the card's
 * brand (payment-cards.ts: 3 digits, 4 for American Express).
 */
export function checkCvv(
  method: SelectedPaymentMethod,
  cvvRequired: boolean,
): CheckFailure<'validation.payment.cvv_empty' | 'validation.payment.cvv_invalid'> | null {
  if (!cvvRequired || method.payment_card_type === 'EC') return null;
  const cvv = method.card_validation_code ?? '';
  if (cvv === '') return { key: 'validation.payment.cvv_empty' };
  return isValidCvv(cvv, method.payment_card_type) ? null : { key: 'validation.payment.cvv_invalid' };
}

/** The maximum that applies to the method in minor units; null when there is none (0 or unreadable). */
export function applicableMaximum(
  method: SelectedPaymentMethod,
  limits: PaymentLimits,
  decimals: number,
): bigint | null {
  const configured = method.payment_card_type === 'EC' ? limits.maximumEcheckPayment : limits.maximumCardPayment;
  const maximum = parseScaledAmount(configured, decimals);
  return maximum !== undefined && maximum > 0n ? maximum : null;
}

/** spec §5 check 7: the total must not exceed the method's maximum when that maximum is above 0. */
export function checkMaximum(
  totalMinor: bigint,
  method: SelectedPaymentMethod,
  limits: PaymentLimits,
  decimals: number,
): CheckFailure<
  | 'validation.payment.maximum_card_payment_exceeded_message'
  | 'validation.payment.maximum_echeck_payment_exceeded_message'
> | null {
  const maximum = applicableMaximum(method, limits, decimals);
  if (maximum === null || totalMinor <= maximum) return null;
  return {
    key:
      method.payment_card_type === 'EC'
        ? 'validation.payment.maximum_echeck_payment_exceeded_message'
        : 'validation.payment.maximum_card_payment_exceeded_message',
    // The web formats the amount with its money helper; the value is the plain decimal in the currency's scale.
    values: { amount: formatMinorUnits(maximum, decimals) },
  };
}
