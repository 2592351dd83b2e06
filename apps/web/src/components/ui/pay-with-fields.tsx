// "Pay with" (saved and session methods) and the CVV beside it (spec §2 payment section, deposits; §5 check 4: the
// CVV is asked for cards when cvv_use_control is 1). Shared by the invoice pay page and the deposit form.
import { PasswordInput, Select, SimpleGrid } from '@mantine/core';
import type { PaymentCard } from '@portal/contracts';
import { paymentMethodLabel } from '@portal/domain';
import { useTranslation } from 'react-i18next';

export function PayWithFields(props: {
  methods: PaymentCard[];
  method: PaymentCard | null;
  cvv: string;
  cvvRequired: boolean;
  onMethodChange: (token: string | null) => void;
  onCvvChange: (cvv: string) => void;
}) {
  const { t } = useTranslation();
  const { method } = props;
  const isCard = method !== null && method.payment_card_type !== 'EC';
  const label = (card: PaymentCard) =>
    [
      card.payment_card_name,
      paymentMethodLabel(card),
      card.is_session === 'X' ? t('payments.section.session_method') : '',
      card.default === 'X' ? t('payments.section.default_method') : '',
    ]
      .filter(Boolean)
      .join(' · ');

  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
      <Select
        label={t('payments.section.pay_with')}
        placeholder={t('payments.section.pay_with_placeholder')}
        nothingFoundMessage={t('payments.section.no_methods')}
        data={props.methods.map((card) => ({ value: card.payment_card_token, label: label(card) }))}
        value={method?.payment_card_token ?? null}
        onChange={props.onMethodChange}
        allowDeselect={false}
        comboboxProps={{ withinPortal: true }}
      />
      {isCard && props.cvvRequired && (
        <PasswordInput
          label={t('payments.section.cvv')}
          description={t('payments.section.cvv_hint')}
          // The hint below the field keeps the field level with "Pay with" beside it.
          inputWrapperOrder={['label', 'input', 'description', 'error']}
          value={props.cvv}
          inputMode="numeric"
          autoComplete="cc-csc"
          maxLength={4}
          onChange={(event) => props.onCvvChange(event.currentTarget.value.replace(/\D/g, ''))}
        />
      )}
    </SimpleGrid>
  );
}
