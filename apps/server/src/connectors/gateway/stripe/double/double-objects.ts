// Builds the double's objects from Stripe's fixtures. Each is a typed literal checked with `satisfies` against the
// SDK's own type, so a field Stripe does not have fails `tsc`, and every field that carries meaning is set here
// (the fixtures' placeholders, like `next_action: {type: 'type'}`, never reach a caller).
import type Stripe from 'stripe';
import { newClientSecret, newId, randomText } from './double-ids';
import type { StripeFixtures } from './stripe-fixtures';
import type { ThreeDSecureRequest } from './double-store';
import type { MethodTypes } from './method-types';

export type Address = Stripe.Address;
export type BillingDetails = Stripe.PaymentMethod.BillingDetails;

export const EMPTY_BILLING_DETAILS: BillingDetails = {
  address: null,
  email: null,
  name: null,
  phone: null,
  tax_id: null,
};

export type CustomerInput = {
  name: string | null;
  email: string | null;
  phone: string | null;
  description: string | null;
  metadata: Record<string, string>;
  address: Address | null;
  defaultPaymentMethod: string | null;
  preferredLocales: string[];
};

export function buildCustomer(fixtures: StripeFixtures, created: number, input: CustomerInput): Stripe.Customer {
  const base = fixtures.customer();
  return {
    ...base,
    id: newId('cus'),
    object: 'customer',
    address: input.address,
    balance: 0,
    created,
    currency: null,
    default_source: null,
    delinquent: false,
    description: input.description,
    discount: null,
    email: input.email,
    invoice_prefix: randomText(8).toUpperCase(),
    invoice_settings: {
      custom_fields: null,
      default_payment_method: input.defaultPaymentMethod,
      footer: null,
      rendering_options: null,
    },
    livemode: false,
    metadata: input.metadata,
    name: input.name,
    next_invoice_sequence: 1,
    phone: input.phone,
    preferred_locales: input.preferredLocales,
    shipping: null,
    tax_exempt: 'none',
    test_clock: null,
  } satisfies Stripe.Customer;
}

export type CardDetails = {
  brand: string;
  funding: string;
  last4: string;
  expMonth: number;
  expYear: number;
  fingerprint: string;
  /** 'pass' when a CVC was given and checked, null when none was (a saved test method). */
  cvcCheck: 'pass' | null;
};

type PaymentMethodCommon = { created: number; billing: BillingDetails; metadata: Record<string, string> };

function paymentMethodBase(fixtures: StripeFixtures, common: PaymentMethodCommon) {
  // The fixture is a card: its card hash must not survive into a bank account.
  const { card: _card, ...base } = fixtures.payment_method();
  return {
    ...base,
    id: newId('pm'),
    object: 'payment_method',
    allow_redisplay: 'unspecified',
    billing_details: common.billing,
    created: common.created,
    customer: null,
    customer_account: null,
    livemode: false,
    metadata: common.metadata,
  } satisfies Omit<Stripe.PaymentMethod, 'type'>;
}

export function buildCardPaymentMethod(
  fixtures: StripeFixtures,
  common: PaymentMethodCommon,
  card: CardDetails,
): Stripe.PaymentMethod {
  return {
    ...paymentMethodBase(fixtures, common),
    type: 'card',
    card: {
      brand: card.brand,
      checks: { address_line1_check: null, address_postal_code_check: null, cvc_check: card.cvcCheck },
      country: 'US',
      display_brand: card.brand,
      exp_month: card.expMonth,
      exp_year: card.expYear,
      fingerprint: card.fingerprint,
      funding: card.funding,
      generated_from: null,
      last4: card.last4,
      networks: { available: [card.brand], preferred: null },
      regulated_status: 'unregulated',
      three_d_secure_usage: { supported: true },
      wallet: null,
    },
  } satisfies Stripe.PaymentMethod;
}

export type UsBankAccountDetails = {
  accountHolderType: 'individual' | 'company';
  accountType: 'checking' | 'savings';
  bankName: string;
  routingNumber: string;
  last4: string;
  fingerprint: string;
};

