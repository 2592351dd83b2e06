// Stripe's signed events (ADR 0031): the signature checked on the raw body with the endpoint's secret and a
// 5-minute tolerance (stripe.webhooks.constructEvent: an unsigned, forged or stale event is refused), and what each
// event type means for the portal. The inbox that keeps them once and processes them is modules/gateway-events.
//
// Issue 37, money that comes back:
// - charge.refunded: the charge's refunds add up to amount_refunded now (the portal's own and the Dashboard's).
// - charge.dispute.*: the dispute as it stands now, whichever of its events comes (created, updated, funds withdrawn,
//   funds reinstated, closed), so that a late or repeated one says the same.
// - A bank debit returned after it had succeeded: Stripe does not send charge.failed for a charge that succeeded (its
//   status stays succeeded); it opens a dispute on it. "In rare situations, Stripe might receive an ACH failure from the
//   bank after a payment has succeeded. If this happens, Stripe creates a dispute"
//   (support.stripe.com/questions/respond-to-or-contest-an-ach-direct-debit-dispute-as-a-merchant); SEPA the same
//   ("the bank reclaims those funds in the form of a dispute", support.stripe.com/questions/sepa-direct-debit-payment-
//   disputes); Stripe's test account 000555555559 (pm_usBankAccount_dispute) "triggers a dispute" and its test IBANs
//   go "from processing to succeeded, but a dispute is immediately created". Such a dispute cannot be contested, so a
//   dispute on a bank debit is the `returned` effect: its reason one of Stripe's bank debit reasons, the network's
//   return code in network_reason_code when Stripe gives it, else mapped from the reason (bankReturnCode).
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
  'charge.dispute.updated',
  'charge.dispute.funds_withdrawn',
  'charge.dispute.funds_reinstated',
  'charge.dispute.closed',
  'payment_method.detached',
] as const;

/** Stripe's dispute reasons that only bank debits have (docs.stripe.com/disputes/categories). */
const bankDebitReasons = new Set([
  'insufficient_funds',
  'incorrect_account_details',
  'debit_not_authorized',
  'bank_cannot_process',
  'customer_initiated',
]);

/**
 * The network's return code of a Stripe failure code or bank dispute reason: NACHA's for ACH, the SEPA rulebook's
 * for SEPA; '' when Stripe's word says too little to name one.
 */
const networkReturnCodes: Record<string, { us_bank_account: string; sepa_debit: string }> = {
  insufficient_funds: { us_bank_account: 'R01', sepa_debit: 'AM04' },
  account_closed: { us_bank_account: 'R02', sepa_debit: 'AC04' },
  no_account: { us_bank_account: 'R03', sepa_debit: 'AC01' },
  incorrect_account_details: { us_bank_account: 'R03', sepa_debit: 'AC01' },
  invalid_account_number: { us_bank_account: 'R04', sepa_debit: 'AC01' },
  // The holder says the debit was not authorised, or withdrew the authorisation: the mandate is over.
  debit_not_authorized: { us_bank_account: 'R10', sepa_debit: 'MD01' },
  customer_initiated: { us_bank_account: 'R07', sepa_debit: 'MD06' },
};

export function bankReturnCode(
  type: 'us_bank_account' | 'sepa_debit',
  stripeCode: string,
  networkCode?: string | null,
) {
  const given = (networkCode ?? '').trim().toUpperCase();
  // Stripe shows the underlying return code as the dispute's network reason code (R10, AM04...).
  if (/^(R\d{2}|[A-Z]{2}\d{2})$/.test(given)) return given;
  return networkReturnCodes[stripeCode]?.[type] ?? '';
}

