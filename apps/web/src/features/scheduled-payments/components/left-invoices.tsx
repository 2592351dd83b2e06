// The invoices AutoPay leaves for a person (past due at enrolment, and why), oldest due first: a table that scrolls
// sideways on a phone and, being possibly long (every past-due invoice of the account), downwards under its header.
import { Table } from '@mantine/core';
import type { AutopayLeftInvoice } from '@portal/contracts';
import { currencyDecimalsOf, formatMoney, toIsoDate } from '@portal/domain';
import { useTranslation } from 'react-i18next';
import { TableScroll } from '../../../components/ui/table-scroll';
import { withoutLeadingZeros } from '../../../lib/account-selection';
import { useBackendConfiguration } from '../../../lib/backend-configuration';
import { formatDate } from '../../../lib/format-date';

const noWrap = { whiteSpace: 'nowrap' } as const;

export function LeftInvoices({ invoices, label }: { invoices: AutopayLeftInvoice[]; label: string }) {
  const { t, i18n } = useTranslation();
  const currencyDecimals = useBackendConfiguration().data?.sapcust.currency_decimals ?? [];
  const money = (invoice: AutopayLeftInvoice) =>
    formatMoney(invoice.amount, invoice.currency_key, i18n.language, {
      decimals: currencyDecimalsOf(invoice.currency_key, currencyDecimals),
    });
  return (
    <TableScroll minWidth={420} maxHeight="18rem" label={label}>
      <Table withTableBorder stickyHeader bg="var(--mantine-color-body)" aria-label={label} data-testid="autopay-left">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('scheduled-payments.autopay.left_columns.invoice')}</Table.Th>
            <Table.Th>{t('scheduled-payments.autopay.left_columns.due_date')}</Table.Th>
            <Table.Th>{t('scheduled-payments.autopay.left_columns.amount')}</Table.Th>
            <Table.Th>{t('scheduled-payments.autopay.left_columns.why')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {[...invoices]
            .sort((a, b) => (toIsoDate(a.due_date) ?? '').localeCompare(toIsoDate(b.due_date) ?? ''))
            .map((invoice) => (
              <Table.Tr key={invoice.document_number_finance}>
                <Table.Td>
                  {withoutLeadingZeros(invoice.billing_document_number || invoice.document_number_finance)}
                </Table.Td>
                <Table.Td style={noWrap}>{formatDate(invoice.due_date)}</Table.Td>
                <Table.Td style={noWrap}>{money(invoice)}</Table.Td>
                <Table.Td>{t(`scheduled-payments.autopay.left_reasons.${invoice.why}`)}</Table.Td>
              </Table.Tr>
            ))}
        </Table.Tbody>
      </Table>
    </TableScroll>
  );
}
