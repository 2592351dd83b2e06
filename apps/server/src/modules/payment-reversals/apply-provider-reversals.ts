// What the provider's events say came back of a payment (issue 37, ADR 0032), applied by the inbox job
// (modules/gateway-events). Each is written once, whatever the number of deliveries: a reversal by its kind and the
// provider's reference, a dispute by its reference, and settled like every reversal (settle-reversal.ts).
//
// - refunded: the order's refunds at the provider add up to more than the portal's refunds of it (one made in the
//   provider's dashboard): the difference is a refund too, so that the ledger and the feed still add up.
// - returned: a bank debit that had been posted came back: a return of it (at most what is left), with its code; a
//   code that says the account cannot be debited again takes the method out of the payer's saved methods, and the
//   scheduled payments and AutoPay say so when they next run (isMethodReturned).
// - dispute: the dispute as it stands now. Opened: kept, payment.disputed; funds withdrawn: a chargeback reverses the
//   posting; won: a chargeback_reversal posts it again; closed (won or lost): payment.dispute_closed. Audited each time
//   its status changes.
import { randomUUID } from 'node:crypto';
import { bankReturnCodes, returnCodeEndsMethod, type DisputeWebhookData, type ReversalKind } from '@portal/contracts';
import { and, eq, inArray } from 'drizzle-orm';
import type { AppContext } from '../../app-context';
import type { GatewayDispute, GatewayEventEffect } from '../../connectors/gateway/payment-gateway';
import type { Db } from '../../db/client';
import { paymentDisputes, paymentIntents, paymentReversals } from '../../db/portal.schema';
import { recordAuditEvent } from '../audit/audit.repository';
import { findIntent, findIntentByOrderNumber } from '../payments/payment-intents.repository';
import { enqueueWebhookEvent } from '../webhooks/enqueue-webhook-event';
import { moneyBackFigures } from './money-back';
import {
  disputesOf,
  findDisputeByReference,
  findPaymentByOrder,
  insertReversal,
  reversalsOf,
  type DisputeRow,
  type PaymentFeedRow,
} from './payment-reversals.repository';
import { toPaymentDispute } from './reversal-view';
import { settleReversal } from './settle-reversal';

/**
 * The posted payment of an order. An order whose payment is not posted yet (the ERP slow or down while posting it)
 * throws: the inbox tries the event again later, when it is; an order the portal never posted (declined, voided,
 * another system's) has none.
 */
async function postedPaymentOf(ctx: AppContext, orderNumber: string): Promise<PaymentFeedRow | undefined> {
  const payment = await findPaymentByOrder(ctx.db, orderNumber);
  if (payment) return payment;
  const intent = await findIntentByOrderNumber(ctx.db, orderNumber);
  if (intent && (intent.state === 'pending' || intent.state === 'approved'))
    throw new Error(`the payment of order ${orderNumber} is not posted yet`);
  return undefined;
}

/** Who made what the provider reports (a reversal's login). */
const providerLogin = 'payment-provider';

export async function applyRefundedAtProvider(
  ctx: AppContext,
  effect: Extract<GatewayEventEffect, { kind: 'refunded' }>,
): Promise<string> {
  const payment = await postedPaymentOf(ctx, effect.order_number);
  if (!payment) return 'no payment of this order';
  const reversals = await reversalsOf(ctx.db, [payment.id]);
  const known = reversals
    .filter((row) => row.kind === 'refund' && row.state !== 'refused')
    .reduce((sum, row) => sum + row.amountMinor, 0n);
  const more = effect.refunded_minor - known;
  if (more <= 0n) return 'refunds known';
  const state = await recordFromProvider(ctx, payment, 'refund', more, effect.reference, {
    reason: 'other',
    comment: 'Refunded at the payment provider',
  });
  return `refund ${state}`;
}

export async function applyReturned(
  ctx: AppContext,
  effect: Extract<GatewayEventEffect, { kind: 'returned' }>,
): Promise<string> {
  const payment = await postedPaymentOf(ctx, effect.order_number);
  if (!payment) return 'no payment of this order';
  const figures = moneyBackFigures(
    payment.amountMinor,
    await reversalsOf(ctx.db, [payment.id]),
    await disputesOf(ctx.db, [payment.id]),
  );
  const amount = effect.amount_minor < figures.leftMinor ? effect.amount_minor : figures.leftMinor;
  if (amount <= 0n) return 'nothing left to return';
  const state = await recordFromProvider(ctx, payment, 'return', amount, effect.reference, {
    reason: effect.reason,
    returnCode: effect.return_code,
  });
  if (returnCodeEndsMethod(effect.return_code)) await forgetReturnedMethod(ctx, payment);
  return `return ${state}`;
}

export async function applyDispute(
  ctx: AppContext,
  effect: Extract<GatewayEventEffect, { kind: 'dispute' }>,
): Promise<string> {
  const payment = await postedPaymentOf(ctx, effect.order_number);
  if (!payment) return 'no payment of this order';
  const dispute = await keepDispute(ctx, payment, effect.dispute);
  if (dispute.fundsWithdrawn) {
    const figures = moneyBackFigures(
      payment.amountMinor,
      await reversalsOf(ctx.db, [payment.id]),
      await disputesOf(ctx.db, [payment.id]),
    );
    const withdrawn = await recordFromProvider(
      ctx,
      payment,
      'chargeback',
      dispute.amountMinor < figures.leftMinor + figures.chargedBackMinor
        ? dispute.amountMinor
        : figures.leftMinor + figures.chargedBackMinor,
      dispute.providerReference,
      { reason: dispute.reason, disputeId: dispute.id },
    );
    if (dispute.status === 'won' && withdrawn !== 'nothing')
      await recordFromProvider(ctx, payment, 'chargeback_reversal', dispute.amountMinor, dispute.providerReference, {
        reason: dispute.reason,
        disputeId: dispute.id,
      });
  }
  return `dispute ${dispute.status}`;
}

