// "Scheduled payments" (issue 29): the payments still to come, with Cancel (after a confirm step) while the job has
// not taken them, then the earlier ones: paid (reference and payment document), not paid (why, in the reader's
// language) or cancelled. A table on wide screens, cards on a phone.
import { Button, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { ScheduledPayment } from '@portal/contracts';
import { formatMoney } from '@portal/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadFailed } from '../../../components/ui/load-failed';
import { TableScroll } from '../../../components/ui/table-scroll';
import { MOBILE_BREAKPOINT_PX } from '../../../config/constants';
import { ApiError, errorText } from '../../../lib/api-client';
import { formatDate } from '../../../lib/format-date';
import { log } from '../../../lib/log';
import { notify } from '../../../lib/notify';
import { cancelScheduledPayment } from '../api/cancel-scheduled-payment';
import { useScheduledPayments } from '../api/get-scheduled-payments';
import { documentNumbers, splitScheduledPayments } from '../utils/split-scheduled-payments';
import { ConfirmDialog } from './confirm-dialog';
import { CauseBadge, PaymentStatusBadge } from './payment-badges';

const MOBILE_QUERY = `(max-width: ${MOBILE_BREAKPOINT_PX / 16}em)`;
/** Dates, amounts and card labels read as one token each. */
const noWrap = { whiteSpace: 'nowrap' } as const;

export function ScheduledPaymentsSection() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const result = useScheduledPayments();
  const [cancelling, setCancelling] = useState<ScheduledPayment | null>(null);
  const money = useMoney();
  const { open, history } = splitScheduledPayments(result.data?.scheduled_payments ?? []);

  const handleCancel = async (payment: ScheduledPayment) => {
    try {
      await cancelScheduledPayment(payment.id);
      notify.success(t('scheduled-payments.scheduled.cancelled_toast', { date: formatDate(payment.scheduled_date) }));
    } catch (error) {
      // 409: the job took it meanwhile (or it was paid); the list shows where it stands now.
      if (error instanceof ApiError && error.status === 409) notify.warning(t('scheduled-payments.not_cancellable'));
      else if (error instanceof ApiError && error.body) notify.error(errorText(error.body));
      else {
        log.warn('Cancelling a scheduled payment failed', error);
        notify.error(t('errors.toast.system_error'));
      }
    }
    setCancelling(null);
    await queryClient.invalidateQueries({ queryKey: ['scheduled-payments'] });
  };

  return (
    <Stack component="section" gap="sm" aria-labelledby="scheduled-payments-title">
      <Title order={2} size="h3" id="scheduled-payments-title">
        {t('scheduled-payments.scheduled.title')}
      </Title>
      {result.isError && !result.data ? (
        <LoadFailed error={result.error} />
      ) : !result.data ? null : open.length === 0 ? (
        <Text data-testid="scheduled-none">{t('scheduled-payments.scheduled.none')}</Text>
      ) : (
        <PaymentList
          payments={open}
          caption={t('scheduled-payments.scheduled.open_caption')}
          money={money}
          testId="scheduled-payment"
          last={(payment) =>
            payment.status === 'scheduled' ? (
              <Button
                size="xs"
                variant="default"
                onClick={() => setCancelling(payment)}
                aria-label={t('scheduled-payments.scheduled.cancel_label', {
                  date: formatDate(payment.scheduled_date),
                  amount: money(payment, payment.total_amount),
                })}
              >
                {t('scheduled-payments.scheduled.cancel')}
              </Button>
            ) : (
              <PaymentStatusBadge status={payment.status} />
            )
          }
          lastHeader={t('scheduled-payments.columns.action')}
        />
      )}
      {history.length > 0 && (
        <>
          <Title order={3} size="h4" mt="sm">
            {t('scheduled-payments.scheduled.history_title')}
          </Title>
          <PaymentList
            payments={history}
            caption={t('scheduled-payments.scheduled.history_title')}
            money={money}
            testId="scheduled-history"
            last={(payment) => <Outcome payment={payment} />}
            lastHeader={t('scheduled-payments.columns.outcome')}
          />
        </>
      )}
      {cancelling && (
        <ConfirmDialog
          title={t('scheduled-payments.scheduled.cancel_title')}
          message={t('scheduled-payments.scheduled.cancel_text', {
            date: formatDate(cancelling.scheduled_date),
            amount: money(cancelling, cancelling.total_amount),
          })}
          confirmLabel={t('scheduled-payments.scheduled.cancel_confirm')}
          keepLabel={t('scheduled-payments.scheduled.keep')}
          onConfirm={() => handleCancel(cancelling)}
          onClose={() => setCancelling(null)}
        />
      )}
    </Stack>
  );
}

