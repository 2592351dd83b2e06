// The success screen of the guest lookup (spec §4 Guest flow, §5 Guest form; access §2): the guest invoice card and,
// when the invoice can be paid, the guest pay form. Pay runs the guest checks of packages/domain first (field
// errors inline, the others as the spec's toasts), has the card tokenised by the hosted frame, takes the 3-D Secure
// step where it applies (a redirect and back to ?id=, the payment cached in session storage) and submits with one
// Idempotency-Key per submission. Issue 36: with Stripe the card is typed in Stripe's Payment Element (it tells the
// brand and expiry) and 3-D Secure is Stripe's, asked inside the charge: the portal's own step is not taken.
import { Button, Group, Stack } from '@mantine/core';
import type { AccessTokenResponse, ValidateGuestPaymentResponse } from '@portal/contracts';
import {
  applicableMaximum,
  changePayAmount,
  checkGuestPayment,
  countryNumericCode,
  formatMinorUnits,
  isGuestReasonShown,
  isPayAmountReadOnly,
  parseScaledAmount,
  rescaleMinorUnits,
  selectInvoiceDetail,
  validateCardDetails,
  validateGuestPayer,
  type GuestPaymentFailure,
  type SelectedInvoiceDetail,
} from '@portal/domain';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isStripeEntry, type PaymentEntryHandle } from '../../../components/ui/payment-entry';
import { formatMoney } from '@portal/domain';
import { log } from '../../../lib/log';
import { i18n } from '../../../lib/i18n';
import { notify } from '../../../lib/notify';
import { portalRunsThreeDs, usePaymentGateway } from '../../../lib/payment-gateway';
import { refusalFromCheck, refusalText, type PaymentRefusal } from '../../../lib/payment-refusal';
import { usePaySubmission } from '../../../lib/pay-submission';
import { postToThreeDs } from '../../../lib/three-ds-redirect';
import { fetchGuestTokenizationResponse, requestGuestAccessToken } from '../api/guest-tokenization';
import { guestInvoiceState, guestPaymentRules } from '../utils/guest-invoice';
import {
  buildGuestPayRequest,
  guestCheckInput,
  guestThreeDsApplies,
  type GuestCard,
  type GuestPayer,
} from '../utils/guest-pay-request';
import { pendingGuestPayment } from '../utils/guest-session';
import { GuestInvoiceCard, type AmountErrors } from './guest-invoice-card';
import { GuestPayForm, type CardFields, type PayFormErrors } from './guest-pay-form';
import { GUEST_PAYMENT_PATH } from './guest-payment-paths';
import { isGuestTokenInvalid, useSubmitGuestPayment } from './use-submit-guest-payment';

const emptyPayer: GuestPayer = { first_name: '', last_name: '', email: '' };
const emptyCard: CardFields = { card_type: '', card_name: '', card_month: '', card_year: '' };

export function GuestInvoicePayment(props: {
  lookup: ValidateGuestPaymentResponse;
  /** Payments are off portal-wide (the page says so above): the invoice shows, the pay form does not. */
  paymentsDisabled: boolean;
  onBack: () => void;
  onTokenExpired: () => void;
}) {
  const { invoice, guest_token: guestToken } = props.lookup;
  const { t } = useTranslation();
  const state = guestInvoiceState(invoice);
  const decimals = invoice.currency_decimals;
  const openAmount = invoice.document.open_amount;
  const rules = useMemo(() => guestPaymentRules(invoice), [invoice]);
  const [detail, setDetail] = useState<SelectedInvoiceDetail>(() => selectInvoiceDetail(openAmount, decimals));
  const [amountErrors, setAmountErrors] = useState<AmountErrors>({});
  const reasonShown = isGuestReasonShown(
    { open_amount: openAmount, amount_to_process: detail.amount },
    decimals,
    invoice.reason_codes.length,
  );
  const maximum = applicableMaximum({ payment_card_type: 'VISA' }, rules.limits, decimals);

  const handleAmountChange = (amount: string) => {
    setAmountErrors({});
    setDetail((current) =>
      changePayAmount(current, amount, {
        openAmount,
        decimals,
        overpaymentAllowed: rules.overpaymentAllowed,
        partialAllowed: rules.partialAllowed,
        ...(maximum === null ? {} : { maximum: formatMinorUnits(maximum, decimals) }),
      }),
    );
  };

  return (
    <Stack gap="md">
      <GuestInvoiceCard
        invoice={invoice}
        state={state}
        detail={detail}
        readOnly={isPayAmountReadOnly({
          openAmount: openAmount,
          decimals,
          overpaymentAllowed: rules.overpaymentAllowed,
          partialAllowed: rules.partialAllowed,
        })}
        reasonShown={reasonShown}
        errors={amountErrors}
        onAmountChange={handleAmountChange}
        onReasonChange={(reason) => {
          setAmountErrors((current) => ({ ...current, reason_code: undefined }));
          setDetail((current) => ({ ...current, reason }));
        }}
        onCommentChange={(comment) => {
          setAmountErrors((current) => ({ ...current, comment: undefined }));
          setDetail((current) => ({ ...current, comment }));
        }}
      />
      {state === 'payable' && !props.paymentsDisabled && (
        <GuestPayment
          lookup={props.lookup}
          guestToken={guestToken}
          detail={detail}
          reasonShown={reasonShown}
          onAmountErrors={setAmountErrors}
          onTokenExpired={props.onTokenExpired}
        />
      )}
      <Group>
        <Button variant="default" onClick={props.onBack}>
          {t('guest-payment.invoice.look_up_another')}
        </Button>
      </Group>
    </Stack>
  );
}