/**
 * A reversal the provider reports, written once (kind and reference) and settled now: 'posted', 'confirmed' (the ERP
 * will take it later), or 'nothing' when there is nothing to reverse.
 */
async function recordFromProvider(
  ctx: AppContext,
  payment: PaymentFeedRow,
  kind: ReversalKind,
  amount: bigint,
  reference: string,
  details: { reason: string; comment?: string; returnCode?: string; disputeId?: string },
): Promise<string> {
  if (amount <= 0n) return 'nothing';
  const now = ctx.now();
  const { row } = await insertReversal(ctx.db, {
    id: randomUUID(),
    paymentId: payment.id,
    kind,
    state: 'confirmed',
    amountMinor: amount,
    currencyKey: payment.currencyKey,
    currencyDecimals: payment.currencyDecimals,
    documents: [],
    reason: details.reason.slice(0, 100),
    comment: details.comment ?? '',
    returnCode: details.returnCode ?? '',
    providerReference: reference,
    disputeId: details.disputeId ?? null,
    login: providerLogin,
    nextAttemptAt: new Date(now.getTime() + ctx.config.PAYMENT_RECONCILE_AFTER_SECONDS * 1000),
    createdAt: now,
    updatedAt: now,
  });
  const settled = await settleReversal(ctx, row);
  return settled.state;
}

/** Keeps the dispute as the provider tells it now; its webhook and audit row go when its status changes. */
async function keepDispute(ctx: AppContext, payment: PaymentFeedRow, dispute: GatewayDispute): Promise<DisputeRow> {
  return ctx.db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    const now = ctx.now();
    const before = await findDisputeByReference(tx, dispute.reference);
    const closed = dispute.status === 'won' || dispute.status === 'lost';
    const values = {
      status: dispute.status,
      reason: dispute.reason.slice(0, 100),
      amountMinor: dispute.amount_minor,
      evidenceDueBy: dispute.evidence_due_by,
      evidenceUrl: dispute.evidence_url,
      // Once withdrawn, always withdrawn: a won dispute gives the funds back by its own reversal.
      fundsWithdrawn: dispute.funds_withdrawn || (before?.fundsWithdrawn ?? false),
      closedAt: closed ? (before?.closedAt ?? now) : null,
      updatedAt: now,
    };
    const [row] = before
      ? await tx.update(paymentDisputes).set(values).where(eq(paymentDisputes.id, before.id)).returning()
      : await tx
          .insert(paymentDisputes)
          .values({
            id: randomUUID(),
            paymentId: payment.id,
            providerReference: dispute.reference,
            currencyKey: payment.currencyKey,
            currencyDecimals: payment.currencyDecimals,
            openedAt: now,
            ...values,
          })
          .returning();
    if (!row) throw new Error(`dispute ${dispute.reference} was not kept`);
    if (before?.status !== row.status) {
      const data: DisputeWebhookData = {
        ...toPaymentDispute(row),
        order_number: payment.orderNumber,
        company_code: payment.companyCode,
        payer_number: payment.payerNumber,
      };
      if (!before || closed)
        await enqueueWebhookEvent(tx, {
          type: closed ? 'payment.dispute_closed' : 'payment.disputed',
          messageId: `msg_${row.id}_${row.status}`,
          timestamp: now,
          data,
        });
      await recordAuditEvent(tx, {
        at: now,
        event: !before ? 'gateway_dispute_opened' : closed ? 'gateway_dispute_closed' : 'gateway_dispute_updated',
        subject: payment.payerNumber,
        details: {
          payment_id: payment.id,
          order_number: payment.orderNumber,
          dispute: dispute.reference,
          status: row.status,
          reason: row.reason,
          amount: data.amount,
          currency: row.currencyKey,
        },
      });
    }
    return row;
  });
}

/** A debit came back with a code that says the account cannot be debited again: the payer's saved methods lose it. */
async function forgetReturnedMethod(ctx: AppContext, payment: PaymentFeedRow): Promise<void> {
  const intent = await findIntent(ctx.db, payment.id);
  if (!intent?.paymentCardToken) return;
  const payer_data = { customer_number: intent.payerNumber, company_code: intent.companyCode };
  const saved = await ctx.erp.getPaymentCards({ payer_data });
  const card = saved.payment_cards.find((candidate) => candidate.payment_card_token === intent.paymentCardToken);
  if (!card) return;
  await ctx.erp.managePaymentCards({
    payer_data,
    action: '03',
    payment_cards: [card],
    log: { id: 'DEL_PAYMENT_CARD', login: providerLogin, epayv: 'portal', usrag: 'bank debit returned' },
  });
}

/**
 * Whether a debit of this method came back with a code that says it cannot work again (closed account, no account,
 * authorisation revoked): scheduled payments and AutoPay do not use it and say so.
 */
export async function isMethodReturned(db: Db, token: string): Promise<boolean> {
  if (!token) return false;
  const finalCodes = finalReturnCodes();
  const [row] = await db
    .select({ id: paymentReversals.id })
    .from(paymentReversals)
    .innerJoin(paymentIntents, eq(paymentIntents.id, paymentReversals.paymentId))
    .where(
      and(
        eq(paymentReversals.kind, 'return'),
        inArray(paymentReversals.state, ['confirmed', 'posted']),
        inArray(paymentReversals.returnCode, finalCodes),
        eq(paymentIntents.paymentCardToken, token),
      ),
    )
    .limit(1);
  return Boolean(row);
}

function finalReturnCodes(): string[] {
  return Object.keys(bankReturnCodes).filter(returnCodeEndsMethod);
}
