// The disputes of the page, newest first. Wider than a phone: it scrolls sideways inside a named region the keyboard
// reaches (TableScroll). The reference opens the dispute.
import { Anchor, Group, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import type { DisputeSummary } from '@portal/contracts';
import { formatMoney } from '@portal/domain';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { TableScroll } from '../../../components/ui/table-scroll';
import { withoutLeadingZeros } from '../../../lib/account-selection';
import { formatDate } from '../../../lib/format-date';
import { reasonLabel } from '../utils/dispute-labels';
import { DisputeStatusBadge, LateBadge } from './dispute-badges';
import classes from './disputes.module.css';

export function DisputesTable({ disputes, manager }: { disputes: DisputeSummary[]; manager: boolean }) {
  const { t, i18n } = useTranslation();
  const caption = t('disputes.table.label');
  return (
    <TableScroll minWidth={manager ? 1100 : 900} label={caption}>
      <Table striped highlightOnHover verticalSpacing="xs" fz="sm" data-testid="disputes-table">
        <VisuallyHidden component="caption">{caption}</VisuallyHidden>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t('disputes.table.reference')}</Table.Th>
            <Table.Th scope="col">{t('disputes.table.invoice')}</Table.Th>
            <Table.Th scope="col">{t('disputes.table.account')}</Table.Th>
            <Table.Th scope="col">{t('disputes.table.reason')}</Table.Th>
            <Table.Th scope="col" className={classes.number}>
              {t('disputes.table.amount')}
            </Table.Th>
            <Table.Th scope="col">{t('disputes.table.status')}</Table.Th>
            <Table.Th scope="col" className={classes.number}>
              {t('disputes.table.age')}
            </Table.Th>
            <Table.Th scope="col">{t('disputes.table.target_date')}</Table.Th>
            {manager && <Table.Th scope="col">{t('disputes.table.assignee')}</Table.Th>}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {disputes.map((dispute) => (
            <Table.Tr key={dispute.id} data-testid="dispute-row" data-reference={dispute.reference}>
              <Table.Td className={classes.nowrap}>
                <Anchor component={Link} to={`/disputes/${dispute.id}`} fz="sm" fw={600}>
                  {dispute.reference}
                </Anchor>
              </Table.Td>
              <Table.Td className={classes.nowrap}>
                {withoutLeadingZeros(dispute.billing_document_number || dispute.document_number_finance)}
              </Table.Td>
              <Table.Td>
                <Stack gap={0}>
                  <Text size="sm">{dispute.payer_name}</Text>
                  <Text size="xs">
                    {withoutLeadingZeros(dispute.payer_data.customer_number)} · {dispute.payer_data.company_code}
                  </Text>
                </Stack>
              </Table.Td>
              <Table.Td>{reasonLabel(t, dispute.reason_code, dispute.reason_description)}</Table.Td>
              <Table.Td className={classes.number}>
                {formatMoney(dispute.amount, dispute.currency_key, i18n.language, {
                  decimals: dispute.currency_decimals,
                })}
              </Table.Td>
              <Table.Td>
                <DisputeStatusBadge status={dispute.status} />
              </Table.Td>
              <Table.Td className={classes.number}>{t('disputes.table.days', { count: dispute.age_days })}</Table.Td>
              <Table.Td>
                <Group gap={6} wrap="nowrap">
                  <span className={classes.nowrap}>{formatDate(dispute.target_date)}</span>
                  {dispute.late && <LateBadge />}
                </Group>
              </Table.Td>
              {manager && <Table.Td>{dispute.assignee?.name ?? t('disputes.table.nobody')}</Table.Td>}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </TableScroll>
  );
}
