// "Dispute this invoice" (issue 39) where an invoice is shown: the invoice detail's button and the invoice list's
// selection bar (exactly one invoice chosen). For a user who may pay (CanMakePayment) or complain (CanRaiseDisputes);
// the server decides whether this user sees the invoice. The app puts them there (features do not import each other).
import { Button } from '@mantine/core';
import { IconMessageReport } from '@tabler/icons-react';
import type { UserProfile } from '@portal/contracts';
import { parseMinorUnits } from '@portal/domain';
import { currencyDecimals } from '@portal/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currentPrimary, useAccountSelection } from '../../../lib/account-selection';
import { useInvoiceSelection } from '../../../lib/invoice-selection';
import { hasPermission, isInternal, useSession } from '../../../lib/session';
import type { DisputableInvoice } from '../utils/raise-form';
import { RaiseDisputeDialog } from './raise-dispute-dialog';

/** A customer user who may pay or complain (the AR team's internal users raise none). */
export const mayRaiseDisputes = (profile: UserProfile | null): boolean =>
  !isInternal(profile) && (hasPermission(profile, 'CanMakePayment') || hasPermission(profile, 'CanRaiseDisputes'));

/** The invoice detail's button: the page shows it on an open invoice without an active dispute. */
export function RaiseDisputeButton({ invoice }: { invoice: DisputableInvoice }) {
  const { t } = useTranslation();
  const { profile } = useSession();
  const [opened, setOpened] = useState(false);
  if (!mayRaiseDisputes(profile)) return null;
  return (
    <>
      <Button
        variant="default"
        leftSection={<IconMessageReport size={18} aria-hidden="true" />}
        onClick={() => setOpened(true)}
        data-testid="raise-dispute"
      >
        {t('disputes.raise.action')}
      </Button>
      {opened && <RaiseDisputeDialog invoice={invoice} onClose={() => setOpened(false)} />}
    </>
  );
}

/** Beside Continue in the invoice list's selection bar: one open invoice chosen. */
export function RaiseDisputeSelectionAction({ disabled = false }: { disabled?: boolean }) {
  const { t } = useTranslation();
  const { profile } = useSession();
  const selection = useInvoiceSelection();
  const primary = currentPrimary(useAccountSelection());
  const [opened, setOpened] = useState<DisputableInvoice | null>(null);
  if (!mayRaiseDisputes(profile)) return null;
  const only = selection.selected.length === 1 ? selection.selected[0]!.document : null;
  const decimals = only ? currencyDecimals(only.currency_key) : 2;
  const disputable =
    only &&
    primary &&
    only.billing_document_number.trim() !== '' &&
    (parseMinorUnits(only.open_amount, decimals) ?? 0n) > 0n
      ? only
      : null;
  const handleOpen = () => {
    if (!disputable || !primary) return;
    setOpened({
      payer: { customer_number: primary.PrimaryAcct, company_code: primary.CompanyCode },
      billingDocumentNumber: disputable.billing_document_number,
      currency: disputable.currency_key,
      openAmount: disputable.open_amount,
      lines: [],
    });
  };
  return (
    <>
      <Button
        variant="default"
        leftSection={<IconMessageReport size={16} aria-hidden="true" />}
        disabled={disabled || !disputable}
        title={disputable ? undefined : t('disputes.raise.choose_one')}
        onClick={handleOpen}
        data-testid="raise-dispute-selection"
      >
        {t('disputes.raise.action_short')}
      </Button>
      {opened && <RaiseDisputeDialog invoice={opened} onClose={() => setOpened(null)} />}
    </>
  );
}
