// The double's memory: Stripe's objects as the API shows them, beside what Stripe knows about them and does not
// show (a card's test behaviour, whether it was set up with authentication, whether it may be used again).
import type Stripe from 'stripe';
import { invalidRequest } from './double-errors';
import type { Params } from './request-params';
import type { CardBehaviour, DebitBehaviour } from './test-methods';

export type PaymentMethodRecord = {
  object: Stripe.PaymentMethod;
  card: CardBehaviour | null;
  debit: DebitBehaviour | null;
  /** Set up for off-session payments with the holder's authentication (3-D Secure passed on a setup). */
  authenticatedForOffSession: boolean;
  /** Stripe refuses a method again once it was used without a customer, or detached. */
  consumed: boolean;
  /** The active multi-use mandate a saved bank account is debited under. */
  mandate: string | null;
};

export type ThreeDSecureRequest = 'automatic' | 'any' | 'challenge';

export type PaymentIntentRecord = {
  object: Stripe.PaymentIntent;
  offSession: boolean;
  returnUrl: string | null;
  /** Stripe.js asks for use_stripe_sdk; a server-side confirm with a return_url gets a redirect instead. */
  useStripeSdk: boolean;
  requestThreeDSecure: ThreeDSecureRequest;
  /** The mandate of the attempt in progress (bank debits). */
  mandate: string | null;
  settleTimer: NodeJS.Timeout | null;
};

/** A dispute Stripe opens later on its own (the dispute test card's, shortly after its charge succeeded). */
export type DueDispute = { chargeId: string; paymentIntentId: string; reason: string; networkReasonCode: string };

export type SetupIntentRecord = {
  object: Stripe.SetupIntent;
  returnUrl: string | null;
  useStripeSdk: boolean;
};

export class DoubleStore {
  readonly customers = new Map<string, Stripe.Customer>();
  readonly paymentMethods = new Map<string, PaymentMethodRecord>();
  readonly paymentIntents = new Map<string, PaymentIntentRecord>();
  readonly setupIntents = new Map<string, SetupIntentRecord>();
  readonly charges = new Map<string, Stripe.Charge>();
  readonly refunds = new Map<string, Stripe.Refund>();
  readonly mandates = new Map<string, Stripe.Mandate>();
  readonly disputes = new Map<string, Stripe.Dispute>();
  /** Disputes due to open, oldest first: when their timer fires or when settled by hand. */
  dueDisputes: DueDispute[] = [];

  /** The object an id names, for expansion. */
  lookup(id: string): object | undefined {
    const prefix = id.slice(0, id.indexOf('_'));
    switch (prefix) {
      case 'cus':
        return this.customers.get(id);
      case 'pm':
        return this.paymentMethods.get(id)?.object;
      case 'pi':
        return this.paymentIntents.get(id)?.object;
      case 'seti':
        return this.setupIntents.get(id)?.object;
      case 'ch':
        return this.charges.get(id);
      case 're':
        return this.refunds.get(id);
      case 'mandate':
        return this.mandates.get(id);
      case 'du':
        return this.disputes.get(id);
      default:
        return undefined;
    }
  }
}

/** A page of a list, newest first, with Stripe's limit / starting_after / ending_before. */
export function listPage<T extends { id: string }>(oldestFirst: T[], params: Params, url: string): Stripe.ApiList<T> {
  const limit = params.integer('limit', { min: 1, max: 100 }) ?? 10;
  const startingAfter = params.string('starting_after');
  const endingBefore = params.string('ending_before');
  const newestFirst = [...oldestFirst].reverse();
  let data: T[];
  let hasMore: boolean;
  if (endingBefore !== undefined) {
    const index = indexOrThrow(newestFirst, endingBefore, 'ending_before');
    const before = newestFirst.slice(0, index);
    data = before.slice(Math.max(0, before.length - limit));
    hasMore = before.length > limit;
  } else {
    const start = startingAfter === undefined ? 0 : indexOrThrow(newestFirst, startingAfter, 'starting_after') + 1;
    data = newestFirst.slice(start, start + limit);
    hasMore = newestFirst.length > start + limit;
  }
  return { object: 'list', data: structuredClone(data), has_more: hasMore, url };
}

function indexOrThrow<T extends { id: string }>(items: T[], id: string, param: string): number {
  const index = items.findIndex((item) => item.id === id);
  if (index === -1) throw invalidRequest(`No such object: '${id}'`, { param, code: 'resource_missing' });
  return index;
}

/**
 * Replaces ids by their objects along each `expand` path (`payment_method`, `latest_charge.payment_intent`,
 * `data.customer`), on a copy. A path that does not lead to an expandable id is refused, as Stripe does.
 */
export function expand<T>(value: T, paths: string[], store: DoubleStore): T {
  if (paths.length === 0) return value;
  const copy = structuredClone(value);
  for (const path of paths) {
    const segments = path.split('.');
    if (segments.length > 4)
      throw invalidRequest(`You cannot expand more than 4 levels of a property (${path}).`, { param: 'expand' });
    expandAlong(copy as unknown, segments, store, path);
  }
  return copy;
}

function expandAlong(target: unknown, segments: string[], store: DoubleStore, path: string): void {
  const [head, ...rest] = segments;
  if (head === undefined || target === null || typeof target !== 'object' || Array.isArray(target)) {
    throw cannotExpand(path);
  }
  const holder = target as Record<string, unknown>;
  let current = holder[head];
  if (typeof current === 'string') {
    const found = store.lookup(current);
    if (!found) throw cannotExpand(path);
    current = structuredClone(found);
    holder[head] = current;
  } else if (current === null) {
    return;
  } else if (current === undefined || typeof current !== 'object' || (Array.isArray(current) && rest.length === 0)) {
    throw cannotExpand(path);
  }
  if (rest.length === 0) return;
  if (Array.isArray(current)) {
    for (const item of current) expandAlong(item, rest, store, path);
  } else {
    expandAlong(current, rest, store, path);
  }
}

function cannotExpand(path: string) {
  return invalidRequest(`This property cannot be expanded (${path}).`, { param: 'expand' });
}
