// POST /api/guestTokenization/access_token — the hosted card frame (CC) or the 3-D Secure step on the card's token
// (TO) for a guest: the signed-in use case's gateway step (payment-methods/create-access-token.ts) with the guest
// token as the merchant reference, so that only this guest token reads what the frame tokenised. Cards only: the
// guest form has no e-check.
import type { AccessTokenResponse, GuestAccessTokenRequest } from '@portal/contracts';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { AppContext } from '../../app-context';
import { requestFrameAccessToken } from '../payment-methods/create-access-token';
import { requireGuest } from './guest-access';
import { guestMerchantReference } from './guest-tokens';

export async function createGuestAccessToken(
  ctx: AppContext,
  httpRequest: FastifyRequest,
  request: z.output<typeof GuestAccessTokenRequest>,
): Promise<AccessTokenResponse> {
  const claims = await requireGuest(ctx, httpRequest);
  const { action: _action, ...forGateway } = request;
  return requestFrameAccessToken(ctx, forGateway, {
    companyCode: claims.document.company_code,
    merchantReference: guestMerchantReference(claims),
    language: httpRequest.language,
    payer: null,
  });
}
