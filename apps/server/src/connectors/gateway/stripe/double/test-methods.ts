// Stripe's own test cards, test PaymentMethods and test bank accounts (https://docs.stripe.com/testing), with the
// outcome each one has in test mode. Only numbers listed here approve: like Stripe's test mode, any other valid card
// number is declined as a live card, so a real card number typed into a test page never "works".

export type CardBrand = 'visa' | 'mastercard' | 'amex' | 'discover' | 'diners' | 'jcb' | 'unionpay' | 'unknown';

export type Decline = {
  code: string;
  declineCode: string;
  message: string;
};

export type CardBehaviour = {
  /** 'unless_set_up': asked on setup and on-session, not off-session once set up with authentication. */
  authentication: 'none' | 'always' | 'unless_set_up';
  /** The issuer's answer to a payment (after authentication when there is one). */
  decline: Decline | null;
  /** Whether a SetupIntent or an attach, which verify the card, fail with that decline too. */
  declineOnSetup: boolean;
  /** The cardholder disputes every payment that succeeds, shortly after (Stripe's 4000 0000 0000 0259). */
  dispute?: CardDispute;
};

/** A card dispute as Stripe's test cards open it: needing a response, the amount withdrawn at once. */
export type CardDispute = { reason: string; networkReasonCode: string };

/**
 * A bank debit that succeeded and came back: Stripe reports it as a dispute on the succeeded charge (status lost,
 * bank disputes cannot be contested), its reason one of Stripe's bank-debit reasons and the network's return code
 * (ACH R01…, SEPA MD06…) as its network_reason_code.
 */
export type DebitReturn = { reason: string; returnCode: string };

export type CardTestNumber = {
  brand: CardBrand;
  funding: 'credit' | 'debit' | 'prepaid';
  behaviour: CardBehaviour;
};

export type DebitFailure = {
  code: string;
  message: string;
  /** The network's return code (ACH R01…, SEPA AM04…), kept as the charge's outcome.network_decline_code. */
  returnCode: string;
  /** Failures that say the account cannot be debited again deactivate its mandate and block the method. */
  blockReason: 'bank_account_closed' | 'bank_account_invalid_details' | 'debit_not_authorized' | null;
};

export type DebitBehaviour = {
  failure: DebitFailure | null;
  /** Succeeds, then comes back at once as a dispute (Stripe's "succeeds, but a dispute is immediately created"). */
  returned?: DebitReturn;
};

const APPROVE: CardBehaviour = { authentication: 'none', decline: null, declineOnSetup: false };

const GENERIC_DECLINE: Decline = {
  code: 'card_declined',
  declineCode: 'generic_decline',
  message: 'Your card was declined.',
};
const INSUFFICIENT_FUNDS: Decline = {
  code: 'card_declined',
  declineCode: 'insufficient_funds',
  message: 'Your card has insufficient funds.',
};

function declines(decline: Decline, declineOnSetup = true): CardBehaviour {
  return { authentication: 'none', decline, declineOnSetup };
}

