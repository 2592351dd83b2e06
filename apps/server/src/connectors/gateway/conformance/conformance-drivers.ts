// What the payer's browser does at each provider, for the conformance kit (gateway-conformance.ts): enter a test
// method in the provider's entry, pass or fail an authentication, let a bank debit settle; and what happens there
// later (issue 37): the provider's events read back as the portal's inbox keeps them, a dispute decided as the
// merchant decides it at the provider. The checks themselves are the same for every provider; only these mechanics
// differ.
import type { AccessTokenResponse, CardinalResult } from '@portal/contracts';
import type Stripe from 'stripe';
import type { GatewayCharge, GatewayChargeRequest, GatewayEvent, PaymentGateway } from '../payment-gateway';
import type { SandboxGateway } from '../sandbox/sandbox-gateway';

/** The test methods every provider can give: Stripe's test methods, the sandbox's test numbers (their READMEs). */
export type TestMethod =
  | 'card'
  | 'card_declining'
  /** Asks for 3-D Secure when it is entered (and, for Stripe, on every on-session payment). */
  | 'card_challenge'
  | 'bank'
  | 'bank_failing'
  /** Approved, then disputed by the cardholder as fraudulent (Stripe's and the sandbox's 4000 0000 0000 0259). */
  | 'card_disputed'
  /** A bank debit that succeeds, then comes back from the bank. */
  | 'bank_returned';

export type ConformanceDriver = {
  readonly name: string;
  /** false where a person must do it in a browser (Stripe's real test mode): those checks are skipped, not passed. */
  readonly canAuthenticate: boolean;
  /** Enters the method as the payer would in the provider's component (and passes the authentication it asks). */
  enter: (entry: AccessTokenResponse, method: TestMethod) => Promise<void>;
  /**
   * Charges on-session a card that asks for 3-D Secure, the payer passing or failing it, and answers the final
   * charge: the portal's own step before the charge, or the provider's inside it.
   */
  chargeWithAuthentication: (request: GatewayChargeRequest, pass: boolean) => Promise<GatewayCharge>;
  /**
   * Lets what the provider does on its own after a charge happen: bank debits settle, disputes and returns come (the
   * sandbox and the double at once; a real provider by waiting).
   */
  letTimePass: () => Promise<void>;
  /** A signed event of the provider (its own signature scheme) for the events check; null when it sends none. */
  signedEvent: (payload: object, ageSeconds?: number) => { body: Buffer; signature: string } | null;
  /** Whether the provider reports a refund by an event (Stripe: charge.refunded; the sandbox answers at once). */
  readonly reportsRefunds: boolean;
  /** The provider's events since the driver was made, oldest first, as the portal's inbox keeps them. */
  events: () => Promise<GatewayEvent[]>;
  /** Decides a dispute as the merchant can at the provider: evidence that wins it, or that loses it. */
  decideDispute: (reference: string, outcome: 'won' | 'lost') => Promise<void>;
};

const sandboxNumbers: Record<TestMethod, { card_type: string; number: string }> = {
  card: { card_type: 'VISA', number: '4111111111111111' },
  card_declining: { card_type: 'VISA', number: '4000000000000002' },
  card_challenge: { card_type: 'VISA', number: '4000000000001091' },
  bank: { card_type: 'EC', number: '000123456789' },
  bank_failing: { card_type: 'EC', number: '000123450002' },
  card_disputed: { card_type: 'VISA', number: '4000000000000259' },
  // Ends 2227: returned for insufficient funds (R01).
  bank_returned: { card_type: 'EC', number: '000222222227' },
};

/** The sandbox's driver; its returns and disputes come at once when it was made with `returnAfterSeconds: 0`. */
export function sandboxDriver(gateway: SandboxGateway): ConformanceDriver {
  async function threeDs(token: string, request: GatewayChargeRequest, pass: boolean): Promise<CardinalResult> {
    const step = await gateway.startEntry({
      payment_method: 'TO',
      merchant_reference: 'conformance',
      language: 'en',
      payer: request.payer,
      payment_card_token: token,
      amount: String(request.amount_minor),
      order_number: request.order_number,
      redirect_uri: '/invoices/processing-payment',
    });
    const started = await gateway.startThreeDSecure(step.access_token);
    if (started?.next === 'challenge')
      await gateway.completeChallenge(step.access_token, { code: pass ? '1234' : '0000', cancelled: false });
    return (await gateway.readEntry(step.access_token))!.cardinal!;
  }
  return {
    name: 'sandbox',
    canAuthenticate: true,
    async enter(entry, method) {
      const test = sandboxNumbers[method];
      const outcome = await gateway.tokenize(
        entry.access_token,
        test.card_type === 'EC'
          ? {
              card_type: 'EC',
              electronic_check_account_type: 'C',
              electronic_check_rdfi_number: '011000015',
              account_number: test.number,
            }
          : {
              card_type: test.card_type,
              card_number: test.number,
              card_validation_code: '123',
              expiration_month: '12',
              expiration_year: String(new Date().getUTCFullYear() + 3),
            },
      );
      if (!outcome.ok) throw new Error(`the sandbox frame refused ${method}: ${JSON.stringify(outcome.errors)}`);
    },
    async chargeWithAuthentication(request, pass) {
      const cardinal = await threeDs(request.payment_card_token, request, pass);
      return gateway.charge({ ...request, cardinal });
    },
    async letTimePass() {},
    signedEvent: () => null,
    reportsRefunds: false,
    async events() {
      // What the portal's inbox job does each round: the events due, then said delivered.
      const due = (await gateway.events.pull?.(new Date())) ?? [];
      await gateway.events.delivered?.(
        due.map((event) => event.id),
        new Date(),
      );
      return due;
    },
    async decideDispute(reference, outcome) {
      // The sandbox's dispute page: evidence submitted wins it, accepting it loses it.
      if (!(await gateway.events.decideDispute(reference, outcome)))
        throw new Error(`the sandbox has no open dispute ${reference}`);
    },
  };
}

