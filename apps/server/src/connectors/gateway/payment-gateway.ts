// The portal's only door to a payment provider (DESIGN.md §1, ADR 0008, reshaped by ADR 0031). Every provider has
// the same six things, and only those are here:
//
// 1. an entry session: what the browser needs to mount the provider's own component for a card or a bank account
//    (the built-in sandbox: a hosted frame address; Stripe: a SetupIntent's client secret and the publishable key);
// 2. the entry's result: a reusable token, brand or bank, last four, expiry, the 3-D Secure or mandate outcome;
// 3. a charge, on-session (the payer is there: the provider may ask for authentication, which the browser then
//    completes) or off-session (merchant-initiated: scheduled payments and AutoPay);
// 4. the status of a charge by the portal's order number (the reconciler's question after a crash or a time-out);
// 5. a refund;
// 6. the provider's events (signed, pushed to the portal: ./gateway-events.ts keeps them in a durable inbox).
//
// The card number, CVV and bank account number are typed in the provider's own component and sent straight to the
// provider: nothing here ever carries them. The portal sees tokens, brand, bank, last four and expiry only.
import type { AccessTokenRequest, AccessTokenResponse, CardinalResult, TokenizedPaymentCard } from '@portal/contracts';

export type GatewayProvider = 'sandbox' | 'stripe';

/** The payer account a method or a charge belongs to: a provider may keep one customer object per account. */
export type GatewayPayer = { payer_number: string; company_code: string; name?: string; email?: string };

export type GatewayEntryRequest = Omit<AccessTokenRequest, 'action' | 'payer_data'> & {
  /** Ties the entry to the portal session (or guest token) that asked for it; its result is only given back to it. */
  merchant_reference: string;
  /** The component's language (en, fr, ...), for its labels and messages. */
  language: string;
  /** The account the method is for; null for a guest (a one-time method, never saved at the provider). */
  payer: GatewayPayer | null;
  /** The account's currency: a provider may offer another bank debit for it (ACH for USD, SEPA for EUR). */
  currency_key?: string;
};

/** The entry's result: what the provider tokenised for an entry session, and its authentication or mandate. */
export type GatewayTokenizationResult = {
  merchant_reference: string;
  /** The token this entry concerns: the one the component issued, or the one a 3-D Secure step (TO) checked. */
  payment_card_token: string | null;
  paymentcard: TokenizedPaymentCard | null;
  cardinal: CardinalResult | null;
  /** A bank debit's mandate, as the payer accepted it (its text is shown before and kept after). */
  mandate?: GatewayMandate | null;
};

export type GatewayMandate = { reference: string; accepted_at: string; text: string };

/** On-session: the payer is at the portal now. Off-session: the merchant charges a saved method (ADR 0028). */
export type GatewayPresence = 'on_session' | 'off_session';

/** Authorise (and capture) an amount on a token for an order. */
export type GatewayChargeRequest = {
  /** The same key returns the same result, whatever else the call carries (sent as the provider's own key). */
  idempotency_key: string;
  order_number: string;
  payment_card_token: string;
  amount_minor: bigint;
  currency_key: string;
  /** true: authorise and capture at once; false: authorise only. */
  capture: boolean;
  presence: GatewayPresence;
  /** The account paying (metadata at the provider, and its customer there); null for a guest. */
  payer: GatewayPayer | null;
  /**
   * Whether the portal's rules want 3-D Secure on this card (spec §4: provider on, company code not disable_3ds,
   * not Amex). A provider that authenticates inside the charge asks for it; the sandbox checked it before (TO).
   */
  three_ds_wanted: boolean;
  /** The 3-D Secure result of the card, when the portal's own step (TO) asked for one. */
  cardinal?: CardinalResult | null;
  /** A short text for the payer's statement (the order number's tail is added by the provider where it can). */
  description?: string;
};