export const CARD_TEST_NUMBERS: Readonly<Record<string, CardTestNumber>> = {
  '4242424242424242': { brand: 'visa', funding: 'credit', behaviour: APPROVE },
  '4000056655665556': { brand: 'visa', funding: 'debit', behaviour: APPROVE },
  '5555555555554444': { brand: 'mastercard', funding: 'credit', behaviour: APPROVE },
  '2223003122003222': { brand: 'mastercard', funding: 'credit', behaviour: APPROVE },
  '5200828282828210': { brand: 'mastercard', funding: 'debit', behaviour: APPROVE },
  '5105105105105100': { brand: 'mastercard', funding: 'prepaid', behaviour: APPROVE },
  '378282246310005': { brand: 'amex', funding: 'credit', behaviour: APPROVE },
  '371449635398431': { brand: 'amex', funding: 'credit', behaviour: APPROVE },
  '6011111111111117': { brand: 'discover', funding: 'credit', behaviour: APPROVE },
  '3566002020360505': { brand: 'jcb', funding: 'credit', behaviour: APPROVE },
  '6200000000000005': { brand: 'unionpay', funding: 'credit', behaviour: APPROVE },
  '4000000000000002': { brand: 'visa', funding: 'credit', behaviour: declines(GENERIC_DECLINE) },
  '4000000000009995': { brand: 'visa', funding: 'credit', behaviour: declines(INSUFFICIENT_FUNDS) },
  '4000000000009987': {
    brand: 'visa',
    funding: 'credit',
    behaviour: declines({ code: 'card_declined', declineCode: 'lost_card', message: 'Your card was declined.' }),
  },
  '4000000000009979': {
    brand: 'visa',
    funding: 'credit',
    behaviour: declines({ code: 'card_declined', declineCode: 'stolen_card', message: 'Your card was declined.' }),
  },
  '4000000000000069': {
    brand: 'visa',
    funding: 'credit',
    behaviour: declines({ code: 'expired_card', declineCode: 'expired_card', message: 'Your card has expired.' }),
  },
  '4000000000000127': {
    brand: 'visa',
    funding: 'credit',
    behaviour: declines({
      code: 'incorrect_cvc',
      declineCode: 'incorrect_cvc',
      message: "Your card's security code is incorrect.",
    }),
  },
  '4000000000000119': {
    brand: 'visa',
    funding: 'credit',
    behaviour: declines({
      code: 'processing_error',
      declineCode: 'processing_error',
      message: 'An error occurred while processing your card. Try again in a little bit.',
    }),
  },
  // Attaching succeeds, charging fails: the card to test a saved card that stops working.
  '4000000000000341': { brand: 'visa', funding: 'credit', behaviour: declines(GENERIC_DECLINE, false) },
  '4000002760003184': {
    brand: 'visa',
    funding: 'credit',
    behaviour: { authentication: 'always', decline: null, declineOnSetup: false },
  },
  '4000002500003155': {
    brand: 'visa',
    funding: 'credit',
    behaviour: { authentication: 'unless_set_up', decline: null, declineOnSetup: false },
  },
  '4000000000003220': {
    brand: 'visa',
    funding: 'credit',
    behaviour: { authentication: 'unless_set_up', decline: null, declineOnSetup: false },
  },
  '4000008260003178': {
    brand: 'visa',
    funding: 'credit',
    behaviour: { authentication: 'always', decline: INSUFFICIENT_FUNDS, declineOnSetup: false },
  },
  // "The charge succeeds, only to be disputed as fraudulent" (docs.stripe.com/testing#disputes).
  '4000000000000259': {
    brand: 'visa',
    funding: 'credit',
    behaviour: { ...APPROVE, dispute: { reason: 'fraudulent', networkReasonCode: '10.4' } },
  },
};

export const LIVE_CARD_IN_TEST_MODE: CardBehaviour = declines({
  code: 'card_declined',
  declineCode: 'test_mode_live_card',
  message:
    'Your card was declined. Your request was in test mode, but used a non test (live) card. For a list of valid test cards, visit: https://stripe.com/docs/testing.',
});

export type TestPaymentMethod =
  { type: 'card'; number: string } | { type: 'us_bank_account'; routingNumber: string; accountNumber: string };

