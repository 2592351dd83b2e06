// /invoices/pay (spec §2 Payment page and payment section, §4 payment flow and 3-D Secure, §5 pay amount and checks
// 1-8): one block per selected invoice, then the payment section. The checks run here first (a failing one is the
// toast warning it names) and again on the server, which refuses with the same message key. Issue 29: when the
// account's company code may schedule, "Pay on a date" stores the payment for that day instead (saved methods only,
// no CVV, no 3-D Secure: the charge is merchant-initiated on the day). Issue 36: with a provider that authenticates in
// the charge (Stripe) the portal's own 3-D Secure step is never taken: the answer may ask for it instead. Issue 38: a
// payment reminder's link opens this page with its invoices chosen (use-reminder-link.ts).
import { Alert, Anchor, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import type { BackendConfiguration, PayerData, PaymentCard } from '@portal/contracts';
import {
  applicableMaximum,
  changePayAmount,
  checkInvoicePayment,
  currencyDecimalsOf,
  currencyNumericCode,
  formatMinorUnits,
  invoicePaymentRules,
  isPayAmountReadOnly,
  rescaleMinorUnits,
  type InvoicePaymentRules,
  type SelectedInvoiceDetail,
} from '@portal/domain';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useMemo, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate } from 'react-router';
import { PageTitle } from '../../../components/ui/page-title';
import { currentPrimary, useAccountSelection } from '../../../lib/account-selection';
import { formatMoney, serverDay } from '@portal/domain';
import { useInvoiceSelection, type SelectedInvoice } from '../../../lib/invoice-selection';
import { log } from '../../../lib/log';
import { notify } from '../../../lib/notify';
import { paymentSettingsQuery, paymentsDisabledFor } from '../../../lib/payments-disabled';
import { useSession } from '../../../lib/session';
import { postToThreeDs } from '../../../lib/three-ds-redirect';
import { useBackendConfiguration } from '../../../lib/backend-configuration';
import { usePayWithMethods } from '../../../lib/pay-with-methods';
import { portalRunsThreeDs, usePaymentGateway } from '../../../lib/payment-gateway';
import { requestThreeDs } from '../../../lib/request-three-ds';
import { buildPayRequest, checkInput, initialLines, payTotals, threeDsApplies, type PayLine } from '../utils/pay-form';
import { refusalFromCheck, refusalText, type PaymentRefusal } from '../../../lib/payment-refusal';
import { pendingPayment } from '../utils/payment-session';
import { usePaySubmission } from '../../../lib/pay-submission';
import {
  checkPayOnDate,
  defaultScheduleDate,
  dueDatesOf,
  scheduleBounds,
  scheduledPayRequest,
  scheduleMethods,
  schedulingOffered,
  type PayOnError,
  type PayWhen,
} from '../utils/pay-on';
import { InvoicePayBlock } from './invoice-pay-block';
import { PayOnField } from './pay-on-field';
import { PaymentSection } from './payment-section';
import { useSubmitPayment } from './use-submit-payment';
import { LoadFailed } from '../../../components/ui/load-failed';
import { ReminderLinkPage, ReminderSelectionNotice } from './reminder-link-notice';
import { useReminderLink } from './use-reminder-link';

export const PROCESSING_PAYMENT_PATH = '/invoices/processing-payment';

/** The app composes the Manage payment methods toggle in (features do not import each other). */
export type ManageMethodsSlot = (payer: PayerData) => ReactNode;