/**
 * approved: the money is taken. processing: a bank debit was started; the provider's event says later whether it
 * succeeded. requires_action: the issuer wants the payer to authenticate (on-session only): `next_action` is what
 * the browser needs. declined: nothing was taken (`decline_reason`).
 */
export type GatewayChargeStatus =
  'approved' | 'processing' | 'requires_action' | 'declined' | 'refunded' | 'partially_refunded';

export type GatewayCharge = {
  order_number: string;
  status: GatewayChargeStatus;
  /** The processor's authorisation reference (spec: authorization_reference_code); empty when declined. */
  authorization_reference: string;
  amount_minor: bigint;
  refunded_minor: bigint;
  currency_key: string;
  decline_reason: string;
  payment_card_token: string;
  /** requires_action: what the provider's browser component needs to let the payer authenticate. */
  next_action?: GatewayNextAction | null;
};

export type GatewayNextAction = { provider: GatewayProvider; client_secret: string; publishable_key: string };

/** Off-session charges the issuer refused for want of the payer: the payer must come back and authenticate. */
export const AUTHENTICATION_REQUIRED = 'authentication_required';

export type GatewayRefundRequest = {
  idempotency_key: string;
  order_number: string;
  /** Up to what is left to refund. */
  amount_minor: bigint;
};

export type GatewayRefund = {
  order_number: string;
  refund_reference: string;
  status: 'refunded' | 'refused';
  amount_minor: bigint;
  reason: string;
};

/** The provider did not answer in time: the outcome is unknown until a status look-up tells it. */
export class GatewayTimeoutError extends Error {
  constructor(readonly orderNumber: string) {
    super(`payment gateway timed out for order ${orderNumber}`);
    this.name = 'GatewayTimeoutError';
  }
}

/** What the portal's CSP must allow for the provider's component on the pages that mount it (and nothing else). */
export type GatewayContentSecurity = {
  scriptSrc: string[];
  frameSrc: string[];
  connectSrc: string[];
  formAction: string[];
  imgSrc: string[];
};

export type PaymentGateway = {
  readonly provider: GatewayProvider;
  /** test: no real money moves (the sandbox, Stripe's test mode); live: it does. */
  readonly mode: 'test' | 'live';
  /**
   * Who runs 3-D Secure: 'portal-step' (the portal's TO step before the charge, as XiIntercept and the sandbox
   * do) or 'in-charge' (the provider asks inside the charge, and an on-session charge may answer requires_action).
   */
  readonly authentication: 'portal-step' | 'in-charge';
  /**
   * Origin of the hosted frame pages: the portal's CSP allows framing (and form posts to) this origin only. null:
   * served on the portal's own origin (the built-in sandbox by default).
   */
  readonly frameOrigin: string | null;
  /** The key the browser's component of the provider uses (Stripe's pk_...); absent for the sandbox. */
  readonly publishableKey?: string;
  /** The CSP sources the provider's browser component needs (empty lists for the sandbox on the portal's origin). */
  readonly contentSecurity: GatewayContentSecurity;
  /** spec §7 /api/tokenization/access_token (action 01): an entry session for CC or EC, or the TO step. */
  startEntry: (request: GatewayEntryRequest) => Promise<AccessTokenResponse>;
  /** spec §7 /api/tokenization/response (action 02); null when the entry session is unknown or expired. */
  readEntry: (entryId: string) => Promise<GatewayTokenizationResult | null>;
  charge: (request: GatewayChargeRequest) => Promise<GatewayCharge>;
  /** Status look-up by order number (reconciliation after a crash or a time-out); null when the order is unknown. */
  getChargeStatus: (orderNumber: string) => Promise<GatewayCharge | null>;
  /**
   * Gives up an order that waits for the payer (requires_action) so that it can never be completed later; answers
   * its final status (declined, or approved when the payer finished just before).
   */
  cancelCharge: (orderNumber: string) => Promise<GatewayCharge | null>;
  refund: (request: GatewayRefundRequest) => Promise<GatewayRefund>;
  /** The smallest amount the provider charges in this currency (minor units); the portal refuses less before. */
  minimumChargeMinor: (currencyKey: string) => bigint;
  /** The provider's signed events; absent for a provider that sends none (the sandbox answers at once). */
  events?: GatewayEvents;
};

