// Which reason codes hold an invoice back from AutoPay (issue 35, ADR 0029): an open invoice that carries one is left
// for a person. Set per company code on the Application tab; a company code nobody has set holds every reason code but
// PP, the specification's partial-payment code ("remainder with the next payment run": the customer means to pay it).
// Used by AutoPay's planning, its re-check on the payment day, the Application tab and the server's check of a save.
import { PARTIAL_PAYMENT_REASON_CODE, reasonCodesFor, type ReasonCodeSetting } from './payment-settings';

/** Per company code, the reason codes that hold an invoice back. A company code not named: every code but PP. */
export type AutopayHoldReasonCodes = Readonly<Record<string, readonly string[]>>;

/**
 * The codes an administrator chooses from in a company code: the ERP's reason codes of invoice payments (payment
 * type O), the codes a short payment leaves on an invoice. Deposit codes (D) never stand on an invoice.
 */
export function autopayReasonCodeOptions(
  settings: { payment_reason_codes: readonly ReasonCodeSetting[] },
  companyCode: string,
): string[] {
  return [...new Set(reasonCodesFor(settings, companyCode, 'O').map((reason) => reason.reason_code))];
}

/** What holds in a company code nobody has set: every code it offers but PP. */
export function defaultAutopayHoldReasonCodes(options: readonly string[]): string[] {
  return options.filter((code) => code !== PARTIAL_PAYMENT_REASON_CODE);
}

/** The codes that hold in a company code: as set, else the default. */
export function autopayHoldReasonCodesOf(
  setting: AutopayHoldReasonCodes,
  companyCode: string,
  options: readonly string[],
): string[] {
  return [...(setting[companyCode] ?? defaultAutopayHoldReasonCodes(options))];
}

/**
 * Whether an invoice with this reason code is left for a person. `options` are the company code's codes
 * (autopayReasonCodeOptions): a code the ERP does not offer there could not have been chosen either way, so it holds,
 * as a dispute would; a charge nobody decided on is worse than an invoice paid by hand.
 */
export function holdsInvoiceBack(
  reasonCode: string,
  companyCode: string,
  setting: AutopayHoldReasonCodes,
  options: readonly string[],
): boolean {
  const code = reasonCode.trim();
  if (code === '') return false;
  const chosen = setting[companyCode];
  if (!chosen) return code !== PARTIAL_PAYMENT_REASON_CODE;
  return chosen.includes(code) || !options.includes(code);
}

/** The company code's codes, trimmed, once each, in a stable order (what is stored and compared). */
export function normalizeAutopayHoldReasonCodes(codes: readonly string[]): string[] {
  return [...new Set(codes.map((code) => code.trim()).filter(Boolean))].sort();
}

export type AutopayHoldReasonCodesError = {
  key:
    | 'validation.configuration.autopay_hold_company_code_unknown'
    | 'validation.configuration.autopay_hold_reason_code_unknown';
  company_code: string;
  reason_code?: string;
};

/**
 * A save's check: each company code it sets must be one the ERP lists, and each code one the ERP offers there. Only
 * the entries the save changes are checked (`changed`), so that an entry of a company code the ERP has dropped since
 * does not block every later save.
 */
export function checkAutopayHoldReasonCodes(
  changed: AutopayHoldReasonCodes,
  settings: { company_codes: readonly { company_code: string }[]; payment_reason_codes: readonly ReasonCodeSetting[] },
): AutopayHoldReasonCodesError | null {
  const companyCodes = new Set(settings.company_codes.map((entry) => entry.company_code));
  for (const [companyCode, codes] of Object.entries(changed)) {
    if (!companyCodes.has(companyCode))
      return { key: 'validation.configuration.autopay_hold_company_code_unknown', company_code: companyCode };
    const options = autopayReasonCodeOptions(settings, companyCode);
    const unknown = codes.find((code) => !options.includes(code));
    if (unknown !== undefined)
      return {
        key: 'validation.configuration.autopay_hold_reason_code_unknown',
        company_code: companyCode,
        reason_code: unknown,
      };
  }
  return null;
}