export function PayInvoicesPage({ manageMethods }: { manageMethods: ManageMethodsSlot }) {
  const { t } = useTranslation();
  const reminder = useReminderLink();
  const selection = useInvoiceSelection();
  const accounts = useAccountSelection();
  const primary = currentPrimary(accounts);
  const configuration = useBackendConfiguration();
  // Paid: the selection is cleared while the status page is on its way (its own chunk, loaded inside the router's
  // transition, so this page renders once more first); the redirect below must not overtake that navigation.
  const answered = useRef(false);
  const handleAnswered = useCallback(() => {
    answered.current = true;
  }, []);
  // eslint-disable-next-line react-hooks/refs -- read once the answer is in; the store's update re-renders this page
  if (selection.selected.length === 0 && answered.current) return null;
  if (reminder.status === 'loading') return <Loader size="sm" role="status" aria-label={t('common.loading')} />;
  if (reminder.status === 'failed') return <LoadFailed error={reminder.error} />;
  if (reminder.status === 'unavailable' || reminder.status === 'all_paid')
    return <ReminderLinkPage outcome={reminder} />;
  // spec §2: nothing selected (also after an account switch) goes back to the list.
  if (selection.selected.length === 0 || !primary) return <Navigate to="/invoices" replace />;
  if (configuration.isError && !configuration.data) return <LoadFailed error={configuration.error} />;
  if (!configuration.data) return null;
  const payer = { customer_number: primary.PrimaryAcct, company_code: primary.CompanyCode };
  return (
    <PayForm
      key={selection.selected.map((item) => item.key).join(',')}
      selected={selection.selected}
      currency={selection.currency ?? selection.selected[0]!.document.currency_key}
      payer={payer}
      soldto={accounts.secondaryAccount ?? ''}
      configuration={configuration.data}
      manageMethods={manageMethods}
      onAnswered={handleAnswered}
      notice={reminder.status === 'selected' && <ReminderSelectionNotice outcome={reminder} />}
    />
  );
}

