// "AutoPay" (issue 29): what it does, the user's enrolments with Stop, and the form for the header's current account
// when AutoPay is offered for its company code. After enrolling, the confirmation names the past-due invoices AutoPay
// leaves for a person.
import { Alert, Stack, Text, Title } from '@mantine/core';
import type { AutopayEnrolment, HeaderItem } from '@portal/contracts';
import { currencyDecimalsOf } from '@portal/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AccountsPending, LoadFailed } from '../../../components/ui/load-failed';
import {
  accountOptionLabel,
  currentPrimary,
  useAccountSelection,
  withoutLeadingZeros,
} from '../../../lib/account-selection';
import { useBackendConfiguration } from '../../../lib/backend-configuration';
import { notify } from '../../../lib/notify';
import { paymentSettingsQuery, paymentsDisabledFor } from '../../../lib/payments-disabled';
import { useAutopay } from '../api/get-autopay';
import { stopAutopay } from '../api/stop-autopay';
import { autopayOffered } from '../utils/autopay-form';
import { AutopayEnrolments, useEnrolmentSummary } from './autopay-enrolments';
import { AutopayEnrolForm } from './autopay-form';
import { ConfirmDialog } from './confirm-dialog';
import { LeftInvoices } from './left-invoices';

export function AutopaySection() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const accounts = useAccountSelection();
  const primary = currentPrimary(accounts);
  const result = useAutopay();
  const settings = useQuery(paymentSettingsQuery).data;
  const [confirmed, setConfirmed] = useState<AutopayEnrolment | null>(null);
  const [stopping, setStopping] = useState<AutopayEnrolment | null>(null);
  const enrolments = result.data?.enrolments ?? [];

  const accountLabel = (payer: AutopayEnrolment['payer_data']) => {
    const item = accounts.headerItems.find(
      (candidate) => candidate.PrimaryAcct === payer.customer_number && candidate.CompanyCode === payer.company_code,
    );
    return item ? accountOptionLabel(item) : withoutLeadingZeros(payer.customer_number);
  };
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['scheduled-payments'] });

  const handleEnrolled = (enrolment: AutopayEnrolment) => {
    setConfirmed(enrolment);
    notify.success(t('scheduled-payments.autopay.enrolled', { account: accountLabel(enrolment.payer_data) }));
    void refresh();
  };
  const handleStop = async (enrolment: AutopayEnrolment) => {
    try {
      await stopAutopay(enrolment.id);
      notify.success(t('scheduled-payments.autopay.stopped_toast', { account: accountLabel(enrolment.payer_data) }));
      if (confirmed?.id === enrolment.id) setConfirmed(null);
    } catch {
      // The call's own toast said why.
    }
    setStopping(null);
    await refresh();
  };

  return (
    <Stack component="section" gap="sm" aria-labelledby="autopay-title">
      <Title order={2} size="h3" id="autopay-title">
        {t('scheduled-payments.autopay.title')}
      </Title>
      <Text maw="48rem">{t('scheduled-payments.autopay.explain')}</Text>
      {confirmed && <Confirmation enrolment={confirmed} account={accountLabel(confirmed.payer_data)} />}
      {result.isError && !result.data ? (
        <LoadFailed error={result.error} />
      ) : !result.data ? null : enrolments.length === 0 ? (
        <Text data-testid="autopay-none">{t('scheduled-payments.autopay.none')}</Text>
      ) : (
        <AutopayEnrolments
          enrolments={enrolments}
          accountLabel={(enrolment) => accountLabel(enrolment.payer_data)}
          confirmedId={confirmed?.id ?? null}
          onStop={setStopping}
        />
      )}
      {primary ? (
        <EnrolArea
          primary={primary}
          account={accountLabel({ customer_number: primary.PrimaryAcct, company_code: primary.CompanyCode })}
          offered={autopayOffered(settings, primary.CompanyCode)}
          paymentsDisabled={paymentsDisabledFor(primary.CompanyCode, settings)}
          replaces={enrolments.some(
            (enrolment) =>
              enrolment.status === 'active' &&
              enrolment.payer_data.customer_number === primary.PrimaryAcct &&
              enrolment.payer_data.company_code === primary.CompanyCode,
          )}
          onEnrolled={handleEnrolled}
        />
      ) : (
        !accounts.loaded && <AccountsPending failure={accounts.failure} />
      )}
      {stopping && (
        <ConfirmDialog
          title={t('scheduled-payments.autopay.stop_title')}
          message={t('scheduled-payments.autopay.stop_text', { account: accountLabel(stopping.payer_data) })}
          confirmLabel={t('scheduled-payments.autopay.stop')}
          keepLabel={t('scheduled-payments.autopay.keep')}
          onConfirm={() => handleStop(stopping)}
          onClose={() => setStopping(null)}
        />
      )}
    </Stack>
  );
}

function EnrolArea(props: {
  primary: HeaderItem;
  account: string;
  offered: boolean;
  paymentsDisabled: boolean;
  replaces: boolean;
  onEnrolled: (enrolment: AutopayEnrolment) => void;
}) {
  const { t } = useTranslation();
  const currencyDecimals = useBackendConfiguration().data?.sapcust.currency_decimals;
  const { primary } = props;
  if (!props.offered)
    return (
      <Text size="sm" data-testid="autopay-not-offered">
        {t('scheduled-payments.autopay.not_offered', { account: props.account })}
      </Text>
    );
  if (props.paymentsDisabled)
    return (
      <Alert color="gray" role="status">
        {t('validation.payment.payments_disabled')}
      </Alert>
    );
  if (!currencyDecimals) return null;
  return (
    <AutopayEnrolForm
      // A new account starts a new form.
      key={`${primary.CompanyCode}/${primary.PrimaryAcct}`}
      payer={{ customer_number: primary.PrimaryAcct, company_code: primary.CompanyCode }}
      account={props.account}
      currency={primary.CurrencyKey}
      decimals={currencyDecimalsOf(primary.CurrencyKey, currencyDecimals)}
      replaces={props.replaces}
      onEnrolled={props.onEnrolled}
    />
  );
}

/** What was just set up, and the past-due invoices AutoPay leaves for the person. */
function Confirmation({ enrolment, account }: { enrolment: AutopayEnrolment; account: string }) {
  const { t } = useTranslation();
  const summary = useEnrolmentSummary(enrolment);
  const left = enrolment.left_at_enrolment;
  return (
    <Alert
      color="green"
      role="status"
      title={t('scheduled-payments.autopay.confirmation.title', { account })}
      data-testid="autopay-confirmation"
      // Mantine's green title and dimmed body fall short of 4.5:1 on the tint: the StatusBadge's dark green and the
      // body text colour.
      styles={{
        // min-width 0: the invoices' table scrolls inside the box on a phone instead of widening it.
        body: { minWidth: 0 },
        title: { color: '#1e5f2c' },
        message: { color: 'var(--mantine-color-text)' },
      }}
    >
      <Stack gap="sm">
        <Text size="sm">
          {t('scheduled-payments.autopay.confirmation.text', { method: enrolment.payment_method_label })}
        </Text>
        <Text size="sm" fw={500}>
          {summary.when} · {summary.maximum}
        </Text>
        {left.length === 0 ? (
          <Text size="sm">{t('scheduled-payments.autopay.confirmation.left_none')}</Text>
        ) : (
          <>
            <Text size="sm">{t('scheduled-payments.autopay.confirmation.left_intro', { count: left.length })}</Text>
            <LeftInvoices invoices={left} label={t('scheduled-payments.autopay.left_title')} />
          </>
        )}
      </Stack>
    </Alert>
  );
}
