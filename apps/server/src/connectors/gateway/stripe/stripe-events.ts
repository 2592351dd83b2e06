// Stripe's signed events (ADR 0031): the signature checked on the raw body with the endpoint's secret and a
// 5-minute tolerance (stripe.webhooks.constructEvent: an unsigned, forged or stale event is refused), and what each
// event type means for the portal. The inbox that keeps them once and processes them is modules/gateway-events.
import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import type { Db } from '../../../db/client';
import {
  GatewaySignatureError,
  type GatewayDispute,
  type GatewayEvent,
  type GatewayEventEffect,
  type GatewayEvents,
} from '../payment-gateway';
import { stripeCharges, stripeCustomers, stripeMethods } from './stripe.schema';

/** Seconds an event's signature stays good: Stripe's default, against replays of an old delivery. */
export const STRIPE_SIGNATURE_TOLERANCE_SECONDS = 300;

/** The events the endpoint is subscribed to (docs/stripe.md). */
export const stripeEventTypes = [
  'payment_intent.succeeded',
  'payment_intent.payment_failed',
  'payment_intent.processing',
  'payment_intent.requires_action',
  'payment_intent.canceled',
  'setup_intent.succeeded',
  'charge.refunded',
  'charge.dispute.created',
  'charge.dispute.closed',
  'payment_method.detached',
] as const;

export function stripeEvents(db: Db, stripe: Stripe, webhookSecret: string): GatewayEvents {
  async function orderOfPaymentIntent(paymentIntent: string | Stripe.PaymentIntent | null): Promise<string | null> {
    if (!paymentIntent) return null;
    if (typeof paymentIntent === 'object' && paymentIntent.metadata.order_number)
      return paymentIntent.metadata.order_number;
    const id = typeof paymentIntent === 'string' ? paymentIntent : paymentIntent.id;
    const [row] = await db.select().from(stripeCharges).where(eq(stripeCharges.paymentIntentId, id));
    return row?.orderNumber ?? null;
  }

  return {
    webhookPath: '/api/gateway/stripe/webhook',
    types: stripeEventTypes,

    verify(rawBody: Buffer, signature: string | undefined): GatewayEvent {
      if (!signature) throw new GatewaySignatureError('no Stripe-Signature header');
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(rawBody, signature, webhookSecret, STRIPE_SIGNATURE_TOLERANCE_SECONDS);
      } catch (error) {
        throw new GatewaySignatureError(error instanceof Error ? error.message : 'signature does not hold');
      }
      return { id: event.id, type: event.type, created: new Date(event.created * 1000), payload: event };
    },

    async interpret(kept: GatewayEvent): Promise<GatewayEventEffect | null> {
      const event = kept.payload as Stripe.Event;
      switch (event.type) {
        case 'payment_intent.succeeded':
        case 'payment_intent.payment_failed':
        case 'payment_intent.processing':
        case 'payment_intent.requires_action':
        case 'payment_intent.canceled': {
          const order = await orderOfPaymentIntent(event.data.object);
          return order ? { kind: 'charge', order_number: order } : { kind: 'noted' };
        }
        case 'setup_intent.succeeded':
          return { kind: 'noted' };
        case 'charge.refunded': {
          const charge = event.data.object;
          const order = await orderOfPaymentIntent(charge.payment_intent);
          if (!order) return { kind: 'noted' };
          return {
            kind: 'refunded',
            order_number: order,
            refunded_minor: BigInt(charge.amount_refunded),
            currency_key: charge.currency.toUpperCase(),
            reference: kept.id,
          };
        }
        case 'charge.dispute.created':
        case 'charge.dispute.closed': {
          const dispute = event.data.object;
          const order = await orderOfPaymentIntent(dispute.payment_intent);
          if (!order) return { kind: 'noted' };
          return { kind: 'dispute', order_number: order, dispute: disputeOf(dispute) };
        }
        case 'payment_method.detached': {
          const method = event.data.object;
          const rows = await db.select().from(stripeMethods).where(eq(stripeMethods.paymentMethodId, method.id));
          const row = rows[0];
          if (!row) return { kind: 'noted' };
          await db
            .update(stripeMethods)
            .set({ detachedAt: new Date() })
            .where(eq(stripeMethods.paymentMethodId, method.id));
          const [customer] = row.customerId
            ? await db.select().from(stripeCustomers).where(eq(stripeCustomers.customerId, row.customerId))
            : [];
          const [company_code, payer_number] = customer ? customer.payerKey.split('|') : [];
          return {
            kind: 'method_detached',
            payment_card_token: row.token,
            payer: company_code && payer_number ? { company_code, payer_number } : null,
          };
        }
        default:
          return null;
      }
    },
  };
}

/** A Stripe dispute as the portal keeps it (issue 37): its status in the port's four, funds withdrawn or not. */
function disputeOf(dispute: Stripe.Dispute): GatewayDispute {
  const status: GatewayDispute['status'] =
    dispute.status === 'won' || dispute.status === 'warning_closed'
      ? 'won'
      : dispute.status === 'lost'
        ? 'lost'
        : dispute.status === 'under_review' || dispute.status === 'warning_under_review'
          ? 'under_review'
          : 'needs_response';
  const dueBy = dispute.evidence_details?.due_by;
  return {
    reference: dispute.id,
    status,
    reason: dispute.reason,
    amount_minor: BigInt(dispute.amount),
    currency_key: dispute.currency.toUpperCase(),
    evidence_due_by: dueBy ? new Date(dueBy * 1000) : null,
    evidence_url: `https://dashboard.stripe.com/${dispute.livemode ? '' : 'test/'}disputes/${dispute.id}`,
    // Stripe takes a card dispute's amount at once (a balance transaction of the dispute); inquiries take nothing.
    funds_withdrawn: (dispute.balance_transactions ?? []).some((transaction) => transaction.amount < 0),
  };
}
