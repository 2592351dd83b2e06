// Guest routes (public: no sign-in; each use case checks the guest-payment setting and, after the lookup, the
// X-Guest-Token header). See docs/adr/0011-deposits-and-guest-payment.md for which call does what.
import type { FastifyInstance } from 'fastify';
import {
  guestInvoices,
  guestPayer,
  guestPaymentSettings,
  guestTokenizationAccessToken,
  guestTokenizationResponse,
  payGuestInvoice as payGuestInvoiceRoute,
  validateGuestPayment as validateGuestPaymentRoute,
  type GuestPaymentResponse,
  type PayInvoicesResponse,
} from '@portal/contracts';
import { clientInfo } from '../../http/client-info';
import { addRoute } from '../../http/routes';
import { replyPaymentOnce } from '../payments/reply-payment-once';
import { createGuestAccessToken } from './create-guest-access-token';
import { getGuestPayer } from './get-guest-payer';
import { getGuestPaymentSettings } from './get-guest-payment-settings';
import { getGuestTokenizationResponse } from './get-guest-tokenization-response';
import { requireGuest } from './guest-access';
import type { GuestLookupLimiter } from './guest-lookup-limiter';
import { guestScope, payGuestInvoice } from './pay-guest-invoice';
import { searchGuestInvoices } from './search-guest-invoices';
import { validateGuestPayment } from './validate-guest-payment';

export async function guestPaymentRoutes(
  app: FastifyInstance,
  { limiter }: { limiter: GuestLookupLimiter },
): Promise<void> {
  const { ctx } = app;

  addRoute(app, guestPaymentSettings, () => getGuestPaymentSettings(ctx));

  addRoute(app, validateGuestPaymentRoute, ({ body, request }) =>
    validateGuestPayment(ctx, body, clientInfo(request), (account) => limiter.hit(request, account)),
  );

  addRoute(app, guestInvoices, ({ body, request }) => searchGuestInvoices(ctx, request, body));

  addRoute(app, guestPayer, ({ request }) => getGuestPayer(ctx, request));

  addRoute(app, guestTokenizationAccessToken, ({ body, request }) => createGuestAccessToken(ctx, request, body));

  addRoute(app, guestTokenizationResponse, ({ body, request }) =>
    getGuestTokenizationResponse(ctx, request, body.access_token),
  );

  addRoute(app, payGuestInvoiceRoute, async ({ body, request, reply }) => {
    const claims = await requireGuest(ctx, request);
    const answer = await replyPaymentOnce(ctx, request, reply, guestScope(claims), body, (identity) =>
      payGuestInvoice(ctx, claims, body, identity, request.language),
    );
    return guestAnswer(answer);
  });
}

/**
 * The stored answer keeps the invoice payments' shape (the reconciler and retries store that shape too); a guest
 * reads its status list as paymentStatus (spec §3).
 */
function guestAnswer(answer: PayInvoicesResponse): GuestPaymentResponse {
  return { paymentStatus: answer.status, payment: answer.payment };
}
