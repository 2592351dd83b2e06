import { Select } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ACCOUNT_DROPDOWN_VISIBLE_ITEMS } from '../../config/constants';
import { session, useSession } from '../../lib/session';
import { accountLabel } from './nav-items';

// Height of one option at size sm; the list scrolls beyond ten (invoices-and-payments §2).
const OPTION_HEIGHT_PX = 34;

/** Primary account dropdown: for now the profile's linked accounts; selecting switches the app's account. */
export function AccountSwitcher({ className, withLabel = false }: { className?: string; withLabel?: boolean }) {
  const { t } = useTranslation();
  const { profile, primaryAccount } = useSession();
  const accounts = [...new Set(profile?.Accounts.map((account) => account.primary_account) ?? [])];
  if (accounts.length === 0) return null;
  return (
    <Select
      className={className}
      {...(withLabel ? { label: t('shell.header.account_label') } : { 'aria-label': t('shell.header.account_label') })}
      data={accounts.map((account) => ({ value: account, label: accountLabel(account) }))}
      value={primaryAccount}
      onChange={(value) => value && session.selectPrimaryAccount(value)}
      allowDeselect={false}
      withScrollArea
      maxDropdownHeight={ACCOUNT_DROPDOWN_VISIBLE_ITEMS * OPTION_HEIGHT_PX}
      comboboxProps={{ withinPortal: true, zIndex: 400 }}
      size="sm"
    />
  );
}
