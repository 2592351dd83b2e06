// Issue 37: what the sandbox reports after a charge, as a real provider does by webhook (ADR 0032). The test numbers
// pick it (README.md): an e-check account ending 2227 is returned for insufficient funds (R01), one ending 1113 for a
// closed account (R02), and the card 4000 0000 0000 0259 is disputed (fraudulent, the amount withdrawn), each
// SANDBOX_RETURN_AFTER_SECONDS after the charge. A dispute is decided on the sandbox's dispute page (evidence in:
// won; accepted: lost), which reports it closed.
//
// The sandbox is asked rather than pushing (events.pull): the portal's inbox job asks each round for the events due,
// keeps them by id, and says they were delivered. An event is written once (its id is the order's and the kind's),
// so a second pull before `delivered` gives the same ids, which the inbox keeps once.
import { randomBytes } from 'node:crypto';
import { and, eq, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import {
  GatewaySignatureError,
  type GatewayDispute,
  type GatewayEvent,
  type GatewayEventEffect,
  type GatewayEvents,
} from '../payment-gateway';
import { sandboxCharges, sandboxDisputes, sandboxEvents, sandboxTokens } from './sandbox.schema';
import { bankReturns, type SandboxBehaviour } from './test-numbers';

/** Days a dispute's evidence may take (Stripe's test disputes give about a week). */
const evidenceDays = 7;

const laterBehaviours: SandboxBehaviour[] = ['return_insufficient_funds', 'return_account_closed', 'dispute'];

export type SandboxEvents = GatewayEvents & {
  /** The dispute page's decision: evidence submitted (won) or the dispute accepted (lost); false when not open. */
  decideDispute: (id: string, outcome: 'won' | 'lost') => Promise<boolean>;
  findDispute: (id: string) => Promise<typeof sandboxDisputes.$inferSelect | null>;
};

export function createSandboxEvents(
  db: Db,
  options: { now: () => Date; returnAfterSeconds: number; disputeUrl: (id: string) => string },
): SandboxEvents {
  /** The charges whose later event is due and not written yet: written now (with the dispute of a disputed card). */
  async function writeDueEvents(now: Date): Promise<void> {
    const dueBefore = new Date(now.getTime() - options.returnAfterSeconds * 1000);
    const charges = await db
      .select({ charge: sandboxCharges, behaviour: sandboxTokens.behaviour })
      .from(sandboxCharges)
      .innerJoin(sandboxTokens, eq(sandboxTokens.token, sandboxCharges.token))
      .leftJoin(sandboxEvents, eq(sandboxEvents.id, sql`'evt_' || ${sandboxCharges.orderNumber} || '_later'`))
      .where(
        and(
          inArray(sandboxTokens.behaviour, laterBehaviours),
          inArray(sandboxCharges.status, ['approved', 'partially_refunded']),
          lte(sandboxCharges.createdAt, dueBefore),
          isNull(sandboxEvents.id),
        ),
      )
      .limit(100);
    for (const { charge, behaviour } of charges) {
      await db.transaction(async (tx) => {
        const id = `evt_${charge.orderNumber}_later`;
        const left = charge.amountMinor - charge.refundedMinor;
        if (behaviour === 'dispute') {
          const dispute = `dp_${randomBytes(12).toString('hex')}`;
          await tx.insert(sandboxDisputes).values({
            id: dispute,
            orderNumber: charge.orderNumber,
            status: 'needs_response',
            reason: 'fraudulent',
            amountMinor: left,
            currencyKey: charge.currencyKey,
            evidenceDueBy: new Date(now.getTime() + evidenceDays * 86_400_000),
            createdAt: now,
          });
          await tx
            .insert(sandboxEvents)
            .values({ id, type: 'dispute.created', orderNumber: charge.orderNumber, payload: { dispute }, dueAt: now })
            .onConflictDoNothing();
          return;
        }
        const code = bankReturns[behaviour as keyof typeof bankReturns];
        await tx
          .insert(sandboxEvents)
          .values({
            id,
            type: 'debit.returned',
            orderNumber: charge.orderNumber,
            payload: {
              amount_minor: String(left),
              currency_key: charge.currencyKey,
              return_code: code.code,
              reason: code.reason,
            },
            dueAt: now,
          })
          .onConflictDoNothing();
      });
    }
  }

  async function findDispute(id: string) {
    const [row] = await db.select().from(sandboxDisputes).where(eq(sandboxDisputes.id, id));
    return row ?? null;
  }

  function toDispute(row: typeof sandboxDisputes.$inferSelect): GatewayDispute {
    return {
      reference: row.id,
      status: row.status as GatewayDispute['status'],
      reason: row.reason,
      amount_minor: row.amountMinor,
      currency_key: row.currencyKey,
      evidence_due_by: row.status === 'needs_response' ? row.evidenceDueBy : null,
      evidence_url: options.disputeUrl(row.id),
      // The sandbox, like Stripe for cards, takes the disputed amount back when the dispute opens.
      funds_withdrawn: true,
    };
  }

  return {
    webhookPath: '',
    types: ['debit.returned', 'dispute.created', 'dispute.closed'],

    verify(): GatewayEvent {
      // Nothing is pushed by the sandbox: its events come by pull.
      throw new GatewaySignatureError('the sandbox sends no webhooks');
    },

    async pull(now: Date): Promise<GatewayEvent[]> {
      await writeDueEvents(now);
      const rows = await db
        .select()
        .from(sandboxEvents)
        .where(and(isNull(sandboxEvents.deliveredAt), lte(sandboxEvents.dueAt, now)))
        .orderBy(sandboxEvents.dueAt)
        .limit(100);
      return rows.map((row) => ({
        id: row.id,
        type: row.type,
        created: row.dueAt,
        payload: { ...row.payload, order_number: row.orderNumber },
      }));
    },

    async delivered(ids: string[], now: Date): Promise<void> {
      if (ids.length === 0) return;
      await db.update(sandboxEvents).set({ deliveredAt: now }).where(inArray(sandboxEvents.id, ids));
    },

    async interpret(event: GatewayEvent): Promise<GatewayEventEffect | null> {
      const payload = event.payload as Record<string, string>;
      const order = payload.order_number ?? '';
      switch (event.type) {
        case 'debit.returned':
          return {
            kind: 'returned',
            order_number: order,
            amount_minor: BigInt(payload.amount_minor ?? '0'),
            currency_key: payload.currency_key ?? '',
            return_code: payload.return_code ?? '',
            reason: payload.reason ?? '',
            reference: event.id,
          };
        case 'dispute.created':
        case 'dispute.closed': {
          // The dispute as it stands now (a later event may have moved it on: applying it is the same).
          const row = await findDispute(payload.dispute ?? '');
          return row ? { kind: 'dispute', order_number: row.orderNumber, dispute: toDispute(row) } : { kind: 'noted' };
        }
        default:
          return null;
      }
    },

    findDispute,

    async decideDispute(id: string, outcome: 'won' | 'lost'): Promise<boolean> {
      const now = options.now();
      return db.transaction(async (tx) => {
        const [row] = await tx
          .update(sandboxDisputes)
          .set({ status: outcome, closedAt: now })
          .where(and(eq(sandboxDisputes.id, id), eq(sandboxDisputes.status, 'needs_response')))
          .returning();
        if (!row) return false;
        await tx
          .insert(sandboxEvents)
          .values({
            id: `evt_${row.orderNumber}_closed`,
            type: 'dispute.closed',
            orderNumber: row.orderNumber,
            payload: { dispute: row.id },
            dueAt: now,
          })
          .onConflictDoNothing();
        return true;
      });
    },
  };
}
