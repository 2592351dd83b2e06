// Drives the hosted-frame flow the way a browser does: access token from the portal, the number posted to the
// sandbox's own /Ajax (never to /api), the token fetched back through the portal. With Stripe (TEST_GATEWAY=stripe)
// the same calls run Stripe's way: the entry's SetupIntent confirmed at the double as Stripe.js does, the sandbox's
// test numbers standing for Stripe's of the same behaviour (stripe.test-helpers.ts).
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { AccessTokenResponse, PaymentCard, PayerData } from '@portal/contracts';
import {
  confirmEntryLikeStripeJs,
  stripeTestBankAccount,
  stripeTestCard,
} from '../../connectors/gateway/stripe/stripe.test-helpers';

export const payerAccount: PayerData = { customer_number: '0000100001', company_code: '1000' };

export function bearer(token: string) {
  return { authorization: `Bearer ${token}` };
}

export async function tokenizeCard(
  app: FastifyInstance,
  token: string,
  card: { number: string; cvv: string; type: string; month?: string; year?: string },
  payer: PayerData = payerAccount,
  options: { authenticate?: boolean } = {},
) {
  const access = await app.inject({
    method: 'POST',
    url: '/api/tokenization/access_token',
    headers: bearer(token),
    payload: { action: '01', payment_method: 'CC', payer_data: payer },
  });
  if (access.statusCode !== 200) throw new Error(`access token: ${access.statusCode} ${access.body}`);
  const { access_token } = access.json() as { access_token: string };
  if (app.ctx.gateway.provider === 'stripe') {
    const test = stripeTestCard(card.number);
    const confirmed = await confirmEntryLikeStripeJs(
      app.ctx.config.STRIPE_API_URL,
      access.json() as AccessTokenResponse,
      {
        kind: 'card',
        number: test.number,
        cvc: card.cvv,
        month: card.month,
        year: card.year,
        authentication: test.authentication,
      },
    );
    const response = await app.inject({
      method: 'POST',
      url: '/api/tokenization/response',
      headers: bearer(token),
      payload: { action: '02', access_token },
    });
    const error = (confirmed.body.error ?? null) as { code?: string } | null;
    return {
      access_token,
      ajax: { ok: !error, ...(error ? { errors: { card_number: error.code ?? '' } } : {}) },
      response,
    };
  }
  const ajax = await app.inject({
    method: 'POST',
    url: '/sandbox-gateway/Ajax',
    payload: {
      access_token,
      card_type: card.type,
      card_number: card.number,
      card_validation_code: card.cvv,
      expiration_month: card.month ?? '12',
      expiration_year: card.year ?? '2029',
    },
  });
  const response = await app.inject({
    method: 'POST',
    url: '/api/tokenization/response',
    headers: bearer(token),
    payload: { action: '02', access_token },
  });
  const paymentCard = response.statusCode === 200 ? response.json().paymentcard : null;
  if (options.authenticate && paymentCard) await authenticateThreeDs(app, token, paymentCard.payment_card_token, payer);
  return { access_token, ajax: ajax.json() as { ok: boolean; errors?: Record<string, string> }, response };
}

/**
 * A US bank account (the spec's e-check) entered the same way: the sandbox's frame posts it to /Ajax; with Stripe the
 * entry's SetupIntent is confirmed as ACH Direct Debit with its mandate accepted, at the double's test bank
 * (stripeTestBankAccount: the same behaviour as the sandbox's account number).
 */
