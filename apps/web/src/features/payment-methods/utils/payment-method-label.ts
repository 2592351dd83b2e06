import type { PaymentCard } from '@portal/contracts';
import { lastFourOfToken } from '@portal/domain';
import type { TFunction } from 'i18next';

/** "Visa ending 1111" (spec §9: last four from position 6 of the token). */
export function paymentMethodLabel(
  t: TFunction,
  card: Pick<PaymentCard, 'payment_card_type' | 'payment_card_token'>,
): string {
  return t('payment-methods.card_label', {
    brand: t(`payment-methods.brands.${card.payment_card_type}`),
    last_four: lastFourOfToken(card.payment_card_token),
  });
}

/** valid_to MM-DD-YYYY shown as MM/YYYY. */
export function expiryText(validTo: string): string {
  const match = /^(\d{2})-\d{2}-(\d{4})$/.exec(validTo);
  return match ? `${match[1]}/${match[2]}` : '';
}
