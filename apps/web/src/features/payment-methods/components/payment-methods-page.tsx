// /settings/payment-methods (spec §2; permission CanManagePaymentMethods): the methods of the account chosen in
// the header; sold-to users pick the customer (spec: "A customer selector is shown for sold-to users").
import { Select, Stack, Text } from '@mantine/core';
import type { PayerData } from '@portal/contracts';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../../components/ui/page-title';
import {
  accountOptionLabel,
  accountSelection,
  currentPrimary,
  useAccountSelection,
} from '../../../lib/account-selection';
import { PaymentMethodsTabs } from './payment-methods-tabs';
import { useThreeDsReturn } from './use-three-ds-return';
import { LoadFailed } from '../../../components/ui/load-failed';

export function PaymentMethodsPage() {
  const { t } = useTranslation();
  useThreeDsReturn();
  const state = useAccountSelection();
  const primary = currentPrimary(state);
  const soldTo = primary?.AccountType === 'SoldTo';
  const payer = useMemo<PayerData | null>(() => {
    if (!primary) return null;
    const customer = soldTo ? (state.secondaryAccount ?? primary.PrimaryAcct) : primary.PrimaryAcct;
    return { customer_number: customer, company_code: primary.CompanyCode };
  }, [primary, soldTo, state.secondaryAccount]);

  return (
    <Stack gap="md">
      <PageTitle>{t('shell.pages.settings_payment_methods')}</PageTitle>
      {soldTo && primary && primary.DropDownItems.length > 0 && (
        <Select
          label={t('payment-methods.customer_label')}
          data={primary.DropDownItems.map((item) => ({ value: item.PrimaryAcct, label: accountOptionLabel(item) }))}
          value={state.secondaryAccount}
          onChange={(value) => value && accountSelection.selectSecondary(value)}
          allowDeselect={false}
          maw={420}
        />
      )}
      {payer ? (
        <PaymentMethodsTabs key={`${payer.company_code}/${payer.customer_number}`} payer={payer} />
      ) : state.loaded ? (
        <Text c="dimmed">{t('payment-methods.no_account')}</Text>
      ) : state.failure ? (
        <LoadFailed error={state.failure} />
      ) : (
        <Text c="dimmed" role="status">
          {t('payment-methods.loading')}
        </Text>
      )}
    </Stack>
  );
}
