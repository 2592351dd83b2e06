// Turns what a caller sends for a payment method (a test id like pm_card_visa, an existing pm_…, or raw
// payment_method_data from Stripe.js) into a stored PaymentMethod. Raw numbers are validated as Stripe validates
// them and then dropped: only the brand, last four, expiry, funding, bank identifiers and a fingerprint are kept,
// and no error, log or response ever carries a card number, CVC, account number or IBAN.
import type Stripe from 'stripe';
import { cardError, invalidRequest, missingParam, noSuch } from './double-errors';
import { fingerprint } from './double-ids';
import {
  EMPTY_BILLING_DETAILS,
  buildCardPaymentMethod,
  buildSepaDebitPaymentMethod,
  buildUsBankAccountPaymentMethod,
  type BillingDetails,
} from './double-objects';
import type { CallContext, DoubleContext } from './double-context';
import type { PaymentMethodRecord } from './double-store';
import { SUPPORTED_METHOD_TYPES } from './method-types';
import { echo, type Params } from './request-params';
import {
  TEST_PAYMENT_METHODS,
  TEST_ROUTING_NUMBER,
  achBehaviour,
  cardTestNumber,
  ibanBankCode,
  isValidIban,
  isValidRoutingNumber,
  passesLuhn,
  sepaBehaviour,
  type TestPaymentMethod,
} from './test-methods';

export type ResolvedMethod = { record: PaymentMethodRecord; fromTestId: boolean };

/** A test id gives a fresh `pm_…` each time it is used, as on Stripe; any other id must exist. */
export function resolvePaymentMethod(ctx: DoubleContext, id: string, param: string): ResolvedMethod {
  const test = TEST_PAYMENT_METHODS[id];
  if (test) return { record: createFromTestMethod(ctx, test), fromTestId: true };
  const record = ctx.store.paymentMethods.get(id);
  if (!record) throw noSuch('PaymentMethod', id, { param, inPath: false });
  return { record, fromTestId: false };
}

function createFromTestMethod(ctx: DoubleContext, test: TestPaymentMethod): PaymentMethodRecord {
  const created = ctx.now();
  const common = { created, billing: EMPTY_BILLING_DETAILS, metadata: {} };
  if (test.type === 'card') {
    const known = cardTestNumber(test.number);
    const today = new Date(created * 1000);
    const object = buildCardPaymentMethod(ctx.fixtures, common, {
      brand: known.brand,
      funding: known.funding,
      last4: test.number.slice(-4),
      expMonth: today.getUTCMonth() + 1,
      expYear: today.getUTCFullYear() + 1,
      fingerprint: fingerprint('card', test.number),
      cvcCheck: null,
    });
    return store(ctx, { object, card: known.behaviour, debit: null });
  }
  const object = buildUsBankAccountPaymentMethod(
    ctx.fixtures,
    { ...common, billing: { ...EMPTY_BILLING_DETAILS, name: 'Jenny Rosen' } },
    {
      accountHolderType: 'individual',
      accountType: 'checking',
      bankName: 'STRIPE TEST BANK',
      routingNumber: test.routingNumber,
      last4: test.accountNumber.slice(-4),
      fingerprint: fingerprint('us_bank_account', `${test.routingNumber}:${test.accountNumber}`),
    },
  );
  return store(ctx, { object, card: null, debit: achBehaviour(test.accountNumber) });
}

/** `payment_method_data[…]` (confirm) or the body of POST /v1/payment_methods. */
export function createFromData(
  ctx: DoubleContext,
  call: CallContext,
  data: Params,
  alsoAllowed: readonly string[] = [],
): PaymentMethodRecord {
  data.allowOnly([
    'type',
    'card',
    'us_bank_account',
    'sepa_debit',
    'billing_details',
    'metadata',
    'allow_redisplay',
    ...alsoAllowed,
  ]);
  const type = data.string('type');
  if (type === undefined) throw missingParam(data.name('type'));
  if (!(SUPPORTED_METHOD_TYPES as readonly string[]).includes(type)) {
    throw invalidRequest(
      `The payment method type "${echo(type)}" is not supported by the Stripe double (it knows ${SUPPORTED_METHOD_TYPES.join(', ')}).`,
      { param: data.name('type') },
    );
  }
  const common = { created: ctx.now(), billing: billingDetails(data), metadata: data.metadata() ?? {} };
  if (type === 'card') return createCard(ctx, call, data, common);
  if (type === 'us_bank_account') return createUsBankAccount(ctx, data, common);
  return createSepaDebit(ctx, data, common);
}

