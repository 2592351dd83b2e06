import { MultiSelect, Select } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import {
  accountOptionLabel,
  accountSelection,
  currentPrimary,
  picksSeveralCustomers,
  useAccountSelection,
} from '../../lib/account-selection';

/**
 * spec §2/§4: payers (and payer-all accounts) pick several customers (the sold-tos the list is filtered by),
 * sold-to users one.
 */
export function CustomerSelector({ label, error }: { label?: string; error?: string | null }) {
  const { t } = useTranslation();
  const state = useAccountSelection();
  const primary = currentPrimary(state);
  if (!primary || primary.DropDownItems.length === 0) return null;
  const data = primary.DropDownItems.map((item) => ({ value: item.PrimaryAcct, label: accountOptionLabel(item) }));
  if (!picksSeveralCustomers(primary.AccountType)) {
    return (
      <Select
        label={label ?? t('invoices.customers.label_single')}
        data={data}
        value={state.secondaryAccount}
        onChange={(value) => value && accountSelection.selectSecondary(value)}
        allowDeselect={false}
        miw={240}
      />
    );
  }
  return (
    <MultiSelect
      label={label ?? t('invoices.customers.label')}
      placeholder={state.soldTos.length === 0 ? t('invoices.customers.placeholder') : undefined}
      data={data}
      value={state.soldTos}
      onChange={(values) => accountSelection.selectSoldTos(values)}
      error={error ?? undefined}
      clearable
      searchable
      hidePickedOptions={false}
      maxDropdownHeight={340}
      miw={260}
      maw={560}
      data-testid="customer-selector"
    />
  );
}
