// Disputes as Stripe runs them (docs.stripe.com/disputes, docs.stripe.com/testing#disputes). A payment with the
// dispute test card is disputed shortly after it succeeds: needs_response, the amount withdrawn from the balance at once
// (charge.dispute.created, charge.dispute.funds_withdrawn). Evidence submitted puts it under review
// (charge.dispute.updated); in test mode the evidence text decides it: `winning_evidence` wins it, the amount reinstated
// (charge.dispute.closed, charge.dispute.funds_reinstated), `losing_evidence` loses it (charge.dispute.closed).
// Closing it accepts it as lost. A bank debit that comes back after it succeeded is a dispute too: Stripe "creates a
// dispute" for an ACH failure received after success (support.stripe.com/questions/respond-to-or-contest-an-ach-direct-
// debit-dispute-as-a-merchant), lost at once since bank debit disputes cannot be contested, with the network's return
// code as its network_reason_code.
import type Stripe from 'stripe';
import type { DoubleContext } from './double-context';
import { invalidRequest } from './double-errors';
import { NO_REQUEST, type EventRequest } from './double-events';
import { newId } from './double-ids';
import { buildDispute, buildDisputeMovement } from './double-objects';
import type { DueDispute } from './double-store';
import { deactivateMandates } from './mandates';
import { MANDATE_ENDING_RETURN_CODES } from './test-methods';

export type DisputeOpening = { reason: string; networkReasonCode: string | null };

/** Days a card dispute gives for evidence (Stripe's test disputes give about a week). */
const EVIDENCE_DAYS = 7;

/** Evidence fields the double takes (Stripe's text fields, and the ids of uploaded files, kept as given). */
export const EVIDENCE_FIELDS = [
  'access_activity_log',
  'billing_address',
  'cancellation_policy',
  'cancellation_policy_disclosure',
  'cancellation_rebuttal',
  'customer_communication',
  'customer_email_address',
  'customer_name',
  'customer_purchase_ip',
  'customer_signature',
  'duplicate_charge_documentation',
  'duplicate_charge_explanation',
  'duplicate_charge_id',
  'product_description',
  'receipt',
  'refund_policy',
  'refund_policy_disclosure',
  'refund_refusal_explanation',
  'service_date',
  'service_documentation',
  'shipping_address',
  'shipping_carrier',
  'shipping_date',
  'shipping_documentation',
  'shipping_tracking_number',
  'uncategorized_file',
  'uncategorized_text',
] as const;

export type EvidenceField = (typeof EVIDENCE_FIELDS)[number];

const OPEN: readonly string[] = ['needs_response', 'under_review', 'warning_needs_response', 'warning_under_review'];

export function isBankDebit(charge: Stripe.Charge): boolean {
  const type = charge.payment_method_details?.type;
  return type === 'us_bank_account' || type === 'sepa_debit';
}

/** The dispute test card's dispute, shortly after its charge: after processingSettleMs, or when settled by hand. */
export function disputeLater(ctx: DoubleContext, charge: Stripe.Charge, opening: DisputeOpening): void {
  const due: DueDispute = {
    chargeId: charge.id,
    paymentIntentId: String(charge.payment_intent),
    reason: opening.reason,
    networkReasonCode: opening.networkReasonCode ?? '',
  };
  ctx.store.dueDisputes.push(due);
  if (ctx.processingSettleMs <= 0) return;
  const timer = setTimeout(() => {
    ctx.timers.delete(timer);
    openDue(ctx, (candidate) => candidate === due);
  }, ctx.processingSettleMs);
  timer.unref();
  ctx.timers.add(timer);
}

/** Opens the disputes due (all, or one payment's); answers their ids. */
export function openDueDisputes(ctx: DoubleContext, paymentIntentId?: string): string[] {
  return openDue(ctx, (due) => !paymentIntentId || due.paymentIntentId === paymentIntentId);
}

function openDue(ctx: DoubleContext, which: (due: DueDispute) => boolean): string[] {
  const opened: string[] = [];
  for (const due of ctx.store.dueDisputes.filter(which)) {
    ctx.store.dueDisputes = ctx.store.dueDisputes.filter((candidate) => candidate !== due);
    const charge = ctx.store.charges.get(due.chargeId);
    // Refunded in full meanwhile: nothing left to dispute, as a cardholder would not.
    if (!charge || charge.disputed || charge.amount_captured - charge.amount_refunded <= 0) continue;
    const dispute = openDispute(ctx, NO_REQUEST, charge, {
      reason: due.reason,
      networkReasonCode: due.networkReasonCode || null,
    });
    opened.push(dispute.id);
  }
  return opened;
}

