// Issue 37: one payment in a drawer beside the list (as the webhooks' delivery log): what it was, what came back of it
// and what is left to refund, each refund, returned debit, chargeback and dispute won, and each dispute with what the
// provider needs and by when. Evidence is submitted at the provider: the portal only links to its page.
import { Anchor, Drawer, Group, Loader, Paper, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { IconExternalLink } from '@tabler/icons-react';
import type { DisputeStatus, PaymentDispute, PaymentReversal, ReversalState } from '@portal/contracts';
import { formatMoney, parseMinorUnits } from '@portal/domain';
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadFailed } from '../../../components/ui/load-failed';
import { StatusBadge, type StatusTone } from '../../../components/ui/status-badge';
import { withoutLeadingZeros } from '../../../lib/account-selection';
import { usePaymentReceived } from '../api/get-payment-received';
import { utcDateTime } from '../utils/utc-date-time';
import { MoneyBackBadge } from './money-back-badge';
import { ReturnCodeText } from './return-code-text';
import classes from './payments-received.module.css';

export const reversalStateTones: Record<ReversalState, StatusTone> = {
  posted: 'good',
  pending: 'warning',
  refused: 'bad',
};

const disputeTones: Record<DisputeStatus, StatusTone> = {
  needs_response: 'warning',
  under_review: 'warning',
  won: 'good',
  lost: 'bad',
};

