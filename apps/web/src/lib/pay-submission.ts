// What every pay form (invoices, deposits, guest payment) does around its one request (spec §4 payment flow,
// ADR 0009 §8): one Idempotency-Key per submission, no second submission while one is on its way, Pay working
// again when the browser brings the page back from the 3-D Secure page, and the return from that page.
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { ApiError } from './api-client';
import { log } from './log';
import { notify } from './notify';
import type { OutcomeStore, PaymentOutcome } from './payment-outcome';
import { refusalFromResponse, type PaymentRefusal } from './payment-refusal';
import { createSubmissionKeys } from './submission-keys';

/**
 * done: the server answered (the status page shows it). refused: the server said no (a check, a changed invoice, a
 * payment in process, a failed 3-D Secure step): nothing was charged and the submission's key is spent; the caller
 * shows why. retry: the outcome is unknown (network, 5xx, the same key still in flight): ask again with the same
 * key, which can never pay twice.
 */
export type SubmitOutcome = { kind: 'done' } | { kind: 'refused'; refusal: PaymentRefusal } | { kind: 'retry' };

type Translate = (key: string) => string;

/** A pay request that failed: a refusal (nothing charged), or an unknown outcome, toasted, to be asked again. */
export function failedSubmission(error: unknown, t: Translate): Exclude<SubmitOutcome, { kind: 'done' }> {
  const refusal = error instanceof ApiError ? refusalFromResponse(error.status, error.body) : null;
  if (refusal) return { kind: 'refused', refusal };
  log.warn('Payment submission failed', error);
  const inFlight = error instanceof ApiError && error.body?.error === 'IDEMPOTENCY_IN_FLIGHT';
  notify.error(t(inFlight ? 'errors.codes.IDEMPOTENCY_IN_FLIGHT' : 'payments.error.making_payment'));
  return { kind: 'retry' };
}

/** The pay button's state: submitting, the submission keys, and a guard a second click cannot pass. */
export function usePaySubmission() {
  const [submitting, setSubmitting] = useState(false);
  const [keys] = useState(createSubmissionKeys);
  // A second click that lands before React re-renders the disabled button must not start a second submission.
  const inFlight = useRef(false);

  // Back from the provider's 3-D Secure page through the browser's back/forward cache: the page is restored as it
  // was left, mid-submission; nothing was submitted from it, so Pay works again.
  useEffect(() => {
    const handlePageShow = (event: PageTransitionEvent) => {
      if (!event.persisted) return;
      inFlight.current = false;
      setSubmitting(false);
    };
    window.addEventListener('pageshow', handlePageShow);
    return () => window.removeEventListener('pageshow', handlePageShow);
  }, []);

  return {
    submitting,
    keys,
    isBusy: () => inFlight.current,
    start: () => {
      inFlight.current = true;
      setSubmitting(true);
    },
    finish: () => {
      inFlight.current = false;
      setSubmitting(false);
    },
  };
}

type Completion<P, O extends { kind: string }> = {
  /** The submission cached before the redirect for this id, read once; null when none. */
  take: (id: string) => P | null;
  /** Submits it with its own Idempotency-Key and the step's access token (the id). */
  submit: (pending: P, threeDsAccessToken: string) => Promise<O | SubmitOutcome>;
  /** How a refusal reads on the status page. */
  refused: (pending: P, refusal: PaymentRefusal) => PaymentOutcome;
  /** An outcome of the flow's own (e.g. an expired guest token); true when it was handled. */
  other?: (pending: P, outcome: O) => boolean;
  outcomes: OutcomeStore;
  statusPath: string;
};

/**
 * The return address of a 3-D Secure step (spec §2 processing-payment, §4): takes the id out of the address,
 * restores the submission cached before the redirect and submits it; an unknown outcome is retried with the same
 * key (it cannot pay twice), then reported. Nothing cached for the id: the status page's site error, nothing paid.
 */
export function useThreeDsCompletion<P, O extends { kind: string }>(id: string | null, completion: Completion<P, O>) {
  const navigate = useNavigate();
  const started = useRef<string | null>(null);
  // The effect runs once per id; the latest callbacks are read when it does.
  const latest = useRef(completion);
  useEffect(() => {
    latest.current = completion;
  });

  useEffect(() => {
    if (!id || started.current === id) return;
    started.current = id;
    const { take, submit, refused, other, outcomes, statusPath } = latest.current;
    void navigate({ search: '' }, { replace: true });
    const pending = take(id);
    if (!pending) {
      outcomes.save({ kind: 'failed' });
      void navigate(statusPath, { replace: true });
      return;
    }
    const attempt = async (tries: number): Promise<void> => {
      const outcome = await submit(pending, id);
      if (outcome.kind === 'retry' && tries > 1) return attempt(tries - 1);
      if (outcome.kind === 'done') return;
      if (outcome.kind !== 'retry' && outcome.kind !== 'refused' && other?.(pending, outcome as O)) return;
      outcomes.save(
        outcome.kind === 'refused'
          ? refused(pending, (outcome as { refusal: PaymentRefusal }).refusal)
          : { kind: 'failed' },
      );
      void navigate(statusPath, { replace: true });
    };
    void attempt(3);
  }, [id, navigate]);
}