/** Opens a dispute on a succeeded charge, its amount (what is left of the charge) withdrawn at once. */
export function openDispute(
  ctx: DoubleContext,
  request: EventRequest,
  charge: Stripe.Charge,
  opening: DisputeOpening,
): Stripe.Dispute {
  if (charge.status !== 'succeeded' || !charge.captured) {
    throw invalidRequest(`The charge ${charge.id} has not succeeded: there is nothing to dispute.`, {
      param: 'payment_intent',
    });
  }
  if (charge.disputed)
    throw invalidRequest(`The charge ${charge.id} is already disputed.`, { param: 'payment_intent' });
  const amount = charge.amount_captured - charge.amount_refunded;
  if (amount <= 0) {
    throw invalidRequest(`The charge ${charge.id} was refunded in full: there is nothing to dispute.`, {
      param: 'payment_intent',
    });
  }
  const bankDebit = isBankDebit(charge);
  const id = newId('du');
  const created = ctx.now();
  const dispute = buildDispute(ctx.fixtures, {
    id,
    created,
    charge,
    reason: opening.reason,
    status: bankDebit ? 'lost' : 'needs_response',
    networkReasonCode: opening.networkReasonCode,
    withdrawal: buildDisputeMovement(ctx.fixtures, {
      created,
      dispute: id,
      charge: charge.id,
      currency: charge.currency,
      amount: -amount,
    }),
    dueBy: bankDebit ? null : created + EVIDENCE_DAYS * 24 * 3600,
  });
  ctx.store.disputes.set(id, dispute);
  charge.disputed = true;
  ctx.events.emit('charge.dispute.created', dispute, request);
  ctx.events.emit('charge.dispute.funds_withdrawn', dispute, request);
  if (bankDebit) {
    // Nothing to answer: a bank debit's dispute is over as it opens.
    ctx.events.emit('charge.dispute.closed', dispute, request);
    const method = charge.payment_method ? ctx.store.paymentMethods.get(charge.payment_method) : undefined;
    if (method && MANDATE_ENDING_RETURN_CODES.includes(opening.networkReasonCode ?? ''))
      deactivateMandates(ctx, method);
  }
  return dispute;
}

/**
 * POST /v1/disputes/:id: evidence staged (`submit=false`) or submitted, which puts the dispute under review; in test
 * mode the text `winning_evidence` or `losing_evidence` decides it at once (Stripe's test mode takes a few seconds).
 */
export function updateDispute(
  ctx: DoubleContext,
  request: EventRequest,
  dispute: Stripe.Dispute,
  change: {
    evidence: Partial<Record<EvidenceField, string>> | undefined;
    metadata: Record<string, string>;
    submit: boolean;
  },
): void {
  const previous: Partial<Stripe.Dispute> = { metadata: { ...dispute.metadata } };
  dispute.metadata = change.metadata;
  if (change.evidence) {
    if (dispute.status !== 'needs_response' && dispute.status !== 'warning_needs_response') {
      throw invalidRequest(
        `This dispute's status is ${dispute.status}: evidence can only be given while it needs a response.`,
        { param: 'evidence', code: 'dispute_evidence_not_accepted' },
      );
    }
    previous.evidence = structuredClone(dispute.evidence);
    previous.evidence_details = structuredClone(dispute.evidence_details);
    Object.assign(dispute.evidence, change.evidence);
    dispute.evidence_details.has_evidence = true;
    if (change.submit) {
      previous.status = dispute.status;
      dispute.status = dispute.status === 'warning_needs_response' ? 'warning_under_review' : 'under_review';
      dispute.evidence_details.submission_count += 1;
    }
  }
  ctx.events.emit('charge.dispute.updated', dispute, request, previous);
  if (!change.evidence || !change.submit) return;
  const text = dispute.evidence.uncategorized_text;
  if (text === 'winning_evidence') closeDispute(ctx, request, dispute, 'won');
  else if (text === 'losing_evidence') closeDispute(ctx, request, dispute, 'lost');
}

/** POST /v1/disputes/:id/close: the merchant accepts the dispute (lost; an inquiry closes without a chargeback). */
export function acceptDispute(ctx: DoubleContext, request: EventRequest, dispute: Stripe.Dispute): void {
  if (dispute.status !== 'needs_response' && dispute.status !== 'warning_needs_response') {
    throw invalidRequest(
      `This dispute's status is ${dispute.status}: only a dispute that needs a response can be closed.`,
    );
  }
  closeDispute(ctx, request, dispute, dispute.status === 'warning_needs_response' ? 'warning_closed' : 'lost');
}

/** The bank's decision; a dispute won gives the withdrawn amount back (a second balance transaction). */
export function closeDispute(
  ctx: DoubleContext,
  request: EventRequest,
  dispute: Stripe.Dispute,
  status: 'won' | 'lost' | 'warning_closed',
): void {
  if (!OPEN.includes(dispute.status)) {
    throw invalidRequest(`This dispute is already closed (${dispute.status}).`, { param: 'status' });
  }
  const previous: Partial<Stripe.Dispute> = { status: dispute.status };
  dispute.status = status;
  const withdrawn = dispute.balance_transactions.reduce((sum, movement) => sum + movement.amount, 0);
  const reinstated = status === 'won' && withdrawn < 0;
  if (reinstated) {
    previous.balance_transactions = structuredClone(dispute.balance_transactions);
    dispute.balance_transactions.push(
      buildDisputeMovement(ctx.fixtures, {
        created: ctx.now(),
        dispute: dispute.id,
        charge: String(dispute.charge),
        currency: dispute.currency,
        amount: -withdrawn,
      }),
    );
  }
  ctx.events.emit('charge.dispute.closed', dispute, request, previous);
  if (reinstated) ctx.events.emit('charge.dispute.funds_reinstated', dispute, request);
}