type Money = (payment: Pick<ScheduledPayment, 'currency_key' | 'currency_decimals'>, amount: string) => string;

function useMoney(): Money {
  const { i18n } = useTranslation();
  return (payment, amount) =>
    formatMoney(amount, payment.currency_key, i18n.language, { decimals: payment.currency_decimals });
}

/** Where an earlier payment ended: paid with its numbers, not paid and why, or cancelled. */
function Outcome({ payment }: { payment: ScheduledPayment }) {
  const { t } = useTranslation();
  return (
    <Stack gap={2} align="flex-start">
      <PaymentStatusBadge status={payment.status} />
      {payment.status === 'paid' && (
        <Text size="xs">
          {[
            payment.reference_code &&
              t('scheduled-payments.scheduled.paid_reference', { reference: payment.reference_code }),
            payment.payment_document_number &&
              t('scheduled-payments.scheduled.paid_document', { document: payment.payment_document_number }),
          ]
            .filter(Boolean)
            .join(' · ')}
        </Text>
      )}
      {payment.status === 'not_paid' && payment.reason && (
        <Text size="xs" data-testid="not-paid-reason">
          {t('scheduled-payments.scheduled.not_paid_because', {
            reason: t(`scheduled-payments.reasons.${payment.reason}`),
          })}
          {payment.reason_detail &&
            ` ${t('scheduled-payments.scheduled.reason_detail', { detail: payment.reason_detail })}`}
        </Text>
      )}
    </Stack>
  );
}

function PaymentList(props: {
  payments: ScheduledPayment[];
  caption: string;
  money: Money;
  testId: string;
  last: (payment: ScheduledPayment) => ReactNode;
  lastHeader: string;
}) {
  const { t } = useTranslation();
  const mobile = useMediaQuery(MOBILE_QUERY, window.matchMedia(MOBILE_QUERY).matches, {
    getInitialValueInEffect: false,
  });
  const { payments, money } = props;
  const documents = (payment: ScheduledPayment) => documentNumbers(payment).join(', ');

  if (mobile) {
    return (
      <Stack gap="sm" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }} aria-label={props.caption}>
        {payments.map((payment) => (
          <Paper component="li" key={payment.id} withBorder p="sm" data-testid={props.testId}>
            <Group justify="space-between" wrap="nowrap" align="flex-start">
              <Stack gap={2}>
                <Text fw={700}>
                  {formatDate(payment.scheduled_date)} · {money(payment, payment.total_amount)}
                </Text>
                <Text size="sm">{payment.payment_method_label}</Text>
              </Stack>
              <CauseBadge cause={payment.cause} />
            </Group>
            <Text size="sm" mt={4}>
              {t('scheduled-payments.columns.documents')}: {documents(payment)}
            </Text>
            <Group mt="xs">{props.last(payment)}</Group>
          </Paper>
        ))}
      </Stack>
    );
  }
  return (
    <TableScroll minWidth={720} label={props.caption}>
      {/* Named by the section's heading above it: a caption would repeat it. */}
      <Table striped withTableBorder aria-label={props.caption}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('scheduled-payments.columns.date')}</Table.Th>
            <Table.Th>{t('scheduled-payments.columns.amount')}</Table.Th>
            <Table.Th>{t('scheduled-payments.columns.method')}</Table.Th>
            <Table.Th>{t('scheduled-payments.columns.documents')}</Table.Th>
            <Table.Th>{t('scheduled-payments.columns.cause')}</Table.Th>
            <Table.Th>{props.lastHeader}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {payments.map((payment) => (
            <Table.Tr key={payment.id} data-testid={props.testId}>
              <Table.Td style={noWrap}>{formatDate(payment.scheduled_date)}</Table.Td>
              <Table.Td style={noWrap}>{money(payment, payment.total_amount)}</Table.Td>
              <Table.Td style={noWrap}>{payment.payment_method_label}</Table.Td>
              <Table.Td>{documents(payment)}</Table.Td>
              <Table.Td>
                <CauseBadge cause={payment.cause} />
              </Table.Td>
              <Table.Td>{props.last(payment)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </TableScroll>
  );
}
