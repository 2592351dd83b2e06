// Card rules of spec §5 (Card) and §9, shared by the portal's card form, the sandbox gateway's hosted frame and
// the server: pure functions, no I/O. Messages are keys of packages/i18n (validation.card.*).

export type CardBrand = 'VISA' | 'MC' | 'AMEX';
export type PaymentCardType = CardBrand | 'EC';

export const cardBrands: readonly CardBrand[] = ['VISA', 'MC', 'AMEX'];

/** spec §9: at most 16 digits (19 characters with the spaces between groups of four). */
export const CARD_NUMBER_MAX_DIGITS = 16;
export const CARD_NUMBER_MAX_LENGTH = 19;
/** spec §9: the expiry year list is the current year and the next 11 (12 choices). */
export const EXPIRY_YEAR_CHOICES = 12;

export const onlyDigits = (value: string): string => value.replace(/\D/g, '');

/** The Luhn (mod 10) check of a card number; false for anything that is not 12-19 digits. */
export function passesLuhn(number: string): boolean {
  if (!/^\d{12,19}$/.test(number)) return false;
  let sum = 0;
  let double = false;
  for (let i = number.length - 1; i >= 0; i--) {
    let digit = number.charCodeAt(i) - 48;
    if (double) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
    double = !double;
  }
  return sum % 10 === 0;
}

/**
 * The brand by prefix and length: Visa 4 (13 or 16 digits), Mastercard 51-55 and 2221-2720 (16), American
 * Express 34 and 37 (15). Anything else is not a brand the portal takes.
 */
export function detectCardBrand(number: string): CardBrand | null {
  const digits = onlyDigits(number);
  if (/^4/.test(digits) && (digits.length === 13 || digits.length === 16)) return 'VISA';
  if (digits.length === 16) {
    const two = Number(digits.slice(0, 2));
    const four = Number(digits.slice(0, 4));
    if ((two >= 51 && two <= 55) || (four >= 2221 && four <= 2720)) return 'MC';
  }
  if (/^3[47]/.test(digits) && digits.length === 15) return 'AMEX';
  return null;
}

/** spec §5: 3 digits for Visa and Mastercard, 4 for American Express. */
export const cvvLength = (brand: CardBrand): number => (brand === 'AMEX' ? 4 : 3);

export function isValidCvv(cvv: string, brand: CardBrand): boolean {
  return /^\d+$/.test(cvv) && cvv.length === cvvLength(brand);
}

/** spec §5: displayed in groups of four, at most 16 digits. */
export function formatCardNumber(input: string): string {
  const digits = onlyDigits(input).slice(0, CARD_NUMBER_MAX_DIGITS);
  return digits.replace(/(\d{4})(?=\d)/g, '$1 ');
}

/** The card is valid through the last day of its expiry month. */
export function isExpiryValid(month: number, year: number, now: Date): boolean {
  if (!Number.isInteger(month) || month < 1 || month > 12 || !Number.isInteger(year)) return false;
  const thisYear = now.getUTCFullYear();
  const thisMonth = now.getUTCMonth() + 1;
  if (year > thisYear + 20) return false;
  return year > thisYear || (year === thisYear && month >= thisMonth);
}

/** spec §3: valid_to is MM-DD-YYYY at the end of the expiry month (leap years included). */
export function validTo(month: number, year: number): string {
  const lastDay = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return `${String(month).padStart(2, '0')}-${String(lastDay).padStart(2, '0')}-${year}`;
}

/** Month and year back from a valid_to (MM-DD-YYYY); null when it is not one. */
export function expiryOf(validToValue: string): { month: number; year: number } | null {
  const match = /^(\d{2})-\d{2}-(\d{4})$/.exec(validToValue);
  return match ? { month: Number(match[1]), year: Number(match[2]) } : null;
}

