// Where the payer types a card or a bank account: the payment provider's own component, mounted from the entry
// session the server answered (POST /api/tokenization/access_token, issue 36). The built-in sandbox's hosted frame
// (hosted-frame.tsx, unchanged), or Stripe's Payment Element (stripe-entry.tsx, loaded only when Stripe is the
// provider: the sandbox's pages never download its code, nor Stripe.js). Both answer the same submit: tokenized (the
// server then reads the result with the session's id), invalid (the component shows why, `entry` says it once more
// beside the form) or failed (the provider could not be reached). The portal never sees a number in either.
import { Loader } from '@mantine/core';
import type { AccessTokenResponse } from '@portal/contracts';
import { lazy, Suspense, useImperativeHandle, useRef, type Ref } from 'react';
import { HostedFrame, type HostedFrameHandle } from './hosted-frame';
import type { PaymentEntryHandle, ProviderEntryHandle } from './payment-entry-handle';

export type { EntryBilling, EntryResult, PaymentEntryHandle } from './payment-entry-handle';

const StripeEntry = lazy(() => import('./stripe-entry').then((module) => ({ default: module.StripeEntry })));

export function isStripeEntry(session: Pick<AccessTokenResponse, 'provider'> | null): boolean {
  return session?.provider === 'stripe';
}

export function PaymentEntry({
  session,
  title,
  height,
  email,
  ref,
}: {
  session: AccessTokenResponse;
  /** The accessible name of the component's frame. */
  title: string;
  /** The sandbox frame's height (Stripe's element sizes itself). */
  height: number;
  /** The payer's e-mail when the portal knows it (a bank debit's mandate at Stripe needs one). */
  email?: string;
  ref: Ref<PaymentEntryHandle>;
}) {
  const frame = useRef<HostedFrameHandle>(null);
  const provider = useRef<ProviderEntryHandle>(null);
  const stripe = isStripeEntry(session);

  useImperativeHandle(
    ref,
    () => ({
      check: async (fields) => {
        if (stripe) await provider.current?.check();
        else await frame.current?.submit(fields);
      },
      submit: async (fields, billing) => {
        const entry = stripe ? provider.current?.submit(billing) : frame.current?.submit(fields);
        return (await entry) ?? { type: 'failed' };
      },
    }),
    [stripe],
  );

  if (!stripe) return <HostedFrame ref={frame} src={session.paymetric_xi_url} title={title} height={height} />;
  return (
    <Suspense fallback={<Loader size="sm" aria-hidden />}>
      <StripeEntry
        ref={provider}
        clientSecret={session.client_secret ?? ''}
        publishableKey={session.publishable_key ?? ''}
        title={title}
        {...(email ? { email } : {})}
      />
    </Suspense>
  );
}