export function buildUsBankAccountPaymentMethod(
  fixtures: StripeFixtures,
  common: PaymentMethodCommon,
  account: UsBankAccountDetails,
): Stripe.PaymentMethod {
  return {
    ...paymentMethodBase(fixtures, common),
    type: 'us_bank_account',
    us_bank_account: {
      account_holder_type: account.accountHolderType,
      account_type: account.accountType,
      bank_name: account.bankName,
      financial_connections_account: null,
      fingerprint: account.fingerprint,
      last4: account.last4,
      networks: { preferred: 'ach', supported: ['ach'] },
      routing_number: account.routingNumber,
      status_details: null,
    },
  } satisfies Stripe.PaymentMethod;
}

export type SepaDebitDetails = { bankCode: string | null; country: string; last4: string; fingerprint: string };

export function buildSepaDebitPaymentMethod(
  fixtures: StripeFixtures,
  common: PaymentMethodCommon,
  account: SepaDebitDetails,
): Stripe.PaymentMethod {
  return {
    ...paymentMethodBase(fixtures, common),
    type: 'sepa_debit',
    sepa_debit: {
      bank_code: account.bankCode,
      branch_code: null,
      country: account.country,
      fingerprint: account.fingerprint,
      generated_from: null,
      last4: account.last4,
    },
  } satisfies Stripe.PaymentMethod;
}

export type PaymentIntentInput = {
  created: number;
  amount: number;
  currency: string;
  customer: string | null;
  description: string | null;
  metadata: Record<string, string>;
  paymentMethod: string | null;
  methodTypes: MethodTypes;
  captureMethod: 'automatic' | 'automatic_async' | 'manual';
  setupFutureUsage: 'on_session' | 'off_session' | null;
  statementDescriptorSuffix: string | null;
  receiptEmail: string | null;
  requestThreeDSecure: ThreeDSecureRequest;
};

export function buildPaymentIntent(fixtures: StripeFixtures, input: PaymentIntentInput): Stripe.PaymentIntent {
  const base = fixtures.payment_intent();
  const id = newId('pi');
  return {
    ...base,
    id,
    object: 'payment_intent',
    allowed_payment_method_types: input.methodTypes.allowed,
    amount: input.amount,
    amount_capturable: 0,
    amount_details: { tip: {} },
    amount_received: 0,
    application: null,
    application_fee_amount: null,
    automatic_payment_methods: input.methodTypes.automatic ? { allow_redirects: 'always', enabled: true } : null,
    canceled_at: null,
    cancellation_reason: null,
    capture_method: input.captureMethod,
    client_secret: newClientSecret(id),
    confirmation_method: 'automatic',
    created: input.created,
    currency: input.currency,
    customer: input.customer,
    customer_account: null,
    description: input.description,
    excluded_payment_method_types: input.methodTypes.excluded,
    last_payment_error: null,
    latest_charge: null,
    livemode: false,
    managed_payments: null,
    metadata: input.metadata,
    next_action: null,
    on_behalf_of: null,
    payment_method: input.paymentMethod,
    payment_method_configuration_details: null,
    payment_method_options: paymentIntentMethodOptions(input.methodTypes.types, input.requestThreeDSecure),
    payment_method_types: input.methodTypes.types,
    payment_record: null,
    processing: null,
    receipt_email: input.receiptEmail,
    review: null,
    setup_future_usage: input.setupFutureUsage,
    shipping: null,
    source: null,
    statement_descriptor: null,
    statement_descriptor_suffix: input.statementDescriptorSuffix,
    status: input.paymentMethod ? 'requires_confirmation' : 'requires_payment_method',
    transfer_data: null,
    transfer_group: null,
  } satisfies Stripe.PaymentIntent;
}

function paymentIntentMethodOptions(
  types: string[],
  requestThreeDSecure: ThreeDSecureRequest,
): Stripe.PaymentIntent.PaymentMethodOptions {
  return {
    ...(types.includes('card')
      ? {
          card: {
            installments: null,
            mandate_options: null,
            network: null,
            request_three_d_secure: requestThreeDSecure,
          },
        }
      : {}),
    ...(types.includes('us_bank_account') ? { us_bank_account: { verification_method: 'automatic' } } : {}),
    ...(types.includes('sepa_debit') ? { sepa_debit: {} } : {}),
  } satisfies Stripe.PaymentIntent.PaymentMethodOptions;
}

export type SetupIntentInput = {
  created: number;
  customer: string | null;
  description: string | null;
  metadata: Record<string, string>;
  paymentMethod: string | null;
  methodTypes: MethodTypes;
  usage: 'on_session' | 'off_session';
  requestThreeDSecure: ThreeDSecureRequest;
};

