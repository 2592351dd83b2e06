// Issue 35 on the Application tab: per company code of the ERP, the reason codes that hold an invoice back from AutoPay
// (ADR 0029). The rule itself is packages/domain autopay-holds.ts; this shapes it for the tab.
import {
  autopayHoldReasonCodesOf,
  autopayReasonCodeOptions,
  normalizeAutopayHoldReasonCodes,
  type AutopayHoldReasonCodes,
  type ReasonCodeSetting,
} from '@portal/domain';

export type HoldReasonCompanyCode = {
  code: string;
  /** The ERP's invoice-payment reason codes of the company code, with the ERP's descriptions. */
  options: { value: string; label: string }[];
  /** The codes that hold there now: as set, or the default (every code but PP). */
  held: string[];
  /** Nothing set: the default holds, also for a code the ERP adds later. */
  isDefault: boolean;
};

/** The company codes of the ERP that offer reason codes, in its order. */
export function holdReasonCompanyCodes(
  backend: { company_codes: readonly { company_code: string }[]; payment_reason_codes: readonly ReasonCodeSetting[] },
  setting: AutopayHoldReasonCodes,
): HoldReasonCompanyCode[] {
  return backend.company_codes.flatMap(({ company_code: code }) => {
    const codes = autopayReasonCodeOptions(backend, code);
    if (codes.length === 0) return [];
    const described = new Map(
      backend.payment_reason_codes
        .filter((reason) => reason.company_code === code && reason.payment_type === 'O')
        .map((reason) => [reason.reason_code, reason.description]),
    );
    return [
      {
        code,
        options: codes.map((value) => ({
          value,
          label: described.get(value) ? `${value} – ${described.get(value)}` : value,
        })),
        held: autopayHoldReasonCodesOf(setting, code, codes),
        isDefault: setting[code] === undefined,
      },
    ];
  });
}

/** The setting with the company code's codes chosen (the server drops an entry equal to the default). */
export function withHeldReasonCodes(
  setting: AutopayHoldReasonCodes,
  code: string,
  held: readonly string[],
): Record<string, string[]> {
  return {
    ...Object.fromEntries(Object.entries(setting).map(([key, codes]) => [key, [...codes]])),
    [code]: normalizeAutopayHoldReasonCodes(held),
  };
}