// Stripe's test PaymentMethod ids: each use creates a fresh `pm_…` from the card or account behind the id.
export const TEST_PAYMENT_METHODS: Readonly<Record<string, TestPaymentMethod>> = {
  pm_card_visa: { type: 'card', number: '4242424242424242' },
  pm_card_visa_debit: { type: 'card', number: '4000056655665556' },
  pm_card_mastercard: { type: 'card', number: '5555555555554444' },
  pm_card_mastercard_debit: { type: 'card', number: '5200828282828210' },
  pm_card_mastercard_prepaid: { type: 'card', number: '5105105105105100' },
  pm_card_amex: { type: 'card', number: '371449635398431' },
  pm_card_discover: { type: 'card', number: '6011111111111117' },
  pm_card_jcb: { type: 'card', number: '3566002020360505' },
  pm_card_unionpay: { type: 'card', number: '6200000000000005' },
  pm_card_chargeDeclined: { type: 'card', number: '4000000000000002' },
  pm_card_chargeDeclinedInsufficientFunds: { type: 'card', number: '4000000000009995' },
  pm_card_chargeDeclinedLostCard: { type: 'card', number: '4000000000009987' },
  pm_card_chargeDeclinedStolenCard: { type: 'card', number: '4000000000009979' },
  pm_card_chargeDeclinedExpiredCard: { type: 'card', number: '4000000000000069' },
  pm_card_chargeDeclinedIncorrectCvc: { type: 'card', number: '4000000000000127' },
  pm_card_chargeDeclinedProcessingError: { type: 'card', number: '4000000000000119' },
  pm_card_chargeCustomerFail: { type: 'card', number: '4000000000000341' },
  pm_card_authenticationRequired: { type: 'card', number: '4000002760003184' },
  pm_card_threeDSecure2Required: { type: 'card', number: '4000002500003155' },
  pm_card_authenticationRequiredChargeDeclinedInsufficientFunds: { type: 'card', number: '4000008260003178' },
  pm_card_createDispute: { type: 'card', number: '4000000000000259' },
  pm_usBankAccount: { type: 'us_bank_account', routingNumber: '110000000', accountNumber: '000123456789' },
  pm_usBankAccount_success: { type: 'us_bank_account', routingNumber: '110000000', accountNumber: '000123456789' },
  pm_usBankAccount_accountClosed: {
    type: 'us_bank_account',
    routingNumber: '110000000',
    accountNumber: '000111111113',
  },
  pm_usBankAccount_noAccount: { type: 'us_bank_account', routingNumber: '110000000', accountNumber: '000111111116' },
  pm_usBankAccount_insufficientFunds: {
    type: 'us_bank_account',
    routingNumber: '110000000',
    accountNumber: '000222222227',
  },
  pm_usBankAccount_debitNotAuthorized: {
    type: 'us_bank_account',
    routingNumber: '110000000',
    accountNumber: '000333333335',
  },
  pm_usBankAccount_dispute: { type: 'us_bank_account', routingNumber: '110000000', accountNumber: '000555555559' },
};

export const TEST_ROUTING_NUMBER = '110000000';

const ACH_ACCOUNTS: Readonly<Record<string, DebitFailure>> = {
  '000111111113': {
    code: 'account_closed',
    message: "The customer's bank account has been closed.",
    returnCode: 'R02',
    blockReason: 'bank_account_closed',
  },
  '000111111116': {
    code: 'no_account',
    message: "The customer's bank account could not be located.",
    returnCode: 'R03',
    blockReason: 'bank_account_invalid_details',
  },
  '000222222227': {
    code: 'insufficient_funds',
    message: "The customer's account has insufficient funds to cover this payment.",
    returnCode: 'R01',
    blockReason: null,
  },
  '000333333335': {
    code: 'debit_not_authorized',
    message: 'The customer has notified their bank that this payment was unauthorized.',
    returnCode: 'R10',
    blockReason: 'debit_not_authorized',
  },
};

const SEPA_IBANS: Readonly<Record<string, DebitFailure>> = {
  DE62370400440532013001: {
    code: 'insufficient_funds',
    message: "The customer's account has insufficient funds to cover this payment.",
    returnCode: 'AM04',
    blockReason: null,
  },
};

