// The payment status page of every pay flow (spec §2 Payment status page; deposits and guest payments show the same):
// a back link, the success or error banner ('Payment Success' / 'Error Processing Payment', or "being confirmed" for
// a payment the gateway has not answered yet), document number, reference code, payment method, processed date, the
// result per document and Print. Its own two error screens: nothing to show after a failure, and a crash of the
// page itself.
import { Alert, Anchor, Button, Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import type { PayInvoicesResponse } from '@portal/contracts';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatMoney } from '@portal/domain';
import { paymentStatusOf, type PaymentOutcome, type PaymentStatusKind } from '../../lib/payment-outcome';
import { refusalText } from '../../lib/payment-refusal';
import { ErrorBoundary } from './error-boundary';
import { PageTitle } from './page-title';
import { PaymentResults } from './payment-results';
import classes from './payment-status.module.css';

type ViewProps = {
  /** The stored outcome, read by the page (null: nothing to show). */
  outcome: PaymentOutcome | null;
  /** Where the back link goes (spec: /). */
  backTo: string;
  /** Shown under the banner of a successful payment, e.g. where the receipt was sent. */
  successNote?: ReactNode;
};

export function PaymentStatusView(props: ViewProps) {
  const { t } = useTranslation();
  return (
    <ErrorBoundary
      name="payment status page"
      fallback={<StatusError text={t('payments.status.display_error')} backTo={props.backTo} />}
    >
      <PaymentStatus {...props} />
    </ErrorBoundary>
  );
}

function StatusError({ text, backTo }: { text: string; backTo: string }) {
  const { t } = useTranslation();
  return (
    <Stack gap="md" align="flex-start">
      <PageTitle>{t('payments.status.title')}</PageTitle>
      <Alert
        color="red"
        role="alert"
        title={t('payments.status.error')}
        data-testid="payment-status-banner"
        styles={{ title: { color: 'var(--mantine-color-text)' } }}
      >
        {text}
      </Alert>
      <BackLink to={backTo} />
    </Stack>
  );
}

function BackLink({ to }: { to: string }) {
  const { t } = useTranslation();
  return (
    <Anchor component={Link} to={to} className={classes.noPrint}>
      {t('payments.status.back')}
    </Anchor>
  );
}

function PaymentStatus({ outcome, backTo, successNote }: ViewProps) {
  const { t, i18n } = useTranslation();
  if (!outcome || outcome.kind === 'failed')
    return <StatusError text={t('payments.status.site_error')} backTo={backTo} />;
  if (outcome.kind === 'refused') {
    const currency = outcome.currency_key ?? 'USD';
    const { title, message } = refusalText(outcome.refusal, outcome.documents, t, (amount) =>
      formatMoney(amount, currency, i18n.language),
    );
    return <StatusError text={title ? `${title}: ${message}` : message} backTo={backTo} />;
  }
  return <PaymentResult response={outcome.response} backTo={backTo} successNote={successNote} />;
}

function PaymentResult({
  response,
  backTo,
  successNote,
}: {
  response: PayInvoicesResponse;
  backTo: string;
  successNote?: ReactNode;
}) {
  const { t, i18n } = useTranslation();
  const { payment } = response;
  const kind = paymentStatusOf(response);
  const success = kind === 'success';
  const money = (amount: string) =>
    formatMoney(amount, payment.currency_key, i18n.language, { decimals: payment.currency_decimals });
  const processed = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).format(
    new Date(payment.processed_at),
  );
  const banner = banners[kind];

  return (
    <Stack gap="md" className={classes.page}>
      <Group justify="space-between" className={classes.noPrint}>
        <BackLink to={backTo} />
        <Button variant="default" onClick={() => window.print()}>
          {t('payments.status.print')}
        </Button>
      </Group>
      <PageTitle>{t('payments.status.title')}</PageTitle>
      <Alert
        color={banner.color}
        role={banner.role}
        title={t(banner.title)}
        data-testid="payment-status-banner"
        data-status={kind}
        // The light variant's coloured title is below 4.5:1 on its tinted background (WCAG 1.4.3).
        styles={{ title: { color: 'var(--mantine-color-text)', fontSize: 'var(--mantine-font-size-lg)' } }}
      >
        {banner.text ? t(banner.text) : response.status[0]?.message_line_string}
      </Alert>
      {success && successNote}
      <Paper withBorder p="md">
        <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm">
          <Field label={t('payments.status.document_number')} value={payment.payment_document_number || '—'} />
          <Field label={t('payments.status.reference_code')} value={payment.reference_code} />
          <Field label={t('payments.status.payment_method')} value={payment.payment_method_label} />
          <Field label={t('payments.status.processed_date')} value={processed} />
          <Field label={t('payments.status.total')} value={money(payment.total_amount)} />
        </SimpleGrid>
      </Paper>
      <PaymentResults results={response.status} money={money} pending={kind === 'pending' || kind === 'processing'} />
    </Stack>
  );
}

/**
 * The banner of each kind of answer. A declined payment shows the server's message (the provider's reason); a failed
 * authentication says what happened in the payer's words (issue 36: nothing was taken, try again or another method).
 */
const banners: Record<
  PaymentStatusKind,
  { color: string; role: 'status' | 'alert'; title: string; text: string | null }
> = {
  success: { color: 'green', role: 'status', title: 'payments.status.success', text: 'payments.status.success_text' },
  pending: { color: 'yellow', role: 'alert', title: 'payments.status.pending', text: 'payments.status.pending_text' },
  processing: {
    color: 'blue',
    role: 'status',
    title: 'payments.status.processing',
    text: 'payments.status.processing_text',
  },
  authentication_failed: {
    color: 'red',
    role: 'alert',
    title: 'payments.status.authentication_failed',
    text: 'payments.status.authentication_failed_text',
  },
  declined: { color: 'red', role: 'alert', title: 'payments.status.error', text: null },
};

function Field({ label, value }: { label: string; value: string }) {
  return (
    <Stack gap={0}>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fw={500} style={{ overflowWrap: 'anywhere' }}>
        {value}
      </Text>
    </Stack>
  );
}
