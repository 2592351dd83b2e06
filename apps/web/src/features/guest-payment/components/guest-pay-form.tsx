// The guest pay form (spec §3 Guest form: first name, last name, e-mail, plus the card fields; §5 Guest form): the
// card is typed in the payment provider's hosted frame (number and security code: the portal never sees them), with
// its type, name and expiry here, as when a signed-in user adds a card; then Pay. The CVV is typed once, in the
// frame (spec §5 check 4 is met there). Issue 36: with Stripe, Stripe's Payment Element takes number, expiry and
// security code and tells the brand: the type and expiry fields are not shown.
import { Button, Group, Paper, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { cardBrands, expiryYears } from '@portal/domain';
import type { AccessTokenResponse } from '@portal/contracts';
import type { Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { isStripeEntry, PaymentEntry, type PaymentEntryHandle } from '../../../components/ui/payment-entry';
import type { GuestCard, GuestPayer } from '../utils/guest-pay-request';

export type CardFields = { card_type: string; card_name: string; card_month: string; card_year: string };
export type PayFormField = keyof GuestPayer | keyof CardFields | 'frame';
/** Translated messages per field. */
export type PayFormErrors = Partial<Record<PayFormField, string>>;

const months = Array.from({ length: 12 }, (_, i) => String(i + 1).padStart(2, '0'));

type Props = {
  payer: GuestPayer;
  onPayerChange: (field: keyof GuestPayer, value: string) => void;
  cardFields: CardFields;
  onCardFieldChange: (field: keyof CardFields, value: string) => void;
  /** The provider's entry session for the card (null while it is asked for). */
  entry: AccessTokenResponse | null;
  frameRef: Ref<PaymentEntryHandle>;
  card: GuestCard | null;
  onChangeCard: () => void;
  errors: PayFormErrors;
  payLabel: string;
  payDisabled: boolean;
  submitting: boolean;
  onPay: () => void;
};

export function GuestPayForm({ frameRef, ...props }: Props) {
  const { t } = useTranslation();
  const { payer, cardFields, errors, card } = props;
  const years = expiryYears(new Date()).map(String);
  const providerEntry = isStripeEntry(props.entry);

  return (
    <Paper withBorder p="md" component="section" aria-labelledby="guest-pay-title">
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          props.onPay();
        }}
      >
        <Stack gap="md">
          <Text fw={700} component="h2" size="lg" m={0} id="guest-pay-title">
            {t('guest-payment.pay.title')}
          </Text>
          <Text fw={600} component="h3" size="md" m={0}>
            {t('guest-payment.pay.your_details')}
          </Text>
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
            <TextInput
              label={t('guest-payment.pay.first_name')}
              value={payer.first_name}
              onChange={(event) => props.onPayerChange('first_name', event.currentTarget.value)}
              error={errors.first_name}
              autoComplete="given-name"
              maxLength={80}
              required
            />
            <TextInput
              label={t('guest-payment.pay.last_name')}
              value={payer.last_name}
              onChange={(event) => props.onPayerChange('last_name', event.currentTarget.value)}
              error={errors.last_name}
              autoComplete="family-name"
              maxLength={80}
              required
            />
            <TextInput
              type="email"
              label={t('guest-payment.pay.email')}
              description={t('guest-payment.pay.email_hint')}
              inputWrapperOrder={['label', 'input', 'description', 'error']}
              value={payer.email}
              onChange={(event) => props.onPayerChange('email', event.currentTarget.value)}
              error={errors.email}
              autoComplete="email"
              maxLength={320}
              required
            />
          </SimpleGrid>
          <Text fw={600} component="h3" size="md" m={0}>
            {t('guest-payment.pay.card')}
          </Text>
          {card ? (
            <Group gap="md" data-testid="guest-card-ready">
              <Text fw={500}>
                {t('guest-payment.pay.card_ready', {
                  brand: t(`payment-methods.brands.${card.type}`),
                  last_four: card.lastFour,
                })}
              </Text>
              <Button variant="default" size="xs" onClick={props.onChangeCard} disabled={props.submitting}>
                {t('guest-payment.pay.change_card')}
              </Button>
            </Group>
          ) : (
            <Stack gap="sm">
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
                {!providerEntry && (
                  <Select
                    label={t('payment-methods.form.card_type')}
                    placeholder={t('payment-methods.form.select')}
                    data={cardBrands.map((brand) => ({ value: brand, label: t(`payment-methods.brands.${brand}`) }))}
                    value={cardFields.card_type || null}
                    onChange={(value) => props.onCardFieldChange('card_type', value ?? '')}
                    error={errors.card_type}
                    allowDeselect={false}
                    required
                  />
                )}
                <TextInput
                  label={t('payment-methods.form.card_name')}
                  value={cardFields.card_name}
                  onChange={(event) => props.onCardFieldChange('card_name', event.currentTarget.value)}
                  error={errors.card_name}
                  autoComplete="cc-name"
                  maxLength={80}
                  required
                />
              </SimpleGrid>
              {props.entry ? (
                <PaymentEntry
                  ref={frameRef}
                  session={props.entry}
                  title={t(providerEntry ? 'payment-methods.entry.card_title' : 'payment-methods.form.secure_entry')}
                  height={224}
                />
              ) : (
                <Text size="sm" c="dimmed">
                  {t('payment-methods.form.frame_loading')}
                </Text>
              )}
              {errors.frame && (
                <Text size="sm" c="red.8" role="alert">
                  {errors.frame}
                </Text>
              )}
              {!providerEntry && (
                <SimpleGrid cols={2} spacing="sm">
                  <Select
                    label={t('payment-methods.form.month')}
                    placeholder={t('payment-methods.form.select')}
                    data={months}
                    value={cardFields.card_month || null}
                    onChange={(value) => props.onCardFieldChange('card_month', value ?? '')}
                    error={errors.card_month}
                    allowDeselect={false}
                    required
                  />
                  <Select
                    label={t('payment-methods.form.year')}
                    placeholder={t('payment-methods.form.select')}
                    data={years}
                    value={cardFields.card_year || null}
                    onChange={(value) => props.onCardFieldChange('card_year', value ?? '')}
                    error={errors.card_year}
                    allowDeselect={false}
                    required
                  />
                </SimpleGrid>
              )}
            </Stack>
          )}
          <Group>
            <Button
              type="submit"
              size="md"
              disabled={props.payDisabled || props.submitting}
              loading={props.submitting}
              data-testid="guest-pay-button"
            >
              {props.payLabel}
            </Button>
          </Group>
          <Text size="sm" c="dimmed">
            {t('payments.pay.secure_note')}
          </Text>
        </Stack>
      </form>
    </Paper>
  );
}