export async function tokenizeBankAccount(
  app: FastifyInstance,
  token: string,
  account: { routing: string; account: string; accountType?: string },
  payer: PayerData = payerAccount,
) {
  const access = await app.inject({
    method: 'POST',
    url: '/api/tokenization/access_token',
    headers: bearer(token),
    payload: { action: '01', payment_method: 'EC', payer_data: payer },
  });
  if (access.statusCode !== 200) throw new Error(`access token: ${access.statusCode} ${access.body}`);
  const { access_token } = access.json() as { access_token: string };
  let ajax: { ok: boolean; errors?: Record<string, string> };
  if (app.ctx.gateway.provider === 'stripe') {
    const test = stripeTestBankAccount(account);
    const confirmed = await confirmEntryLikeStripeJs(
      app.ctx.config.STRIPE_API_URL,
      access.json() as AccessTokenResponse,
      { kind: 'us_bank_account', routing: test.routing, account: test.account },
    );
    const error = (confirmed.body.error ?? null) as { code?: string } | null;
    ajax = { ok: !error, ...(error ? { errors: { account_number: error.code ?? '' } } : {}) };
  } else {
    const posted = await app.inject({
      method: 'POST',
      url: '/sandbox-gateway/Ajax',
      payload: {
        access_token,
        account_number: account.account,
        electronic_check_rdfi_number: account.routing,
        electronic_check_account_type: account.accountType ?? 'C',
      },
    });
    ajax = posted.json();
  }
  const response = await app.inject({
    method: 'POST',
    url: '/api/tokenization/response',
    headers: bearer(token),
    payload: { action: '02', access_token },
  });
  return { access_token, ajax, response };
}

/**
 * The 3-D Secure step the browser runs before saving a Visa or Mastercard (spec §4); the frictionless test
 * numbers answer Y at once. The server refuses to save such a card without it.
 */
export async function authenticateThreeDs(app: FastifyInstance, token: string, cardToken: string, payer: PayerData) {
  // Stripe authenticated the card when it was entered (its SetupIntent): the portal has no step of its own.
  if (app.ctx.gateway.provider === 'stripe') return { cardinal: { status: 'Y' } };
  const { result } = await runThreeDsStep(app, token, cardToken, payer, '/settings/payment-methods');
  return result;
}

/**
 * The TO access token of a 3-D Secure step (what the return address carries as ?id=), run through the sandbox's
 * /Cardinal3DSWithToken, and the tokenization response the portal then reads.
 */
export async function runThreeDsStep(
  app: FastifyInstance,
  token: string,
  cardToken: string,
  payer: PayerData,
  redirectUri: string,
) {
  const access = await app.inject({
    method: 'POST',
    url: '/api/tokenization/access_token',
    headers: bearer(token),
    payload: {
      action: '01',
      payment_method: 'TO',
      payer_data: payer,
      payment_card_token: cardToken,
      amount: '1000',
      currency_code: '840',
      order_number: randomUUID(),
      redirect_uri: redirectUri,
      expiration_month: '12',
      expiration_year: '2029',
    },
  });
  if (access.statusCode !== 200) throw new Error(`3-D Secure access token: ${access.statusCode} ${access.body}`);
  const { access_token, paymetric_xi_url } = access.json() as { access_token: string; paymetric_xi_url: string };
  await app.inject({
    method: 'POST',
    url: paymetric_xi_url,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: `access_token=${access_token}`,
  });
  const result = await app.inject({
    method: 'POST',
    url: '/api/tokenization/response',
    headers: bearer(token),
    payload: { action: '02', access_token },
  });
  return { accessToken: access_token, result: result.json() as { cardinal: { status: string } | null } };
}

export function savedCard(
  token: string,
  type: PaymentCard['payment_card_type'],
  overrides: Partial<PaymentCard> = {},
): PaymentCard {
  return {
    payment_card_name: 'Pat Payer',
    payment_card_token: token,
    payment_card_type: type,
    valid_from: '',
    valid_to: type === 'EC' ? '' : '12-31-2029',
    default: '',
    is_session: '',
    electronic_check_account_type: '',
    electronic_check_rdfi_number: '',
    payer_account: '',
    preauthorization_amount: '',
    ...overrides,
  };
}

export async function manage(
  app: FastifyInstance,
  token: string,
  action: '01' | '02' | '03',
  card: PaymentCard,
  payer: PayerData = payerAccount,
) {
  const id = { '01': 'ADD_PAYMENT_CARD', '02': 'MOD_PAYMENT_CARD', '03': 'DEL_PAYMENT_CARD' }[action];
  return app.inject({
    method: 'POST',
    url: '/api/payment-methods/manage',
    headers: bearer(token),
    payload: { payer_data: payer, action, payment_cards: [card], log: { id } },
  });
}

export async function list(app: FastifyInstance, token: string, payer: PayerData = payerAccount) {
  return app.inject({
    method: 'GET',
    url: `/api/payment-methods?customer_number=${payer.customer_number}&company_code=${payer.company_code}`,
    headers: bearer(token),
  });
}
