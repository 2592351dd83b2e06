// Processes the provider's events from the inbox (ADR 0031), never in the webhook's request: each is leased by one
// instance, interpreted by the provider's adapter (what it means: a charge moved, a method was removed, a refund or
// a dispute at the provider) and applied. Applying is idempotent: a charge is settled from a status look-up (once,
// by the intent's own rules), and every other effect is written with the event's id. A failure is tried again later.
import type { AppContext } from '../../app-context';
import type { GatewayEvent, GatewayEventEffect, GatewayPayer } from '../../connectors/gateway/payment-gateway';
import type { Db } from '../../db/client';
import { recordAuditEvent } from '../audit/audit.repository';
import { findIntentByOrderNumber } from '../payments/payment-intents.repository';
import { applyDispute, applyRefundedAtProvider, applyReturned } from '../payment-reversals/apply-provider-reversals';
import { settlePaymentIntent } from '../payments/settle-payment-intent';
import {
  keepGatewayEvent,
  leaseDueGatewayEvents,
  markGatewayEventFailed,
  markGatewayEventProcessed,
  type GatewayEventRow,
} from './gateway-events.repository';

export type GatewayEventsRound = { processed: number; retried: number };

export async function processGatewayEvents(
  ctx: AppContext,
  options: { limit?: number; log?: (entry: Record<string, unknown>, message: string) => void } = {},
): Promise<GatewayEventsRound> {
  const round: GatewayEventsRound = { processed: 0, retried: 0 };
  const events = ctx.gateway.events;
  if (!events) return round;
  await pullDueEvents(ctx);
  const rows = await leaseDueGatewayEvents(ctx.db, ctx.now(), options.limit ?? 20);
  for (const row of rows) {
    try {
      const event: GatewayEvent = { id: row.id, type: row.type, created: row.receivedAt, payload: row.payload };
      const effect = await events.interpret(event);
      const outcome = effect ? await applyEffect(ctx, row, effect) : 'ignored';
      if (outcome !== recordedWithEvent) await markGatewayEventProcessed(ctx.db, row, outcome, ctx.now());
      round.processed++;
      options.log?.({ event: row.id, type: row.type, outcome }, 'gateway event processed');
    } catch (error) {
      await markGatewayEventFailed(ctx.db, row, error instanceof Error ? error.message : String(error), ctx.now());
      round.retried++;
      options.log?.({ event: row.id, type: row.type, err: error }, 'gateway event not processed');
    }
  }
  return round;
}

/** A provider that is asked rather than pushing (the sandbox): its due events are kept in the inbox, once each. */
async function pullDueEvents(ctx: AppContext): Promise<void> {
  const events = ctx.gateway.events;
  if (!events?.pull) return;
  const now = ctx.now();
  const due = await events.pull(now);
  if (due.length === 0) return;
  for (const event of due)
    await keepGatewayEvent(ctx.db, {
      provider: ctx.gateway.provider,
      id: event.id,
      type: event.type,
      payload: event.payload,
      receivedAt: now,
    });
  await events.delivered?.(
    due.map((event) => event.id),
    now,
  );
}

async function applyEffect(ctx: AppContext, row: GatewayEventRow, effect: GatewayEventEffect): Promise<string> {
  switch (effect.kind) {
    case 'charge': {
      const intent = await findIntentByOrderNumber(ctx.db, effect.order_number);
      if (!intent) return 'no payment of this order';
      if (intent.state !== 'pending' && intent.state !== 'approved') return `already ${intent.state}`;
      // The same path as a retry and the reconciler: a status look-up, never a charge; posted or declined once.
      const answer = await settlePaymentIntent(ctx, intent, { mode: 'look-up', mayVoid: false });
      return answer.payment.state;
    }
    case 'method_detached': {
      // The adapter no longer charges it (unknown_token); the ERP forgets it too, so that the payer does not pick a
      // method that cannot work; the audit trail says when and for which account.
      if (effect.payer) await forgetSavedMethod(ctx, effect.payer, effect.payment_card_token);
      return audit(ctx.db, ctx, row, 'gateway_method_detached', effect.payer?.payer_number ?? '', {
        token_last_four: effect.payment_card_token.split('-')[2] ?? '',
      });
    }
    // Issue 37: money that came back, applied as reversals of the payment (modules/payment-reversals).
    case 'refunded':
      return applyRefundedAtProvider(ctx, effect);
    case 'returned':
      return applyReturned(ctx, effect);
    case 'dispute':
      return applyDispute(ctx, effect);
    case 'noted':
      return 'noted';
  }
}

/** Removes a method detached at the provider from the payer's saved methods in the ERP (once: gone is gone). */
async function forgetSavedMethod(ctx: AppContext, payer: GatewayPayer, token: string): Promise<void> {
  const payer_data = { customer_number: payer.payer_number, company_code: payer.company_code };
  const saved = await ctx.erp.getPaymentCards({ payer_data });
  const card = saved.payment_cards.find((candidate) => candidate.payment_card_token === token);
  if (!card) return;
  await ctx.erp.managePaymentCards({
    payer_data,
    action: '03',
    payment_cards: [card],
    log: { id: 'DEL_PAYMENT_CARD', login: 'payment-provider', epayv: 'portal', usrag: 'gateway event' },
  });
}

/** The outcome of an effect written in one transaction with the event's processing (an audit row: once). */
const recordedWithEvent = 'recorded';

async function audit(
  db: Db,
  ctx: AppContext,
  row: GatewayEventRow,
  event: 'gateway_method_detached',
  subject: string,
  details: Record<string, unknown>,
): Promise<string> {
  await db.transaction(async (tx) => {
    await recordAuditEvent(tx as unknown as Db, {
      at: ctx.now(),
      event,
      subject,
      details: { ...details, provider: row.provider, event: row.id },
    });
    await markGatewayEventProcessed(tx as unknown as Db, row, `${event}`, ctx.now());
  });
  return recordedWithEvent;
}
