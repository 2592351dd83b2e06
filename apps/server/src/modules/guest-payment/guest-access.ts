// The two gates of every guest route: the guest-payment setting is on (access-and-administration §1: "guests may
// pay without an account when guest payment is enabled"), and, after the lookup, a valid guest token.
import { guestTokenHeader } from '@portal/contracts';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../app-context';
import { AppError } from '../../errors';
import { readApplicationSettings } from '../system/application-settings';
import { verifyGuestToken, type GuestClaims } from './guest-tokens';

export async function assertGuestPaymentOn(ctx: AppContext): Promise<void> {
  const settings = await readApplicationSettings(ctx.db);
  if (!settings.allowGuestPayment) throw new AppError('GUEST_PAYMENT_DISABLED');
}

export async function requireGuest(ctx: AppContext, request: FastifyRequest): Promise<GuestClaims> {
  await assertGuestPaymentOn(ctx);
  const header = request.headers[guestTokenHeader];
  const token = typeof header === 'string' ? header.trim() : '';
  const claims = token ? await verifyGuestToken(ctx, token) : null;
  if (!claims) throw new AppError('GUEST_TOKEN_INVALID');
  return claims;
}
