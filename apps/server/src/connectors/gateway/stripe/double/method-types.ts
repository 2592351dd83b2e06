// Which payment method types an intent offers, as API version 2026-10-28.endive decides it: the caller may list
// `allowed_payment_method_types` (and `excluded_payment_method_types`), and Stripe answers in
// `payment_method_types` those of the list that fit the payment (a bank debit only in its own currency). Without a
// list, automatic payment methods apply: the double's "Dashboard" has card, us_bank_account and sepa_debit on.
// `payment_method_types` is no longer a parameter in this version: it is refused, not silently honoured.
import Stripe from 'stripe';
import { invalidRequest } from './double-errors';
import type { Params } from './request-params';

export const SUPPORTED_METHOD_TYPES = ['card', 'us_bank_account', 'sepa_debit'] as const;

const DEBIT_CURRENCIES: Record<string, string> = { us_bank_account: 'usd', sepa_debit: 'eur' };

export type MethodTypes = {
  allowed: string[] | null;
  excluded: string[] | null;
  automatic: boolean;
  types: string[];
};

/** What the parameters ask for; `current` is the intent's choice so far (on update and confirm). */
export function readMethodTypes(params: Params, currency: string | null, current?: MethodTypes): MethodTypes {
  if (params.has('payment_method_types')) {
    throw invalidRequest(
      `Received unknown parameter: payment_method_types. In API version ${Stripe.API_VERSION} the types an intent may use are listed in allowed_payment_method_types.`,
      { param: 'payment_method_types', code: 'parameter_unknown' },
    );
  }
  const automaticParams = params.object('automatic_payment_methods');
  automaticParams?.allowOnly(['enabled', 'allow_redirects']);
  const allowed = params.has('allowed_payment_method_types')
    ? (params.stringArray('allowed_payment_method_types') ?? null)
    : (current?.allowed ?? null);
  const excluded = params.has('excluded_payment_method_types')
    ? (params.stringArray('excluded_payment_method_types') ?? null)
    : (current?.excluded ?? null);
  const automatic = allowed === null || allowed.length === 0 ? automaticParams?.boolean('enabled') !== false : false;
  const candidates = allowed && allowed.length > 0 ? allowed : automatic ? [...SUPPORTED_METHOD_TYPES] : ['card'];
  const types = compatibleTypes(candidates, currency, excluded);
  if (types.length === 0) {
    throw invalidRequest(
      `None of the payment method types asked for (${candidates.join(', ')}) can be used for this ${currency ?? 'setup'} with the Stripe double, which knows ${SUPPORTED_METHOD_TYPES.join(', ')}.`,
      { param: 'allowed_payment_method_types' },
    );
  }
  return { allowed: allowed && allowed.length > 0 ? allowed : null, excluded, automatic, types };
}

export function compatibleTypes(candidates: string[], currency: string | null, excluded: string[] | null): string[] {
  return candidates.filter((type) => {
    if (!(SUPPORTED_METHOD_TYPES as readonly string[]).includes(type)) return false;
    if (excluded?.includes(type)) return false;
    const debitCurrency = DEBIT_CURRENCIES[type];
    return !debitCurrency || currency === null || currency === debitCurrency;
  });
}

export function debitCurrency(type: string): string | undefined {
  return DEBIT_CURRENCIES[type];
}

export function methodTypesOf(intent: {
  allowed_payment_method_types: string[] | null;
  excluded_payment_method_types: string[] | null;
  automatic_payment_methods: { enabled: boolean | null } | null;
  payment_method_types: string[];
}): MethodTypes {
  return {
    allowed: intent.allowed_payment_method_types,
    excluded: intent.excluded_payment_method_types,
    automatic: intent.automatic_payment_methods?.enabled ?? false,
    types: intent.payment_method_types,
  };
}
