// The Idempotency-Key of a pay submission (invoices, deposits, guest payments) (ADR 0009 §8, DESIGN.md §3 "Payments are exactly-once").
//
// One submission is one request body. Asking again for the same body while its outcome is unknown (a network
// error, a 5xx, 409 in flight, a double click) gives the same key, so the server replays or refuses instead of
// paying twice. A different body is a new submission and gets a new key: reusing the old one would only earn a 422
// (IDEMPOTENCY_KEY_REUSED), and the server still refuses a second payment of the same invoices by their open amounts
// (DOCUMENT_CHANGED) and reservations (PAYMENT_IN_PROCESS). A definite answer (the status page, or a refusal) spends
// the key.

/** Any pay request: its payment_detail may carry a CVV, which is not part of what is being paid. */
export type PayRequest = { payment_detail: { payment_card_token: string; card_validation_code?: string } };

/** The keys of one form's submissions, whatever its request: `fingerprint` says which requests are the same one. */
export type SubmissionKeysOf<T> = {
  /** The key to send with this request: the open submission's when the body is the same, else a new one. */
  keyFor(request: T): string;
  /** The server answered for certain: the next submission gets a new key even with the same body. */
  spend(): void;
};

export type SubmissionKeys = SubmissionKeysOf<PayRequest>;

/**
 * The CVV is left out of the comparison as the server leaves it out of its request hash: it is re-typed, not part
 * of what is being paid.
 */
export function submissionFingerprint(request: PayRequest): string {
  const { card_validation_code: _cvv, ...paymentDetail } = request.payment_detail;
  return JSON.stringify({ ...request, payment_detail: paymentDetail });
}

/** Any keyed submission (issue 37: a refund) under the same rule as a payment's. */
export function createKeyedSubmissions<T>(
  fingerprintOf: (request: T) => string,
  newKey: () => string = () => crypto.randomUUID(),
): SubmissionKeysOf<T> {
  let open: { fingerprint: string; key: string } | null = null;
  return {
    keyFor(request) {
      const fingerprint = fingerprintOf(request);
      if (open?.fingerprint !== fingerprint) open = { fingerprint, key: newKey() };
      return open.key;
    },
    spend() {
      open = null;
    },
  };
}

export function createSubmissionKeys(newKey?: () => string): SubmissionKeys {
  return createKeyedSubmissions(submissionFingerprint, newKey);
}
