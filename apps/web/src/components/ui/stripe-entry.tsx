// Stripe's Payment Element for an entry session (a SetupIntent, issue 36): card number, expiry and security code, or
// the bank account (ACH with its mandate text, SEPA with its own), typed in Stripe's frames. Loaded only through
// payment-entry.tsx when Stripe is the provider. Submit confirms the SetupIntent in the browser, as Stripe.js does
// (3-D Secure shown by Stripe.js when the issuer asks); the server then reads its result by the SetupIntent's id.
import { Alert, Box, getPrimaryShade, Loader, useMantineTheme } from '@mantine/core';
import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import type {
  Appearance,
  StripeElementLocale,
  StripeElementsOptions,
  StripePaymentElementOptions,
} from '@stripe/stripe-js';
import { useImperativeHandle, useMemo, useState, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { loadStripeFor } from '../../lib/load-stripe';
import { usePublicConfig } from '../../lib/public-config';
import type { EntryBilling, EntryResult, ProviderEntryHandle } from './payment-entry-handle';
import { refusalOf } from './stripe-refusal';

type Props = {
  clientSecret: string;
  publishableKey: string;
  title: string;
  /** The payer's e-mail when the portal knows it (a bank debit's mandate needs one): else the element asks. */
  email?: string;
  ref: Ref<ProviderEntryHandle>;
};

export function StripeEntry({ clientSecret, publishableKey, title, email, ref }: Props) {
  const { i18n } = useTranslation();
  const theme = useMantineTheme();
  // One promise per key (lib/load-stripe.ts): Elements must get the same one on every render.
  const stripe = useMemo(() => loadStripeFor(publishableKey), [publishableKey]);
  const appearance = useMemo((): Appearance => {
    const primary = theme.colors[theme.primaryColor]?.[getPrimaryShade(theme, 'light')] ?? theme.colors.blue[8];
    return {
      theme: 'stripe',
      variables: {
        colorPrimary: primary,
        colorText: theme.black,
        colorDanger: theme.colors.red[8],
        fontFamily: theme.fontFamily,
        borderRadius: '4px',
      },
    };
  }, [theme]);
  // The portal's language (all 8 are Stripe's too). A switch updates the element in place: what was typed stays.
  const options = useMemo(
    (): StripeElementsOptions => ({ clientSecret, appearance, locale: i18n.language as StripeElementLocale }),
    [clientSecret, appearance, i18n.language],
  );
  return (
    <Elements stripe={stripe} options={options}>
      <EntryForm title={title} email={email} ref={ref} />
    </Elements>
  );
}

function EntryForm({ title, email, ref }: { title: string; email?: string; ref: Ref<ProviderEntryHandle> }) {
  const { t } = useTranslation();
  const companyName = usePublicConfig().data?.companyName;
  // The name is the portal's own field, sent with the confirmation; so is the e-mail when the portal has one. The
  // supplier's name is the one a bank debit's mandate text names.
  const elementOptions = useMemo(
    (): StripePaymentElementOptions => ({
      fields: { billingDetails: { name: 'never', email: email ? 'never' : 'auto' } },
      wallets: { applePay: 'never', googlePay: 'never' },
      ...(companyName ? { business: { name: companyName } } : {}),
    }),
    [email, companyName],
  );
  const stripe = useStripe();
  const elements = useElements();
  const [ready, setReady] = useState(false);
  const [loadFailed, setLoadFailed] = useState(false);

  useImperativeHandle(
    ref,
    () => ({
      check: async () => {
        await elements?.submit();
      },
      submit: async (billing: EntryBilling): Promise<EntryResult> => {
        if (!stripe || !elements) return { type: 'failed' };
        // Stripe's element checks what was typed and shows its messages in place.
        const checked = await elements.submit();
        if (checked.error) return { type: 'invalid', errors: {} };
        const { error, setupIntent } = await stripe.confirmSetup({
          elements,
          redirect: 'if_required',
          confirmParams: {
            // Only a bank redirect would use it; the card's 3-D Secure shows over this page.
            return_url: window.location.href,
            payment_method_data: {
              billing_details: { name: billing.name.trim(), ...(email ? { email } : {}) },
            },
          },
        });
        if (error) return refusalOf(error, t);
        if (setupIntent.status === 'succeeded' || setupIntent.status === 'processing') return { type: 'tokenized' };
        return { type: 'invalid', errors: { entry: t('payment-methods.entry.not_completed') } };
      },
    }),
    [stripe, elements, email, t],
  );

  return (
    <Box pos="relative" role="group" aria-label={title} data-testid="stripe-entry">
      {!ready && !loadFailed && <Loader size="sm" pos="absolute" top={8} right={8} aria-hidden />}
      {loadFailed ? (
        <Alert color="red" role="alert">
          {t('payment-methods.frame.failed')}
        </Alert>
      ) : (
        <PaymentElement
          options={elementOptions}
          onReady={() => setReady(true)}
          onLoadError={() => setLoadFailed(true)}
        />
      )}
    </Box>
  );
}
