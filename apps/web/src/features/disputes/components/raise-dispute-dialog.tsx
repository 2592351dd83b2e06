// The raise dialog (issue 39): why the invoice (or some of its lines) will not be paid. The reason is one of the
// company code's dispute reasons (OTHER last); the amount starts at the open amount and is checked as the server checks
// it; the comment is required; up to five files go up after the dispute exists, one request each. Then the dispute's
// page. An invoice that is already disputed offers its dispute instead of a second one (ADR 0034: one at a time).
import {
  Alert,
  Anchor,
  Button,
  Checkbox,
  Group,
  Loader,
  Modal,
  Select,
  Stack,
  Text,
  TextInput,
  Textarea,
} from '@mantine/core';
import { disputeCommentMaxLength } from '@portal/contracts';
import { currencyDecimals, formatMoney } from '@portal/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { LoadFailed } from '../../../components/ui/load-failed';
import { withoutLeadingZeros } from '../../../lib/account-selection';
import { preventExponentKey, withoutExponent } from '../../../lib/amount-input';
import { ApiError, errorText } from '../../../lib/api-client';
import { log } from '../../../lib/log';
import { notify } from '../../../lib/notify';
import { useDisputeReasons } from '../api/list-dispute-reasons';
import { useInvoiceDisputes } from '../api/list-disputes';
import { raiseDispute } from '../api/raise-dispute';
import { uploadDisputeAttachment } from '../api/upload-dispute-attachment';
import { reasonLabel, isActiveStatus } from '../utils/dispute-labels';
import {
  checkRaise,
  hasRaiseErrors,
  newRaiseDraft,
  toRaiseRequest,
  type DisputableInvoice,
  type RaiseDraft,
  type RaiseErrors,
} from '../utils/raise-form';
import { DisputeFilesField } from './dispute-files-field';
import classes from './disputes.module.css';

export function RaiseDisputeDialog({ invoice, onClose }: { invoice: DisputableInvoice; onClose: () => void }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const existing = useInvoiceDisputes(invoice.billingDocumentNumber);
  const active = existing.data?.disputes.find((dispute) => isActiveStatus(dispute.status));
  const number = withoutLeadingZeros(invoice.billingDocumentNumber);
  return (
    <Modal
      opened
      onClose={() => !busy && onClose()}
      title={t('disputes.raise.title', { number })}
      closeButtonProps={{ 'aria-label': t('common.close') }}
      size="lg"
      data-testid="raise-dispute-dialog"
    >
      {existing.isPending ? (
        <Loader size="sm" role="status" aria-label={t('common.loading')} />
      ) : active ? (
        <Stack gap="md">
          <Alert color="yellow" role="status" data-testid="raise-already-disputed">
            <Text size="sm">{t('disputes.raise.already', { reference: active.reference })}</Text>
            <Anchor component={Link} to={`/disputes/${active.id}`} size="sm" fw={600} onClick={onClose}>
              {t('disputes.view', { reference: active.reference })}
            </Anchor>
          </Alert>
          <Group justify="flex-end">
            <Button onClick={onClose}>{t('common.close')}</Button>
          </Group>
        </Stack>
      ) : (
        <RaiseForm invoice={invoice} busy={busy} setBusy={setBusy} onClose={onClose} />
      )}
    </Modal>
  );
}

