// Issue 37: refund a payment received, in full or in part (per invoice for an invoice payment), in three steps: the
// form (who paid, what was paid, what is left to refund, how much, why), a confirmation that names the amount and the
// payer, and the outcome (posted, on its way, or refused by the provider). The form checks what the server checks
// (utils/refund-form.ts); a refusal of the server comes back to the form in the reader's language. One submission is
// one Idempotency-Key: asking again after an unknown outcome sends the same one, so a refund is never made twice.
import {
  Alert,
  Button,
  Checkbox,
  Fieldset,
  Group,
  Loader,
  Modal,
  Radio,
  Select,
  Stack,
  Text,
  TextInput,
  Textarea,
} from '@mantine/core';
import {
  refundCommentMaxLength,
  refundReasons,
  type PaymentReceived,
  type PaymentReceivedDetail,
  type PaymentReversal,
  type RefundPaymentRequest,
} from '@portal/contracts';
import { formatMoney, parseMinorUnits } from '@portal/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadFailed } from '../../../components/ui/load-failed';
import { withoutLeadingZeros } from '../../../lib/account-selection';
import { errorText } from '../../../lib/api-client';
import { preventExponentKey, withoutExponent } from '../../../lib/amount-input';
import { createKeyedSubmissions } from '../../../lib/submission-keys';
import { paymentReceivedQuery, usePaymentReceived } from '../api/get-payment-received';
import { refundPayment } from '../api/refund-payment';
import {
  checkRefund,
  emptyRefundDraft,
  offersPerDocument,
  refundableDocuments,
  refundFingerprint,
  type RefundDraft,
  type RefundErrors,
} from '../utils/refund-form';
import { refundFailureOf } from '../utils/refund-outcome';
import { utcDateTime } from '../utils/utc-date-time';
import { Fact } from '../../../components/ui/fact';
import classes from './payments-received.module.css';

type Step =
  | { kind: 'form'; refusal?: string }
  | { kind: 'confirm'; request: RefundPaymentRequest; amount: string; unknown?: 'unknown' | 'in_flight' }
  | { kind: 'result'; reversal: PaymentReversal };

export function RefundDialog({ payment, onClose }: { payment: PaymentReceived; onClose: () => void }) {
  const { t } = useTranslation();
  const detail = usePaymentReceived(payment.id);
  const queryClient = useQueryClient();
  const [keys] = useState(() => createKeyedSubmissions(refundFingerprint));
  const [draft, setDraft] = useState<RefundDraft>(emptyRefundDraft);
  const [errors, setErrors] = useState<RefundErrors>({});
  const [step, setStep] = useState<Step>({ kind: 'form' });
  const [busy, setBusy] = useState(false);
  // A second click that lands before React re-renders the disabled button must not send a second request.
  const inFlight = useRef(false);
  const decimals = payment.currency_decimals;

  const handleContinue = (data: PaymentReceivedDetail) => {
    const check = checkRefund(draft, data, decimals);
    if (!check.ok) {
      setErrors(check.errors);
      return;
    }
    setErrors({});
    setStep({ kind: 'confirm', request: check.request, amount: check.amount });
  };

  const handleConfirm = async (confirm: Extract<Step, { kind: 'confirm' }>) => {
    if (inFlight.current) return;
    inFlight.current = true;
    setBusy(true);
    try {
      const submission = { paymentId: payment.id, request: confirm.request };
      const reversal = await refundPayment(payment.id, confirm.request, keys.keyFor(submission));
      keys.spend();
      setStep({ kind: 'result', reversal });
      void queryClient.invalidateQueries({ queryKey: ['payments-received'] });
    } catch (error) {
      const failure = refundFailureOf(error);
      // What is left to refund may have changed (another refund, a dispute): the form shows it afresh.
      void queryClient.invalidateQueries({ queryKey: paymentReceivedQuery(payment.id).queryKey });
      if (failure.kind === 'refused') {
        keys.spend();
        setStep({ kind: 'form', refusal: errorText(failure.body) });
      } else {
        setStep({ ...confirm, unknown: failure.inFlight ? 'in_flight' : 'unknown' });
      }
    } finally {
      inFlight.current = false;
      setBusy(false);
    }
  };

  return (
    <Modal
      opened
      onClose={() => !busy && onClose()}
      closeOnClickOutside={step.kind === 'form'}
      closeOnEscape={!busy}
      size="lg"
      title={t('payments-received.refund.title')}
      closeButtonProps={{ 'aria-label': t('common.close') }}
      data-testid="refund-dialog"
    >
      {detail.isPending ? (
        <Loader size="sm" role="status" aria-label={t('common.loading')} />
      ) : detail.isError ? (
        <LoadFailed error={detail.error} />
      ) : step.kind === 'form' ? (
        <RefundForm
          detail={detail.data}
          payment={payment}
          draft={draft}
          errors={errors}
          refusal={step.refusal}
          onChange={(value) => {
            setDraft((current) => ({ ...current, ...value }));
            setErrors({});
          }}
          onContinue={() => handleContinue(detail.data)}
          onCancel={onClose}
        />
      ) : step.kind === 'confirm' ? (
        <RefundConfirm
          step={step}
          detail={detail.data}
          payment={payment}
          busy={busy}
          onConfirm={() => void handleConfirm(step)}
          onBack={() => setStep({ kind: 'form' })}
        />
      ) : (
        <RefundResult reversal={step.reversal} payment={payment} email={detail.data.payer_email} onClose={onClose} />
      )}
    </Modal>
  );
}

