// /disputes/:id (issue 39): the dispute's facts, its thread with the message box, its files, and what the reader may do
// now (the server's `can`): write, attach, withdraw (the customer) or assign, review and resolve (the AR team). A
// dispute the reader may not see answers 404 like one that does not exist: the page says "not found" either way.
import { Alert, Anchor, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import type { Dispute, DisputeAttachment } from '@portal/contracts';
import { formatMoney } from '@portal/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { LoadFailed } from '../../../components/ui/load-failed';
import { PageTitle } from '../../../components/ui/page-title';
import { withoutLeadingZeros } from '../../../lib/account-selection';
import { ApiError, errorText, isErpUnavailable } from '../../../lib/api-client';
import { formatDate, formatDateTime } from '../../../lib/format-date';
import { log } from '../../../lib/log';
import { hasPermission, useSession } from '../../../lib/session';
import { downloadDisputeAttachment } from '../api/download-dispute-attachment';
import { disputeKey, useDispute } from '../api/get-dispute';
import { disputesKey } from '../api/list-disputes';
import { reasonLabel } from '../utils/dispute-labels';
import { Fact } from '../../../components/ui/fact';
import { DisputeAttachments } from './dispute-attachments';
import { DisputeStatusBadge, LateBadge, OutcomeText } from './dispute-badges';
import { DisputeManagePanel } from './dispute-manage-panel';
import { DisputeMessageForm } from './dispute-message-form';
import { DisputeThread } from './dispute-thread';
import classes from './disputes.module.css';
import { WithdrawDispute } from './withdraw-dispute';

export function DisputeDetailPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const dispute = useDispute(id);

  if (dispute.data) return <DisputeView dispute={dispute.data} />;
  return (
    <Stack gap="lg" align="flex-start">
      <PageTitle>{t('disputes.detail.title_unknown')}</PageTitle>
      {dispute.isPending ? (
        <Loader size="sm" role="status" aria-label={t('common.loading')} />
      ) : dispute.error instanceof ApiError && (dispute.error.status === 404 || dispute.error.status === 400) ? (
        // 400: an address whose id is no dispute id at all; the same "not found" as another customer's dispute.
        <Alert color="gray" role="status" data-testid="dispute-not-found">
          {t('disputes.detail.not_found')}
        </Alert>
      ) : isErpUnavailable(dispute.error) ? (
        <LoadFailed error={dispute.error} />
      ) : (
        <Alert color="red" role="alert">
          {dispute.error instanceof ApiError && dispute.error.body
            ? errorText(dispute.error.body)
            : t('errors.toast.system_error')}
        </Alert>
      )}
      <BackLink />
    </Stack>
  );
}

function BackLink() {
  const { t } = useTranslation();
  return (
    <Anchor component={Link} to="/disputes" size="sm">
      <Group gap={4} component="span" wrap="nowrap">
        <IconArrowLeft size={16} aria-hidden="true" />
        {t('disputes.detail.back')}
      </Group>
    </Anchor>
  );
}