export function stripeEvents(db: Db, stripe: Stripe, webhookSecret: string): GatewayEvents {
  async function orderOfPaymentIntent(paymentIntent: string | Stripe.PaymentIntent | null): Promise<string | null> {
    if (!paymentIntent) return null;
    if (typeof paymentIntent === 'object' && paymentIntent.metadata.order_number)
      return paymentIntent.metadata.order_number;
    const id = typeof paymentIntent === 'string' ? paymentIntent : paymentIntent.id;
    const [row] = await db.select().from(stripeCharges).where(eq(stripeCharges.paymentIntentId, id));
    return row?.orderNumber ?? null;
  }

  /** The bank debit an order was paid by (ACH or SEPA), null for a card. */
  async function bankDebitOf(order: string, dispute: Stripe.Dispute): Promise<'us_bank_account' | 'sepa_debit' | null> {
    if (dispute.payment_method_details?.type === 'card') return null;
    const [row] = await db
      .select({ type: stripeMethods.paymentMethodType })
      .from(stripeCharges)
      .innerJoin(stripeMethods, eq(stripeMethods.token, stripeCharges.token))
      .where(eq(stripeCharges.orderNumber, order))
      .limit(1);
    if (row) return row.type === 'us_bank_account' || row.type === 'sepa_debit' ? row.type : null;
    // The method is not known here (never saved through the portal): only bank debits have these reasons.
    if (!bankDebitReasons.has(dispute.reason)) return null;
    return dispute.currency === 'eur' ? 'sepa_debit' : 'us_bank_account';
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
        case 'charge.dispute.updated':
        case 'charge.dispute.funds_withdrawn':
        case 'charge.dispute.funds_reinstated':
        case 'charge.dispute.closed': {
          const dispute = event.data.object;
          const order = await orderOfPaymentIntent(dispute.payment_intent);
          if (!order) return { kind: 'noted' };
          // Both events say the amount left the balance, whatever balance_transactions shows in their snapshot.
          const withdrawn =
            event.type === 'charge.dispute.funds_withdrawn' ||
            event.type === 'charge.dispute.funds_reinstated' ||
            (dispute.balance_transactions ?? []).some((transaction) => transaction.amount < 0);
          const debit = await bankDebitOf(order, dispute);
          if (!debit) return { kind: 'dispute', order_number: order, dispute: disputeOf(dispute, withdrawn) };
          // A bank debit's dispute is the debit returned (lost: the money is gone); nothing came back before.
          if (!withdrawn && dispute.status !== 'lost') return { kind: 'noted' };
          return {
            kind: 'returned',
            order_number: order,
            amount_minor: BigInt(dispute.amount),
            currency_key: dispute.currency.toUpperCase(),
            return_code: bankReturnCode(debit, dispute.reason, dispute.network_reason_code),
            reason: dispute.reason,
            // One return per dispute, whichever of its events is applied first.
            reference: dispute.id,
          };
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

/** A card dispute as the portal keeps it (issue 37): its status in the port's four, funds withdrawn or not. */
function disputeOf(dispute: Stripe.Dispute, fundsWithdrawn: boolean): GatewayDispute {
  const dueBy = dispute.evidence_details?.due_by;
  return {
    reference: dispute.id,
    status: disputeStatusOf(dispute.status),
    reason: dispute.reason,
    amount_minor: BigInt(dispute.amount),
    currency_key: dispute.currency.toUpperCase(),
    evidence_due_by: dueBy ? new Date(dueBy * 1000) : null,
    evidence_url: `https://dashboard.stripe.com/${dispute.livemode ? '' : 'test/'}disputes/${dispute.id}`,
    // A chargeback takes the amount at once (a balance transaction of the dispute); an inquiry (warning_*) takes none.
    funds_withdrawn: fundsWithdrawn,
  };
}

/**
 * Stripe's statuses in the port's four: an inquiry (warning_*) like a dispute; one closed without a chargeback
 * (warning_closed) or prevented is won; an appeal is the dispute open again.
 */
function disputeStatusOf(status: Stripe.Dispute.Status): GatewayDispute['status'] {
  switch (status) {
    case 'won':
    case 'warning_closed':
    case 'prevented':
      return 'won';
    case 'lost':
      return 'lost';
    case 'under_review':
    case 'warning_under_review':
    case 'appeal_under_review':
      return 'under_review';
    default:
      return 'needs_response';
  }
}