/** An event as the provider signed it, verified: kept in the portal's inbox as it came. */
export type GatewayEvent = { id: string; type: string; created: Date; payload: unknown };

/** What an event means for the portal, whatever the provider (modules/gateway-events applies it). */
export type GatewayEventEffect =
  /** A charge moved (succeeded, failed, processing, needs the payer): settle its payment from a status look-up. */
  | { kind: 'charge'; order_number: string }
  /** A saved method was removed at the provider: it can no longer be charged. */
  | { kind: 'method_detached'; payment_card_token: string; payer: GatewayPayer | null }
  /**
   * Issue 37: the order's refunds at the provider add up to `refunded_minor` now. Those the portal asked for are known
   * by their reference; what is more (a refund made in the provider's dashboard) is recorded as a refund too.
   */
  | { kind: 'refunded'; order_number: string; refunded_minor: bigint; currency_key: string; reference: string }
  /** Issue 37: a bank debit that had succeeded came back (return_code: R01, AM04...; `reference`: once per return). */
  | {
      kind: 'returned';
      order_number: string;
      amount_minor: bigint;
      currency_key: string;
      return_code: string;
      reason: string;
      reference: string;
    }
  /** Issue 37: a dispute as it stands now at the provider (opened, funds withdrawn, evidence in, won, lost). */
  | { kind: 'dispute'; order_number: string; dispute: GatewayDispute }
  /** Known and nothing to do (a SetupIntent that succeeded: the entry's result is read when the browser asks). */
  | { kind: 'noted' };

export type GatewayDispute = {
  /** The dispute's id at the provider. */
  reference: string;
  status: 'needs_response' | 'under_review' | 'won' | 'lost';
  reason: string;
  amount_minor: bigint;
  currency_key: string;
  evidence_due_by: Date | null;
  /** Where evidence is submitted at the provider (its dashboard, the sandbox's dispute page). */
  evidence_url: string;
  /** The provider has taken the amount back from the merchant (and, when won, given it back: status won). */
  funds_withdrawn: boolean;
};

export class GatewaySignatureError extends Error {
  constructor(reason: string) {
    super(`provider event refused: ${reason}`);
    this.name = 'GatewaySignatureError';
  }
}

export type GatewayEvents = {
  /** The path the provider posts its events to (docs, the System tab). */
  readonly webhookPath: string;
  /** The event types the portal asks the provider for. */
  readonly types: readonly string[];
  /**
   * Issue 37: a provider that is asked rather than pushing (the built-in sandbox): the events due now, kept by the
   * inbox job each round, then `delivered` with their ids (kept twice is kept once: the inbox keys them by id).
   */
  pull?: (now: Date) => Promise<GatewayEvent[]>;
  delivered?: (ids: string[], now: Date) => Promise<void>;
  /** Verifies the signature on the raw body (and its age); throws GatewaySignatureError when it does not hold. */
  verify: (rawBody: Buffer, signature: string | undefined) => GatewayEvent;
  /** What a kept event means; null for a type the portal does not handle (kept, marked ignored). */
  interpret: (event: GatewayEvent) => Promise<GatewayEventEffect | null>;
};

/** A path of the portal: starts with one slash (not //, not a scheme), so no open redirect is possible. */
export function isPortalPath(value: string): boolean {
  return /^\/(?![/\\])\S*$/.test(value) && value.length <= 500;
}

export const noContentSecurity: GatewayContentSecurity = {
  scriptSrc: [],
  frameSrc: [],
  connectSrc: [],
  formAction: [],
  imgSrc: [],
};