function useMoney(payment: PaymentReceived) {
  const { i18n } = useTranslation();
  return {
    money: (amount: string) =>
      formatMoney(amount, payment.currency_key, i18n.language, { decimals: payment.currency_decimals }),
    // "USD 25.00" where the confirmation names the amount: a $ alone could be several currencies.
    coded: (amount: string) =>
      formatMoney(amount, payment.currency_key, i18n.language, {
        decimals: payment.currency_decimals,
        display: 'code',
      }),
  };
}

function RefundForm({
  detail,
  payment,
  draft,
  errors,
  refusal,
  onChange,
  onContinue,
  onCancel,
}: {
  detail: PaymentReceivedDetail;
  payment: PaymentReceived;
  draft: RefundDraft;
  errors: RefundErrors;
  refusal?: string;
  onChange: (value: Partial<RefundDraft>) => void;
  onContinue: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const { money } = useMoney(payment);
  const decimals = payment.currency_decimals;
  const back = detail.money_back;
  const rest = parseMinorUnits(back.refundable_amount, decimals) ?? 0n;
  const perDocument = offersPerDocument(detail, decimals);
  const some = (amount: string) => (parseMinorUnits(amount, decimals) ?? 0n) !== 0n;
  const message = (key: string | undefined) => (key ? t(key) : undefined);

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    onContinue();
  };

  return (
    <form onSubmit={handleSubmit} noValidate data-testid="refund-form">
      <Stack gap="md">
        {refusal && (
          <Alert color="red" role="alert" data-testid="refund-refusal">
            {refusal}
          </Alert>
        )}
        <dl className={classes.facts} data-testid="refund-summary">
          <Fact label={t('payments-received.refund.payer')}>
            {t('payments-received.refund.payer_value', {
              number: withoutLeadingZeros(payment.payer_number),
              company: payment.company_code,
            })}
          </Fact>
          <Fact label={t('payments-received.refund.notice_to')}>
            {detail.payer_email || t('payments-received.refund.no_email')}
          </Fact>
          <Fact label={t('payments-received.refund.paid')}>
            {t('payments-received.refund.paid_value', {
              amount: money(detail.payment.amount),
              date: utcDateTime(detail.payment.posted_at),
            })}
          </Fact>
          {some(back.refunded_amount) && (
            <Fact label={t('payments-received.refund.refunded')}>{money(back.refunded_amount)}</Fact>
          )}
          {some(back.returned_amount) && (
            <Fact label={t('payments-received.refund.returned')}>{money(back.returned_amount)}</Fact>
          )}
          {some(back.charged_back_amount) && (
            <Fact label={t('payments-received.refund.charged_back')}>{money(back.charged_back_amount)}</Fact>
          )}
          <Fact label={t('payments-received.refund.left')}>
            <strong data-testid="refund-left">{money(back.refundable_amount)}</strong>
          </Fact>
        </dl>

        {rest <= 0n ? (
          <Alert color="yellow" role="status">
            {t(
              back.status === 'disputed'
                ? 'money-back.errors.refund_disputed'
                : 'payments-received.refund.nothing_left',
            )}
          </Alert>
        ) : (
          <>
            <Radio.Group
              label={t('payments-received.refund.how_much')}
              value={draft.mode}
              onChange={(value) => onChange({ mode: value as RefundDraft['mode'] })}
            >
              <Stack gap="xs" mt="xs">
                <Radio
                  value="full"
                  label={t('payments-received.refund.full', { amount: money(back.refundable_amount) })}
                />
                <Radio value="partial" label={t('payments-received.refund.partial')} />
              </Stack>
            </Radio.Group>
            {draft.mode === 'partial' && (
              <TextInput
                label={t('payments-received.refund.amount', { currency: payment.currency_key })}
                description={t('payments-received.refund.amount_hint', { amount: money(back.refundable_amount) })}
                inputMode="decimal"
                autoComplete="off"
                value={draft.amount}
                onKeyDown={preventExponentKey}
                onChange={(event) => onChange({ amount: withoutExponent(event.currentTarget.value) })}
                error={message(errors.amount)}
                required
                data-autofocus
                className={classes.amountField}
              />
            )}
            {draft.mode === 'full' && errors.amount && (
              <Text size="xs" c="var(--mantine-color-error)" role="alert">
                {t(errors.amount)}
              </Text>
            )}
            {perDocument && (
              <Checkbox
                label={t('payments-received.refund.per_document')}
                checked={draft.perDocument}
                onChange={(event) => onChange({ perDocument: event.currentTarget.checked })}
              />
            )}
            {perDocument && draft.perDocument && (
              <Fieldset
                legend={t('payments-received.refund.per_document_legend')}
                variant="unstyled"
                classNames={{ root: classes.plainFieldset, legend: classes.legend }}
              >
                <Stack gap="xs">
                  {refundableDocuments(detail, decimals).map((document) => {
                    const number = withoutLeadingZeros(document.billing_document_number);
                    return (
                      <TextInput
                        key={document.billing_document_number}
                        label={t('payments-received.refund.document', { number })}
                        description={t('payments-received.refund.document_hint', {
                          applied: money(document.applied_amount),
                          left: money(document.refundable_amount),
                        })}
                        inputMode="decimal"
                        autoComplete="off"
                        value={draft.documents[document.billing_document_number] ?? ''}
                        onKeyDown={preventExponentKey}
                        onChange={(event) =>
                          onChange({
                            documents: {
                              ...draft.documents,
                              [document.billing_document_number]: withoutExponent(event.currentTarget.value),
                            },
                          })
                        }
                        error={message(errors.document?.[document.billing_document_number])}
                        className={classes.documentField}
                      />
                    );
                  })}
                  {errors.documents && (
                    <Text size="xs" c="var(--mantine-color-error)" role="alert">
                      {t(errors.documents)}
                    </Text>
                  )}
                </Stack>
              </Fieldset>
            )}
            <Select
              label={t('payments-received.refund.reason')}
              placeholder={t('payments-received.refund.reason_placeholder')}
              data={refundReasons.map((reason) => ({ value: reason, label: t(`payments-received.reasons.${reason}`) }))}
              value={draft.reason || null}
              onChange={(value) => onChange({ reason: (value ?? '') as RefundDraft['reason'] })}
              error={message(errors.reason)}
              required
              allowDeselect={false}
              className={classes.reasonField}
            />
            <Textarea
              label={t('payments-received.refund.comment')}
              description={t('payments-received.refund.comment_hint', { max: refundCommentMaxLength })}
              value={draft.comment}
              onChange={(event) => onChange({ comment: event.currentTarget.value })}
              maxLength={refundCommentMaxLength}
              autosize
              minRows={2}
            />
          </>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel}>
            {t('common.cancel')}
          </Button>
          {rest > 0n && (
            <Button type="submit" data-testid="refund-continue">
              {t('common.continue')}
            </Button>
          )}
        </Group>
      </Stack>
    </form>
  );
}

function RefundConfirm({
  step,
  detail,
  payment,
  busy,
  onConfirm,
  onBack,
}: {
  step: Extract<Step, { kind: 'confirm' }>;
  detail: PaymentReceivedDetail;
  payment: PaymentReceived;
  busy: boolean;
  onConfirm: () => void;
  onBack: () => void;
}) {
  const { t } = useTranslation();
  const { coded } = useMoney(payment);
  const question = useRef<HTMLParagraphElement>(null);
  // The step's content replaced the button that had the focus: the question takes it, and a screen reader reads it.
  useEffect(() => question.current?.focus(), []);
  const payer = withoutLeadingZeros(payment.payer_number);
  return (
    <Stack gap="md" data-testid="refund-confirm">
      <Text ref={question} tabIndex={-1} fw={700} size="lg" data-testid="refund-question" className={classes.focusText}>
        {t('payments-received.refund.confirm_question', { amount: coded(step.amount), payer })}
      </Text>
      {step.request.documents && (
        <Stack gap={2} component="ul" className={classes.plainList}>
          {step.request.documents.map((document) => (
            <Text component="li" size="sm" key={document.billing_document_number}>
              {t('payments-received.refund.document_share', {
                number: withoutLeadingZeros(document.billing_document_number),
                amount: coded(document.amount),
              })}
            </Text>
          ))}
        </Stack>
      )}
      <Text size="sm">
        {t('payments-received.refund.reason_value', {
          reason: t(`payments-received.reasons.${step.request.reason}`),
        })}
      </Text>
      {step.request.comment && <Text size="sm">“{step.request.comment}”</Text>}
      <Text size="sm">
        {detail.payer_email
          ? t('payments-received.refund.notice', { email: detail.payer_email })
          : t('payments-received.refund.no_email')}
      </Text>
      {step.unknown && (
        <Alert color="yellow" role="alert" data-testid="refund-unknown">
          {t(
            step.unknown === 'in_flight'
              ? 'errors.codes.IDEMPOTENCY_IN_FLIGHT'
              : 'payments-received.refund.outcome_unknown',
          )}
        </Alert>
      )}
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onBack} disabled={busy}>
          {t('common.back')}
        </Button>
        <Button color="red" onClick={onConfirm} loading={busy} data-testid="refund-confirm-button">
          {t(step.unknown ? 'common.retry' : 'payments-received.refund.confirm_button')}
        </Button>
      </Group>
    </Stack>
  );
}

