// /api/tokenization/access_token (spec §4, §7): an access token of the gateway's hosted frame (CC, EC) or of its
// 3-D Secure step on a token (TO), tied to this session so that only it can read the result. Guests reach the same
// gateway step through requestFrameAccessToken with their guest token as the merchant reference.
import type { AccessTokenRequest, AccessTokenResponse } from '@portal/contracts';
import { ECHECK_THREEDS_VERSION } from '@portal/domain';
import type { AppContext } from '../../app-context';
import { isPortalPath, type GatewayPayer } from '../../connectors/gateway/payment-gateway';
import { AppError } from '../../errors';
import type { Actor } from '../../plugins/auth';
import { assertAccountAccess } from '../customers/account-access';
import { loadPaymentMethodSettings } from './payment-method-settings';

export function assertMayTokenize(actor: Actor): void {
  if (!actor.permissions.has('CanManagePaymentMethods') && !actor.permissions.has('CanMakePayment'))
    throw new AppError('FORBIDDEN');
}

export async function createAccessToken(
  ctx: AppContext,
  actor: Actor,
  request: AccessTokenRequest,
  language: string,
): Promise<AccessTokenResponse> {
  assertMayTokenize(actor);
  const { customer_number, company_code } = request.payer_data;
  await assertAccountAccess(ctx, actor, customer_number, company_code);
  const { action: _action, payer_data: _payer, ...forGateway } = request;
  return requestFrameAccessToken(ctx, forGateway, {
    companyCode: company_code,
    merchantReference: actor.sessionId,
    language,
    payer: { payer_number: customer_number, company_code },
  });
}

/**
 * The gateway part, shared with guest tokenization: the frame (CC, EC) or 3-D Secure step (TO) for a company code,
 * tied to a merchant reference (the session, or a guest token) that alone may read the result.
 */
export async function requestFrameAccessToken(
  ctx: AppContext,
  request: Omit<AccessTokenRequest, 'action' | 'payer_data'>,
  owner: {
    companyCode: string;
    merchantReference: string;
    language: string;
    /** The account a saved method will belong to; null for a guest (a one-time method). */
    payer: GatewayPayer | null;
    currencyKey?: string;
  },
): Promise<AccessTokenResponse> {
  const settings = await loadPaymentMethodSettings(ctx, owner.companyCode);
  if (request.payment_method === 'EC' && !settings.echeck_enabled)
    throw new AppError('VALIDATION_FAILED', { messageKey: 'errors.payment.invalid_payment_type' });
  // A provider that authenticates inside its charges (Stripe) has no 3-D Secure step of the portal's (ADR 0031).
  if (request.payment_method === 'TO' && ctx.gateway.authentication === 'in-charge')
    throw new AppError('VALIDATION_FAILED', { details: { fields: ['/payment_method'] } });
  if (request.payment_method === 'TO') {
    const fields: string[] = [];
    if (!request.payment_card_token) fields.push('/payment_card_token');
    if (!request.redirect_uri || !isPortalPath(request.redirect_uri)) fields.push('/redirect_uri');
    if (!request.order_number) fields.push('/order_number');
    if (fields.length) throw new AppError('VALIDATION_FAILED', { details: { fields } });
  }
  try {
    return await ctx.gateway.startEntry({
      ...request,
      threeds_version:
        request.threeds_version ??
        (request.payment_method === 'EC' ? ECHECK_THREEDS_VERSION : settings.secure_3ds_version),
      merchant_reference: owner.merchantReference,
      language: owner.language,
      payer: owner.payer,
      ...(owner.currencyKey ? { currency_key: owner.currencyKey } : {}),
    });
  } catch (error) {
    // spec §8: an access-token failure is 'Internal Error - please contact customer service'.
    throw new AppError('GATEWAY_FAILED', { messageKey: 'errors.payment.internal', cause: error });
  }
}
