// /api/tokenization/response (spec §7, action 02): what the frame tokenised and the 3-D Secure result, only for
// the session that asked for the access token.
import type { TokenizationResponse } from '@portal/contracts';
import type { AppContext } from '../../app-context';
import type { GatewayTokenizationResult } from '../../connectors/gateway/payment-gateway';
import { AppError } from '../../errors';
import type { Actor } from '../../plugins/auth';
import { assertMayTokenize } from './create-access-token';
import { recordTokenGrant } from './payment-token-grants.repository';

export async function getTokenizationResponse(
  ctx: AppContext,
  actor: Actor,
  accessToken: string,
): Promise<TokenizationResponse> {
  assertMayTokenize(actor);
  const result = await readTokenizationResult(ctx, accessToken, actor.sessionId);
  // What this session may save later (manage-payment-method.ts checks it).
  if (result.payment_card_token) {
    await recordTokenGrant(ctx.db, {
      sessionId: actor.sessionId,
      token: result.payment_card_token,
      threedsStatus: result.cardinal?.status ?? '',
      at: ctx.now(),
    });
  }
  return { paymentcard: result.paymentcard, cardinal: result.cardinal, mandate: result.mandate ?? null };
}

/** The gateway's result for an access token, only for the merchant reference (session or guest token) it was made for. */
export async function readTokenizationResult(
  ctx: AppContext,
  accessToken: string,
  merchantReference: string,
): Promise<GatewayTokenizationResult> {
  const result = await ctx.gateway.readEntry(accessToken);
  // Same answer for "expired", "unknown" and "another session's": no oracle.
  if (!result || result.merchant_reference !== merchantReference) throw new AppError('NOT_FOUND');
  return result;
}
