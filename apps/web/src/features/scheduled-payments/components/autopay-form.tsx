// Enrolling the header's current account in AutoPay (issue 29): a saved, unexpired method of the payer, days before
// the due date (0-30) and an optional maximum per payment in the account's currency. The maximum is checked when the
// field is left and again on submit; the server checks everything again (validation.autopay.*).
import { Button, Group, NumberInput, Paper, Select, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { autopayMaxDaysBeforeDue, type AutopayEnrolment, type PayerData } from '@portal/contracts';
import { paymentMethodLabel, serverDay } from '@portal/domain';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadFailed } from '../../../components/ui/load-failed';
import { preventExponentKey } from '../../../lib/amount-input';
import { ApiError, errorText } from '../../../lib/api-client';
import { log } from '../../../lib/log';
import { notify } from '../../../lib/notify';
import { usePayWithMethods } from '../../../lib/pay-with-methods';
import { enrolAutopay } from '../api/enrol-autopay';
import {
  autopayMethods,
  buildAutopayRequest,
  checkMaxAmount,
  clampDaysBeforeDue,
  defaultAutopayForm,
  type AutopayForm,
} from '../utils/autopay-form';

export function AutopayEnrolForm(props: {
  payer: PayerData;
  account: string;
  /** The account's currency: the maximum's. */
  currency: string;
  decimals: number;
  /** The user's active enrolment of this account, which a new one replaces. */
  replaces: boolean;
  onEnrolled: (enrolment: AutopayEnrolment) => void;
}) {
  const { t } = useTranslation();
  const methodsQuery = usePayWithMethods(props.payer);
  const [today] = useState(() => serverDay(new Date()));
  const methods = autopayMethods(methodsQuery.data?.payment_cards ?? [], today);
  const [form, setForm] = useState<AutopayForm>(defaultAutopayForm);
  const [maxError, setMaxError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const method =
    methods.find((candidate) => candidate.payment_card_token === form.token) ??
    methods.find((candidate) => candidate.default === 'X') ??
    methods[0] ??
    null;
  const change = (value: Partial<AutopayForm>) => setForm((current) => ({ ...current, ...value }));
  const checkMax = (text: string) => {
    const error = checkMaxAmount(text, props.decimals);
    setMaxError(error);
    return error;
  };

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (checkMax(form.maxAmount) || !method || submitting) return;
    setSubmitting(true);
    try {
      const enrolment = await enrolAutopay(buildAutopayRequest(props.payer, method, form));
      setForm(defaultAutopayForm);
      props.onEnrolled(enrolment);
    } catch (error) {
      if (error instanceof ApiError && error.body?.messageKey === 'validation.autopay.max_amount')
        setMaxError(error.body.messageKey);
      if (error instanceof ApiError && error.body) notify.error(errorText(error.body));
      else {
        log.warn('AutoPay enrolment failed', error);
        notify.error(t('errors.toast.system_error'));
      }
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <Paper withBorder p="md" component="form" onSubmit={handleSubmit} noValidate aria-labelledby="autopay-form-title">
      <Stack gap="sm">
        <Title order={3} size="h5" id="autopay-form-title">
          {t('scheduled-payments.autopay.form.title', { account: props.account })}
        </Title>
        {methodsQuery.isError && !methodsQuery.data && <LoadFailed error={methodsQuery.error} />}
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
          <Select
            label={t('scheduled-payments.autopay.form.method')}
            placeholder={t('scheduled-payments.autopay.form.method_placeholder')}
            description={t('scheduled-payments.autopay.form.method_hint')}
            inputWrapperOrder={['label', 'input', 'description', 'error']}
            nothingFoundMessage={t('scheduled-payments.autopay.form.no_methods')}
            data={methods.map((card) => ({
              value: card.payment_card_token,
              label: [card.payment_card_name, paymentMethodLabel(card)].filter(Boolean).join(' · '),
            }))}
            value={method?.payment_card_token ?? null}
            onChange={(token) => change({ token })}
            allowDeselect={false}
            required
            comboboxProps={{ withinPortal: true }}
          />
          <NumberInput
            label={t('scheduled-payments.autopay.form.days')}
            description={t('scheduled-payments.autopay.form.days_hint', { max: autopayMaxDaysBeforeDue })}
            inputWrapperOrder={['label', 'input', 'description', 'error']}
            value={form.daysBeforeDue}
            min={0}
            max={autopayMaxDaysBeforeDue}
            allowDecimal={false}
            allowNegative={false}
            clampBehavior="strict"
            onChange={(value) => change({ daysBeforeDue: clampDaysBeforeDue(value) })}
          />
          <TextInput
            label={t('scheduled-payments.autopay.form.maximum', { currency: props.currency })}
            description={t('scheduled-payments.autopay.form.maximum_hint')}
            inputWrapperOrder={['label', 'input', 'description', 'error']}
            value={form.maxAmount}
            inputMode="decimal"
            maxLength={30}
            onKeyDown={preventExponentKey}
            onChange={(event) => {
              const maxAmount = event.currentTarget.value;
              change({ maxAmount });
              if (maxError) checkMax(maxAmount);
            }}
            onBlur={(event) => checkMax(event.currentTarget.value)}
            error={maxError ? t(maxError) : undefined}
          />
        </SimpleGrid>
        {methodsQuery.data && methods.length === 0 && (
          <Text size="sm" data-testid="autopay-no-methods">
            {t('scheduled-payments.autopay.form.no_methods')}
          </Text>
        )}
        {props.replaces && <Text size="sm">{t('scheduled-payments.autopay.form.replaces')}</Text>}
        <Group>
          <Button type="submit" loading={submitting} disabled={!method}>
            {t('scheduled-payments.autopay.form.submit')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
