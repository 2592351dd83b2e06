// The payment section of the pay page (spec §2): totals, "Pay on" when the account may schedule (issue 29), "Pay
// with" (saved and session methods), CVV, the Manage payment methods toggle (composed in by the app), Pay, and the
// inline red text with the applicable maximum.
import { Button, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import type { PaymentCard } from '@portal/contracts';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PayWithFields } from '../../../components/ui/pay-with-fields';
import { payTotals, type PayLine } from '../utils/pay-form';

export function PaymentSection(props: {
  lines: PayLine[];
  decimals: number;
  money: (minor: bigint) => string;
  methods: PaymentCard[];
  method: PaymentCard | null;
  cvv: string;
  cvvRequired: boolean;
  maximum: string | null;
  payDisabled: boolean;
  submitting: boolean;
  impersonating: boolean;
  manageMethods: ReactNode;
  /** Issue 29: the Pay now / Pay on a date choice, when scheduling is offered. */
  payOn?: ReactNode;
  /** Why some methods are not offered (a payment on a date takes saved ones only). */
  methodsNote?: string;
  /** The button's text when it does not pay now. */
  payLabel?: string;
  onMethodChange: (token: string | null) => void;
  onCvvChange: (cvv: string) => void;
  onPay: () => void;
}) {
  const { t } = useTranslation();
  const { method, money } = props;
  const totals = payTotals(props.lines, props.decimals);

  return (
    <Stack gap="md">
      <Text fw={700} component="h2" size="lg" m={0}>
        {t('payments.section.title')}
      </Text>
      <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
        <Total label={t('payments.section.invoices_total')} value={money(totals.invoices)} />
        <Total label={t('payments.section.credits_total')} value={money(totals.credits)} />
        <Total label={t('payments.section.pay_total')} value={money(totals.pay)} strong testId="pay-total" />
      </SimpleGrid>
      {props.payOn}
      <PayWithFields
        methods={props.methods}
        method={method}
        cvv={props.cvv}
        cvvRequired={props.cvvRequired}
        onMethodChange={props.onMethodChange}
        onCvvChange={props.onCvvChange}
      />
      {props.methodsNote && (
        <Text size="sm" data-testid="pay-methods-note">
          {props.methodsNote}
        </Text>
      )}
      {props.methods.length === 0 && <Text size="sm">{t('payments.section.add_hint')}</Text>}
      {props.manageMethods}
      <Stack gap={4} align="flex-start">
        <Group>
          <Button
            size="md"
            onClick={props.onPay}
            disabled={props.payDisabled}
            loading={props.submitting}
            data-testid="pay-button"
          >
            {props.payLabel ?? t('payments.section.pay')}
          </Button>
        </Group>
        {props.impersonating && <Text size="sm">{t('payments.section.impersonating')}</Text>}
        {props.maximum && (
          <Text size="sm" c="red.8" data-testid="pay-maximum">
            {t(
              method?.payment_card_type === 'EC' ? 'payments.section.maximum_echeck' : 'payments.section.maximum_card',
              {
                amount: props.maximum,
              },
            )}
          </Text>
        )}
      </Stack>
    </Stack>
  );
}

function Total({ label, value, strong, testId }: { label: string; value: string; strong?: boolean; testId?: string }) {
  return (
    <Stack gap={0}>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fw={strong ? 700 : 500} size={strong ? 'xl' : 'md'} data-testid={testId}>
        {value}
      </Text>
    </Stack>
  );
}
