// The exactly-once tail every payment shares (invoice payments, deposits, guest payments), after its own
// authorisation and checks: write the intent with its document reservations, read what it reserved again in the
// same transaction and let the caller check it, then charge and post through settlePaymentIntent. And the retry
// path: a request whose intent exists settles that intent by a status look-up, never by a second charge.
import type { LedgerDocument, PayerData, PayInvoicesResponse } from '@portal/contracts';
import type { AppContext } from '../../app-context';
import { AppError } from '../../errors';
import type { ThreeDsCheck } from './check-three-ds';
import {
  abandonPaymentIntent,
  findIntentByKey,
  openPaymentIntent,
  type NewPaymentIntent,
  type PaymentIntent,
} from './payment-intents.repository';
import { settlePaymentIntent } from './settle-payment-intent';

export type IdempotencyIdentity = {
  scope: string;
  key: string;
  requestHash: string;
  /** Whether an intent with this scope and key existed when the key was claimed (asked by the claim itself). */
  earlierIntent: boolean;
};

/** The intent of an earlier request with this scope and key, settled (or still pending); undefined when none. */
export async function settleEarlierIntent(
  ctx: AppContext,
  identity: IdempotencyIdentity,
): Promise<PayInvoicesResponse | undefined> {
  // None existed at the claim, and none can be written since: the key is this request's until it ends. (A
  // concurrent writer with the key would still meet the intents' unique key: openPaymentIntent gives it back.)
  if (!identity.earlierIntent) return undefined;
  const earlier = await findIntentByKey(ctx.db, identity.scope, identity.key);
  return earlier ? settleExistingIntent(ctx, earlier, identity) : undefined;
}

/** A retry finds its intent: look the order up at the gateway, never charge again. */
export function settleExistingIntent(
  ctx: AppContext,
  intent: PaymentIntent,
  identity: IdempotencyIdentity,
): Promise<PayInvoicesResponse> {
  // The key was used with another request (its key row may be gone: released after a crash, or expired).
  if (intent.requestHash !== identity.requestHash) throw new AppError('IDEMPOTENCY_KEY_REUSED');
  return settlePaymentIntent(ctx, intent, { mode: 'look-up', mayVoid: false });
}

export async function startPaymentIntent(
  ctx: AppContext,
  intent: NewPaymentIntent,
  options: {
    /** Documents to reserve (none for a deposit): PAYMENT_IN_PROCESS while another unsettled intent holds one. */
    documentKeys: string[];
    identity: IdempotencyIdentity;
    threeDs: ThreeDsCheck;
    /**
     * The reserved documents read again (whose they are, and the check of what is read), in the reservation's own
     * transaction after its writes where the ERP shares the portal's database (getPayableDocuments' beforeRead):
     * a payment that settled between the caller's checks and the reservation has changed them, and a refusal
     * `check` throws removes the intent again, before the gateway is called.
     */
    reread?: { payerData: PayerData; check: (documents: LedgerDocument[]) => void };
  },
): Promise<PayInvoicesResponse> {
  const { reread, documentKeys } = options;
  const outcome = await openPaymentIntent(ctx.db, intent, documentKeys, (write) =>
    reread
      ? ctx.erp.getPayableDocuments(
          { payer_data: reread.payerData, document_keys: documentKeys },
          { beforeRead: write },
        )
      : ctx.db.transaction(write).then(() => []),
  );
  if ('inProcess' in outcome) throw new AppError('PAYMENT_IN_PROCESS');
  if ('existing' in outcome) return settleExistingIntent(ctx, outcome.existing, options.identity);
  if (reread) {
    try {
      reread.check(outcome.read);
    } catch (error) {
      await abandonPaymentIntent(ctx.db, outcome.opened.id);
      throw error;
    }
  }
  return settlePaymentIntent(ctx, outcome.opened, { mode: 'charge', threeDs: options.threeDs });
}
