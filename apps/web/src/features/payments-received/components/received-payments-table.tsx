// One page of payments received, newest first. Wider than a phone: it scrolls sideways inside a named region that
// the keyboard reaches (TableScroll, WCAG 2.1.1). The documents a payment settled open under their count.
// Issue 37: a payment shows what came back of it as a badge beside its amount; a refund, a returned debit, a chargeback
// and a dispute won are rows of their own (negative, but for the dispute won) naming the payment they reverse. Details
// open the payment with all of that in a drawer; Refund (CanRefundPayments, while something is left to refund) the
// refund dialog.
import { Button, Group, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { IconChevronDown, IconChevronRight } from '@tabler/icons-react';
import type { PaymentReceived } from '@portal/contracts';
import { formatMoney } from '@portal/domain';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TableScroll } from '../../../components/ui/table-scroll';
import { withoutLeadingZeros } from '../../../lib/account-selection';
import { hasPermission, useSession } from '../../../lib/session';
import { mayBeRefunded } from '../utils/refund-form';
import { utcDateTime } from '../utils/utc-date-time';
import { MoneyBackBadge } from './money-back-badge';
import { PaymentDetailDrawer } from './payment-detail-drawer';
import { RefundDialog } from './refund-dialog';
import { ReturnCodeText } from './return-code-text';
import classes from './payments-received.module.css';

type Opened = { kind: 'details'; paymentId: string; decimals: number } | { kind: 'refund'; item: PaymentReceived };

export function ReceivedPaymentsTable({ items }: { items: PaymentReceived[] }) {
  const { t } = useTranslation();
  const { profile } = useSession();
  const mayRefund = hasPermission(profile, 'CanRefundPayments');
  const [opened, setOpened] = useState<Opened | null>(null);
  const caption = t('payments-received.table.label');
  return (
    <>
      <TableScroll minWidth={1240} label={caption}>
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
              <Table.Th scope="col">{t('payments-received.table.actions')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {items.map((item) => (
              <ReceivedRow
                key={item.id}
                item={item}
                mayRefund={mayRefund && mayBeRefunded(item)}
                onDetails={() =>
                  setOpened({ kind: 'details', paymentId: item.reverses ?? item.id, decimals: item.currency_decimals })
                }
                onRefund={() => setOpened({ kind: 'refund', item })}
              />
            ))}
          </Table.Tbody>
        </Table>
      </TableScroll>
      {opened?.kind === 'details' && (
        <PaymentDetailDrawer paymentId={opened.paymentId} decimals={opened.decimals} onClose={() => setOpened(null)} />
      )}
      {opened?.kind === 'refund' && <RefundDialog payment={opened.item} onClose={() => setOpened(null)} />}
    </>
  );
}

function ReceivedRow({
  item,
  mayRefund,
  onDetails,
  onRefund,
}: {
  item: PaymentReceived;
  mayRefund: boolean;
  onDetails: () => void;
  onRefund: () => void;
}) {
  const { t, i18n } = useTranslation();
  const listId = useId();
  const [open, setOpen] = useState(false);
  const money = (amount: string) =>
    formatMoney(amount, item.currency_key, i18n.language, { decimals: item.currency_decimals });
  const reversal = item.reverses !== null;
  const order = item.order_number || item.gateway_reference;
  return (
    <Table.Tr data-testid="received-row" data-kind={item.kind} data-id={item.id}>
      <Table.Td className={classes.nowrap}>{utcDateTime(item.posted_at)}</Table.Td>
      <Table.Td>
        <Text size="sm" fw={reversal ? 600 : undefined}>
          {t(`payments-received.kinds.${item.kind}`)}
        </Text>
        {reversal && (
          <Text size="xs" data-testid="received-reverses" className={classes.reverses}>
            {t('payments-received.table.reverses', { order })}
          </Text>
        )}
        {item.return_code && (
          <Text size="xs">
            <ReturnCodeText code={item.return_code} />
          </Text>
        )}
      </Table.Td>
      <Table.Td>{item.company_code}</Table.Td>
      <Table.Td>{withoutLeadingZeros(item.payer_number)}</Table.Td>
      <Table.Td className={classes.number}>
        <Group gap={6} justify="flex-end" wrap="nowrap">
          {item.money_back && <MoneyBackBadge status={item.money_back.status} />}
          <span data-testid="received-amount">{money(item.amount)}</span>
        </Group>
      </Table.Td>
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
      <Table.Td>
        <Stack gap={4} align="flex-start">
          <Button variant="default" size="compact-sm" onClick={onDetails} data-testid="received-details">
            {t('payments-received.table.details')}
            <VisuallyHidden> {t('payments-received.table.of_order', { order })}</VisuallyHidden>
          </Button>
          {mayRefund && (
            <Button variant="outline" size="compact-sm" onClick={onRefund} data-testid="received-refund">
              {t('payments-received.table.refund')}
              <VisuallyHidden> {t('payments-received.table.of_order', { order })}</VisuallyHidden>
            </Button>
          )}
        </Stack>
      </Table.Td>
    </Table.Tr>
  );
}
