// Issue 29, Settings → Payments received → AutoPay enrolments: every customer's enrolment, newest first: who enrolled
// which account, with which saved method, how many days before the due date and up to what amount, and whether it
// still runs (or why it stopped). Wider than a phone: the table scrolls sideways inside a named region.
import { Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import type { AutopayEnrolment } from '@portal/contracts';
import { formatMoney } from '@portal/domain';
import { useTranslation } from 'react-i18next';
import { StatusBadge } from '../../../components/ui/status-badge';
import { TableScroll } from '../../../components/ui/table-scroll';
import { withoutLeadingZeros } from '../../../lib/account-selection';
import { formatDate, formatDateTime } from '../../../lib/format-date';
import { useAutopayEnrolments } from '../api/list-autopay-enrolments';
import classes from './payments-received.module.css';

export function AutopayEnrolments() {
  const { t } = useTranslation();
  const { data } = useAutopayEnrolments();
  const caption = t('payments-received.autopay.table_label');
  return (
    <Stack gap="md">
      <Text>{t('payments-received.autopay.intro')}</Text>
      {data &&
        (data.enrolments.length === 0 ? (
          <Text c="dimmed" data-testid="autopay-enrolments-none">
            {t('payments-received.autopay.none')}
          </Text>
        ) : (
          <TableScroll minWidth={1040} label={caption}>
            <Table striped verticalSpacing="xs" fz="sm" data-testid="autopay-enrolments">
              <VisuallyHidden component="caption">{caption}</VisuallyHidden>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">{t('payments-received.autopay.columns.login')}</Table.Th>
                  <Table.Th scope="col">{t('payments-received.autopay.columns.account')}</Table.Th>
                  <Table.Th scope="col">{t('payments-received.autopay.columns.method')}</Table.Th>
                  <Table.Th scope="col" className={classes.number}>
                    {t('payments-received.autopay.columns.days_before_due')}
                  </Table.Th>
                  <Table.Th scope="col" className={classes.number}>
                    {t('payments-received.autopay.columns.maximum')}
                  </Table.Th>
                  <Table.Th scope="col">{t('payments-received.autopay.columns.status')}</Table.Th>
                  <Table.Th scope="col">{t('payments-received.autopay.columns.enrolled_on')}</Table.Th>
                  <Table.Th scope="col">{t('payments-received.autopay.columns.stopped_at')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.enrolments.map((enrolment) => (
                  <EnrolmentRow key={enrolment.id} enrolment={enrolment} />
                ))}
              </Table.Tbody>
            </Table>
          </TableScroll>
        ))}
    </Stack>
  );
}

function EnrolmentRow({ enrolment }: { enrolment: AutopayEnrolment }) {
  const { t, i18n } = useTranslation();
  const stopped = enrolment.status === 'stopped';
  return (
    <Table.Tr data-testid="autopay-enrolment" data-status={enrolment.status}>
      <Table.Td className={classes.nowrap}>{enrolment.login ?? '—'}</Table.Td>
      <Table.Td className={classes.nowrap}>
        {t('payments-received.autopay.account', {
          number: withoutLeadingZeros(enrolment.payer_data.customer_number),
          company: enrolment.payer_data.company_code,
        })}
      </Table.Td>
      <Table.Td className={classes.nowrap}>{enrolment.payment_method_label}</Table.Td>
      <Table.Td className={classes.number}>{enrolment.days_before_due}</Table.Td>
      <Table.Td className={classes.number}>
        {enrolment.max_amount && enrolment.max_currency_key
          ? formatMoney(enrolment.max_amount, enrolment.max_currency_key, i18n.language)
          : t('payments-received.autopay.no_maximum')}
      </Table.Td>
      <Table.Td>
        <StatusBadge tone={stopped ? 'neutral' : 'good'}>
          {t(`payments-received.autopay.status.${enrolment.status}`)}
        </StatusBadge>
        {stopped && enrolment.stopped_reason && (
          <Text size="sm" mt={4}>
            {t(`payments-received.autopay.stopped_reasons.${enrolment.stopped_reason}`)}
          </Text>
        )}
      </Table.Td>
      <Table.Td className={classes.nowrap}>{formatDate(enrolment.enrolled_on)}</Table.Td>
      <Table.Td className={classes.nowrap}>
        {enrolment.stopped_at ? formatDateTime(enrolment.stopped_at) : '—'}
      </Table.Td>
    </Table.Tr>
  );
}
