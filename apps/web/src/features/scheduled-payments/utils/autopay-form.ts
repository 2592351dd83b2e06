// The AutoPay form as data (issue 29, contracts/autopay.ts): which accounts and methods it offers, the maximum's
// check and the request. The server checks the same again (validation.autopay.*).
import {
  autopayMaxDaysBeforeDue,
  type AutopayRequest,
  type PayerData,
  type PaymentCard,
  type PaymentSettings,
} from '@portal/contracts';
import { isMethodExpiredOn, parseScaledAmount } from '@portal/domain';

export type AutopayForm = {
  /** payment_card_token of the chosen saved method. */
  token: string | null;
  daysBeforeDue: number;
  /** Optional: empty for no maximum. */
  maxAmount: string;
};

export const defaultAutopayForm: AutopayForm = { token: null, daysBeforeDue: 3, maxAmount: '' };

export function autopayOffered(
  settings: Pick<PaymentSettings, 'autopayCompanyCodes'> | undefined,
  companyCode: string,
): boolean {
  return settings?.autopayCompanyCodes.includes(companyCode) ?? false;
}

/** Saved methods that have not expired: AutoPay charges a stored credential on days when nobody is there. */
export function autopayMethods(methods: readonly PaymentCard[], today: string): PaymentCard[] {
  return methods.filter((method) => method.is_session !== 'X' && !isMethodExpiredOn(method, today));
}

/**
 * The maximum per payment: empty for none, else an amount above zero with no more decimals than the account's
 * currency has (the server would round more away; the person should see what will apply).
 */
export function checkMaxAmount(text: string, decimals: number): 'validation.autopay.max_amount' | null {
  const value = text.trim();
  if (!value) return null;
  const fraction = /\.(\d*)$/.exec(value)?.[1] ?? '';
  const minor = parseScaledAmount(value, decimals);
  if (minor === undefined || minor <= 0n || fraction.length > decimals) return 'validation.autopay.max_amount';
  return null;
}

/** Days before the due date, held to 0..30 whole days (the NumberInput may hand over '' or a fraction). */
export function clampDaysBeforeDue(value: number | string): number {
  const days = typeof value === 'number' ? value : Number.parseInt(value, 10);
  if (!Number.isFinite(days)) return 0;
  return Math.min(autopayMaxDaysBeforeDue, Math.max(0, Math.trunc(days)));
}

export function buildAutopayRequest(payer: PayerData, method: PaymentCard, form: AutopayForm): AutopayRequest {
  const max = form.maxAmount.trim();
  return {
    payer_data: payer,
    payment_card_token: method.payment_card_token,
    payment_card_type: method.payment_card_type,
    days_before_due: clampDaysBeforeDue(form.daysBeforeDue),
    max_amount: max === '' ? null : max,
  };
}