/** Stripe's own test methods (docs.stripe.com/testing), which its test mode and the double both know. */
const stripeCards: Record<'card' | 'card_declining' | 'card_challenge' | 'card_disputed', string> = {
  card: 'pm_card_visa',
  // Saved without complaint, declined when charged (4000 0000 0000 0341).
  card_declining: 'pm_card_chargeCustomerFail',
  card_challenge: 'pm_card_authenticationRequired',
  // "The charge succeeds, only to be disputed as fraudulent" (4000 0000 0000 0259).
  card_disputed: 'pm_card_createDispute',
};
const stripeAccounts: Record<'bank' | 'bank_failing' | 'bank_returned', string> = {
  bank: '000123456789',
  bank_failing: '000222222227',
  // pm_usBankAccount_dispute: "The payment triggers a dispute", Stripe's form of a debit returned after success.
  bank_returned: '000555555559',
};

/** Stripe's test mode decides a dispute by the evidence text (docs.stripe.com/testing#disputes). */
const stripeEvidence = { won: 'winning_evidence', lost: 'losing_evidence' } as const;

export function stripeDriver(options: {
  stripe: Stripe;
  gateway: PaymentGateway;
  /** The double's address: it passes or fails 3-D Secure and settles debits on request. null: Stripe's test mode. */
  doubleUrl: string | null;
  /** The double's control routes take the secret key, like Stripe's API. */
  secretKey: string;
  webhookSecret: string;
}): ConformanceDriver {
  const { stripe, doubleUrl } = options;
  // Events before the kit started are not its own (a real account has others).
  const since = Math.floor(Date.now() / 1000) - 1;
  async function authenticate(intentId: string, clientSecret: string, pass: boolean) {
    if (!doubleUrl) throw new Error('3-D Secure at Stripe needs a person in a browser');
    const answer = await fetch(`${doubleUrl}/_double/authenticate/${intentId}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ result: pass ? 'succeed' : 'fail', client_secret: clientSecret }),
    });
    if (!answer.ok) throw new Error(`the double refused the authentication: ${answer.status}`);
  }
  const mandate = {
    customer_acceptance: {
      type: 'online' as const,
      online: { ip_address: '127.0.0.1', user_agent: 'gateway-conformance' },
    },
  };
  return {
    name: doubleUrl ? 'stripe (test double)' : 'stripe (test mode)',
    canAuthenticate: doubleUrl !== null,
    async enter(entry, method) {
      const setupIntentId = entry.access_token;
      let setup: Stripe.SetupIntent;
      if (method === 'bank' || method === 'bank_failing' || method === 'bank_returned')
        setup = await stripe.setupIntents.confirm(setupIntentId, {
          payment_method_data: {
            type: 'us_bank_account',
            us_bank_account: {
              routing_number: '110000000',
              account_number: stripeAccounts[method],
              account_holder_type: 'company',
            },
            billing_details: { name: 'Conformance Payer' },
          },
          mandate_data: mandate,
        });
      else setup = await stripe.setupIntents.confirm(setupIntentId, { payment_method: stripeCards[method] });
      if (setup.status === 'requires_action') {
        await authenticate(setup.id, setup.client_secret ?? '', true);
        setup = await stripe.setupIntents.retrieve(setup.id);
      }
      if (setup.status !== 'succeeded') throw new Error(`the SetupIntent of ${method} ended ${setup.status}`);
    },
    async chargeWithAuthentication(request, pass) {
      const first = await options.gateway.charge(request);
      if (first.status !== 'requires_action' || !first.next_action) return first;
      const intentId = first.next_action.client_secret.split('_secret_')[0]!;
      await authenticate(intentId, first.next_action.client_secret, pass);
      return (await options.gateway.getChargeStatus(request.order_number))!;
    },
    async letTimePass() {
      if (doubleUrl) {
        const settled = await fetch(`${doubleUrl}/_double/settle`, {
          method: 'POST',
          headers: { authorization: `Bearer ${options.secretKey}` },
        });
        if (!settled.ok) throw new Error(`the double did not settle: ${settled.status}`);
        return;
      }
      // Stripe's test mode settles a test ACH debit, and opens a test dispute, within seconds to minutes.
      await new Promise((resolve) => setTimeout(resolve, 60_000));
    },
    reportsRefunds: true,
    async events() {
      // What the webhook would have been sent: the charge events (refunds, disputes) the gateway subscribes to.
      const types = (options.gateway.events?.types ?? []).filter((type) => type.startsWith('charge.'));
      const listed = await stripe.events
        .list({ created: { gte: since }, types, limit: 100 })
        .autoPagingToArray({ limit: 1000 });
      return listed
        .reverse()
        .map((event) => ({ id: event.id, type: event.type, created: new Date(event.created * 1000), payload: event }));
    },
    async decideDispute(reference, outcome) {
      await stripe.disputes.update(reference, { evidence: { uncategorized_text: stripeEvidence[outcome] } });
    },
    signedEvent(payload, ageSeconds = 0) {
      const body = JSON.stringify(payload);
      const signature = stripe.webhooks.generateTestHeaderString({
        payload: body,
        secret: options.webhookSecret,
        timestamp: Math.floor(Date.now() / 1000) - ageSeconds,
      });
      return { body: Buffer.from(body), signature };
    },
  };
}