// Stripe's test account "The payment triggers a dispute" (docs.stripe.com/payments/ach-direct-debit/accept-a-payment
// #test-account-numbers), and its SEPA IBAN "processing to succeeded, but a dispute is immediately created": what a
// debit returned after it succeeded looks like at Stripe. The reasons and codes are the double's choice (Stripe's
// documentation does not give them): an ACH return for insufficient funds (R01), a SEPA refund request (MD06).
const ACH_RETURNS: Readonly<Record<string, DebitReturn>> = {
  '000555555559': { reason: 'insufficient_funds', returnCode: 'R01' },
};

const SEPA_RETURNS: Readonly<Record<string, DebitReturn>> = {
  DE35370400440532013002: { reason: 'customer_initiated', returnCode: 'MD06' },
};

/** The return codes that say the account cannot be debited again under its mandate (closed, unknown, revoked). */
export const MANDATE_ENDING_RETURN_CODES: readonly string[] = [
  'R02',
  'R03',
  'R04',
  'R07',
  'R10',
  'R16',
  'R20',
  'R29',
  'AC01',
  'AC04',
  'AC06',
  'MD01',
];

export function achBehaviour(accountNumber: string): DebitBehaviour {
  const returned = ACH_RETURNS[accountNumber];
  return { failure: ACH_ACCOUNTS[accountNumber] ?? null, ...(returned ? { returned } : {}) };
}

export function sepaBehaviour(iban: string): DebitBehaviour {
  const returned = SEPA_RETURNS[iban];
  return { failure: SEPA_IBANS[iban] ?? null, ...(returned ? { returned } : {}) };
}

export function cardTestNumber(number: string): CardTestNumber {
  return (
    CARD_TEST_NUMBERS[number] ?? { brand: detectBrand(number), funding: 'credit', behaviour: LIVE_CARD_IN_TEST_MODE }
  );
}

export function detectBrand(number: string): CardBrand {
  if (/^4/.test(number)) return 'visa';
  if (/^(5[1-5]|222[1-9]|22[3-9]\d|2[3-6]\d\d|27[01]\d|2720)/.test(number)) return 'mastercard';
  if (/^3[47]/.test(number)) return 'amex';
  if (/^(6011|65|64[4-9])/.test(number)) return 'discover';
  if (/^(36|30[0-5]|38|39)/.test(number)) return 'diners';
  if (/^35/.test(number)) return 'jcb';
  if (/^62/.test(number)) return 'unionpay';
  return 'unknown';
}

export function passesLuhn(number: string): boolean {
  let sum = 0;
  for (let index = 0; index < number.length; index += 1) {
    let digit = Number(number[number.length - 1 - index]);
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return number.length > 0 && sum % 10 === 0;
}

/** The ABA checksum (3-7-1 weights) every US routing number carries. */
export function isValidRoutingNumber(routing: string): boolean {
  if (!/^\d{9}$/.test(routing)) return false;
  const weights = [3, 7, 1, 3, 7, 1, 3, 7, 1];
  const sum = weights.reduce((total, weight, index) => total + weight * Number(routing[index]), 0);
  return sum % 10 === 0;
}

/** ISO 13616: the country's length is not checked, the mod-97 check digits are. */
export function isValidIban(iban: string): boolean {
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{10,30}$/.test(iban)) return false;
  const rearranged = iban.slice(4) + iban.slice(0, 4);
  let remainder = 0;
  for (const char of rearranged) {
    const value = /\d/.test(char) ? char : String(char.charCodeAt(0) - 55);
    for (const digit of value) remainder = (remainder * 10 + Number(digit)) % 97;
  }
  return remainder === 1;
}

/** The bank code inside an IBAN, for the countries whose layout the double knows (others: null, as Stripe may). */
export function ibanBankCode(iban: string): string | null {
  const layouts: Record<string, [number, number]> = { DE: [4, 12], AT: [4, 9], FR: [4, 9], NL: [4, 8], ES: [4, 8] };
  const layout = layouts[iban.slice(0, 2)];
  return layout ? iban.slice(layout[0], layout[1]) : null;
}