function PayForm(props: {
  selected: SelectedInvoice[];
  currency: string;
  payer: PayerData;
  soldto: string;
  configuration: BackendConfiguration;
  manageMethods: ManageMethodsSlot;
  onAnswered: () => void;
  /** Above the form: what of a reminder link could not be selected (issue 38). */
  notice?: ReactNode;
}) {
  const { selected, currency, payer, configuration } = props;
  const { t, i18n } = useTranslation();
  const { impersonation } = useSession();
  const settings = useQuery(paymentSettingsQuery).data;
  const gateway = usePaymentGateway();
  const methodsQuery = usePayWithMethods(payer);
  const methods = methodsQuery.data?.payment_cards ?? [];
  const submit = useSubmitPayment(props.onAnswered);
  const companyCode = payer.company_code;
  const decimals = currencyDecimalsOf(currency, configuration.sapcust.currency_decimals);
  const rules: InvoicePaymentRules = useMemo(() => {
    const base = invoicePaymentRules(
      configuration,
      {
        maximumCardPayment: settings?.maxPaymentAllowed ?? '0',
        maximumEcheckPayment: settings?.maxECheckPaymentAllowed ?? '0',
      },
      companyCode,
    );
    return { ...base, paymentsAllowed: base.paymentsAllowed && !paymentsDisabledFor(companyCode, settings) };
  }, [configuration, settings, companyCode]);

  const [lines, setLines] = useState<PayLine[]>(() => initialLines(selected, decimals));
  const [chosenToken, setChosenToken] = useState<string | null>(null);
  const [cvv, setCvv] = useState('');
  // Issue 29 "Pay on": the day is counted once per visit, as the server counts it.
  const [today] = useState(() => serverDay(new Date()));
  const [when, setWhen] = useState<PayWhen>('now');
  const [payOnDay, setPayOnDay] = useState<string | null>(null);
  const [payOnError, setPayOnError] = useState<PayOnError | null>(null);
  const horizonDays = settings?.schedulingHorizonDays ?? 30;
  const dueDates = dueDatesOf(
    lines.map((line) => line.document),
    today,
  );
  const scheduling = schedulingOffered(settings, companyCode) && when === 'on_date';
  // spec §2: Pay starts disabled when impersonating; the person acting as the user enables it by working the form.
  const [touched, setTouched] = useState(false);
  const submission = usePaySubmission();
  const { submitting } = submission;

  const offeredMethods = scheduling ? scheduleMethods(methods, payOnDay ?? today) : methods;
  const defaultMethod = offeredMethods.find((method) => method.default === 'X') ?? offeredMethods[0] ?? null;
  const chosenMethod = chosenToken
    ? offeredMethods.find((candidate) => candidate.payment_card_token === chosenToken)
    : undefined;
  // A method chosen for Pay now that a payment on a date cannot take (session only, expired by then) gives way to a
  // saved one; paying now, a chosen method that is gone leaves none chosen, as before.
  const method: PaymentCard | null = chosenMethod ?? (chosenToken && !scheduling ? null : defaultMethod);
  const checkRules = scheduling ? { ...rules, cvvRequired: false } : rules;
  const money = (minor: bigint) =>
    formatMoney(formatMinorUnits(minor, decimals), currency, i18n.language, { decimals });
  const maximum = method
    ? applicableMaximum(method, rules.limits, decimals)
    : applicableMaximum({ payment_card_type: 'VISA' }, rules.limits, decimals);

  const handleDetailChange = (
    key: string,
    change: (detail: SelectedInvoiceDetail, line: PayLine) => SelectedInvoiceDetail,
  ) => {
    setTouched(true);
    setLines((current) =>
      current.map((line) => (line.key === key ? { ...line, detail: change(line.detail, line) } : line)),
    );
  };
  const handleAmountChange = (key: string, amount: string) =>
    handleDetailChange(key, (detail, line) =>
      changePayAmount(detail, amount, {
        openAmount: line.document.open_amount,
        decimals,
        overpaymentAllowed: rules.overpaymentAllowed,
        partialAllowed: rules.partialAllowed,
        ...(maximum === null ? {} : { maximum: formatMinorUnits(maximum, decimals) }),
      }),
    );

  const showRefusal = (refusal: PaymentRefusal) => {
    const text = refusalText(
      refusal,
      lines.map((line) => line.document),
      t,
      (amount) => formatMoney(amount, currency, i18n.language, { decimals }),
    );
    // The page's own checks name only the invoice; a refusal of the server also says nothing was submitted.
    const title = text.title ?? (refusal.code === 'CHECK' ? undefined : t('payments.error.refused_title'));
    notify.warning(text.message, title ? { title } : {});
  };

  const checkPayOn = (day: string | null) => {
    const error = checkPayOnDate(day, dueDates, today, horizonDays);
    setPayOnError(error);
    return error;
  };

  const handlePay = async () => {
    if (submission.isBusy()) return;
    if (scheduling && checkPayOn(payOnDay)) return;
    const failure = checkInvoicePayment(
      checkInput(lines, companyCode, decimals, method, scheduling ? '' : cvv),
      checkRules,
    );
    if (failure) {
      showRefusal(refusalFromCheck(failure));
      return;
    }
    if (!method) return;
    submission.start();
    const payNow = buildPayRequest({ ...props, decimals, lines, method, cvv: scheduling ? '' : cvv });
    const request = scheduling && payOnDay ? scheduledPayRequest(payNow, payOnDay) : payNow;
    const idempotencyKey = submission.keys.keyFor(request);
    try {
      if (!scheduling && portalRunsThreeDs(gateway) && threeDsApplies(configuration, companyCode, method)) {
        const total = payTotals(lines, decimals).pay;
        const step = await requestThreeDs({
          payer,
          cardToken: method.payment_card_token,
          // spec §9: the 3-D Secure amount is the payable total x100.
          amountMinor: String(rescaleMinorUnits(total, decimals, 2)),
          currencyNumeric: currencyNumericCode(currency) ?? '840',
          redirectUri: PROCESSING_PAYMENT_PATH,
          validTo: method.valid_to,
        });
        // The return address submits this request with this key (spec §4: the CVV is cached for the redirect).
        pendingPayment.save({ accessToken: step.access_token, idempotencyKey, request });
        postToThreeDs(step.paymetric_xi_url, step.access_token);
        return;
      }
      const outcome = await submit(request, idempotencyKey);
      if (outcome.kind !== 'retry') submission.keys.spend();
      if (outcome.kind === 'refused') {
        // The server's day is past the page's (midnight UTC came while the page was open): say so at the date too.
        const key = outcome.refusal.messageKey;
        if (key === 'validation.payment.schedule_date_past' || key === 'validation.payment.schedule_date_late')
          setPayOnError(key);
        showRefusal(outcome.refusal);
      }
    } catch (error) {
      log.warn('3-D Secure could not start', error);
      notify.error(t('payments.error.making_payment'));
    }
    submission.finish();
  };

  const payDisabled = !rules.paymentsAllowed || submitting || (impersonation !== null && !touched);
  const bounds = scheduleBounds(dueDates, today, horizonDays);
  const hiddenMethods = scheduling ? methods.length - offeredMethods.length : 0;

  const handleWhenChange = (next: PayWhen) => {
    setTouched(true);
    setWhen(next);
    setPayOnError(null);
    if (next === 'on_date' && !payOnDay) setPayOnDay(defaultScheduleDate(dueDates, today, horizonDays));
  };
  const handleDayChange = (day: string | null) => {
    setTouched(true);
    setPayOnDay(day);
    // Once shown, the error follows the field as it changes; before that it waits for blur or Pay.
    if (payOnError) checkPayOn(day);
  };

  return (
    <Stack gap="md">
      <PageTitle>{t('payments.pay.title', { count: lines.length })}</PageTitle>
      <Anchor component={Link} to="/invoices">
        {t('payments.pay.back')}
      </Anchor>
      {props.notice}
      {!rules.paymentsAllowed && (
        <Alert color="gray" role="status">
          {t('validation.payment.payments_disabled')}
        </Alert>
      )}
      <Stack gap="sm" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {lines.map((line) => (
          <li key={line.key}>
            <InvoicePayBlock
              line={line}
              currency={currency}
              decimals={decimals}
              readOnly={isPayAmountReadOnly({
                openAmount: line.document.open_amount,
                decimals,
                overpaymentAllowed: rules.overpaymentAllowed,
                partialAllowed: rules.partialAllowed,
              })}
              reasonCodes={rules.reasonCodes}
              onAmountChange={(amount) => handleAmountChange(line.key, amount)}
              onReasonChange={(reason) => handleDetailChange(line.key, (detail) => ({ ...detail, reason }))}
              onCommentChange={(comment) => handleDetailChange(line.key, (detail) => ({ ...detail, comment }))}
            />
          </li>
        ))}
      </Stack>
      {methodsQuery.isError && !methodsQuery.data && <LoadFailed error={methodsQuery.error} />}
      <Paper withBorder p="md">
        <PaymentSection
          lines={lines}
          decimals={decimals}
          money={money}
          methods={offeredMethods}
          method={method}
          cvv={cvv}
          cvvRequired={checkRules.cvvRequired}
          maximum={maximum === null ? null : money(maximum)}
          payDisabled={payDisabled}
          submitting={submitting}
          impersonating={impersonation !== null}
          manageMethods={props.manageMethods(payer)}
          payOn={
            schedulingOffered(settings, companyCode) && (
              <PayOnField
                when={when}
                day={payOnDay}
                bounds={bounds}
                {...(payOnError ? { error: t(payOnError) } : {})}
                onWhenChange={handleWhenChange}
                onDayChange={handleDayChange}
                onDayBlur={() => checkPayOn(payOnDay)}
              />
            )
          }
          {...(scheduling
            ? {
                payLabel: t('payments.pay_on.schedule_button'),
                ...(hiddenMethods > 0 ? { methodsNote: t('payments.pay_on.saved_only') } : {}),
              }
            : {})}
          onMethodChange={(token) => {
            setTouched(true);
            setChosenToken(token);
          }}
          onCvvChange={(value) => {
            setTouched(true);
            setCvv(value);
          }}
          onPay={() => void handlePay()}
        />
      </Paper>
      <Group justify="flex-start">
        <Text size="sm" c="dimmed">
          {t('payments.pay.secure_note')}
        </Text>
      </Group>
    </Stack>
  );
}
