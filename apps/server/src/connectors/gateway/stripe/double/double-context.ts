// What every part of the double shares (its memory, its fixtures, its event log, its clock) and what it knows of the
// request in progress (who called, from where, for the event's `request` and for mandates' online acceptance).
import type { DoubleStore } from './double-store';
import type { EventLog, EventRequest } from './double-events';
import type { StripeFixtures } from './stripe-fixtures';

export type DoubleContext = {
  store: DoubleStore;
  fixtures: StripeFixtures;
  events: EventLog;
  /** Unix seconds, from the `now` option. */
  now: () => number;
  baseUrl: () => string;
  /** How long a bank debit stays `processing`; 0: until settled by hand. */
  processingSettleMs: number;
  /** Debits settling on their own; cleared on close. */
  timers: Set<NodeJS.Timeout>;
};

export type CallContext = {
  request: EventRequest;
  /** A publishable key made the call (Stripe.js in a browser): it sees the restricted views, never the secret ones. */
  publishable: boolean;
  ip: string | null;
  userAgent: string | null;
};