function RaiseForm({
  invoice,
  busy,
  setBusy,
  onClose,
}: {
  invoice: DisputableInvoice;
  busy: boolean;
  setBusy: (busy: boolean) => void;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const reasons = useDisputeReasons(invoice.payer.company_code);
  const decimals = currencyDecimals(invoice.currency);
  const money = (amount: string) => formatMoney(amount, invoice.currency, i18n.language, { decimals });
  const [draft, setDraft] = useState<RaiseDraft>(() => newRaiseDraft(invoice));
  const [checked, setChecked] = useState(false);
  const [refusal, setRefusal] = useState<string>();
  const [holderId, setHolderId] = useState<string>();
  // The form's own checks follow every change once Submit was pressed; the files' problem shows at once.
  const errors: RaiseErrors = checkRaise(draft, invoice, decimals);
  const shown = (field: 'reason' | 'amount' | 'comment') =>
    checked && errors[field]
      ? t(errors[field], { amount: money(invoice.openAmount), max: disputeCommentMaxLength })
      : undefined;
  const change = (value: Partial<RaiseDraft>) => {
    setDraft((current) => ({ ...current, ...value }));
    setRefusal(undefined);
  };

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setChecked(true);
    if (hasRaiseErrors(errors)) return;
    setBusy(true);
    setRefusal(undefined);
    let id: string;
    try {
      ({ id } = await raiseDispute(toRaiseRequest(invoice, draft, decimals)));
    } catch (failure) {
      setRefusal(failure instanceof ApiError && failure.body ? errorText(failure.body) : t('errors.codes.INTERNAL'));
      // Raised meanwhile (another tab, a colleague): the server names the dispute that holds the invoice.
      const holder = failure instanceof ApiError ? failure.body?.details?.dispute_id : undefined;
      setHolderId(typeof holder === 'string' ? holder : undefined);
      setBusy(false);
      return;
    }
    // The dispute exists: a file refused now is said, and the reader may add it again on the dispute's page.
    for (const file of draft.files) {
      try {
        await uploadDisputeAttachment(id, file);
      } catch (failure) {
        log.warn('A dispute attachment was refused', failure);
        const reason =
          failure instanceof ApiError && failure.body ? errorText(failure.body) : t('errors.codes.INTERNAL');
        notify.error(reason, { title: t('disputes.files.upload_failed', { name: file.name }), autoClose: 10_000 });
      }
    }
    notify.success(t('disputes.raise.raised'));
    void queryClient.invalidateQueries({ queryKey: ['disputes'] });
    // The invoice list's badge and the detail's notice.
    void queryClient.invalidateQueries({ queryKey: ['invoices'] });
    onClose();
    void navigate(`/disputes/${id}`);
  };

  if (reasons.isError) return <LoadFailed error={reasons.error} />;
  if (!reasons.data) return <Loader size="sm" role="status" aria-label={t('common.loading')} />;

  return (
    <form onSubmit={(event) => void handleSubmit(event)} noValidate data-testid="raise-dispute-form">
      <Stack gap="md">
        {refusal && (
          <Alert color="red" role="alert" data-testid="raise-refusal">
            <Text size="sm">{refusal}</Text>
            {holderId && (
              <Anchor component={Link} to={`/disputes/${holderId}`} size="sm" fw={600} onClick={onClose}>
                {t('disputes.raise.view_existing')}
              </Anchor>
            )}
          </Alert>
        )}
        <Text size="sm">{t('disputes.raise.intro', { amount: money(invoice.openAmount) })}</Text>
        <Select
          label={t('disputes.raise.reason')}
          placeholder={t('common.select_placeholder')}
          data={reasons.data.reasons.map((reason) => ({
            value: reason.reason_code,
            label: reasonLabel(t, reason.reason_code, reason.description),
          }))}
          value={draft.reasonCode || null}
          onChange={(value) => change({ reasonCode: value ?? '' })}
          error={shown('reason')}
          required
          data-autofocus
          data-testid="raise-reason"
        />
        <TextInput
          label={t('disputes.raise.amount', { currency: invoice.currency })}
          description={t('disputes.raise.amount_hint', { amount: money(invoice.openAmount) })}
          inputWrapperOrder={['label', 'input', 'description', 'error']}
          inputMode="decimal"
          autoComplete="off"
          value={draft.amount}
          onKeyDown={preventExponentKey}
          onChange={(event) => change({ amount: withoutExponent(event.currentTarget.value) })}
          error={shown('amount')}
          required
          className={classes.amountField}
          data-testid="raise-amount"
        />
        {/* One line is the whole invoice: nothing to choose. */}
        {invoice.lines.length > 1 && (
          <Checkbox.Group
            label={t('disputes.raise.lines')}
            description={t('disputes.raise.lines_hint')}
            value={draft.lines}
            onChange={(lines) => change({ lines })}
          >
            <Stack gap={6} mt={6} className={classes.lines}>
              {invoice.lines.map((line) => (
                <Checkbox
                  key={line.item_number}
                  value={line.item_number}
                  label={t('disputes.raise.line', {
                    number: withoutLeadingZeros(line.item_number),
                    description: line.description,
                    amount: money(line.amount),
                  })}
                />
              ))}
            </Stack>
          </Checkbox.Group>
        )}
        <Textarea
          label={t('disputes.raise.comment')}
          description={t('disputes.raise.comment_hint', {
            used: draft.comment.length,
            max: disputeCommentMaxLength,
          })}
          inputWrapperOrder={['label', 'input', 'description', 'error']}
          value={draft.comment}
          onChange={(event) => change({ comment: event.currentTarget.value })}
          error={shown('comment')}
          required
          autosize
          minRows={3}
          maxRows={10}
          data-testid="raise-comment"
        />
        <DisputeFilesField
          files={draft.files}
          onChange={(files) => change({ files })}
          problem={errors.files}
          disabled={busy}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={busy}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={busy} data-testid="raise-submit">
            {t('disputes.raise.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
