// The guest invoice detail card (access-and-administration §2): document number without leading zeros, open amount
// labelled Credit or Open, posting date (the document date), due date, sold-to, reference, and the pay controls: the
// pay amount with the currency symbol (no letter e; only when total_amount ≥ 0; read-only when neither partial nor
// over payment is allowed), the reason (first option a disabled placeholder) and its comment.
import { Alert, Group, NativeSelect, Paper, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { guestPaymentCurrency, type GuestInvoice } from '@portal/contracts';
import type { SelectedInvoiceDetail } from '@portal/domain';
import { useTranslation } from 'react-i18next';
import { preventExponentKey } from '../../../lib/amount-input';
import { withoutLeadingZeros } from '../../../lib/account-selection';
import { formatDate } from '../../../lib/format-date';
import { formatMoney } from '@portal/domain';
import { currencySymbol, isCreditAmount, showsPayAmount, type GuestInvoiceState } from '../utils/guest-invoice';

export type AmountErrors = Partial<Record<'amount_to_process' | 'reason_code' | 'comment', string>>;

export function GuestInvoiceCard(props: {
  invoice: GuestInvoice;
  state: GuestInvoiceState;
  detail: SelectedInvoiceDetail;
  readOnly: boolean;
  reasonShown: boolean;
  errors: AmountErrors;
  onAmountChange: (amount: string) => void;
  onReasonChange: (reason: string) => void;
  onCommentChange: (comment: string) => void;
}) {
  const { invoice, detail, errors } = props;
  const { t, i18n } = useTranslation();
  const { document } = invoice;
  const currency = document.currency_key;
  const number = withoutLeadingZeros(document.billing_document_number || document.document_number_finance);
  const credit = isCreditAmount(document.open_amount);
  const money = (amount: string) =>
    formatMoney(amount, currency, i18n.language, { decimals: invoice.currency_decimals });
  const reason = invoice.reason_codes.find((code) => code.reason_code === detail.reason);
  const payable = props.state === 'payable';

  return (
    <Paper withBorder p="md" component="section" aria-labelledby="guest-invoice-title" data-testid="guest-invoice">
      <Stack gap="md">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Text fw={700} component="h2" size="lg" m={0} id="guest-invoice-title">
            {t('guest-payment.invoice.title', { number })}
          </Text>
          <Text fw={700} size="lg" data-testid="guest-open-amount">
            {t(credit ? 'guest-payment.invoice.credit' : 'guest-payment.invoice.open')}: {money(document.open_amount)}
          </Text>
        </Group>
        <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
          <Field label={t('guest-payment.invoice.posting_date')} value={formatDate(document.document_date)} />
          <Field label={t('guest-payment.invoice.due_date')} value={formatDate(document.due_date)} />
          <Field label={t('guest-payment.invoice.sold_to')} value={withoutLeadingZeros(document.soldto_number)} />
          <Field
            label={t('guest-payment.invoice.reference')}
            value={withoutLeadingZeros(document.reference_number || document.billing_document_number)}
          />
        </SimpleGrid>
        {props.state === 'nothing_open' && (
          <Alert color="yellow" role="status" data-testid="guest-invoice-warning">
            {t('validation.payment.credit_amount_validation')}
          </Alert>
        )}
        {props.state === 'currency' && (
          <Alert color="yellow" role="status" data-testid="guest-invoice-warning">
            {t('validation.guest.currency_not_supported', { currency: guestPaymentCurrency })}
          </Alert>
        )}
        {payable && showsPayAmount(invoice) && (
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
            <TextInput
              label={t('guest-payment.invoice.pay_amount')}
              leftSection={<span aria-hidden>{currencySymbol(currency, i18n.language)}</span>}
              value={detail.amount}
              inputMode="decimal"
              autoComplete="off"
              readOnly={props.readOnly}
              onKeyDown={preventExponentKey}
              onChange={(event) => props.onAmountChange(event.currentTarget.value)}
              error={detail.amountValidation ? t(detail.amountValidation) : errors.amount_to_process}
              required
              data-testid="guest-pay-amount"
            />
            {props.reasonShown && (
              <NativeSelect
                label={t('guest-payment.invoice.reason')}
                data={[
                  { value: '', label: t('guest-payment.invoice.reason_placeholder'), disabled: true },
                  ...invoice.reason_codes.map((code) => ({
                    value: code.reason_code,
                    label: `${code.reason_code} - ${code.description}`,
                  })),
                ]}
                value={detail.reason}
                onChange={(event) => props.onReasonChange(event.currentTarget.value)}
                error={errors.reason_code}
                required
              />
            )}
            {props.reasonShown && (
              <TextInput
                label={t('guest-payment.invoice.comment')}
                value={detail.comment}
                maxLength={250}
                required={reason?.comments_required === 'X'}
                onChange={(event) => props.onCommentChange(event.currentTarget.value)}
                error={errors.comment}
              />
            )}
          </SimpleGrid>
        )}
      </Stack>
    </Paper>
  );
}

function Field({ label, value }: { label: string; value: string }) {
  return (
    <Stack gap={0}>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fw={500} style={{ overflowWrap: 'anywhere' }}>
        {value || '—'}
      </Text>
    </Stack>
  );
}
