// One error type for the whole server (STYLE.md §5). The handler in plugins/errors.ts turns it into an answer.

export const errorCodes = {
  AUTH_REQUIRED: 401,
  AUTH_INVALID_CREDENTIALS: 401,
  AUTH_SESSION_EXPIRED: 401,
  AUTH_CREDENTIALS_REQUIRED: 400,
  AUTH_TOO_MANY_ATTEMPTS: 429,
  AUTH_ACCOUNT_INACTIVE: 403,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  VALIDATION_FAILED: 400,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  SERVICE_UNAVAILABLE: 503,
  /** The ERP behind ERP_URL refused the connection, timed out, failed or answered outside the contract (issue 28). */
  ERP_UNAVAILABLE: 503,
  /** A maintenance window is on (access spec §4 blackout): the answer carries the administrator's notice. */
  MAINTENANCE: 503,
  /** The payment gateway refused or failed a call the portal needed (access token, tokenization). */
  GATEWAY_FAILED: 502,
  /** A route that changes money needs an Idempotency-Key header (http/idempotency.ts). */
  IDEMPOTENCY_KEY_REQUIRED: 400,
  /** The Idempotency-Key was used before with another request (method, path or body). */
  IDEMPOTENCY_KEY_REUSED: 422,
  /** A request with this Idempotency-Key is still being processed; this one did nothing. */
  IDEMPOTENCY_IN_FLIGHT: 409,
  /** A payment check (spec §5 checks 1-8, pay amount rules) refused the request; messageKey names the check. */
  PAYMENT_REFUSED: 400,
  /** One of the documents is held by a payment not yet settled ("in process"); nothing was charged. */
  PAYMENT_IN_PROCESS: 409,
  /** A document's open amount changed since the page was loaded; nothing was charged. */
  DOCUMENT_CHANGED: 409,
  /** The card needs its 3-D Secure step (or the step did not pass); nothing was charged. */
  THREE_DS_REQUIRED: 400,
  /**
   * Issue 37: a refund cannot be made now (more than is left to refund, a dispute open, another refund of the payment
   * still on its way); messageKey says which. Nothing was refunded.
   */
  REFUND_REFUSED: 409,
  /** Guest payment is switched off (allowGuestPayment): every guest route answers this. */
  GUEST_PAYMENT_DISABLED: 403,
  /** The X-Guest-Token header is missing, forged or expired: the guest looks the invoice up again. */
  GUEST_TOKEN_INVALID: 403,
  /** The guest visit already holds a token for this invoice (spec §8: a duplicate key). */
  GUEST_ALREADY_ADDED: 409,
  /** The guest visit already holds invoices of the maximum number of accounts (spec §4: four). */
  GUEST_MAX_ACCOUNTS: 409,
  /** Self-registration is switched off (allowRegistration): the registration calls answer this. */
  REGISTRATION_DISABLED: 403,
  /** The change conflicts with what is stored: a login or e-mail taken, the last active admin. */
  CONFLICT: 409,
  /** A request body over the route's size limit (imports: ledgerImportLimits). */
  PAYLOAD_TOO_LARGE: 413,
  /** The request line and headers are over Node's 16 KiB (issue 35: answered before any route, plugins/errors.ts). */
  HEADERS_TOO_LARGE: 431,
  /** The client did not send its request in time (Node's request time-out). */
  REQUEST_TIMEOUT: 408,
  /** A body of a type the route does not read (imports take text/csv, application/xml or multipart/form-data). */
  UNSUPPORTED_MEDIA_TYPE: 415,
  /** Admin recovery: no ADMIN_RECOVERY_KEY is set, so the page and the call do not exist. */
  RECOVERY_NOT_CONFIGURED: 404,
} as const;

export type ErrorCode = keyof typeof errorCodes;

export class AppError extends Error {
  readonly status: number;
  readonly messageKey: string;

  constructor(
    readonly code: ErrorCode,
    readonly options: {
      messageKey?: string;
      /** Words an administrator wrote, already in the caller's language: answered instead of the translation. */
      message?: string;
      reason?: string;
      details?: Record<string, unknown>;
      cause?: unknown;
    } = {},
  ) {
    super(code, { cause: options.cause });
    this.name = 'AppError';
    this.status = errorCodes[code];
    this.messageKey = options.messageKey ?? `errors.codes.${code}`;
  }
}

/**
 * The answer to a form rule broken (packages/domain validate*, run by the web form and again here): 400 with the first
 * rule's message, naming every field that failed.
 */
export function assertNoFieldErrors(errors: Partial<Record<string, string>>): void {
  const failed = Object.entries(errors).filter((entry): entry is [string, string] => Boolean(entry[1]));
  const [first] = failed;
  if (first) {
    throw new AppError('VALIDATION_FAILED', {
      messageKey: first[1],
      details: { fields: failed.map(([field]) => field) },
    });
  }
}