export function buildSetupIntent(fixtures: StripeFixtures, input: SetupIntentInput): Stripe.SetupIntent {
  const base = fixtures.setup_intent();
  const id = newId('seti');
  return {
    ...base,
    id,
    object: 'setup_intent',
    allowed_payment_method_types: input.methodTypes.allowed,
    application: null,
    automatic_payment_methods: input.methodTypes.automatic ? { allow_redirects: 'always', enabled: true } : null,
    cancellation_reason: null,
    client_secret: newClientSecret(id),
    created: input.created,
    customer: input.customer,
    description: input.description,
    excluded_payment_method_types: input.methodTypes.excluded,
    flow_directions: null,
    last_setup_error: null,
    latest_attempt: null,
    livemode: false,
    mandate: null,
    metadata: input.metadata,
    next_action: null,
    on_behalf_of: null,
    payment_method: input.paymentMethod,
    payment_method_configuration_details: null,
    payment_method_options: {
      ...(input.methodTypes.types.includes('card')
        ? { card: { mandate_options: null, network: null, request_three_d_secure: input.requestThreeDSecure } }
        : {}),
      ...(input.methodTypes.types.includes('us_bank_account')
        ? { us_bank_account: { verification_method: 'automatic' } }
        : {}),
      ...(input.methodTypes.types.includes('sepa_debit') ? { sepa_debit: {} } : {}),
    },
    payment_method_types: input.methodTypes.types,
    single_use_mandate: null,
    status: input.paymentMethod ? 'requires_confirmation' : 'requires_payment_method',
    usage: input.usage,
  } satisfies Stripe.SetupIntent;
}

export type ChargeInput = {
  created: number;
  intent: Stripe.PaymentIntent;
  paymentMethod: Stripe.PaymentMethod;
  status: 'succeeded' | 'pending' | 'failed';
  captured: boolean;
  outcome: Stripe.Charge.Outcome;
  failure: { code: string; message: string } | null;
  threeDSecure: boolean;
  mandate: string | null;
};

export function buildCharge(fixtures: StripeFixtures, input: ChargeInput): Stripe.Charge {
  // Since API version 2022-11-15 a charge lists its refunds only when asked to expand them.
  const { refunds: _refunds, ...base } = fixtures.charge();
  const { intent, paymentMethod } = input;
  return {
    ...base,
    id: newId('ch'),
    object: 'charge',
    amount: intent.amount,
    amount_captured: input.status === 'failed' || !input.captured ? 0 : intent.amount,
    amount_refunded: 0,
    application: null,
    application_fee: null,
    application_fee_amount: null,
    balance_transaction: null,
    billing_details: paymentMethod.billing_details,
    calculated_statement_descriptor: `DOUBLE* ${intent.statement_descriptor_suffix ?? 'PORTAL'}`.slice(0, 22),
    captured: input.status !== 'failed' && input.captured,
    created: input.created,
    currency: intent.currency,
    customer: typeof intent.customer === 'string' ? intent.customer : (intent.customer?.id ?? null),
    description: intent.description,
    disputed: false,
    failure_balance_transaction: null,
    failure_code: input.failure?.code ?? null,
    failure_message: input.failure?.message ?? null,
    fraud_details: {},
    livemode: false,
    metadata: { ...intent.metadata },
    on_behalf_of: null,
    outcome: input.outcome,
    paid: input.status === 'succeeded',
    payment_intent: intent.id,
    payment_method: paymentMethod.id,
    payment_method_details: chargeMethodDetails(paymentMethod, input),
    receipt_email: intent.receipt_email,
    receipt_number: null,
    receipt_url: null,
    refunded: false,
    review: null,
    shipping: null,
    source: null,
    source_transfer: null,
    statement_descriptor: null,
    statement_descriptor_suffix: intent.statement_descriptor_suffix,
    status: input.status,
    transfer_data: null,
    transfer_group: null,
  } satisfies Stripe.Charge;
}