type Common = { created: number; billing: BillingDetails; metadata: Record<string, string> };

function createCard(ctx: DoubleContext, call: CallContext, data: Params, common: Common): PaymentMethodRecord {
  const card = data.object('card');
  if (!card) throw missingParam(data.name('card'));
  card.allowOnly(['number', 'exp_month', 'exp_year', 'cvc', 'networks']);
  // Stripe's own refusal: raw card numbers come from Stripe.js (publishable key), never from a server.
  if (!call.publishable) {
    throw invalidRequest(
      'Sending credit card numbers directly to the Stripe API is generally unsafe. We suggest you use test tokens that map to the test card you are using, see https://stripe.com/docs/testing. To enable testing raw card data APIs, see https://support.stripe.com/questions/enabling-access-to-raw-card-data-apis.',
      { param: card.name('number') },
    );
  }
  const number = (card.string('number') ?? '').replace(/[\s-]/g, '');
  if (number === '') throw missingParam(card.name('number'));
  if (!/^\d{12,19}$/.test(number)) {
    throw cardError('Your card number is invalid.', { code: 'invalid_number', param: card.name('number') });
  }
  if (!passesLuhn(number)) {
    throw cardError('Your card number is incorrect.', { code: 'incorrect_number', param: card.name('number') });
  }
  const known = cardTestNumber(number);
  const expiry = readExpiry(ctx, card);
  const cvc = card.string('cvc');
  if (cvc === undefined) {
    throw invalidRequest("Your card's security code is incomplete.", {
      code: 'incomplete_cvc',
      param: card.name('cvc'),
    });
  }
  if (!(known.brand === 'amex' ? /^\d{4}$/ : /^\d{3}$/).test(cvc)) {
    throw cardError("Your card's security code is invalid.", { code: 'invalid_cvc', param: card.name('cvc') });
  }
  const object = buildCardPaymentMethod(ctx.fixtures, common, {
    brand: known.brand,
    funding: known.funding,
    last4: number.slice(-4),
    expMonth: expiry.month,
    expYear: expiry.year,
    fingerprint: fingerprint('card', number),
    cvcCheck: 'pass',
  });
  return store(ctx, { object, card: known.behaviour, debit: null });
}

function readExpiry(ctx: DoubleContext, card: Params): { month: number; year: number } {
  if (!card.has('exp_month')) throw missingParam(card.name('exp_month'));
  if (!card.has('exp_year')) throw missingParam(card.name('exp_year'));
  const monthText = card.string('exp_month') ?? '';
  const yearText = card.string('exp_year') ?? '';
  const month = /^\d{1,2}$/.test(monthText) ? Number(monthText) : NaN;
  if (!(month >= 1 && month <= 12)) {
    throw cardError("Your card's expiration month is invalid.", {
      code: 'invalid_expiry_month',
      param: card.name('exp_month'),
    });
  }
  const today = new Date(ctx.now() * 1000);
  const yearNumber = /^\d{2}$|^\d{4}$/.test(yearText) ? Number(yearText) : NaN;
  const year = yearNumber < 100 ? 2000 + yearNumber : yearNumber;
  if (!(year >= 1970 && year <= today.getUTCFullYear() + 50)) {
    throw cardError("Your card's expiration year is invalid.", {
      code: 'invalid_expiry_year',
      param: card.name('exp_year'),
    });
  }
  if (year < today.getUTCFullYear() || (year === today.getUTCFullYear() && month < today.getUTCMonth() + 1)) {
    throw cardError('Your card has expired.', { code: 'expired_card', param: card.name('exp_year') });
  }
  return { month, year };
}

