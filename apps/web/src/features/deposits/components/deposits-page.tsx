// /deposits (spec §2 Deposits, §5 Deposit checks, §6): the deposit form for the header's current account, or why
// deposits are not available there. Optional ?id=... restores the form cached before a 3-D Secure redirect (e.g. the
// user came back from the challenge with the browser's back button).
import { Alert, Anchor, Stack, Text } from '@mantine/core';
import type { PayerData } from '@portal/contracts';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { PageTitle } from '../../../components/ui/page-title';
import { DEFAULT_SIGNED_IN_PATH } from '../../../config/constants';
import { accountKey, currentPrimary, useAccountSelection } from '../../../lib/account-selection';
import { usePaymentsDisabledMessage } from '../../../lib/payments-disabled';
import { useDepositSettings } from '../api/get-deposit-settings';
import { unavailableMessageKey } from '../utils/deposit-form';
import { pendingDeposit, type PendingDeposit } from '../utils/deposit-session';
import { DepositForm } from './deposit-form';
import { AccountsPending, LoadFailed } from '../../../components/ui/load-failed';

/** The app composes the Manage payment methods toggle in (features do not import each other). */
export type ManageMethodsSlot = (payer: PayerData) => ReactNode;

export function DepositsPage({ manageMethods }: { manageMethods: ManageMethodsSlot }) {
  const { t } = useTranslation();
  const accounts = useAccountSelection();
  const primary = currentPrimary(accounts);
  const payer = primary ? { customer_number: primary.PrimaryAcct, company_code: primary.CompanyCode } : null;
  const settings = useDepositSettings(payer);
  const restored = useRestoredDeposit();

  const title = <PageTitle>{t('deposits.title')}</PageTitle>;
  if (!accounts.loaded || (payer && settings.isPending)) {
    return (
      <Stack gap="md" align="flex-start">
        {title}
        <AccountsPending failure={accounts.failure} />
      </Stack>
    );
  }
  if (settings.isError) {
    return (
      <Stack gap="md" align="flex-start">
        {title}
        <LoadFailed error={settings.error} />
      </Stack>
    );
  }
  if (!primary || !payer) {
    return (
      <Stack gap="md">
        {title}
        <Alert color="gray" role="status">
          {t('deposits.no_account')}
        </Alert>
      </Stack>
    );
  }
  if (!settings.data) {
    return (
      <Stack gap="md">
        {title}
        <Alert color="red" role="alert">
          {t('deposits.error.settings_failed')}
        </Alert>
      </Stack>
    );
  }
  if (!settings.data.deposits_allowed) {
    return (
      <Stack gap="md" align="flex-start">
        {title}
        <DepositsUnavailable reason={settings.data.unavailable_reason} />
      </Stack>
    );
  }
  const samePayer =
    restored !== null &&
    restored.request.payer_data.customer_number === payer.customer_number &&
    restored.request.payer_data.company_code === payer.company_code;
  return (
    <DepositForm
      key={accountKey(primary)}
      title={title}
      primary={primary}
      payer={payer}
      settings={settings.data}
      restored={samePayer ? restored.request : null}
      manageMethods={manageMethods}
    />
  );
}

/** The deposit cached for the ?id= of the address, read once; the id is then taken out of the address. */
function useRestoredDeposit(): PendingDeposit | null {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const id = params.get('id');
  const [restored] = useState(() => (id ? pendingDeposit.peek(id) : null));
  useEffect(() => {
    if (id) void navigate({ search: '' }, { replace: true });
  }, [id, navigate]);
  return restored;
}

function DepositsUnavailable({ reason }: { reason: Parameters<typeof unavailableMessageKey>[0] }) {
  const { t } = useTranslation();
  // The portal's own payments-disabled message, in the user's language, when one is configured (spec §4).
  const configured = usePaymentsDisabledMessage();
  const text = reason === 'payments_disabled' && configured ? configured : t(unavailableMessageKey(reason));
  return (
    <>
      <Alert
        color="gray"
        role="status"
        title={t('deposits.unavailable.title')}
        data-testid="deposits-unavailable"
        styles={{ title: { color: 'var(--mantine-color-text)' } }}
      >
        <Text>{text}</Text>
      </Alert>
      <Anchor component={Link} to={DEFAULT_SIGNED_IN_PATH}>
        {t('deposits.unavailable.back')}
      </Anchor>
    </>
  );
}