function chargeMethodDetails(method: Stripe.PaymentMethod, input: ChargeInput): Stripe.Charge.PaymentMethodDetails {
  if (method.type === 'us_bank_account' && method.us_bank_account) {
    const account = method.us_bank_account;
    return {
      type: 'us_bank_account',
      us_bank_account: {
        account_holder_type: account.account_holder_type,
        account_type: account.account_type,
        bank_name: account.bank_name,
        fingerprint: account.fingerprint,
        last4: account.last4,
        ...(input.mandate ? { mandate: input.mandate } : {}),
        payment_reference: null,
        routing_number: account.routing_number,
      },
    } satisfies Stripe.Charge.PaymentMethodDetails;
  }
  if (method.type === 'sepa_debit' && method.sepa_debit) {
    const account = method.sepa_debit;
    return {
      type: 'sepa_debit',
      sepa_debit: {
        bank_code: account.bank_code,
        branch_code: account.branch_code,
        country: account.country,
        fingerprint: account.fingerprint,
        last4: account.last4,
        mandate: input.mandate,
      },
    } satisfies Stripe.Charge.PaymentMethodDetails;
  }
  const card = method.card;
  if (!card) throw new Error(`payment method ${method.id} has no details`);
  return {
    type: 'card',
    card: {
      amount_authorized: input.status === 'failed' ? null : input.intent.amount,
      authorization_code: input.status === 'failed' ? null : '123456',
      brand: card.brand,
      checks: card.checks,
      country: card.country,
      electronic_commerce_indicator: input.threeDSecure ? '05' : null,
      exp_month: card.exp_month,
      exp_year: card.exp_year,
      extended_authorization: { status: 'disabled' },
      fingerprint: card.fingerprint ?? null,
      funding: card.funding,
      incremental_authorization: { status: 'unavailable' },
      installments: null,
      last4: card.last4,
      mandate: null,
      multicapture: { status: 'unavailable' },
      network: card.brand,
      network_token: { used: false },
      network_transaction_id: input.status === 'failed' ? null : randomText(15).toUpperCase(),
      overcapture: { maximum_amount_capturable: input.intent.amount, status: 'unavailable' },
      regulated_status: 'unregulated',
      three_d_secure: input.threeDSecure
        ? {
            authentication_flow: 'challenge',
            electronic_commerce_indicator: '05',
            exemption_indicator: null,
            result: 'authenticated',
            result_reason: null,
            transaction_id: newId('src'),
            version: '2.2.0',
          }
        : null,
      transaction_link_id: null,
      wallet: null,
    },
  } satisfies Stripe.Charge.PaymentMethodDetails;
}

export function approvedOutcome(): Stripe.Charge.Outcome {
  return {
    advice_code: null,
    network_advice_code: null,
    network_decline_code: null,
    network_status: 'approved_by_network',
    reason: null,
    risk_level: 'normal',
    risk_score: 20,
    seller_message: 'Payment complete.',
    type: 'authorized',
  } satisfies Stripe.Charge.Outcome;
}

export function declinedOutcome(reason: string, networkDeclineCode: string | null = null): Stripe.Charge.Outcome {
  return {
    advice_code: null,
    network_advice_code: null,
    network_decline_code: networkDeclineCode,
    network_status: 'declined_by_network',
    reason,
    risk_level: 'normal',
    risk_score: 20,
    seller_message:
      reason === 'generic_decline'
        ? 'The bank did not return any further details with this decline.'
        : `The bank returned the decline code \`${reason}\`.`,
    type: 'issuer_declined',
  } satisfies Stripe.Charge.Outcome;
}

export type RefundInput = {
  created: number;
  amount: number;
  charge: Stripe.Charge;
  reason: Stripe.Refund.Reason | null;
  metadata: Record<string, string>;
};

export function buildRefund(fixtures: StripeFixtures, input: RefundInput): Stripe.Refund {
  const base = fixtures.refund();
  const { charge } = input;
  const methodType = charge.payment_method_details?.type ?? 'card';
  return {
    ...base,
    id: newId('re'),
    object: 'refund',
    amount: input.amount,
    balance_transaction: null,
    charge: charge.id,
    created: input.created,
    currency: charge.currency,
    customer: charge.customer,
    customer_account: null,
    destination_details:
      methodType === 'card'
        ? { type: 'card', card: { reference_status: 'pending', type: 'refund' } }
        : { type: methodType },
    metadata: input.metadata,
    payment_intent:
      typeof charge.payment_intent === 'string' ? charge.payment_intent : (charge.payment_intent?.id ?? null),
    payment_method: charge.payment_method,
    reason: input.reason,
    receipt_number: null,
    source_transfer_reversal: null,
    status: 'succeeded',
    transfer_reversal: null,
  } satisfies Stripe.Refund;
}

