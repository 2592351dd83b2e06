// POST /api/guestTokenization/response — what the frame tokenised for a guest access token and the 3-D Secure
// result, only for the guest token that asked for it (another one's answers 404, like an unknown access token).
import type { TokenizationResponse } from '@portal/contracts';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../app-context';
import { readTokenizationResult } from '../payment-methods/get-tokenization-response';
import { requireGuest } from './guest-access';
import { guestMerchantReference } from './guest-tokens';

export async function getGuestTokenizationResponse(
  ctx: AppContext,
  httpRequest: FastifyRequest,
  accessToken: string,
): Promise<TokenizationResponse> {
  const claims = await requireGuest(ctx, httpRequest);
  const result = await readTokenizationResult(ctx, accessToken, guestMerchantReference(claims));
  return { paymentcard: result.paymentcard, cardinal: result.cardinal, mandate: result.mandate ?? null };
}
