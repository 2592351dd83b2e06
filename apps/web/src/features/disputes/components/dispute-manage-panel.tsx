// What the AR team does with a dispute (can.manage): give it to someone (or nobody), start the review, and resolve it
// with an outcome (credit issued, with the credit note's number if known; rejected; paid) and a word to the customer.
// Each change is a PATCH; the page shows the dispute as the server answers it. A resolution is final (ADR 0034).
import { Alert, Button, Group, Radio, Select, Stack, TextInput, Textarea, Title } from '@mantine/core';
import { IconCheck, IconEye } from '@tabler/icons-react';
import { disputeCommentMaxLength, type Dispute, type UpdateDisputeRequest } from '@portal/contracts';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, errorText } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import { useDisputeAssignees } from '../api/list-dispute-assignees';
import { updateDispute } from '../api/update-dispute';
import { isActiveStatus, resolveOutcomes, type ResolveOutcome } from '../utils/dispute-labels';
import classes from './disputes.module.css';

const creditNoteMaxLength = 20;

export function DisputeManagePanel({
  dispute,
  onChanged,
}: {
  dispute: Dispute;
  onChanged: (dispute: Dispute) => void;
}) {
  const { t } = useTranslation();
  const headingId = useId();
  const assignees = useDisputeAssignees();
  const [busy, setBusy] = useState<'assignee' | 'review' | 'resolve' | null>(null);
  const [refusal, setRefusal] = useState<string>();
  const active = isActiveStatus(dispute.status);

  const save = async (kind: NonNullable<typeof busy>, change: UpdateDisputeRequest, done: string) => {
    setBusy(kind);
    setRefusal(undefined);
    try {
      const changed = await updateDispute(dispute.id, change);
      notify.success(done);
      onChanged(changed);
      return true;
    } catch (failure) {
      setRefusal(failure instanceof ApiError && failure.body ? errorText(failure.body) : t('errors.codes.INTERNAL'));
      return false;
    } finally {
      setBusy(null);
    }
  };

  const options = [
    { value: '', label: t('disputes.manage.nobody') },
    ...(assignees.data?.assignees ?? []).map((assignee) => ({ value: String(assignee.user_id), label: assignee.name })),
  ];
  // The assignee the dispute has, even when the list does not hold them any longer (no longer an AR team member).
  if (dispute.assignee && !options.some((option) => option.value === String(dispute.assignee!.user_id))) {
    options.push({ value: String(dispute.assignee.user_id), label: dispute.assignee.name });
  }

  return (
    <section aria-labelledby={headingId} data-testid="dispute-manage">
      <Title order={2} size="h4" id={headingId} mb="xs">
        {t('disputes.manage.title')}
      </Title>
      <Stack gap="md">
        {refusal && (
          <Alert color="red" role="alert" data-testid="dispute-manage-refusal">
            {refusal}
          </Alert>
        )}
        <Select
          label={t('disputes.manage.assignee')}
          data={options}
          value={dispute.assignee ? String(dispute.assignee.user_id) : ''}
          onChange={(value) => {
            const assignee = value ? Number(value) : null;
            if (assignee === (dispute.assignee?.user_id ?? null)) return;
            void save(
              'assignee',
              { assignee },
              assignee ? t('disputes.manage.assigned') : t('disputes.manage.unassigned'),
            );
          }}
          allowDeselect={false}
          disabled={busy !== null || !active}
          maw={320}
          data-testid="dispute-assignee"
        />
        {dispute.status === 'open' && (
          <Group>
            <Button
              variant="default"
              leftSection={<IconEye size={16} aria-hidden="true" />}
              loading={busy === 'review'}
              disabled={busy !== null}
              onClick={() => void save('review', { status: 'in_review' }, t('disputes.manage.review_started'))}
              data-testid="dispute-start-review"
            >
              {t('disputes.manage.start_review')}
            </Button>
          </Group>
        )}
        {active && (
          <ResolveForm
            busy={busy === 'resolve'}
            disabled={busy !== null}
            onResolve={(change) => save('resolve', change, t('disputes.manage.resolved'))}
          />
        )}
      </Stack>
    </section>
  );
}

function ResolveForm({
  busy,
  disabled,
  onResolve,
}: {
  busy: boolean;
  disabled: boolean;
  onResolve: (change: UpdateDisputeRequest) => Promise<boolean>;
}) {
  const { t } = useTranslation();
  const [outcome, setOutcome] = useState<ResolveOutcome | ''>('');
  const [creditNote, setCreditNote] = useState('');
  const [comment, setComment] = useState('');
  const [errors, setErrors] = useState<{ outcome?: string; comment?: string }>({});

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (disabled) return;
    const found = {
      ...(outcome ? {} : { outcome: t('disputes.manage.errors.outcome_required') }),
      ...(!comment.trim()
        ? { comment: t('disputes.manage.errors.comment_required') }
        : comment.trim().length > disputeCommentMaxLength
          ? { comment: t('disputes.message.too_long', { max: disputeCommentMaxLength }) }
          : {}),
    };
    setErrors(found);
    if (found.outcome || found.comment || !outcome) return;
    const done = await onResolve({
      status: 'resolved',
      outcome,
      comment: comment.trim(),
      ...(outcome === 'credit_issued' && creditNote.trim() ? { credit_note_number: creditNote.trim() } : {}),
    });
    if (done) {
      setComment('');
      setCreditNote('');
    }
  };

  return (
    <form onSubmit={(event) => void handleSubmit(event)} noValidate data-testid="dispute-resolve-form">
      <fieldset className={classes.fieldset}>
        <legend className={classes.legend}>{t('disputes.manage.resolve_title')}</legend>
        <Stack gap="sm">
          <Radio.Group
            label={t('disputes.manage.outcome')}
            value={outcome}
            onChange={(value) => {
              setOutcome(value as ResolveOutcome);
              setErrors((current) => ({ ...current, outcome: undefined }));
            }}
            error={errors.outcome}
            required
          >
            <Stack gap={6} mt={6}>
              {resolveOutcomes.map((value) => (
                <Radio key={value} value={value} label={t(`disputes.outcomes.${value}`)} />
              ))}
            </Stack>
          </Radio.Group>
          {outcome === 'credit_issued' && (
            <TextInput
              label={t('disputes.manage.credit_note')}
              description={t('disputes.manage.credit_note_hint')}
              inputWrapperOrder={['label', 'input', 'description', 'error']}
              value={creditNote}
              maxLength={creditNoteMaxLength}
              onChange={(event) => setCreditNote(event.currentTarget.value)}
              maw={320}
              data-testid="dispute-credit-note"
            />
          )}
          <Textarea
            label={t('disputes.manage.comment')}
            value={comment}
            onChange={(event) => {
              setComment(event.currentTarget.value);
              setErrors((current) => ({ ...current, comment: undefined }));
            }}
            error={errors.comment}
            required
            autosize
            minRows={2}
            maxRows={8}
            data-testid="dispute-resolve-comment"
          />
          <Group>
            <Button
              type="submit"
              leftSection={<IconCheck size={16} aria-hidden="true" />}
              loading={busy}
              disabled={disabled && !busy}
              data-testid="dispute-resolve"
            >
              {t('disputes.manage.resolve')}
            </Button>
          </Group>
        </Stack>
      </fieldset>
    </form>
  );
}