export type MandateInput = {
  paymentMethod: Stripe.PaymentMethod;
  acceptance: Stripe.Mandate.CustomerAcceptance;
  multiUse: boolean;
  amount: number | null;
  currency: string | null;
  baseUrl: string;
};

export function buildMandate(fixtures: StripeFixtures, input: MandateInput): Stripe.Mandate {
  const { multi_use: _multiUse, ...base } = fixtures.mandate();
  const id = newId('mandate');
  const details: Stripe.Mandate.PaymentMethodDetails =
    input.paymentMethod.type === 'sepa_debit'
      ? {
          type: 'sepa_debit',
          sepa_debit: { reference: randomText(16).toUpperCase(), url: `${input.baseUrl}/_double/mandates/${id}` },
        }
      : { type: 'us_bank_account', us_bank_account: {} };
  return {
    ...base,
    id,
    object: 'mandate',
    customer_acceptance: input.acceptance,
    livemode: false,
    ...(input.multiUse
      ? { multi_use: {} }
      : { single_use: { amount: input.amount ?? 0, currency: input.currency ?? 'usd' } }),
    payment_method: input.paymentMethod.id,
    payment_method_details: details,
    status: 'active',
    type: input.multiUse ? 'multi_use' : 'single_use',
  } satisfies Stripe.Mandate;
}

export type DisputeInput = {
  id: string;
  created: number;
  charge: Stripe.Charge;
  reason: string;
  status: 'needs_response' | 'lost';
  networkReasonCode: string | null;
  /** The withdrawal of the disputed amount from the balance: Stripe takes it when the dispute opens. */
  withdrawal: Stripe.BalanceTransaction;
  /** Cards: the day evidence is due. Bank debits: none (their disputes cannot be contested). */
  dueBy: number | null;
};

export function buildDispute(fixtures: StripeFixtures, input: DisputeInput): Stripe.Dispute {
  const { payment_method_details: _details, ...base } = fixtures.dispute();
  const { charge } = input;
  const card = charge.payment_method_details?.card;
  return {
    ...base,
    id: input.id,
    object: 'dispute',
    amount: -input.withdrawal.amount,
    balance_transactions: [input.withdrawal],
    charge: charge.id,
    created: input.created,
    currency: charge.currency,
    enhanced_eligibility_types: [],
    evidence_details: {
      due_by: input.dueBy,
      enhanced_eligibility: {},
      has_evidence: false,
      past_due: false,
      submission_count: 0,
      submission_method: 'manual',
    },
    intended_submission_method: null,
    is_charge_refundable: false,
    livemode: false,
    metadata: {},
    network_reason_code: input.networkReasonCode,
    payment_intent:
      typeof charge.payment_intent === 'string' ? charge.payment_intent : (charge.payment_intent?.id ?? null),
    ...(card
      ? {
          payment_method_details: {
            type: 'card',
            card: {
              brand: card.brand ?? 'unknown',
              case_type: 'chargeback',
              network: card.network ?? 'unknown',
              network_reason_code: input.networkReasonCode,
            },
          },
        }
      : {}),
    reason: input.reason,
    status: input.status,
  } satisfies Stripe.Dispute;
}

export type DisputeMovementInput = {
  created: number;
  dispute: string;
  charge: string;
  currency: string;
  /** Negative: the disputed amount withdrawn; positive: reinstated once the dispute is won. */
  amount: number;
};

/** A dispute's balance transaction (Stripe's dispute fee is left out: the double keeps no balance). */
export function buildDisputeMovement(fixtures: StripeFixtures, input: DisputeMovementInput): Stripe.BalanceTransaction {
  const withdrawal = input.amount < 0;
  return {
    ...fixtures.balance_transaction(),
    id: newId('txn'),
    object: 'balance_transaction',
    amount: input.amount,
    available_on: input.created,
    balance_type: 'payments',
    created: input.created,
    currency: input.currency,
    description: `${withdrawal ? 'Chargeback withdrawal' : 'Chargeback reversal'} for ${input.charge}`,
    exchange_rate: null,
    fee: 0,
    fee_details: [],
    net: input.amount,
    reporting_category: withdrawal ? 'dispute' : 'dispute_reversal',
    source: input.dispute,
    status: 'available',
    type: 'adjustment',
  } satisfies Stripe.BalanceTransaction;
}