/** spec §9: the current year plus the next 11. */
export function expiryYears(now: Date): number[] {
  const first = now.getUTCFullYear();
  return Array.from({ length: EXPIRY_YEAR_CHOICES }, (_, i) => first + i);
}

export type FieldErrors<F extends string> = Partial<Record<F, string>>;

export type CardNumberFields = { card_type: string; card_number: string; card_validation_code: string };

/**
 * The number and CVV, as the hosted frame and the gateway check them (spec §5, in its order): required, a card
 * number (Luhn) of a brand we take and of the chosen type, then the CVV length of that brand.
 */
export function validateCardNumberAndCvv(form: CardNumberFields): FieldErrors<'card_number' | 'card_validation_code'> {
  const errors: FieldErrors<'card_number' | 'card_validation_code'> = {};
  const digits = onlyDigits(form.card_number);
  const brand = detectCardBrand(digits);
  if (!form.card_number.trim()) errors.card_number = 'validation.card.number_required';
  else if (/[^\d ]/.test(form.card_number) || digits.length > CARD_NUMBER_MAX_DIGITS || !passesLuhn(digits) || !brand)
    errors.card_number = 'validation.card.number_invalid';
  else if (form.card_type && brand !== form.card_type) errors.card_number = 'validation.card.brand_mismatch';
  const cvvBrand = brand ?? (cardBrands.includes(form.card_type as CardBrand) ? (form.card_type as CardBrand) : 'VISA');
  if (!form.card_validation_code) errors.card_validation_code = 'validation.card.cvv_required';
  else if (!isValidCvv(form.card_validation_code, cvvBrand))
    errors.card_validation_code = 'validation.card.cvv_invalid';
  return errors;
}

export type CardDetailsFields = { card_type: string; card_name: string; card_month: string; card_year: string };

/**
 * The portal side of the card form (type, name, expiry). The number and CVV are typed in the gateway's frame and
 * never reach the portal. spec §5: editing requires only the name, month and year.
 */
export function validateCardDetails(
  form: CardDetailsFields,
  options: { now: Date; editing?: boolean },
): FieldErrors<'card_type' | 'card_name' | 'card_month' | 'card_year'> {
  const errors: FieldErrors<'card_type' | 'card_name' | 'card_month' | 'card_year'> = {};
  if (!options.editing && !cardBrands.includes(form.card_type as CardBrand))
    errors.card_type = 'validation.card.type_required';
  if (!form.card_name.trim()) errors.card_name = 'validation.card.name_required';
  if (!form.card_month) errors.card_month = 'validation.card.month_required';
  if (!form.card_year) errors.card_year = 'validation.card.year_required';
  if (form.card_month && form.card_year && !isExpiryValid(Number(form.card_month), Number(form.card_year), options.now))
    errors.card_month = 'validation.card.expiry_invalid';
  return errors;
}

/**
 * spec §4: 3-D Secure is active when the provider says secure_3ds_enabled X and the company code is not
 * disable_3ds, except for American Express.
 */
export function isThreeDSecureActive(input: {
  secure3dsEnabled: boolean;
  companyCodeDisables3ds: boolean;
  cardType: PaymentCardType;
}): boolean {
  return input.secure3dsEnabled && !input.companyCodeDisables3ds && input.cardType !== 'AMEX';
}

/** spec §4: the 3-D Secure version sent for e-checks. */
export const ECHECK_THREEDS_VERSION = '2.1.0';

/**
 * spec §9: the card label uses the token segment between hyphens and the last four characters from position 6
 * of the token (tokens look like -E803-1111-XXXXXXXXXXXXXX).
 */
export function lastFourOfToken(token: string): string {
  return token.slice(6, 10);
}

/** "VISA 1111": how messages name a saved method (brand and the last four of its token). */
export function paymentMethodLabel(card: { payment_card_type: string; payment_card_token: string }): string {
  return `${card.payment_card_type} ${lastFourOfToken(card.payment_card_token)}`;
}
