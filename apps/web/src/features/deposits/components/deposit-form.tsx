// The deposit form (spec §2 Deposits, §3 deposit form, §4 payment flow and 3-D Secure, §5 Deposit checks): account
// (payer_option), reason (payment type D), amount, document number, payment note, Pay with, CVV, Pay. The checks run
// here first (field errors under the fields, the method, CVV and maximum as toasts like the pay page) and again on
// the server, which refuses with the same message keys.
import { Alert, Button, Paper, Select, SimpleGrid, Stack, Text, TextInput, Textarea } from '@mantine/core';
import type {
  DepositSettingsResponse,
  HeaderItem,
  MakeDepositRequest,
  PayerData,
  PaymentCard,
} from '@portal/contracts';
import { checkDeposit, currencyNumericCode, formatMinorUnits, rescaleMinorUnits } from '@portal/domain';
import { useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadFailed } from '../../../components/ui/load-failed';
import { PayWithFields } from '../../../components/ui/pay-with-fields';
import { accountOptionLabel } from '../../../lib/account-selection';
import { preventExponentKey, withoutExponent } from '../../../lib/amount-input';
import { formatMoney } from '@portal/domain';
import { log } from '../../../lib/log';
import { notify } from '../../../lib/notify';
import { usePaySubmission } from '../../../lib/pay-submission';
import { usePayWithMethods } from '../../../lib/pay-with-methods';
import { portalRunsThreeDs, usePaymentGateway } from '../../../lib/payment-gateway';
import { refusalFromCheck, refusalText, type PaymentRefusal } from '../../../lib/payment-refusal';
import { requestThreeDs } from '../../../lib/request-three-ds';
import { useSession } from '../../../lib/session';
import { postToThreeDs } from '../../../lib/three-ds-redirect';
import {
  buildDepositRequest,
  checkInput,
  depositAmountMinor,
  depositFieldErrors,
  depositMaximum,
  emptyDepositForm,
  formFromRequest,
  payerOptions,
  rulesFromSettings,
  threeDsApplies,
  type DepositForm as DepositFormState,
} from '../utils/deposit-form';
import { pendingDeposit } from '../utils/deposit-session';
import { useSubmitDeposit } from './use-submit-deposit';

export const DEPOSITS_PATH = '/deposits';
export const PROCESSING_DEPOSIT_PATH = '/deposits/processing-payment';

