// Stripe behind the portal's gateway port (ADR 0031), with the official `stripe` package:
// - entry: a SetupIntent on the payer account's Stripe Customer (off-session use, so scheduled payments and AutoPay
//   can charge it later), mounted in the browser by Stripe's Payment Element; its result is the PaymentMethod the
//   payer confirmed, under the portal's token (stripe-payment-methods.ts) with its 3-D Secure or mandate outcome;
// - charge: a PaymentIntent confirmed at once, the order number and payer account in its metadata, the portal's
//   idempotency key sent as Stripe's Idempotency-Key (a retry can never charge twice); on-session it may need the
//   payer (requires_action, completed by Stripe.js), off-session it is merchant-initiated and a refusal for want of
//   the payer is `authentication_required`;
// - status by order number: the PaymentIntent the charge recorded, else Stripe's search by metadata (a call whose
//   answer was lost); refund; and Stripe's signed events (stripe-events.ts).
// No card or bank account number ever reaches this file: Stripe.js sends them from the browser to Stripe.
import type { AccessTokenResponse, CardinalResult } from '@portal/contracts';
import { and, eq, gt, isNull } from 'drizzle-orm';
import Stripe from 'stripe';
import type { Db } from '../../../db/client';
import {
  AUTHENTICATION_REQUIRED,
  GatewayTimeoutError,
  type GatewayCharge,
  type GatewayChargeRequest,
  type GatewayEntryRequest,
  type GatewayPayer,
  type GatewayRefund,
  type GatewayRefundRequest,
  type GatewayTokenizationResult,
  type PaymentGateway,
} from '../payment-gateway';
import { stripeEvents } from './stripe-events';
import { bankDebitFor, mandateText, portalMethodOf, type StripeMethodType } from './stripe-payment-methods';
import { stripeCharges, stripeCustomers, stripeEntries, stripeMethods } from './stripe.schema';

export type StripeGatewayOptions = {
  secretKey: string;
  publishableKey: string;
  webhookSecret: string;
  /** A Stripe test double's address (tests only); '' for Stripe's own API. */
  apiUrl: string;
  timeoutMs: number;
  /** Key of the token digest: the same card or account always gets the same portal token. */
  tokenKey: string;
  /** The supplier's name, in the mandate text of bank debits. */
  merchantName: () => Promise<string>;
  now?: () => Date;
  entryTtlSeconds?: number;
};

/** Stripe.js and what it talks to, as Stripe documents for its CSP (docs.stripe.com/security/guide#content-security-policy). */
const stripeContentSecurity = {
  scriptSrc: ['https://js.stripe.com'],
  frameSrc: ['https://js.stripe.com', 'https://hooks.stripe.com'],
  connectSrc: ['https://api.stripe.com', 'https://merchant-ui-api.stripe.com'],
  formAction: [],
  imgSrc: ['https://*.stripe.com'],
};

export function createStripeClient(options: Pick<StripeGatewayOptions, 'secretKey' | 'apiUrl' | 'timeoutMs'>): Stripe {
  const double = options.apiUrl ? new URL(options.apiUrl) : null;
  return new Stripe(options.secretKey, {
    ...(double
      ? {
          host: double.hostname,
          port: double.port || (double.protocol === 'https:' ? 443 : 80),
          protocol: double.protocol === 'https:' ? 'https' : 'http',
        }
      : {}),
    timeout: options.timeoutMs,
    // The SDK retries a lost connection with the same Idempotency-Key: Stripe answers the first result.
    maxNetworkRetries: 1,
    // No request timings sent back to Stripe in the next call's headers: less work per charge, nothing extra leaves.
    telemetry: false,
    appInfo: { name: 'ar-portal' },
  });
}

/**
 * Stripe's minimum charge per currency, in its minor units (docs.stripe.com/currencies#minimum-and-maximum-charge-
 * amounts); a currency not listed is left to Stripe (a refusal there is a decline).
 */
const stripeMinimumMinor: Record<string, bigint> = {
  USD: 50n,
  EUR: 50n,
  GBP: 30n,
  CAD: 50n,
  AUD: 50n,
  NZD: 50n,
  SGD: 50n,
  CHF: 50n,
  JPY: 50n,
  BRL: 50n,
  INR: 50n,
  DKK: 250n,
  NOK: 300n,
  SEK: 300n,
  PLN: 200n,
  CZK: 1500n,
  HKD: 400n,
  MXN: 1000n,
  AED: 200n,
};

