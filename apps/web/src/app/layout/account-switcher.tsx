import { Select } from '@mantine/core';
import { useDeferredValue } from 'react';
import { useTranslation } from 'react-i18next';
import { ACCOUNT_DROPDOWN_VISIBLE_ITEMS } from '../../config/constants';
import { accountKey, accountOptionLabel, accountSelection, useAccountSelection } from '../../lib/account-selection';

// Height of one option at size sm; the list scrolls beyond ten (invoices-and-payments §2).
const OPTION_HEIGHT_PX = 34;

/**
 * Primary account dropdown over the header accounts. spec §4: switching clears the selected invoices, the currency
 * and every search filter (features follow the store's switchCount). Deferred: the accounts' arrival renders it in
 * React's background render, not in one task with the page (issue 17: TBT).
 */
export function AccountSwitcher({ className, withLabel = false }: { className?: string; withLabel?: boolean }) {
  const { t } = useTranslation();
  const { headerItems, primaryKey } = useDeferredValue(useAccountSelection());
  if (headerItems.length === 0) return null;
  return (
    <Select
      className={className}
      {...(withLabel ? { label: t('shell.header.account_label') } : { 'aria-label': t('shell.header.account_label') })}
      data={headerItems.map((item) => ({ value: accountKey(item), label: accountOptionLabel(item) }))}
      value={primaryKey}
      onChange={(value) => value && accountSelection.selectPrimary(value)}
      allowDeselect={false}
      withScrollArea
      maxDropdownHeight={ACCOUNT_DROPDOWN_VISIBLE_ITEMS * OPTION_HEIGHT_PX}
      comboboxProps={{ withinPortal: true, zIndex: 400 }}
      size="sm"
      data-testid="primary-account"
    />
  );
}
