// One page of payments received, newest first. Wider than a phone: it scrolls sideways inside a named region that
// the keyboard reaches (TableScroll, WCAG 2.1.1). The documents a payment settled open under their count.
import { Button, Table, Text, VisuallyHidden } from '@mantine/core';
import { IconChevronDown, IconChevronRight } from '@tabler/icons-react';
import type { PaymentReceived } from '@portal/contracts';
import { formatMoney } from '@portal/domain';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TableScroll } from '../../../components/ui/table-scroll';
import { withoutLeadingZeros } from '../../../lib/account-selection';
import { formatDate } from '../../../lib/format-date';
import classes from './payments-received.module.css';

/** MM-DD-YYYY HH:MM in UTC: the filter's days are UTC days, so the table's times are too. */
function utcDateTime(value: string): string {
  return `${formatDate(value)} ${value.slice(11, 16)}`;
}

export function ReceivedPaymentsTable({ items }: { items: PaymentReceived[] }) {
  const { t } = useTranslation();
  const caption = t('payments-received.table.label');
  return (
    <TableScroll minWidth={1080} label={caption}>
      <Table striped verticalSpacing="xs" fz="sm" data-testid="received-table">
        <VisuallyHidden component="caption">{caption}</VisuallyHidden>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t('payments-received.table.posted_at')}</Table.Th>
            <Table.Th scope="col">{t('payments-received.table.kind')}</Table.Th>
            <Table.Th scope="col">{t('payments-received.table.company_code')}</Table.Th>
            <Table.Th scope="col">{t('payments-received.table.payer')}</Table.Th>
            <Table.Th scope="col" className={classes.number}>
              {t('payments-received.table.amount')}
            </Table.Th>
            <Table.Th scope="col">{t('payments-received.table.method')}</Table.Th>
            <Table.Th scope="col">{t('payments-received.table.gateway_reference')}</Table.Th>
            <Table.Th scope="col">{t('payments-received.table.documents')}</Table.Th>
            <Table.Th scope="col">{t('payments-received.table.acknowledged')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((item) => (
            <ReceivedRow key={item.id} item={item} />
          ))}
        </Table.Tbody>
      </Table>
    </TableScroll>
  );
}

function ReceivedRow({ item }: { item: PaymentReceived }) {
  const { t, i18n } = useTranslation();
  const listId = useId();
  const [open, setOpen] = useState(false);
  const money = (amount: string) =>
    formatMoney(amount, item.currency_key, i18n.language, { decimals: item.currency_decimals });
  return (
    <Table.Tr data-testid="received-row">
      <Table.Td className={classes.nowrap}>{utcDateTime(item.posted_at)}</Table.Td>
      <Table.Td>{t(`payments-received.kinds.${item.kind}`)}</Table.Td>
      <Table.Td>{item.company_code}</Table.Td>
      <Table.Td>{withoutLeadingZeros(item.payer_number)}</Table.Td>
      <Table.Td className={classes.number}>{money(item.amount)}</Table.Td>
      <Table.Td className={classes.nowrap}>
        {t(`payments-received.methods.${item.method}`, { defaultValue: item.method })}
      </Table.Td>
      <Table.Td>{item.gateway_reference}</Table.Td>
      <Table.Td>
        {item.documents.length === 0 ? (
          '—'
        ) : (
          <>
            <Button
              variant="default"
              size="compact-sm"
              aria-expanded={open}
              aria-controls={listId}
              leftSection={
                open ? (
                  <IconChevronDown size={14} aria-hidden="true" />
                ) : (
                  <IconChevronRight size={14} aria-hidden="true" />
                )
              }
              onClick={() => setOpen((shown) => !shown)}
            >
              {t('payments-received.table.documents_toggle', { count: item.documents.length })}
            </Button>
            <ul id={listId} hidden={!open} className={classes.documents}>
              {item.documents.map((document, index) => (
                <li key={`${document.document_number_finance}-${index}`}>
                  {withoutLeadingZeros(document.billing_document_number || document.document_number_finance)}:{' '}
                  {money(document.amount)}
                  {document.reason_code && ` · ${t('payments-received.table.reason', { code: document.reason_code })}`}
                  {document.comment && ` · “${document.comment}”`}
                </li>
              ))}
            </ul>
          </>
        )}
      </Table.Td>
      <Table.Td>
        {item.acknowledged_at ? (
          <Text size="sm">{t('payments-received.table.ack_yes', { number: item.erp_document_number })}</Text>
        ) : (
          t('payments-received.table.ack_no')
        )}
      </Table.Td>
    </Table.Tr>
  );
}
