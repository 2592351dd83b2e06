// /guest-payment/guestpayment (spec §2; §4 Guest flow; access §2 Guest payment and account linking form): only while
// guest payment is on. The state machine form → success (the invoice card and pay form) | error (the message and a
// clear action back to an empty form); the form is replaced by the four-account message at the cap. With ?id= it is
// the return address of the 3-D Secure step.
import { Alert, Anchor, Stack, Text } from '@mantine/core';
import { maxGuestAccounts, type ValidateGuestPaymentResponse } from '@portal/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { PageTitle } from '../../../components/ui/page-title';
import { SIGN_IN_PATH } from '../../../config/constants';
import { withoutLeadingZeros } from '../../../lib/account-selection';
import { guestPaymentSettingsQuery, useGuestPaymentSettings } from '../api/get-guest-payment-settings';
import { guestInvoiceState } from '../utils/guest-invoice';
import { atAccountCap, currentLookup, guestTokens } from '../utils/guest-session';
import type { LookupRefusal } from '../utils/lookup-form';
import { GuestInvoicePayment } from './guest-invoice-payment';
import { GuestLookupError } from './guest-lookup-error';
import { GuestLookupForm, type FormNotice } from './guest-lookup-form';
import { GuestPaymentUnavailable } from './guest-payment-unavailable';
import { GuestThreeDsReturn } from './guest-three-ds-return';

type Screen =
  | { kind: 'form'; notice?: FormNotice }
  | { kind: 'error'; messageKey: string }
  | { kind: 'invoice'; lookup: ValidateGuestPaymentResponse };

const expiredNotice: FormNotice = { key: 'errors.codes.GUEST_TOKEN_INVALID' };

export function GuestPaymentPage() {
  const { t } = useTranslation();
  const { loading, allowed, paymentsDisabled, paymentsDisabledMessage } = useGuestPaymentSettings();
  const [params] = useSearchParams();
  // Read once: the return takes the id out of the address as soon as it starts on it.
  const [returnId, setReturnId] = useState(() => params.get('id'));
  const [notice, setNotice] = useState<FormNotice | undefined>(undefined);
  const handleExpired = useCallback(() => {
    setNotice(expiredNotice);
    setReturnId(null);
  }, []);

  if (loading) return null;
  return (
    <Stack gap="md">
      <PageTitle>{t('shell.pages.guest_payment')}</PageTitle>
      {allowed && paymentsDisabled && (
        // spec §4 "Payments disabled": the message in the reader's language, before any card is typed.
        <Alert color="gray" variant="light" role="status" data-testid="guest-payments-disabled">
          {paymentsDisabledMessage ?? t('guest-payment.payments_disabled')}
        </Alert>
      )}
      {!allowed ? (
        <GuestPaymentUnavailable />
      ) : returnId ? (
        <GuestThreeDsReturn id={returnId} onExpired={handleExpired} />
      ) : (
        <GuestPaymentFlow initialNotice={notice} paymentsDisabled={paymentsDisabled} />
      )}
    </Stack>
  );
}

function GuestPaymentFlow({
  initialNotice,
  paymentsDisabled,
}: {
  initialNotice: FormNotice | undefined;
  paymentsDisabled: boolean;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [screen, setScreen] = useState<Screen>(() => {
    const lookup = currentLookup.read();
    return lookup ? { kind: 'invoice', lookup } : { kind: 'form', ...(initialNotice ? { notice: initialNotice } : {}) };
  });
  const [atCap, setAtCap] = useState(() => atAccountCap(guestTokens.list()));

  const backToForm = useCallback((notice?: FormNotice) => {
    currentLookup.clear();
    setAtCap(atAccountCap(guestTokens.list()));
    setScreen({ kind: 'form', ...(notice ? { notice } : {}) });
  }, []);

  const handleFound = (lookup: ValidateGuestPaymentResponse) => {
    guestTokens.add({
      token: lookup.guest_token,
      account: lookup.account_number,
      expiresAt: lookup.guest_token_expires_at,
    });
    // spec §4: an invoice already paid in full goes back to the form.
    if (guestInvoiceState(lookup.invoice) === 'paid') {
      const number = withoutLeadingZeros(lookup.invoice.document.billing_document_number);
      backToForm({ key: 'guest-payment.lookup.already_paid', values: { number } });
      return;
    }
    currentLookup.save(lookup);
    setScreen({ kind: 'invoice', lookup });
  };

  const handleRefused = (refusal: LookupRefusal) => {
    if (refusal.kind === 'error') setScreen({ kind: 'error', messageKey: refusal.messageKey });
    else if (refusal.kind === 'max_accounts') setAtCap(true);
    else void queryClient.invalidateQueries({ queryKey: guestPaymentSettingsQuery.queryKey });
  };

  const lookup = screen.kind === 'invoice' ? screen.lookup : null;
  const handleTokenExpired = useCallback(() => {
    if (lookup) guestTokens.remove(lookup.guest_token);
    backToForm(expiredNotice);
  }, [lookup, backToForm]);

  if (screen.kind === 'invoice')
    return (
      <GuestInvoicePayment
        key={screen.lookup.guest_token}
        lookup={screen.lookup}
        paymentsDisabled={paymentsDisabled}
        onBack={() => backToForm()}
        onTokenExpired={handleTokenExpired}
      />
    );
  if (screen.kind === 'error')
    return <GuestLookupError messageKey={screen.messageKey} onClear={() => setScreen({ kind: 'form' })} />;
  return (
    <Stack gap="md">
      <Text>{t('guest-payment.intro')}</Text>
      {atCap ? (
        // spec §4: with four accounts in this guest visit the form is replaced by the cap message.
        <Alert color="yellow" role="status" data-testid="guest-max-accounts">
          {t('auth.registration.max_no_of_accounts', { max: maxGuestAccounts })} {t('guest-payment.max_accounts_hint')}
        </Alert>
      ) : (
        <GuestLookupForm notice={screen.notice} onFound={handleFound} onRefused={handleRefused} />
      )}
      <Anchor component={Link} to={SIGN_IN_PATH}>
        {t('guest-payment.sign_in_link')}
      </Anchor>
    </Stack>
  );
}
