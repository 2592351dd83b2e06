import { ActionIcon, VisuallyHidden } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconFileTypePdf } from '@tabler/icons-react';
import type { DocumentAddress, LedgerDocument } from '@portal/contracts';
import { daysToPay, documentStatusText, dueState } from '@portal/domain';
import type { TFunction } from 'i18next';
import { displayName } from '../../../lib/account-selection';
import { formatDate } from '../../../lib/format-date';
import { formatMoney } from '@portal/domain';
import classes from './invoices.module.css';

// The cells take the table's `t` and language rather than asking i18next each: a page of 50 rows held some 300
// translation hooks, each with its own state and listeners (issue 17: TBT). The table renders again on a change of
// language, and its rows with it.

export function Money({ amount, currency, language }: { amount: string; currency: string; language: string }) {
  return <>{formatMoney(amount, currency, language)}</>;
}

export function StatusText({ document, t }: { document: LedgerDocument; t: TFunction }) {
  return <>{t(`invoices.status.${documentStatusText(document)}`)}</>;
}

const isOpenItem = (document: LedgerDocument): boolean =>
  document.document_status === '01' && documentStatusText(document) !== 'paid';

/** spec §4: overdue dates in a bad style, future ones in a good style; the icon and its hidden label say it too. */
export function DueDate({ document, today, t }: { document: LedgerDocument; today: Date; t: TFunction }) {
  const state = isOpenItem(document) ? dueState(document.due_date, today) : null;
  if (!state) return <span className={classes.nowrap}>{formatDate(document.due_date)}</span>;
  const Icon = state === 'overdue' ? IconAlertTriangle : IconCircleCheck;
  return (
    <span className={`${classes.nowrap} ${state === 'overdue' ? classes.overdue : classes.due}`}>
      <Icon size={14} className={classes.stateIcon} aria-hidden="true" />
      <VisuallyHidden>{t(`invoices.due_state.${state}`)}: </VisuallyHidden>
      {formatDate(document.due_date)}
    </span>
  );
}

export function DaysToPay({ document, today }: { document: LedgerDocument; today: Date }) {
  if (!isOpenItem(document)) return null;
  const days = daysToPay(document.due_date, today);
  if (days === null) return null;
  return <span className={days < 0 ? classes.overdue : classes.due}>{days}</span>;
}

export function AddressBlock({ address, companyCode }: { address: DocumentAddress; companyCode: string }) {
  const name = displayName(address, companyCode);
  const place = [[address.postal_code, address.city].filter(Boolean).join(' '), address.region, address.country]
    .filter(Boolean)
    .join(', ');
  return (
    <div className={classes.address}>
      <div>{name}</div>
      <div className={classes.addressDetail}>{[address.street, place].filter(Boolean).join(', ')}</div>
    </div>
  );
}

/** spec §2: the PDF icon only for documents with pdf_document_available X. */
export function PdfButton({
  document,
  number,
  onOpen,
  t,
}: {
  document: LedgerDocument;
  number: string;
  onOpen: (document: LedgerDocument) => void;
  t: TFunction;
}) {
  if (document.pdf_document_available !== 'X') return null;
  const label = t('invoices.actions.open_pdf', { number });
  // The browser's own tooltip (title): a floating one per row cost a phone a tenth of a second per page of 50 rows to
  // set up (issue 17: TBT); the label is the button's accessible name either way.
  return (
    <ActionIcon variant="subtle" color="red.9" aria-label={label} title={label} onClick={() => onOpen(document)}>
      <IconFileTypePdf size={20} aria-hidden="true" />
    </ActionIcon>
  );
}