function RefundResult({
  reversal,
  payment,
  email,
  onClose,
}: {
  reversal: PaymentReversal;
  payment: PaymentReceived;
  email: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { coded } = useMoney(payment);
  const values = { amount: coded(reversal.amount), payer: withoutLeadingZeros(payment.payer_number) };
  const color = { posted: 'green', pending: 'yellow', refused: 'red' }[reversal.state];
  const close = useRef<HTMLButtonElement>(null);
  // The outcome replaced the button that had the focus.
  useEffect(() => close.current?.focus(), []);
  return (
    <Stack gap="md" data-testid="refund-result" data-state={reversal.state}>
      <Alert color={color} role="status" title={t(`payments-received.refund.result.${reversal.state}_title`)}>
        <Stack gap={4}>
          <Text size="sm">{t(`payments-received.refund.result.${reversal.state}`, values)}</Text>
          {reversal.state !== 'refused' && email && (
            <Text size="sm">{t('payments-received.refund.notice', { email })}</Text>
          )}
          {reversal.state === 'refused' && reversal.refusal && (
            <Text size="sm">{t('payments-received.refund.result.refusal', { reason: reversal.refusal })}</Text>
          )}
        </Stack>
      </Alert>
      <Group justify="flex-end">
        <Button ref={close} onClick={onClose}>
          {t('common.close')}
        </Button>
      </Group>
    </Stack>
  );
}
