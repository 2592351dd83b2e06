// The configuration the pay page, the deposit page and the server's re-check read (spec §3 "Configuration read by
// these screens"). Shapes are structural subsets of BackendConfiguration in @portal/contracts, so the server and
// the web pass the contract object straight in; the domain package stays free of zod.

export type PaymentTypeSetting = { payment_type: string; active: string; overpayment_allowed: string };

export type CompanyCodeSetting = {
  company_code: string;
  enable_deposits: string;
  disable_payments: string;
};

export type ReasonCodeSetting = {
  reason_code: string;
  description: string;
  comments_required: string;
  company_code: string;
  /** O invoice payments, D deposits. */
  payment_type: string;
};

export type ApparvSetting = { parnam: string; company_code: string; parval: string };

export type PaymentSettings = {
  payment_types: readonly PaymentTypeSetting[];
  company_codes: readonly CompanyCodeSetting[];
  generel_data: { partial_payments_allowed: string; cvv_use_control?: string };
  payment_reason_codes: readonly ReasonCodeSetting[];
  custom_fields?: { apparv: readonly ApparvSetting[] };
};

/** spec §5: the partial-payment reason code. */
export const PARTIAL_PAYMENT_REASON_CODE = 'PP';

/** spec §5: overpayment is allowed only if payment type O has overpayment_allowed X. */
export function isOverpaymentAllowed(settings: Pick<PaymentSettings, 'payment_types'>): boolean {
  return settings.payment_types.some((type) => type.payment_type === 'O' && type.overpayment_allowed === 'X');
}

/** spec §5: partial payments are allowed when the setting is X or R. */
export function isPartialPaymentAllowed(settings: Pick<PaymentSettings, 'generel_data'>): boolean {
  const value = settings.generel_data.partial_payments_allowed;
  return value === 'X' || value === 'R';
}

/** spec §5 check 4: the CVV is required when cvv_use_control is 1, and 1 is the default when it is not set. */
export function isCvvRequired(settings: Pick<PaymentSettings, 'generel_data'>): boolean {
  const value = settings.generel_data.cvv_use_control?.trim() ?? '';
  return (value === '' ? '1' : value) === '1';
}

const apparvNames = { disable_payments: 'ZDISABLEPY', enable_deposits: 'ZENABLEDEP' } as const;

// spec §3 lists two sources for the same company-code switches: company_codes[] and custom_fields.apparv (ZENABLEDEP,
// ZDISABLEPY). Either one set to X sets the switch; with no apparv entries this is company_codes alone.
function companyCodeFlag(
  settings: Pick<PaymentSettings, 'company_codes' | 'custom_fields'>,
  companyCode: string,
  flag: keyof typeof apparvNames,
): boolean {
  const company = settings.company_codes.find((entry) => entry.company_code === companyCode);
  const apparv = settings.custom_fields?.apparv.find(
    (entry) => entry.parnam === apparvNames[flag] && entry.company_code === companyCode,
  );
  return company?.[flag] === 'X' || apparv?.parval === 'X';
}

/**
 * spec §5: payments need a company code not flagged disable_payments X. A company code the configuration does not
 * know refuses too: the server never pays into a company it cannot see. The CanMakePayment permission is checked
 * by the server (and hides the controls on the web), not here.
 */
export function arePaymentsAllowed(
  settings: Pick<PaymentSettings, 'company_codes' | 'custom_fields'>,
  companyCode: string,
): boolean {
  const known = settings.company_codes.some((entry) => entry.company_code === companyCode);
  return known && !companyCodeFlag(settings, companyCode, 'disable_payments');
}

/** spec §5 Deposit checks: the company code has enable_deposits X and payment type D is active. */
export function areDepositsAllowed(
  settings: Pick<PaymentSettings, 'company_codes' | 'custom_fields' | 'payment_types'>,
  companyCode: string,
): boolean {
  const typeActive = settings.payment_types.some((type) => type.payment_type === 'D' && type.active === 'X');
  return typeActive && companyCodeFlag(settings, companyCode, 'enable_deposits');
}

/** spec §5: reason codes offered are those of the company code with payment type O (invoices) or D (deposits). */
export function reasonCodesFor<R extends ReasonCodeSetting>(
  settings: { payment_reason_codes: readonly R[] },
  companyCode: string,
  paymentType: 'O' | 'D',
): R[] {
  return settings.payment_reason_codes.filter(
    (reason) => reason.company_code === companyCode && reason.payment_type === paymentType,
  );
}
