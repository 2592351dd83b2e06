// Every state change is an Event, as on Stripe: a snapshot of the object at that moment, the SDK's API version, and
// the request that caused it (null for what happens later on its own, like a bank debit settling).
import Stripe from 'stripe';
import { newId } from './double-ids';
import type { StripeFixtures } from './stripe-fixtures';

export type DoubleEventType =
  | 'customer.created'
  | 'customer.updated'
  | 'payment_method.attached'
  | 'payment_method.detached'
  | 'payment_intent.created'
  | 'payment_intent.processing'
  | 'payment_intent.requires_action'
  | 'payment_intent.amount_capturable_updated'
  | 'payment_intent.succeeded'
  | 'payment_intent.payment_failed'
  | 'payment_intent.canceled'
  | 'setup_intent.created'
  | 'setup_intent.requires_action'
  | 'setup_intent.succeeded'
  | 'setup_intent.setup_failed'
  | 'setup_intent.canceled'
  | 'charge.pending'
  | 'charge.succeeded'
  | 'charge.failed'
  | 'charge.captured'
  | 'charge.refunded'
  | 'charge.dispute.created'
  | 'charge.dispute.updated'
  | 'charge.dispute.funds_withdrawn'
  | 'charge.dispute.funds_reinstated'
  | 'charge.dispute.closed'
  | 'refund.created'
  | 'mandate.updated';

type EventOfType<T extends DoubleEventType> = Extract<Stripe.Event, { type: T }>;
type ObjectOf<T extends DoubleEventType> = EventOfType<T>['data']['object'];

export type EventRequest = { id: string | null; idempotency_key: string | null };

export const NO_REQUEST: EventRequest = { id: null, idempotency_key: null };

export class EventLog {
  private readonly ordered: Stripe.Event[] = [];
  private readonly byId = new Map<string, Stripe.Event>();

  constructor(
    private readonly fixtures: StripeFixtures,
    private readonly now: () => number,
    private readonly onEvent: (event: Stripe.Event) => void,
  ) {}

  emit<T extends DoubleEventType>(
    type: T,
    object: ObjectOf<T>,
    request: EventRequest,
    previousAttributes?: Partial<ObjectOf<T>>,
  ): EventOfType<T> {
    const base = this.fixtures.event();
    const event = {
      ...base,
      id: newId('evt'),
      object: 'event',
      api_version: Stripe.API_VERSION,
      created: this.now(),
      data: {
        object: structuredClone(object),
        ...(previousAttributes ? { previous_attributes: structuredClone(previousAttributes) } : {}),
      },
      livemode: false,
      pending_webhooks: 0,
      request: { ...request },
      type,
    } satisfies Stripe.EventBase;
    // The union of Stripe's event types cannot be narrowed from a generic `type`; the literal above is checked
    // against EventBase and the object against the event type's own object type (ObjectOf<T>).
    const stored = event as unknown as Stripe.Event;
    this.ordered.push(stored);
    this.byId.set(event.id, stored);
    this.onEvent(stored);
    return event as unknown as EventOfType<T>;
  }

  all(): Stripe.Event[] {
    return this.ordered;
  }

  get(id: string): Stripe.Event | undefined {
    return this.byId.get(id);
  }
}
