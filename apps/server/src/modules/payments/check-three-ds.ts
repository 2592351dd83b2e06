// spec §4 3-D Secure, shared by invoice payments, deposits and guest payments: it applies when secure_3ds_enabled
// is X and the company code is not disable_3ds, except for AMEX (and e-checks, which are no cards). Then the request
// names the TO access token of its step, which must be the caller's (same merchant reference: the session, or the
// guest token), for this card, and passed (Y or A).
import type { BackendConfiguration, CardinalResult } from '@portal/contracts';
import type { AppContext } from '../../app-context';
import { AppError } from '../../errors';

export function threeDsApplies(
  configuration: BackendConfiguration,
  companyCode: string,
  paymentCardType: string,
): boolean {
  const provider = configuration.payment_provider[0];
  const company = configuration.company_codes.find((code) => code.company_code === companyCode);
  return (
    provider?.secure_3ds_enabled === 'X' &&
    company?.disable_3ds !== 'X' &&
    paymentCardType !== 'AMEX' &&
    paymentCardType !== 'EC'
  );
}

/**
 * What a charge carries about 3-D Secure: whether the portal's rules want it on this card, and the result of the
 * portal's own step (TO) where the provider authenticates before the charge. A provider that authenticates inside
 * the charge (Stripe) has no step of the portal's: it is asked for 3-D Secure when `wanted`, and the payer completes
 * it in the provider's component when the issuer asks (ADR 0031).
 */
export type ThreeDsCheck = { wanted: boolean; cardinal: CardinalResult | null };

export const noThreeDs: ThreeDsCheck = { wanted: false, cardinal: null };

export async function checkThreeDs(
  ctx: AppContext,
  input: {
    configuration: BackendConfiguration;
    companyCode: string;
    method: { payment_card_type: string; payment_card_token: string };
    accessToken: string | undefined;
    merchantReference: string;
  },
): Promise<ThreeDsCheck> {
  if (!threeDsApplies(input.configuration, input.companyCode, input.method.payment_card_type)) return noThreeDs;
  if (ctx.gateway.authentication === 'in-charge') return { wanted: true, cardinal: null };
  if (!input.accessToken) throw new AppError('THREE_DS_REQUIRED', { reason: 'three_ds_missing' });
  const result = await ctx.gateway.readEntry(input.accessToken);
  const passed =
    result !== null &&
    result.merchant_reference === input.merchantReference &&
    result.payment_card_token === input.method.payment_card_token &&
    (result.cardinal?.status === 'Y' || result.cardinal?.status === 'A');
  if (!passed) throw new AppError('THREE_DS_REQUIRED', { reason: 'three_ds_not_passed' });
  return { wanted: true, cardinal: result.cardinal };
}