function createUsBankAccount(ctx: DoubleContext, data: Params, common: Common): PaymentMethodRecord {
  const account = data.object('us_bank_account');
  if (!account) throw missingParam(data.name('us_bank_account'));
  account.allowOnly([
    'routing_number',
    'account_number',
    'account_holder_type',
    'account_type',
    'financial_connections_account',
  ]);
  if (account.has('financial_connections_account')) {
    throw invalidRequest(
      'The Stripe double does not reproduce Financial Connections: send the routing and account numbers.',
      {
        param: account.name('financial_connections_account'),
      },
    );
  }
  const routing = account.requiredString('routing_number');
  const number = account.requiredString('account_number');
  if (!isValidRoutingNumber(routing)) {
    throw invalidRequest('Routing number must have 9 digits and a valid checksum.', {
      code: 'routing_number_invalid',
      param: account.name('routing_number'),
    });
  }
  if (!/^\d{4,17}$/.test(number)) {
    throw invalidRequest('Your bank account number must be 4 to 17 digits.', {
      code: 'account_number_invalid',
      param: account.name('account_number'),
    });
  }
  if (!common.billing.name) throw missingParam(`${data.name('billing_details')}[name]`);
  const object = buildUsBankAccountPaymentMethod(ctx.fixtures, common, {
    accountHolderType: account.oneOf('account_holder_type', ['individual', 'company'] as const) ?? 'individual',
    accountType: account.oneOf('account_type', ['checking', 'savings'] as const) ?? 'checking',
    bankName: routing === TEST_ROUTING_NUMBER ? 'STRIPE TEST BANK' : 'TEST BANK',
    routingNumber: routing,
    last4: number.slice(-4),
    fingerprint: fingerprint('us_bank_account', `${routing}:${number}`),
  });
  return store(ctx, { object, card: null, debit: achBehaviour(number) });
}

function createSepaDebit(ctx: DoubleContext, data: Params, common: Common): PaymentMethodRecord {
  const account = data.object('sepa_debit');
  if (!account) throw missingParam(data.name('sepa_debit'));
  account.allowOnly(['iban']);
  const iban = account.requiredString('iban').replace(/\s/g, '').toUpperCase();
  if (!isValidIban(iban)) {
    throw invalidRequest('The IBAN you entered is invalid.', {
      code: 'invalid_bank_account_iban',
      param: account.name('iban'),
    });
  }
  // SEPA mandates name the account holder and need an address to send pre-notifications to.
  if (!common.billing.name) throw missingParam(`${data.name('billing_details')}[name]`);
  if (!common.billing.email) throw missingParam(`${data.name('billing_details')}[email]`);
  const object = buildSepaDebitPaymentMethod(ctx.fixtures, common, {
    bankCode: ibanBankCode(iban),
    country: iban.slice(0, 2),
    last4: iban.slice(-4),
    fingerprint: fingerprint('sepa_debit', iban),
  });
  return store(ctx, { object, card: null, debit: sepaBehaviour(iban) });
}

function billingDetails(data: Params): BillingDetails {
  const details = data.object('billing_details');
  if (!details) return { ...EMPTY_BILLING_DETAILS };
  details.allowOnly(['name', 'email', 'phone', 'address', 'tax_id']);
  const address = details.object('address');
  address?.allowOnly(['city', 'country', 'line1', 'line2', 'postal_code', 'state']);
  return {
    name: details.string('name', { maxLength: 5000 }) ?? null,
    email: details.string('email', { maxLength: 800 }) ?? null,
    phone: details.string('phone', { maxLength: 5000 }) ?? null,
    tax_id: details.string('tax_id', { maxLength: 5000 }) ?? null,
    address: address ? readAddress(address) : null,
  };
}

export function readAddress(address: Params): Stripe.Address {
  return {
    city: address.string('city') ?? null,
    country: address.string('country') ?? null,
    line1: address.string('line1') ?? null,
    line2: address.string('line2') ?? null,
    postal_code: address.string('postal_code') ?? null,
    state: address.string('state') ?? null,
  };
}

function store(
  ctx: DoubleContext,
  fields: Pick<PaymentMethodRecord, 'object' | 'card' | 'debit'>,
): PaymentMethodRecord {
  const record: PaymentMethodRecord = { ...fields, authenticatedForOffSession: false, consumed: false, mandate: null };
  ctx.store.paymentMethods.set(record.object.id, record);
  return record;
}
