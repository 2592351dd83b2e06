// One selected invoice on the pay page (spec §2, §3 per-selected-invoice detail, §5 pay amount): its amount to pay
// (the letter e cannot be typed; read-only for credits and when neither partial nor over payment is allowed), reason
// (codes of the company code with payment type O) and comment.
import { Group, Paper, Select, SimpleGrid, Text, TextInput } from '@mantine/core';
import type { ReasonCodeSetting } from '@portal/domain';
import { useTranslation } from 'react-i18next';
import { preventExponentKey } from '../../../lib/amount-input';
import { withoutLeadingZeros } from '../../../lib/account-selection';
import { formatDate } from '../../../lib/format-date';
import { formatMoney } from '@portal/domain';
import type { PayLine } from '../utils/pay-form';

export function InvoicePayBlock(props: {
  line: PayLine;
  currency: string;
  decimals: number;
  readOnly: boolean;
  reasonCodes: readonly ReasonCodeSetting[];
  onAmountChange: (amount: string) => void;
  onReasonChange: (reason: string) => void;
  onCommentChange: (comment: string) => void;
}) {
  const { line, currency, decimals, reasonCodes } = props;
  const { t, i18n } = useTranslation();
  const { document, detail } = line;
  const number = withoutLeadingZeros(document.billing_document_number || document.document_number_finance);
  const isCredit = document.open_amount.trim().startsWith('-');
  const reason = reasonCodes.find((code) => code.reason_code === detail.reason);
  const money = (amount: string) => formatMoney(amount, currency, i18n.language, { decimals });

  return (
    <Paper withBorder p="md" data-testid="pay-invoice-block">
      <Group justify="space-between" mb="sm" wrap="wrap">
        <Text fw={700} component="h2" size="lg" m={0}>
          {t(isCredit ? 'payments.pay.credit_number' : 'payments.pay.invoice_number', { number })}
        </Text>
        <Group gap="lg">
          <Text size="sm">
            {t('payments.pay.due_date')}: {formatDate(document.due_date)}
          </Text>
          <Text size="sm">
            {t(isCredit ? 'payments.pay.credit_amount' : 'payments.pay.open_amount')}: {money(document.open_amount)}
          </Text>
        </Group>
      </Group>
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
        <TextInput
          label={t('payments.pay.amount_to_pay', { currency })}
          value={detail.amount}
          inputMode="decimal"
          readOnly={props.readOnly}
          onKeyDown={preventExponentKey}
          onChange={(event) => props.onAmountChange(event.currentTarget.value)}
          error={detail.amountValidation ? t(detail.amountValidation) : undefined}
        />
        <Select
          label={t('payments.pay.reason')}
          placeholder={t('payments.pay.reason_placeholder')}
          data={reasonCodes.map((code) => ({
            value: code.reason_code,
            label: `${code.reason_code} - ${code.description}`,
          }))}
          value={detail.reason || null}
          onChange={(value) => props.onReasonChange(value ?? '')}
          clearable
          comboboxProps={{ withinPortal: true }}
        />
        <TextInput
          label={t('payments.pay.comment')}
          value={detail.comment}
          maxLength={250}
          required={reason?.comments_required === 'X'}
          onChange={(event) => props.onCommentChange(event.currentTarget.value)}
        />
      </SimpleGrid>
    </Paper>
  );
}