function DisputeView({ dispute }: { dispute: Dispute }) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const { profile } = useSession();
  const threadId = useId();
  const factsId = useId();
  const manager = hasPermission(profile, 'CanManageDisputes');
  const money = (amount: string) =>
    formatMoney(amount, dispute.currency_key, i18n.language, { decimals: dispute.currency_decimals });
  const invoiceNumber = withoutLeadingZeros(dispute.billing_document_number || dispute.document_number_finance);

  const refresh = async () => {
    await queryClient.invalidateQueries({ queryKey: disputeKey(dispute.id) });
    void queryClient.invalidateQueries({ queryKey: disputesKey });
  };
  const handleChanged = (changed: Dispute) => {
    queryClient.setQueryData(disputeKey(dispute.id), changed);
    void queryClient.invalidateQueries({ queryKey: disputesKey });
    // The invoice's badge and notice follow the dispute's status.
    void queryClient.invalidateQueries({ queryKey: ['invoices'] });
  };
  const handleDownload = (attachment: DisputeAttachment) => {
    // The client has shown the toast of a failure.
    void downloadDisputeAttachment(dispute.id, attachment).catch((error: unknown) =>
      log.warn('Attachment download failed', error),
    );
  };

  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <BackLink />
        <PageTitle>{t('disputes.detail.title', { reference: dispute.reference })}</PageTitle>
        <Group gap="xs">
          <DisputeStatusBadge status={dispute.status} />
          {dispute.late && <LateBadge />}
        </Group>
      </Stack>
      {/* Wide: the conversation beside the facts and the tools. A phone: the facts, the conversation, then the tools. */}
      <div className={classes.layout}>
        <Paper withBorder p="md" component="section" aria-labelledby={factsId} className={classes.factsArea}>
          <Title order={2} size="h4" id={factsId} mb="xs">
            {t('disputes.detail.facts')}
          </Title>
          <dl className={classes.facts} data-testid="dispute-facts">
            <Fact label={t('disputes.detail.invoice')}>
              {manager || !dispute.billing_document_number ? (
                invoiceNumber
              ) : (
                <Anchor component={Link} to={`/invoices/detail/${dispute.billing_document_number}`} fz="sm">
                  {t('disputes.detail.invoice_link', { number: invoiceNumber })}
                </Anchor>
              )}
            </Fact>
            <Fact label={t('disputes.detail.account')}>
              {dispute.payer_name} ({withoutLeadingZeros(dispute.payer_data.customer_number)} ·{' '}
              {dispute.payer_data.company_code})
              {dispute.soldto_number &&
                dispute.soldto_number !== dispute.payer_data.customer_number &&
                ` · ${t('disputes.detail.sold_to', { number: withoutLeadingZeros(dispute.soldto_number) })}`}
            </Fact>
            <Fact label={t('disputes.detail.reason')}>
              {reasonLabel(t, dispute.reason_code, dispute.reason_description)}
            </Fact>
            <Fact label={t('disputes.detail.amount')}>
              {money(dispute.amount)}{' '}
              <Text span size="xs">
                {t('disputes.detail.of_open', { amount: money(dispute.open_amount) })}
              </Text>
            </Fact>
            {dispute.lines.length > 0 && (
              <Fact label={t('disputes.detail.lines')}>
                <ul className={classes.plainList}>
                  {dispute.lines.map((line) => (
                    <li key={line.item_number}>
                      {t('disputes.raise.line', {
                        number: withoutLeadingZeros(line.item_number),
                        description: line.description,
                        amount: money(line.amount),
                      })}
                    </li>
                  ))}
                </ul>
              </Fact>
            )}
            <Fact label={t('disputes.detail.status')}>{t(`disputes.statuses.${dispute.status}`)}</Fact>
            <Fact label={t('disputes.detail.outcome')}>
              <OutcomeText outcome={dispute.outcome} />
              {dispute.credit_note &&
                ` · ${t(
                  dispute.credit_note.found ? 'disputes.detail.credit_note_found' : 'disputes.detail.credit_note',
                  { number: withoutLeadingZeros(dispute.credit_note.number) },
                )}`}
            </Fact>
            <Fact label={t('disputes.detail.raised')}>
              {t('disputes.detail.raised_by', {
                name: dispute.raised_by,
                date: formatDateTime(dispute.created_at),
              })}
              {dispute.source === 'payment' && ` · ${t('disputes.detail.from_payment')}`}
            </Fact>
            <Fact label={t('disputes.detail.target_date')}>
              {formatDate(dispute.target_date)}
              {dispute.late && ` · ${t('disputes.late')}`}
            </Fact>
            <Fact label={t('disputes.detail.assignee')}>{dispute.assignee?.name ?? t('disputes.detail.nobody')}</Fact>
            {manager && (
              <Fact label={t('disputes.detail.erp_status')}>
                <span data-testid="dispute-erp-status">{t(`disputes.erp_statuses.${dispute.erp_status}`)}</span>
              </Fact>
            )}
          </dl>
        </Paper>
        <div className={classes.threadArea}>
          <section aria-labelledby={threadId}>
            <Title order={2} size="h4" id={threadId} mb="xs">
              {t('disputes.thread.title')}
            </Title>
            <Stack gap="md">
              <DisputeThread thread={dispute.thread} attachments={dispute.attachments} onDownload={handleDownload} />
              {dispute.can.message ? (
                <DisputeMessageForm disputeId={dispute.id} onSent={refresh} />
              ) : (
                <Text size="sm" data-testid="dispute-closed">
                  {t('disputes.thread.closed')}
                </Text>
              )}
            </Stack>
          </section>
        </div>
        <Stack gap="lg" className={classes.sideArea}>
          {(dispute.can.withdraw || dispute.can.manage) && (
            <Paper withBorder p="md">
              {dispute.can.manage ? (
                <DisputeManagePanel dispute={dispute} onChanged={handleChanged} />
              ) : (
                <Stack gap="xs" align="flex-start">
                  <Text size="sm">{t('disputes.withdraw.hint')}</Text>
                  <WithdrawDispute dispute={dispute} onChanged={handleChanged} />
                </Stack>
              )}
            </Paper>
          )}
          <Paper withBorder p="md">
            <DisputeAttachments
              disputeId={dispute.id}
              attachments={dispute.attachments}
              canAttach={dispute.can.attach}
              onDownload={handleDownload}
              onUploaded={refresh}
            />
          </Paper>
        </Stack>
      </div>
    </Stack>
  );
}