export function DepositForm(props: {
  title: ReactNode;
  primary: HeaderItem;
  payer: PayerData;
  settings: DepositSettingsResponse;
  /** The deposit cached before a 3-D Secure redirect, when /deposits?id=... restores it. */
  restored: MakeDepositRequest | null;
  manageMethods: (payer: PayerData) => ReactNode;
}) {
  const { primary, payer, settings, restored } = props;
  const { t, i18n } = useTranslation();
  const { impersonation } = useSession();
  const gateway = usePaymentGateway();
  const methodsQuery = usePayWithMethods(payer);
  const methods = methodsQuery.data?.payment_cards ?? [];
  const submit = useSubmitDeposit();
  const options = payerOptions(primary);
  const decimals = settings.currency_decimals;
  const currency = settings.currency_key;
  const rules = useMemo(() => rulesFromSettings(settings), [settings]);

  const [initial] = useState(() => (restored ? formFromRequest(restored) : null));
  const [form, setForm] = useState<DepositFormState>(
    () => initial?.form ?? emptyDepositForm(options[0]?.PrimaryAcct ?? ''),
  );
  const [chosenToken, setChosenToken] = useState<string | null>(initial?.methodToken ?? null);
  const [cvv, setCvv] = useState('');
  // Errors show once Pay was pressed, then follow the user's corrections.
  const [showErrors, setShowErrors] = useState(false);
  // spec §2: Pay starts disabled when impersonating; the person acting as the user enables it by working the form.
  const [touched, setTouched] = useState(initial !== null);
  const submission = usePaySubmission();
  const { submitting } = submission;

  const defaultMethod = methods.find((method) => method.default === 'X') ?? methods[0] ?? null;
  // A restored method that is gone since (a session method) gives way to the default.
  const method: PaymentCard | null =
    methods.find((candidate) => candidate.payment_card_token === chosenToken) ?? defaultMethod;
  const money = (amount: string) => formatMoney(amount, currency, i18n.language, { decimals });
  const maximum = depositMaximum(settings, method);
  const errors = showErrors ? depositFieldErrors(form, settings) : {};
  const reason = settings.reason_codes.find((code) => code.reason_code === form.reason_code);
  const commentRequired = reason?.comments_required === 'X';
  const threeDs = method !== null && portalRunsThreeDs(gateway) && threeDsApplies(settings, method);

  const change = (patch: Partial<DepositFormState>) => {
    setTouched(true);
    setForm((current) => ({ ...current, ...patch }));
  };

  const showRefusal = (refusal: PaymentRefusal) => {
    const text = refusalText(refusal, [], t, money);
    // The page's own checks speak for themselves; a refusal of the server also says nothing was submitted.
    notify.warning(text.message, refusal.code === 'CHECK' ? {} : { title: t('deposits.error.refused_title') });
  };

  const handlePay = async () => {
    if (submission.isBusy()) return;
    setShowErrors(true);
    const fieldErrors = depositFieldErrors(form, settings);
    if (Object.keys(fieldErrors).length > 0) {
      focusFirstError();
      return;
    }
    const failure = checkDeposit(checkInput(form, settings, method, cvv), rules);
    if (failure) {
      showRefusal(refusalFromCheck(failure));
      return;
    }
    if (!method) return;
    submission.start();
    const request = buildDepositRequest({ payer, settings, form, method, cvv });
    const idempotencyKey = submission.keys.keyFor(request);
    try {
      if (threeDs) {
        const step = await requestThreeDs({
          payer,
          cardToken: method.payment_card_token,
          // spec §9: the 3-D Secure amount is the payable total x100.
          amountMinor: String(rescaleMinorUnits(depositAmountMinor(form, decimals), decimals, 2)),
          currencyNumeric: currencyNumericCode(currency) ?? '840',
          redirectUri: PROCESSING_DEPOSIT_PATH,
          validTo: method.valid_to,
        });
        // spec §4: the form is cached in session storage across the redirect; the return address submits this
        // request with this key. This history entry becomes /deposits?id=..., so that the browser's back button
        // from the provider's page restores the form (spec §2).
        pendingDeposit.save({ accessToken: step.access_token, idempotencyKey, request });
        window.history.replaceState(
          window.history.state,
          '',
          `${DEPOSITS_PATH}?id=${encodeURIComponent(step.access_token)}`,
        );
        postToThreeDs(step.paymetric_xi_url, step.access_token);
        return;
      }
      const outcome = await submit(request, idempotencyKey);
      if (outcome.kind !== 'retry') submission.keys.spend();
      if (outcome.kind === 'refused') showRefusal(outcome.refusal);
    } catch (error) {
      log.warn('3-D Secure could not start', error);
      notify.error(t('payments.error.making_payment'));
    }
    submission.finish();
  };

  const payDisabled = submitting || (impersonation !== null && !touched);

  return (
    <Stack gap="md">
      {props.title}
      <Text>{t('deposits.intro')}</Text>
      {initial && (
        <Alert color="blue" role="status" data-testid="deposit-restored">
          {t('deposits.restored')}
        </Alert>
      )}
      <Paper withBorder p="md" component="section" aria-labelledby="deposit-details-heading">
        <Stack gap="sm">
          <Text fw={700} component="h2" size="lg" m={0} id="deposit-details-heading">
            {t('deposits.details_title')}
          </Text>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            {options.length > 0 && (
              <Select
                label={t('deposits.account')}
                data={options.map((item) => ({ value: item.PrimaryAcct, label: accountOptionLabel(item) }))}
                value={form.payer_option || null}
                onChange={(value) => change({ payer_option: value ?? '' })}
                allowDeselect={false}
                comboboxProps={{ withinPortal: true }}
              />
            )}
            {settings.reason_codes.length > 0 && (
              <Select
                id="deposit-reason"
                label={t('deposits.reason')}
                placeholder={t('deposits.reason_placeholder')}
                // spec §3: the first option is a placeholder that cannot be chosen.
                data={[
                  { value: '', label: t('deposits.reason_placeholder'), disabled: true },
                  ...settings.reason_codes.map((code) => ({
                    value: code.reason_code,
                    label: `${code.reason_code} - ${code.description}`,
                  })),
                ]}
                value={form.reason_code || null}
                onChange={(value) => change({ reason_code: value ?? '' })}
                allowDeselect={false}
                required
                error={errors.reason_code ? t(errors.reason_code) : undefined}
                comboboxProps={{ withinPortal: true }}
              />
            )}
            <TextInput
              id="deposit-amount"
              label={t('deposits.amount', { currency })}
              description={t('deposits.minimum', { amount: money(settings.minimum_amount) })}
              inputWrapperOrder={['label', 'input', 'description', 'error']}
              value={form.amount_to_process}
              inputMode="decimal"
              autoComplete="off"
              required
              onKeyDown={preventExponentKey}
              onChange={(event) => change({ amount_to_process: withoutExponent(event.currentTarget.value) })}
              error={errors.amount_to_process ? t(errors.amount_to_process) : undefined}
              data-testid="deposit-amount"
            />
            <TextInput
              label={t('deposits.reference_number')}
              value={form.reference_number}
              maxLength={40}
              onChange={(event) => change({ reference_number: event.currentTarget.value })}
            />
          </SimpleGrid>
          <Textarea
            id="deposit-comment"
            label={t('deposits.comment')}
            value={form.comment}
            maxLength={250}
            autosize
            minRows={2}
            required={commentRequired}
            onChange={(event) => change({ comment: event.currentTarget.value })}
            error={errors.comment ? t(errors.comment) : undefined}
          />
        </Stack>
      </Paper>
      <Paper withBorder p="md" component="section" aria-labelledby="deposit-payment-heading">
        <Stack gap="md">
          <Text fw={700} component="h2" size="lg" m={0} id="deposit-payment-heading">
            {t('payments.section.title')}
          </Text>
          <PayWithFields
            methods={methods}
            method={method}
            cvv={cvv}
            cvvRequired={settings.cvv_required}
            onMethodChange={(token) => {
              setTouched(true);
              setChosenToken(token);
            }}
            onCvvChange={(value) => {
              setTouched(true);
              setCvv(value);
            }}
          />
          {methodsQuery.isError && !methodsQuery.data ? (
            <LoadFailed error={methodsQuery.error} />
          ) : (
            methods.length === 0 && <Text size="sm">{t('payments.section.add_hint')}</Text>
          )}
          {threeDs && (
            <Text size="sm" data-testid="deposit-three-ds-note">
              {t('deposits.three_ds_note')}
            </Text>
          )}
          {props.manageMethods(payer)}
          <Stack gap={4} align="flex-start">
            <Button
              size="md"
              onClick={() => void handlePay()}
              disabled={payDisabled}
              loading={submitting}
              data-testid="deposit-pay-button"
            >
              {t('payments.section.pay')}
            </Button>
            {impersonation !== null && <Text size="sm">{t('payments.section.impersonating')}</Text>}
            {maximum !== null && (
              <Text size="sm" c="red.8" data-testid="deposit-maximum">
                {t(
                  method?.payment_card_type === 'EC'
                    ? 'payments.section.maximum_echeck'
                    : 'payments.section.maximum_card',
                  { amount: money(formatMinorUnits(maximum, decimals)) },
                )}
              </Text>
            )}
          </Stack>
        </Stack>
      </Paper>
      <Text size="sm" c="dimmed">
        {t('payments.pay.secure_note')}
      </Text>
    </Stack>
  );
}

/** Moves the focus to the first field the checks refused, in the form's order. */
function focusFirstError(): void {
  // The fields render their errors on the next paint; focus after it.
  requestAnimationFrame(() => {
    const first = document.querySelector<HTMLElement>(
      '#deposit-amount[aria-invalid="true"], #deposit-reason[aria-invalid="true"], #deposit-comment[aria-invalid="true"]',
    );
    first?.focus();
  });
}