export function PaymentDetailDrawer({
  paymentId,
  decimals,
  onClose,
}: {
  paymentId: string;
  decimals: number;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const detail = usePaymentReceived(paymentId);
  return (
    <Drawer
      opened
      onClose={onClose}
      position="right"
      size="lg"
      title={t('payments-received.detail.title')}
      closeButtonProps={{ 'aria-label': t('common.close') }}
      data-testid="payment-detail"
    >
      {detail.isPending ? (
        <Loader size="sm" role="status" aria-label={t('common.loading')} />
      ) : detail.isError ? (
        <LoadFailed error={detail.error} />
      ) : (
        <DetailBody detail={detail.data} decimals={decimals} />
      )}
    </Drawer>
  );
}

function DetailBody({
  detail,
  decimals,
}: {
  detail: NonNullable<ReturnType<typeof usePaymentReceived>['data']>;
  decimals: number;
}) {
  const { t, i18n } = useTranslation();
  const { payment, money_back: back } = detail;
  const money = (amount: string) => formatMoney(amount, payment.currency, i18n.language, { decimals });
  const some = (amount: string) => (parseMinorUnits(amount, decimals) ?? 0n) !== 0n;
  const reversalsId = useId();
  const disputesId = useId();
  return (
    <Stack gap="lg">
      <Facts
        rows={[
          [t('payments-received.detail.posted_at'), utcDateTime(payment.posted_at)],
          [t('payments-received.detail.kind'), t(`payments-received.kinds.${payment.kind}`)],
          [t('payments-received.detail.payer'), withoutLeadingZeros(payment.payer_number)],
          [t('payments-received.detail.order_number'), payment.order_number || '—'],
          [
            t('payments-received.detail.method'),
            t(`payments-received.methods.${payment.method}`, { defaultValue: payment.method }),
          ],
          [
            t('payments-received.detail.amount'),
            <Group gap={6} key="amount">
              <span>{money(payment.amount)}</span>
              <MoneyBackBadge status={back.status} />
            </Group>,
          ],
          [t('payments-received.detail.payer_email'), detail.payer_email || t('payments-received.detail.no_email')],
          ...(some(back.refunded_amount)
            ? [[t('payments-received.detail.refunded'), money(back.refunded_amount)] as const]
            : []),
          ...(some(back.returned_amount)
            ? [[t('payments-received.detail.returned'), money(back.returned_amount)] as const]
            : []),
          ...(some(back.charged_back_amount)
            ? [[t('payments-received.detail.charged_back'), money(back.charged_back_amount)] as const]
            : []),
          [t('payments-received.detail.refundable'), money(back.refundable_amount)],
        ]}
      />

      <section aria-labelledby={reversalsId}>
        <Title order={3} size="h5" id={reversalsId} mb="xs">
          {t('payments-received.detail.reversals_title')}
        </Title>
        {detail.reversals.length === 0 ? (
          <Text size="sm">{t('payments-received.detail.no_reversals')}</Text>
        ) : (
          <Stack gap="xs" component="ul" className={classes.plainList}>
            {detail.reversals.map((reversal) => (
              <li key={reversal.id}>
                <ReversalCard reversal={reversal} />
              </li>
            ))}
          </Stack>
        )}
      </section>

      <section aria-labelledby={disputesId}>
        <Title order={3} size="h5" id={disputesId} mb="xs">
          {t('payments-received.detail.disputes_title')}
        </Title>
        {detail.disputes.length === 0 ? (
          <Text size="sm">{t('payments-received.detail.no_disputes')}</Text>
        ) : (
          <Stack gap="xs" component="ul" className={classes.plainList}>
            {detail.disputes.map((dispute) => (
              <li key={dispute.id}>
                <DisputeCard dispute={dispute} />
              </li>
            ))}
          </Stack>
        )}
      </section>
    </Stack>
  );
}

/** Label and value pairs as a description list. */
function Facts({ rows }: { rows: readonly (readonly [string, ReactNode])[] }) {
  return (
    <dl className={classes.facts}>
      {rows.map(([label, value]) => (
        <div key={label} className={classes.fact}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function ReversalCard({ reversal }: { reversal: PaymentReversal }) {
  const { t, i18n } = useTranslation();
  const money = (amount: string) =>
    formatMoney(amount, reversal.currency_key, i18n.language, { decimals: reversal.currency_decimals });
  // A refund, a return and a chargeback took money back; a dispute won brought it in again.
  const signed = reversal.kind === 'chargeback_reversal' ? reversal.amount : `-${reversal.amount}`;
  const why =
    reversal.kind === 'refund'
      ? t(`payments-received.reasons.${reversal.reason}`, { defaultValue: reversal.reason })
      : reversal.kind === 'return' && reversal.return_code
        ? null
        : reversal.reason &&
          t(`payments-received.dispute_reasons.${reversal.reason}`, { defaultValue: reversal.reason });
  return (
    <Paper withBorder p="sm" data-testid="payment-reversal" data-kind={reversal.kind} data-state={reversal.state}>
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Group gap="xs" wrap="wrap">
          <Text fw={600} size="sm">
            {t(`payments-received.kinds.${reversal.kind}`)}
          </Text>
          <StatusBadge tone={reversalStateTones[reversal.state]} tt="none">
            {t(`payments-received.reversal_states.${reversal.state}`)}
          </StatusBadge>
        </Group>
        <Text fw={600} size="sm" className={classes.nowrap}>
          {money(signed)}
        </Text>
      </Group>
      <Text size="sm">{utcDateTime(reversal.posted_at ?? reversal.created_at)}</Text>
      {reversal.return_code && (
        <Text size="sm">
          <ReturnCodeText code={reversal.return_code} />
        </Text>
      )}
      {why && <Text size="sm">{t('payments-received.detail.reason', { reason: why })}</Text>}
      {reversal.comment && <Text size="sm">“{reversal.comment}”</Text>}
      {/* Who refunded; a return or a chargeback is the provider's (its login is a placeholder, not a person). */}
      {reversal.kind === 'refund' && reversal.login && (
        <Text size="sm">{t('payments-received.detail.by', { login: reversal.login })}</Text>
      )}
      {reversal.documents.length > 0 && (
        <Text size="sm">
          {t('payments-received.detail.reopened', {
            documents: reversal.documents
              .map(
                (document) =>
                  `${withoutLeadingZeros(document.billing_document_number || document.document_number_finance)} ${money(document.amount)}`,
              )
              .join(', '),
          })}
        </Text>
      )}
      {reversal.reversal_document_number && (
        <Text size="sm">
          {t('payments-received.detail.reversal_document', { number: reversal.reversal_document_number })}
        </Text>
      )}
    </Paper>
  );
}

function DisputeCard({ dispute }: { dispute: PaymentDispute }) {
  const { t, i18n } = useTranslation();
  const open = dispute.status === 'needs_response' || dispute.status === 'under_review';
  return (
    <Paper withBorder p="sm" data-testid="payment-dispute" data-status={dispute.status}>
      <Group justify="space-between" gap="xs" wrap="wrap">
        <StatusBadge tone={disputeTones[dispute.status]} tt="none">
          {t(`payments-received.dispute_statuses.${dispute.status}`)}
        </StatusBadge>
        <Text fw={600} size="sm" className={classes.nowrap}>
          {formatMoney(dispute.amount, dispute.currency_key, i18n.language, { decimals: dispute.currency_decimals })}
        </Text>
      </Group>
      <Text size="sm">
        {t('payments-received.detail.reason', {
          reason: t(`payments-received.dispute_reasons.${dispute.reason}`, { defaultValue: dispute.reason }),
        })}
      </Text>
      <Text size="sm">{t('payments-received.detail.opened_at', { date: utcDateTime(dispute.opened_at) })}</Text>
      {dispute.evidence_due_by && (
        <Text size="sm" fw={600}>
          {t('payments-received.detail.evidence_due_by', { date: utcDateTime(dispute.evidence_due_by) })}
        </Text>
      )}
      <Text size="sm">
        {t(dispute.funds_withdrawn ? 'payments-received.detail.withdrawn' : 'payments-received.detail.not_withdrawn')}
      </Text>
      {dispute.closed_at && (
        <Text size="sm">{t('payments-received.detail.closed_at', { date: utcDateTime(dispute.closed_at) })}</Text>
      )}
      {open && dispute.evidence_url && (
        <Anchor
          href={dispute.evidence_url}
          target="_blank"
          rel="noopener noreferrer"
          size="sm"
          data-testid="dispute-evidence-link"
        >
          {t('payments-received.detail.submit_evidence')}
          <IconExternalLink size={14} aria-hidden="true" className={classes.linkIcon} />
          <VisuallyHidden> {t('payments-received.detail.new_tab')}</VisuallyHidden>
        </Anchor>
      )}
    </Paper>
  );
}
