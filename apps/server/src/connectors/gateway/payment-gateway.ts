// The portal's only door to the payment provider (DESIGN.md §1). The built-in sandbox (sandbox/) implements it
// in-process and serves its own hosted frame; a real provider adapter implements the same calls over HTTP.
//
// The card number, CVV and bank account number are typed in the provider's hosted frame and posted straight to
// the provider: nothing here ever carries them. The portal sees tokens, brand, last four and expiry only.
import type { AccessTokenRequest, AccessTokenResponse, CardinalResult, TokenizedPaymentCard } from '@portal/contracts';

export type GatewayAccessTokenRequest = Omit<AccessTokenRequest, 'action' | 'payer_data'> & {
  /** Ties the access token to the portal session that asked for it; the response is only given back to it. */
  merchant_reference: string;
  /** Frame language (en, fr, ...), for the frame's labels and messages. */
  language: string;
};

export type GatewayTokenizationResult = {
  merchant_reference: string;
  /** The token this access token concerns: the one the frame issued, or the one a 3-D Secure step (TO) checked. */
  payment_card_token: string | null;
  paymentcard: TokenizedPaymentCard | null;
  cardinal: CardinalResult | null;
};

/** Authorise (and capture) an amount on a token for an order. */
export type GatewayChargeRequest = {
  /** The same key returns the same result, whatever else the call carries. */
  idempotency_key: string;
  order_number: string;
  payment_card_token: string;
  amount_minor: bigint;
  currency_key: string;
  /** true: authorise and capture at once; false: authorise only. */
  capture: boolean;
  /** The 3-D Secure result of the card, when one was asked for. */
  cardinal?: CardinalResult | null;
};

export type GatewayChargeStatus = 'approved' | 'declined' | 'refunded' | 'partially_refunded';

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
};

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

export type PaymentGateway = {
  /**
   * Origin of the hosted frame pages: the portal's CSP allows framing (and form posts to) this origin only. null:
   * served on the portal's own origin (the built-in sandbox by default).
   */
  readonly frameOrigin: string | null;
  /** spec §7 /api/tokenization/access_token (action 01): CC, EC (the frame) or TO (3-D Secure on a token). */
  createAccessToken: (request: GatewayAccessTokenRequest) => Promise<AccessTokenResponse>;
  /** spec §7 /api/tokenization/response (action 02); null when the access token is unknown or expired. */
  getTokenizationResult: (accessToken: string) => Promise<GatewayTokenizationResult | null>;
  authorize: (request: GatewayChargeRequest) => Promise<GatewayCharge>;
  /** Status look-up by order number (reconciliation after a crash or a time-out); null when the order is unknown. */
  getChargeStatus: (orderNumber: string) => Promise<GatewayCharge | null>;
  refund: (request: GatewayRefundRequest) => Promise<GatewayRefund>;
};

/** A path of the portal: starts with one slash (not //, not a scheme), so no open redirect is possible. */
export function isPortalPath(value: string): boolean {
  return /^\/(?![/\\])\S*$/.test(value) && value.length <= 500;
}
