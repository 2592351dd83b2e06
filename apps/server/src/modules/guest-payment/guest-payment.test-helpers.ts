// Shared by the guest payment API tests: the lookup from a given client address, the guest's card entered in the
// hosted frame through the guest tokenization calls, its 3-D Secure step, and a guest pay request. With Stripe
// (TEST_GATEWAY=stripe) the card is confirmed at the double as Stripe.js does, authenticated there when the issuer
// asks, and no step of the portal's own exists.
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type {
  AccessTokenResponse,
  GuestPaymentRequest,
  GuestPaymentResponse,
  ValidateGuestPaymentRequest,
} from '@portal/contracts';
import { formatMinorUnits } from '@portal/domain';
import { confirmEntryLikeStripeJs, stripeTestCard } from '../../connectors/gateway/stripe/stripe.test-helpers';
import { completePayment, type Completion, type OpenInvoice } from '../payments/payments.test-helpers';

export function guestHeader(token: string) {
  return { 'x-guest-token': token };
}

export function lookup(app: FastifyInstance, body: ValidateGuestPaymentRequest, ip = '127.0.0.1') {
  return app.inject({
    method: 'PUT',
    url: '/api/users/account/validateGuestPayment',
    remoteAddress: ip,
    payload: body,
  });
}

/** The true triple of a ledger invoice: account (payer), invoice number, total amount. */
export function tripleOf(invoice: OpenInvoice, accountNumber = invoice.payerNumber): ValidateGuestPaymentRequest {
  return {
    accountNumber,
    invoiceNumber: invoice.billingDocumentNumber,
    invoiceAmount: formatMinorUnits(invoice.totalAmount, 2),
  };
}

/** Looks the invoice up and returns the guest token (fails the test when the lookup does not answer 200). */
export async function guestTokenFor(app: FastifyInstance, invoice: OpenInvoice, ip?: string): Promise<string> {
  const response = await lookup(app, tripleOf(invoice), ip);
  if (response.statusCode !== 200) throw new Error(`guest lookup: ${response.statusCode} ${response.body}`);
  return response.json().guest_token as string;
}

/** The card typed in the sandbox's hosted frame through the guest tokenization calls. */
export async function guestCard(
  app: FastifyInstance,
  guestToken: string,
  card: { number: string; cvv: string; type: 'VISA' | 'MC' | 'AMEX' },
): Promise<{ accessToken: string; cardToken: string }> {
  const access = await app.inject({
    method: 'POST',
    url: '/api/guestTokenization/access_token',
    headers: guestHeader(guestToken),
    payload: { action: '01', payment_method: 'CC' },
  });
  if (access.statusCode !== 200) throw new Error(`guest access token: ${access.statusCode} ${access.body}`);
  const { access_token } = access.json() as { access_token: string };
  if (app.ctx.gateway.provider === 'stripe') {
    const test = stripeTestCard(card.number);
    await confirmEntryLikeStripeJs(app.ctx.config.STRIPE_API_URL, access.json() as AccessTokenResponse, {
      kind: 'card',
      number: test.number,
      cvc: card.cvv,
      authentication: test.authentication,
    });
  } else
    await app.inject({
      method: 'POST',
      url: '/sandbox-gateway/Ajax',
      payload: {
        access_token,
        card_type: card.type,
        card_number: card.number,
        card_validation_code: card.cvv,
        expiration_month: '12',
        expiration_year: '2029',
      },
    });
  const response = await app.inject({
    method: 'POST',
    url: '/api/guestTokenization/response',
    headers: guestHeader(guestToken),
    payload: { action: '02', access_token },
  });
  if (response.statusCode !== 200) throw new Error(`guest tokenization: ${response.statusCode} ${response.body}`);
  return { accessToken: access_token, cardToken: response.json().paymentcard.payment_card_token as string };
}

/**
 * The guest's 3-D Secure step on the card's token: the TO access token the return address carries as ?id=. With
 * Stripe there is none (undefined): it asks inside the charge.
 */
export async function guestThreeDs(
  app: FastifyInstance,
  guestToken: string,
  cardToken: string,
): Promise<string | undefined> {
  if (app.ctx.gateway.provider === 'stripe') return undefined;
  const access = await app.inject({
    method: 'POST',
    url: '/api/guestTokenization/access_token',
    headers: guestHeader(guestToken),
    payload: {
      action: '01',
      payment_method: 'TO',
      payment_card_token: cardToken,
      amount: '1000',
      currency_code: '840',
      order_number: randomUUID(),
      redirect_uri: '/guest-payment/guestpayment',
      expiration_month: '12',
      expiration_year: '2029',
    },
  });
  if (access.statusCode !== 200) throw new Error(`guest 3-D Secure: ${access.statusCode} ${access.body}`);
  const { access_token, paymetric_xi_url } = access.json() as { access_token: string; paymetric_xi_url: string };
  await app.inject({
    method: 'POST',
    url: paymetric_xi_url,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: `access_token=${access_token}`,
  });
  return access_token;
}

export function guestPayRequest(
  invoice: OpenInvoice,
  card: { accessToken: string; cardToken: string; type?: 'VISA' | 'MC' | 'AMEX'; threeDs?: string },
  overrides: { amount?: bigint; reason?: string; comment?: string; guest?: Partial<GuestPaymentRequest['guest']> } = {},
): GuestPaymentRequest {
  return {
    guest: { first_name: 'Gia', last_name: 'Guest', email: 'gia.guest@example.org', ...overrides.guest },
    document: {
      billing_document_number: invoice.billingDocumentNumber.replace(/^0+/, ''),
      open_amount: formatMinorUnits(invoice.openAmount, 2),
      amount_to_process: formatMinorUnits(overrides.amount ?? invoice.openAmount, 2),
      reason_code: overrides.reason ?? '',
      comment: overrides.comment ?? '',
    },
    currency_key: 'USD',
    payment_detail: {
      payment_card_token: card.cardToken,
      payment_card_type: card.type ?? 'AMEX',
      card_access_token: card.accessToken,
      ...(card.threeDs ? { three_ds_access_token: card.threeDs } : {}),
    },
    log: { id: 'POST_INVOICE' },
  };
}

export async function payAsGuest(
  app: FastifyInstance,
  guestToken: string,
  request: GuestPaymentRequest,
  key: string = randomUUID(),
  completion: Completion = {},
) {
  return completePayment(
    app,
    async () => {
      const response = await app.inject({
        method: 'POST',
        url: '/api/guestPayment/payments',
        headers: { ...guestHeader(guestToken), 'idempotency-key': key },
        payload: request,
      });
      return {
        statusCode: response.statusCode,
        body: response.json() as GuestPaymentResponse & { error?: string; messageKey?: string; message?: string },
        headers: response.headers,
      };
    },
    completion,
  );
}
