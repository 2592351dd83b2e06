// What the portal makes of a Stripe PaymentMethod: its token (from Stripe's fingerprint, so the same card or account
// has the same token for every payer account, as with the sandbox's vault: the ERP's errors 74 and 76 hold), the
// tokenised card of the spec (brand, last four, expiry; for a bank debit its account type and bank code), and the
// text of the mandate the payer accepted for a bank debit.
import { createHmac } from 'node:crypto';
import type { TokenizedPaymentCard } from '@portal/contracts';
import type Stripe from 'stripe';

const brandOfStripe: Record<string, TokenizedPaymentCard['payment_card_type']> = {
  visa: 'VISA',
  mastercard: 'MC',
  amex: 'AMEX',
};
const brandSegment: Record<TokenizedPaymentCard['payment_card_type'], string> = {
  VISA: 'VISA',
  MC: 'MCRD',
  AMEX: 'AMEX',
  EC: 'ECHK',
};
const base32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

export type StripeMethodType = 'card' | 'us_bank_account' | 'sepa_debit';

export type PortalMethod = { token: string; type: StripeMethodType; paymentCard: TokenizedPaymentCard };

/**
 * The portal's view of a PaymentMethod; null for what the portal does not take (a card brand the spec does not
 * know, another method type), which the entry then refuses.
 */
export function portalMethodOf(method: Stripe.PaymentMethod, tokenKey: string): PortalMethod | null {
  if (method.type === 'card' && method.card) {
    const brand = brandOfStripe[method.card.brand];
    if (!brand) return null;
    return {
      token: tokenOf(tokenKey, brand, method.card.fingerprint ?? method.id, method.card.last4),
      type: 'card',
      paymentCard: {
        payment_card_token: '',
        payment_card_type: brand,
        last_four: method.card.last4,
        expiration_month: String(method.card.exp_month).padStart(2, '0'),
        expiration_year: String(method.card.exp_year),
        electronic_check_account_type: '',
        electronic_check_rdfi_number: '',
      },
    };
  }
  if (method.type === 'us_bank_account' && method.us_bank_account) {
    const account = method.us_bank_account;
    const last4 = account.last4 ?? '0000';
    return {
      token: tokenOf(tokenKey, 'EC', account.fingerprint ?? method.id, last4),
      type: 'us_bank_account',
      paymentCard: echeck(last4, account.account_type === 'savings' ? 'S' : 'C', account.routing_number ?? ''),
    };
  }
  if (method.type === 'sepa_debit' && method.sepa_debit) {
    const account = method.sepa_debit;
    const last4 = account.last4 ?? '0000';
    return {
      token: tokenOf(tokenKey, 'EC', account.fingerprint ?? method.id, last4),
      type: 'sepa_debit',
      paymentCard: echeck(last4, 'C', account.bank_code ?? ''),
    };
  }
  return null;
}

function echeck(lastFour: string, accountType: 'C' | 'S', bank: string): TokenizedPaymentCard {
  return {
    payment_card_token: '',
    payment_card_type: 'EC',
    last_four: lastFour,
    expiration_month: '',
    expiration_year: '',
    electronic_check_account_type: accountType,
    electronic_check_rdfi_number: bank,
  };
}

/** The token format of the spec (-VISA-4242-…): the brand, the last four, and a keyed digest of the fingerprint. */
function tokenOf(key: string, brand: TokenizedPaymentCard['payment_card_type'], fingerprint: string, last4: string) {
  const mac = createHmac('sha256', key).update(`stripe|${brand}|${fingerprint}`).digest();
  let body = '';
  for (let i = 0; i < 16; i++) body += base32[mac[i]! % 32];
  return `-${brandSegment[brand]}-${last4}-${body}`;
}

/** The bank debit a currency is paid by: SEPA Direct Debit for euros, ACH Direct Debit otherwise (ADR 0031). */
export function bankDebitFor(currencyKey: string | undefined): StripeMethodType {
  return currencyKey === 'EUR' ? 'sepa_debit' : 'us_bank_account';
}

/**
 * The mandate text the payer is shown by Stripe's Payment Element (Stripe's published wording for each debit, with
 * the supplier's name) and the portal keeps with the method: Stripe's API gives the mandate's acceptance (time, IP,
 * user agent) but not its text, so the text kept is this one, the same the element shows.
 */
export function mandateText(type: StripeMethodType, merchant: string): string {
  if (type === 'sepa_debit')
    return (
      `By providing your payment information and confirming this payment, you authorise (A) ${merchant} and Stripe, ` +
      'our payment service provider, to send instructions to your bank to debit your account and (B) your bank to ' +
      'debit your account in accordance with those instructions. As part of your rights, you are entitled to a ' +
      'refund from your bank under the terms and conditions of your agreement with your bank. A refund must be ' +
      'claimed within 8 weeks starting from the date on which your account was debited. Your rights are explained ' +
      'in a statement that you can obtain from your bank. You agree to receive notifications for future debits up ' +
      'to 2 days before they occur.'
    );
  if (type === 'us_bank_account')
    return (
      `By providing your bank account details, you authorize ${merchant} to debit the bank account specified above ` +
      `for any amount owed for charges arising from your use of ${merchant}'s services and/or purchase of products ` +
      `from ${merchant}, pursuant to ${merchant}'s website and terms, until this authorization is revoked. You may ` +
      `amend or cancel this authorization at any time by providing notice to ${merchant} with 30 (thirty) days notice.`
    );
  return '';
}