/** The app setting that keeps the key of the token digest (like the sandbox's). */
export const STRIPE_TOKEN_KEY_SETTING = 'stripe_gateway_token_key';

const payerKeyOf = (payer: GatewayPayer) => `${payer.company_code}|${payer.payer_number}`;

export function createStripeGateway(db: Db, options: StripeGatewayOptions): PaymentGateway {
  const stripe = createStripeClient(options);
  const now = options.now ?? (() => new Date());
  const ttlMs = (options.entryTtlSeconds ?? 3600) * 1000;
  const live = options.secretKey.includes('_live_');

  /** One Stripe Customer per payer account, created on its first entry and kept. */
  async function customerFor(payer: GatewayPayer): Promise<string> {
    const payerKey = payerKeyOf(payer);
    const [known] = await db.select().from(stripeCustomers).where(eq(stripeCustomers.payerKey, payerKey));
    if (known) return known.customerId;
    const customer = await stripe.customers.create(
      {
        description: `Payer ${payer.payer_number} (company code ${payer.company_code})`,
        metadata: { payer_number: payer.payer_number, company_code: payer.company_code },
      },
      // Two first entries at once get one customer (within Stripe's 24 hours of idempotency).
      { idempotencyKey: `customer-${payerKey}` },
    );
    await db
      .insert(stripeCustomers)
      .values({ payerKey, customerId: customer.id, createdAt: now() })
      .onConflictDoNothing();
    const [kept] = await db.select().from(stripeCustomers).where(eq(stripeCustomers.payerKey, payerKey));
    return kept!.customerId;
  }

  async function chargeRecord(orderNumber: string) {
    const [row] = await db.select().from(stripeCharges).where(eq(stripeCharges.orderNumber, orderNumber));
    return row ?? null;
  }

  async function recordCharge(orderNumber: string, paymentIntentId: string, token: string) {
    await db
      .insert(stripeCharges)
      .values({ orderNumber, paymentIntentId, token, createdAt: now() })
      .onConflictDoNothing();
  }

  /** The PaymentIntent of an order: the one recorded, else Stripe's search by the metadata the charge carried. */
  async function paymentIntentOf(orderNumber: string): Promise<{ intent: Stripe.PaymentIntent; token: string } | null> {
    const record = await chargeRecord(orderNumber);
    if (record) {
      const intent = await stripe.paymentIntents.retrieve(record.paymentIntentId, { expand: ['latest_charge'] });
      return { intent, token: record.token };
    }
    const found = await stripe.paymentIntents.search({ query: `metadata['order_number']:'${orderNumber}'` });
    const intent = found.data[0];
    if (!intent) return null;
    const token = intent.metadata.portal_token ?? '';
    await recordCharge(orderNumber, intent.id, token);
    return { intent, token };
  }

  function toCharge(intent: Stripe.PaymentIntent, orderNumber: string, token: string): GatewayCharge {
    const charge = typeof intent.latest_charge === 'object' ? intent.latest_charge : null;
    const refunded = BigInt(charge?.amount_refunded ?? 0);
    const amount = BigInt(intent.amount);
    const base = {
      order_number: orderNumber,
      authorization_reference: '',
      amount_minor: amount,
      refunded_minor: refunded,
      currency_key: intent.currency.toUpperCase(),
      decline_reason: '',
      payment_card_token: token,
    };
    switch (intent.status) {
      case 'succeeded':
      case 'requires_capture':
        return {
          ...base,
          status: refunded === 0n ? 'approved' : refunded >= amount ? 'refunded' : 'partially_refunded',
          authorization_reference: intent.id,
        };
      case 'processing':
        return { ...base, status: 'processing', authorization_reference: intent.id };
      case 'requires_action':
        return {
          ...base,
          status: 'requires_action',
          next_action: {
            provider: 'stripe',
            client_secret: intent.client_secret ?? '',
            publishable_key: options.publishableKey,
          },
        };
      case 'canceled':
        return { ...base, status: 'declined', decline_reason: intent.cancellation_reason ?? 'canceled' };
      default: {
        const error = intent.last_payment_error;
        const reason = error?.decline_code ?? error?.code ?? 'declined';
        return { ...base, status: 'declined', decline_reason: reason };
      }
    }
  }

  async function entryOf(entryId: string) {
    const [row] = await db
      .select()
      .from(stripeEntries)
      .where(and(eq(stripeEntries.setupIntentId, entryId), gt(stripeEntries.expiresAt, now())));
    return row ?? null;
  }

  /** 3-D Secure of a confirmed SetupIntent: Y when the payer authenticated, A when Stripe asked nothing more. */
  function cardinalOf(setup: Stripe.SetupIntent): CardinalResult {
    const attempt = typeof setup.latest_attempt === 'object' ? setup.latest_attempt : null;
    const result = attempt?.payment_method_details?.card?.three_d_secure?.result;
    const status: CardinalResult['status'] =
      result === 'authenticated' ? 'Y' : result === 'failed' ? 'N' : result === 'not_supported' ? 'U' : 'A';
    return {
      status,
      eci: '',
      cavv: '',
      ds_transaction_id: '',
      threeds_version: attempt?.payment_method_details?.card?.three_d_secure?.version ?? '',
      order_number: '',
    };
  }

  return {
    provider: 'stripe',
    mode: live ? 'live' : 'test',
    authentication: 'in-charge',
    frameOrigin: null,
    publishableKey: options.publishableKey,
    contentSecurity: stripeContentSecurity,
    events: stripeEvents(db, stripe, options.webhookSecret),

    async startEntry(request: GatewayEntryRequest): Promise<AccessTokenResponse> {
      // Stripe authenticates inside its own confirmations: the portal never asks it for a step of its own.
      if (request.payment_method === 'TO') throw new Error('Stripe has no separate 3-D Secure step (ADR 0031)');
      const type: StripeMethodType = request.payment_method === 'EC' ? bankDebitFor(request.currency_key) : 'card';
      const customer = request.payer ? await customerFor(request.payer) : undefined;
      const setup = await stripe.setupIntents.create({
        ...(customer ? { customer } : {}),
        allowed_payment_method_types: [type],
        // A guest's card serves one payment; an account's is saved for the payer's later and off-session payments.
        usage: customer ? 'off_session' : 'on_session',
        metadata: request.payer
          ? { payer_number: request.payer.payer_number, company_code: request.payer.company_code }
          : { guest: 'true' },
      });
      await db.insert(stripeEntries).values({
        setupIntentId: setup.id,
        merchantReference: request.merchant_reference,
        payerKey: request.payer ? payerKeyOf(request.payer) : null,
        kind: request.payment_method,
        createdAt: now(),
        expiresAt: new Date(now().getTime() + ttlMs),
      });
      return {
        access_token: setup.id,
        merchant_guid: '',
        paymetric_xi_url: '',
        provider: 'stripe',
        client_secret: setup.client_secret ?? '',
        publishable_key: options.publishableKey,
        payment_method_types: [type],
      };
    },

    async readEntry(entryId: string): Promise<GatewayTokenizationResult | null> {
      const entry = await entryOf(entryId);
      if (!entry) return null;
      const empty = { merchant_reference: entry.merchantReference, payment_card_token: null, paymentcard: null };
      const setup = await stripe.setupIntents.retrieve(entryId, { expand: ['payment_method', 'latest_attempt'] });
      if (setup.status !== 'succeeded' || !setup.payment_method) return { ...empty, cardinal: null };
      const method =
        typeof setup.payment_method === 'string'
          ? await stripe.paymentMethods.retrieve(setup.payment_method)
          : setup.payment_method;
      const portal = portalMethodOf(method, options.tokenKey);
      if (!portal) return { ...empty, cardinal: null };
      let mandate: GatewayTokenizationResult['mandate'] = null;
      if (setup.mandate && portal.type !== 'card') {
        const id = typeof setup.mandate === 'string' ? setup.mandate : setup.mandate.id;
        const record = await stripe.mandates.retrieve(id);
        mandate = {
          reference: record.id,
          accepted_at: new Date(record.customer_acceptance.accepted_at! * 1000).toISOString(),
          text: mandateText(portal.type, await options.merchantName()),
        };
      }
      const customerId = typeof setup.customer === 'string' ? setup.customer : (setup.customer?.id ?? '');
      const kept = {
        paymentMethodId: method.id,
        paymentMethodType: portal.type,
        mandateId: mandate?.reference ?? '',
        mandateText: mandate?.text ?? '',
        mandateAcceptedAt: mandate ? new Date(mandate.accepted_at) : null,
        detachedAt: null,
      };
      // The same card entered again is the same token: its latest PaymentMethod is the one charged.
      await db
        .insert(stripeMethods)
        .values({ token: portal.token, customerId, createdAt: now(), ...kept })
        .onConflictDoUpdate({ target: [stripeMethods.token, stripeMethods.customerId], set: kept });
      return {
        merchant_reference: entry.merchantReference,
        payment_card_token: portal.token,
        paymentcard: { ...portal.paymentCard, payment_card_token: portal.token },
        cardinal: portal.type === 'card' ? cardinalOf(setup) : null,
        mandate,
      };
    },

    async charge(request: GatewayChargeRequest): Promise<GatewayCharge> {
      // The payer's Customer and its PaymentMethod of this token, in one look-up (a guest's method has none).
      const [method] = await db
        .select({
          customerId: stripeMethods.customerId,
          paymentMethodId: stripeMethods.paymentMethodId,
          paymentMethodType: stripeMethods.paymentMethodType,
          mandateId: stripeMethods.mandateId,
        })
        .from(stripeMethods)
        .leftJoin(stripeCustomers, eq(stripeCustomers.customerId, stripeMethods.customerId))
        .where(
          and(
            eq(stripeMethods.token, request.payment_card_token),
            request.payer ? eq(stripeCustomers.payerKey, payerKeyOf(request.payer)) : eq(stripeMethods.customerId, ''),
            isNull(stripeMethods.detachedAt),
          ),
        )
        .limit(1);
      const customerId = method?.customerId ?? '';
      const declined = (reason: string): GatewayCharge => ({
        order_number: request.order_number,
        status: 'declined',
        authorization_reference: '',
        amount_minor: request.amount_minor,
        refunded_minor: 0n,
        currency_key: request.currency_key,
        decline_reason: reason,
        payment_card_token: request.payment_card_token,
      });
      if (!method) return declined('unknown_token');
      if (request.amount_minor <= 0n || request.amount_minor > BigInt(Number.MAX_SAFE_INTEGER))
        return declined('invalid_amount');
      const offSession = request.presence === 'off_session';
      const parameters: Stripe.PaymentIntentCreateParams = {
        amount: Number(request.amount_minor),
        currency: request.currency_key.toLowerCase(),
        ...(customerId ? { customer: customerId } : {}),
        payment_method: method.paymentMethodId,
        allowed_payment_method_types: [
          method.paymentMethodType as Stripe.PaymentIntentCreateParams.AllowedPaymentMethodType,
        ],
        confirm: true,
        capture_method: request.capture ? 'automatic' : 'manual',
        ...(offSession ? { off_session: true } : {}),
        ...(method.mandateId ? { mandate: method.mandateId } : {}),
        ...(method.paymentMethodType === 'card' && !offSession
          ? {
              payment_method_options: {
                card: { request_three_d_secure: request.three_ds_wanted ? 'any' : 'automatic' },
              },
            }
          : {}),
        metadata: {
          order_number: request.order_number,
          payer_number: request.payer?.payer_number ?? '',
          company_code: request.payer?.company_code ?? '',
          portal_token: request.payment_card_token,
        },
        ...(request.description ? { description: request.description } : {}),
      };
      let intent: Stripe.PaymentIntent;
      try {
        intent = await stripe.paymentIntents.create(parameters, { idempotencyKey: request.idempotency_key });
      } catch (error) {
        if (error instanceof Stripe.errors.StripeCardError) {
          // A decline: Stripe answers 402 with the PaymentIntent it made (left requiring another method).
          const refused = error.payment_intent;
          if (refused) await recordCharge(request.order_number, refused.id, request.payment_card_token);
          const reason =
            error.code === AUTHENTICATION_REQUIRED ? AUTHENTICATION_REQUIRED : (error.decline_code ?? error.code);
          return declined(reason ?? 'card_declined');
        }
        // Stripe refused the request itself (an amount under its minimum, a mandate no longer valid...): nothing was
        // charged, so the payment is declined with Stripe's code rather than left waiting for a look-up.
        if (error instanceof Stripe.errors.StripeInvalidRequestError && !error.payment_intent)
          return declined(error.code ?? 'invalid_request');
        // No answer, or Stripe failed on its side: the outcome is unknown until a look-up by order number tells.
        if (
          error instanceof Stripe.errors.StripeConnectionError ||
          error instanceof Stripe.errors.StripeAPIError ||
          error instanceof Stripe.errors.StripeRateLimitError
        )
          throw new GatewayTimeoutError(request.order_number);
        throw error;
      }
      await recordCharge(request.order_number, intent.id, request.payment_card_token);
      return toCharge(intent, request.order_number, request.payment_card_token);
    },

    async getChargeStatus(orderNumber: string): Promise<GatewayCharge | null> {
      const found = await paymentIntentOf(orderNumber);
      return found ? toCharge(found.intent, orderNumber, found.token) : null;
    },

    async cancelCharge(orderNumber: string): Promise<GatewayCharge | null> {
      const found = await paymentIntentOf(orderNumber);
      if (!found) return null;
      const waiting = ['requires_action', 'requires_confirmation', 'requires_payment_method'];
      if (!waiting.includes(found.intent.status)) return toCharge(found.intent, orderNumber, found.token);
      try {
        const cancelled = await stripe.paymentIntents.cancel(found.intent.id, { cancellation_reason: 'abandoned' });
        return toCharge(cancelled, orderNumber, found.token);
      } catch (error) {
        // The payer finished just before: read what happened.
        if (error instanceof Stripe.errors.StripeInvalidRequestError) {
          const again = await stripe.paymentIntents.retrieve(found.intent.id, { expand: ['latest_charge'] });
          return toCharge(again, orderNumber, found.token);
        }
        throw error;
      }
    },

    minimumChargeMinor: (currencyKey: string) => stripeMinimumMinor[currencyKey] ?? 1n,

    async refund(request: GatewayRefundRequest): Promise<GatewayRefund> {
      const refused = (reason: string): GatewayRefund => ({
        order_number: request.order_number,
        refund_reference: '',
        status: 'refused',
        amount_minor: request.amount_minor,
        reason,
      });
      try {
        const record = await chargeRecord(request.order_number);
        // A charge whose answer was lost is found by its metadata, as a status look-up finds it.
        const intentId = record?.paymentIntentId ?? (await paymentIntentOf(request.order_number))?.intent.id;
        if (!intentId) return refused('unknown_order');
        const refund = await stripe.refunds.create(
          {
            payment_intent: intentId,
            amount: Number(request.amount_minor),
            metadata: { order_number: request.order_number },
          },
          // The portal's key (its reversal's id): a retry after a time-out answers the same refund, never a second.
          { idempotencyKey: request.idempotency_key },
        );
        return {
          order_number: request.order_number,
          refund_reference: refund.id,
          // pending: a bank debit's refund on its way (it fails later only if the account is closed).
          status: refund.status === 'failed' || refund.status === 'canceled' ? 'refused' : 'refunded',
          amount_minor: BigInt(refund.amount),
          reason: refund.failure_reason ?? '',
        };
      } catch (error) {
        // Stripe refused it with its reason (amount_too_large above what is left, charge_already_refunded,
        // charge_disputed...): nothing was refunded.
        if (error instanceof Stripe.errors.StripeInvalidRequestError) return refused(error.code ?? 'refused');
        // No answer, or Stripe failed on its side: the outcome is unknown until the same key is sent again.
        if (
          error instanceof Stripe.errors.StripeConnectionError ||
          error instanceof Stripe.errors.StripeAPIError ||
          error instanceof Stripe.errors.StripeRateLimitError
        )
          throw new GatewayTimeoutError(request.order_number);
        throw error;
      }
    },
  };
}