function GuestPayment(props: {
  lookup: ValidateGuestPaymentResponse;
  guestToken: string;
  detail: SelectedInvoiceDetail;
  reasonShown: boolean;
  onAmountErrors: (errors: AmountErrors) => void;
  onTokenExpired: () => void;
}) {
  const { lookup, guestToken, detail, onTokenExpired } = props;
  const { invoice } = lookup;
  const {
    t,
    i18n: { language },
  } = useTranslation();
  const submit = useSubmitGuestPayment();
  const rules = useMemo(() => guestPaymentRules(invoice), [invoice]);
  const decimals = invoice.currency_decimals;
  const currency = invoice.document.currency_key;
  const money = (amount: string) => formatMoney(amount, currency, language, { decimals });

  const [payer, setPayer] = useState<GuestPayer>(emptyPayer);
  const [cardFields, setCardFields] = useState<CardFields>(emptyCard);
  const [errors, setErrors] = useState<PayFormErrors>({});
  const [card, setCard] = useState<GuestCard | null>(null);
  const [frame, setFrame] = useState<AccessTokenResponse | null>(null);
  // A new frame (and access token) for each card typed: after "Use another card" the old one may be spent.
  const [frameRound, setFrameRound] = useState(0);
  const frameRef = useRef<PaymentEntryHandle>(null);
  const gateway = usePaymentGateway();
  // Stripe's element takes number, expiry and security code, and tells the brand once it has tokenised the card.
  const providerEntry = isStripeEntry(frame);
  const submission = usePaySubmission();
  const { submitting } = submission;

  // The app's i18n instance, not the hook's t and i18n, which change with the language: a language switch would
  // otherwise fetch a new frame and lose what was typed in it.
  useEffect(() => {
    let cancelled = false;
    requestGuestAccessToken(guestToken, { payment_method: 'CC' })
      .then((answer) => {
        if (!cancelled) setFrame(answer);
      })
      .catch((error: unknown) => {
        if (cancelled) return;
        if (isGuestTokenInvalid(error)) onTokenExpired();
        // spec §8: an access-token failure toasts 'Internal Error - please contact customer service'.
        else notify.error(i18n.t('errors.payment.internal'));
      });
    return () => {
      cancelled = true;
    };
  }, [guestToken, frameRound, onTokenExpired]);

  const handlePayerChange = (field: keyof GuestPayer, value: string) => {
    setPayer((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };
  const handleCardFieldChange = (field: keyof CardFields, value: string) => {
    setCardFields((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({
      ...current,
      [field]: undefined,
      ...(field === 'card_year' ? { card_month: undefined } : {}),
    }));
  };
  const handleChangeCard = () => {
    setCard(null);
    setFrame(null);
    setFrameRound((round) => round + 1);
  };

  const showRefusal = (refusal: PaymentRefusal) => {
    const text = refusalText(refusal, [{ ...invoice.document }], t, money);
    const title = text.title ?? (refusal.code === 'CHECK' ? undefined : t('payments.error.refused_title'));
    notify.warning(text.message, title ? { title } : {});
  };

  /** A failing guest check: inline at its field, or the spec's toast. */
  const showFailure = (failure: GuestPaymentFailure) => {
    const message = t(failure.key, failure.values);
    if (failure.field === 'amount_to_process' || failure.field === 'reason_code' || failure.field === 'comment')
      props.onAmountErrors({ [failure.field]: message });
    else if (failure.field) setErrors((current) => ({ ...current, [failure.field!]: message }));
    else showRefusal(refusalFromCheck(failure));
  };

  /** The hosted frame tokenises the card; the server then tells what it holds for this guest token. */
  const tokenise = async (): Promise<GuestCard | null> => {
    if (!frame || !frameRef.current) return null;
    setErrors((current) => ({ ...current, frame: undefined }));
    const result = await frameRef.current.submit(
      {
        card_type: cardFields.card_type,
        expiration_month: cardFields.card_month,
        expiration_year: cardFields.card_year,
      },
      { name: cardFields.card_name },
    );
    if (result.type === 'invalid') {
      const { expiry, entry: refused } = result.errors;
      if (expiry) setErrors((current) => ({ ...current, card_month: expiry }));
      if (refused) setErrors((current) => ({ ...current, frame: refused }));
      return null;
    }
    if (result.type === 'failed') {
      setErrors((current) => ({ ...current, frame: t('payment-methods.frame.failed') }));
      return null;
    }
    const tokenised = (await fetchGuestTokenizationResponse(guestToken, frame.access_token)).paymentcard;
    if (!tokenised || tokenised.payment_card_type === 'EC') {
      notify.error(t('errors.payment.payment_method_failed'));
      return null;
    }
    const ready: GuestCard = {
      accessToken: frame.access_token,
      token: tokenised.payment_card_token,
      type: tokenised.payment_card_type,
      lastFour: tokenised.last_four,
      expirationMonth: tokenised.expiration_month,
      expirationYear: tokenised.expiration_year,
    };
    setCard(ready);
    return ready;
  };

  const handlePay = async () => {
    if (submission.isBusy()) return;
    // Every field's own message at once; the frame checks number and security code at the same time.
    const translate = (found: Record<string, string | undefined>) =>
      Object.fromEntries(Object.entries(found).map(([field, key]) => [field, key ? t(key) : undefined]));
    const cardErrors = card ? {} : validateCardDetails(cardFields, { now: new Date() });
    const found: PayFormErrors = {
      ...translate(validateGuestPayer(payer)),
      ...translate(providerEntry ? { card_name: cardErrors.card_name } : cardErrors),
    };
    setErrors(found);
    if (Object.values(found).some(Boolean)) {
      if (!card)
        await frameRef.current?.check({ card_type: cardFields.card_type, expiration_month: '', expiration_year: '' });
      return;
    }
    const amount = { amount: detail.amount, reason: detail.reason, comment: detail.comment };
    // Stripe names the brand once it has tokenised the card; until then the checks read it as a card (the card
    // brands share every rule checked here: 3-D Secure, the only difference, is Stripe's).
    const cardType = card?.type ?? (providerEntry ? 'VISA' : cardFields.card_type);
    const failure = checkGuestPayment(guestCheckInput({ invoice, payer, amount, cardType }), rules);
    if (failure) {
      showFailure(failure);
      return;
    }
    submission.start();
    let leaving = false;
    try {
      const ready = card ?? (await tokenise());
      if (!ready) return;
      const request = buildGuestPayRequest({
        invoice,
        payer,
        amount,
        card: ready,
        reasonShown: props.reasonShown,
      });
      const idempotencyKey = submission.keys.keyFor(request);
      if (portalRunsThreeDs(gateway) && guestThreeDsApplies(invoice, ready.type)) {
        const pay = parseScaledAmount(request.document.amount_to_process, decimals) ?? 0n;
        const soldTo = invoice.detail.partner_data.find((partner) => partner.partner_function === 'WE')?.address_data;
        const country = soldTo ? countryNumericCode(soldTo.country) : undefined;
        const step = await requestGuestAccessToken(guestToken, {
          payment_method: 'TO',
          payment_card_token: ready.token,
          // spec §9: the 3-D Secure amount is the payable total x100; guest payments are in USD (840).
          amount: String(rescaleMinorUnits(pay, decimals, 2)),
          currency_code: '840',
          order_number: crypto.randomUUID(),
          redirect_uri: GUEST_PAYMENT_PATH,
          ...(invoice.secure_3ds_version ? { threeds_version: invoice.secure_3ds_version } : {}),
          ...(ready.expirationMonth && ready.expirationYear
            ? { expiration_month: ready.expirationMonth, expiration_year: ready.expirationYear }
            : {}),
          email: request.guest.email,
          first_name: request.guest.first_name,
          last_name: request.guest.last_name,
          ...(soldTo?.city ? { billing_city: soldTo.city.slice(0, 80) } : {}),
          ...(country ? { billing_country_code: country } : {}),
        });
        // The return address submits this request with this key.
        pendingGuestPayment.save({ accessToken: step.access_token, idempotencyKey, guestToken, request });
        notify.info(t('guest-payment.pay.redirecting'));
        leaving = true;
        postToThreeDs(step.paymetric_xi_url, step.access_token);
        return;
      }
      const outcome = await submit(guestToken, request, idempotencyKey);
      if (outcome.kind === 'done') leaving = true;
      if (outcome.kind !== 'retry') submission.keys.spend();
      if (outcome.kind === 'refused') showRefusal(outcome.refusal);
      if (outcome.kind === 'expired') onTokenExpired();
    } catch (error) {
      if (isGuestTokenInvalid(error)) {
        onTokenExpired();
        return;
      }
      log.warn('Guest payment could not start', error);
      notify.error(t('errors.payment.internal'));
    } finally {
      if (!leaving) {
        submission.finish();
      }
    }
  };

  return (
    <GuestPayForm
      payer={payer}
      onPayerChange={handlePayerChange}
      cardFields={cardFields}
      onCardFieldChange={handleCardFieldChange}
      entry={frame}
      frameRef={frameRef}
      card={card}
      onChangeCard={handleChangeCard}
      errors={errors}
      payLabel={t('guest-payment.pay.pay', { amount: money(detail.amount.trim() || '0') })}
      payDisabled={detail.amountValidation !== null || (!card && !frame)}
      submitting={submitting}
      onPay={() => void handlePay()}
    />
  );
}
