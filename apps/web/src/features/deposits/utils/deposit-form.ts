// The deposit form as data (spec §3 Deposit request and form, §4 3-D Secure, §5 Deposit checks): pure functions, so
// that the page, the 3-D Secure return, the restored form and the tests build the same request.
import type {
  DepositSettingsResponse,
  DepositUnavailableReason,
  HeaderItem,
  MakeDepositRequest,
  PayerData,
  PaymentCard,
} from '@portal/contracts';
import {
  applicableMaximum,
  parseScaledAmount,
  validateDepositForm,
  type DepositInput,
  type DepositRules,
} from '@portal/domain';

/** spec §3 deposit form: payer_option (a sold-to of the account, '' for the account itself), reason, amount, etc. */
export type DepositForm = {
  payer_option: string;
  reason_code: string;
  amount_to_process: string;
  reference_number: string;
  comment: string;
};

export type DepositFieldErrors = Partial<Record<'amount_to_process' | 'reason_code' | 'comment', string>>;

export const emptyDepositForm = (payerOption = ''): DepositForm => ({
  payer_option: payerOption,
  reason_code: '',
  amount_to_process: '',
  reference_number: '',
  comment: '',
});

/**
 * spec §2 Deposits: the account selector appears only when an account type exists. Its options are the primary
 * account's secondary accounts (the sold-tos of a payer, the payers of a payer-all group); none means no selector.
 */
export function payerOptions(primary: Pick<HeaderItem, 'AccountType' | 'DropDownItems'> | null) {
  if (!primary?.AccountType) return [];
  return primary.DropDownItems;
}

/** What the deposit checks of packages/domain read, from the page's settings call. */
export function rulesFromSettings(settings: DepositSettingsResponse): DepositRules {
  return {
    paymentsAllowed: settings.unavailable_reason !== 'payments_disabled',
    depositsAllowed: settings.deposits_allowed,
    cvvRequired: settings.cvv_required,
    limits: {
      maximumCardPayment: settings.maximum_card_payment,
      maximumEcheckPayment: settings.maximum_echeck_payment,
    },
    reasonCodes: settings.reason_codes,
  };
}

export function checkInput(
  form: DepositForm,
  settings: DepositSettingsResponse,
  method: Pick<PaymentCard, 'payment_card_type'> | null,
  cvv: string,
): DepositInput {
  return {
    company_code: settings.company_code,
    currency_decimals: settings.currency_decimals,
    deposit_detail: {
      amount_to_process: form.amount_to_process,
      reason_code: form.reason_code,
      comment: form.comment,
    },
    payment_method: method ? { payment_card_type: method.payment_card_type, card_validation_code: cvv } : null,
  };
}

/** Every field error of the form at once (the checks stop at the first; the form shows them all inline). */
export function depositFieldErrors(form: DepositForm, settings: DepositSettingsResponse): DepositFieldErrors {
  return validateDepositForm(
    { amount_to_process: form.amount_to_process, reason_code: form.reason_code, comment: form.comment },
    settings.reason_codes,
    settings.currency_decimals,
  );
}

/** spec §4: 3-D Secure applies when the settings say so (provider on, company code not disable_3ds), except AMEX. */
export function threeDsApplies(
  settings: Pick<DepositSettingsResponse, 'secure_3ds'>,
  method: Pick<PaymentCard, 'payment_card_type'>,
): boolean {
  return settings.secure_3ds && method.payment_card_type !== 'AMEX' && method.payment_card_type !== 'EC';
}

/** The deposit amount in minor units of the currency (0 when it is not a number: the checks refuse it first). */
export function depositAmountMinor(form: DepositForm, decimals: number): bigint {
  return parseScaledAmount(form.amount_to_process, decimals) ?? 0n;
}

/** The maximum the red text under Pay names: of the chosen method, or of cards while none is chosen. */
export function depositMaximum(
  settings: DepositSettingsResponse,
  method: Pick<PaymentCard, 'payment_card_type'> | null,
): bigint | null {
  return applicableMaximum(
    method ?? { payment_card_type: 'VISA' },
    rulesFromSettings(settings).limits,
    settings.currency_decimals,
  );
}

export function buildDepositRequest(input: {
  payer: PayerData;
  settings: Pick<DepositSettingsResponse, 'currency_key'>;
  form: DepositForm;
  method: Pick<PaymentCard, 'payment_card_token' | 'payment_card_type'>;
  cvv: string;
  threeDsAccessToken?: string;
}): MakeDepositRequest {
  const { form, method } = input;
  const isCard = method.payment_card_type !== 'EC';
  return {
    payer_data: input.payer,
    ...(form.payer_option ? { soldto: { account_number: form.payer_option } } : {}),
    deposit_detail: {
      amount_to_process: form.amount_to_process.trim(),
      currency_key: input.settings.currency_key,
      reason_code: form.reason_code,
      reference_number: form.reference_number.trim(),
      comment: form.comment.trim(),
    },
    payment_detail: {
      payment_card_token: method.payment_card_token,
      payment_card_type: method.payment_card_type,
      ...(isCard && input.cvv ? { card_validation_code: input.cvv } : {}),
      ...(input.threeDsAccessToken ? { three_ds_access_token: input.threeDsAccessToken } : {}),
    },
    log: { id: 'POST_DEPOSIT' },
  };
}

/** spec §2: /deposits?id=... restores the form of a deposit cached before its 3-D Secure redirect (not its CVV). */
export function formFromRequest(request: MakeDepositRequest): { form: DepositForm; methodToken: string } {
  const detail = request.deposit_detail;
  return {
    form: {
      payer_option: request.soldto?.account_number ?? '',
      reason_code: detail.reason_code ?? '',
      amount_to_process: detail.amount_to_process,
      reference_number: detail.reference_number ?? '',
      comment: detail.comment ?? '',
    },
    methodToken: request.payment_detail.payment_card_token,
  };
}

/** The translated text of why deposits are not available (the page shows it instead of the form). */
export const unavailableMessageKey = (reason: DepositUnavailableReason | null): string =>
  `deposits.unavailable.${reason ?? 'deposits_disabled'}`;
