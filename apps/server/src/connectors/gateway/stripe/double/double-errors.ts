// Stripe's error envelope and statuses: the SDK picks its error class from the status (400/404 invalid request or
// idempotency, 401 authentication, 402 card, 403 permission), so the status matters as much as the body.
import type Stripe from 'stripe';

export type StripeErrorBody = {
  type: 'invalid_request_error' | 'card_error' | 'idempotency_error' | 'api_error';
  code?: string;
  decline_code?: string;
  message: string;
  param?: string;
  charge?: string;
  doc_url?: string;
  payment_intent?: Partial<Stripe.PaymentIntent>;
  setup_intent?: Partial<Stripe.SetupIntent>;
  payment_method?: Stripe.PaymentMethod;
};

export class DoubleError extends Error {
  constructor(
    readonly status: number,
    readonly body: StripeErrorBody,
  ) {
    super(body.message);
  }

  /**
   * Stripe saves an idempotent result only once the endpoint began executing: a card error is replayed, a request
   * refused while its parameters were checked is not (retrying it runs the checks again).
   */
  get replayable(): boolean {
    return this.status === 402;
  }
}

export function invalidRequest(message: string, extra: { param?: string; code?: string } = {}): DoubleError {
  return new DoubleError(400, {
    type: 'invalid_request_error',
    message,
    ...extra,
    ...(extra.code ? { doc_url: docUrl(extra.code) } : {}),
  });
}

export function missingParam(param: string): DoubleError {
  return invalidRequest(`Missing required param: ${param}.`, { param, code: 'parameter_missing' });
}

export function unknownParam(param: string): DoubleError {
  return invalidRequest(`Received unknown parameter: ${param}`, { param, code: 'parameter_unknown' });
}

/** A referenced object that does not exist: 400 in a parameter, 404 in the path, as Stripe answers. */
export function noSuch(kind: string, id: string, where: { param: string; inPath: boolean }): DoubleError {
  return new DoubleError(where.inPath ? 404 : 400, {
    type: 'invalid_request_error',
    code: 'resource_missing',
    doc_url: docUrl('resource_missing'),
    message: `No such ${kind}: '${id}'`,
    param: where.param,
  });
}

export function unexpectedState(object: 'payment_intent' | 'setup_intent', message: string): DoubleError {
  return invalidRequest(message, { code: `${object}_unexpected_state` });
}

export function cardError(
  message: string,
  fields: Omit<StripeErrorBody, 'type' | 'message' | 'doc_url'> & { code: string },
): DoubleError {
  return new DoubleError(402, { type: 'card_error', message, doc_url: docUrl(fields.code), ...fields });
}

export function unrecognizedUrl(method: string, path: string): DoubleError {
  return new DoubleError(404, {
    type: 'invalid_request_error',
    message: `Unrecognized request URL (${method}: ${path}). Please see https://stripe.com/docs or we can help at https://support.stripe.com/.`,
  });
}

export function docUrl(code: string): string {
  return `https://stripe.com/docs/error-codes/${code.replace(/_/g, '-')}`;
}
