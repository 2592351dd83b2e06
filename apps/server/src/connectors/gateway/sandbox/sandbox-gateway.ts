// The built-in sandbox gateway: a stand-in for a real processor, good enough that the portal's flows are the real
// flows (DESIGN.md §1). It issues access tokens for its hosted frame, tokenises what the frame posts (validating
// like a processor), runs 3-D Secure with a challenge page, and authorises, looks up and refunds by order number
// with idempotency keys. Its pages and endpoints are in sandbox.routes.ts.
import { createHash, createHmac, randomBytes, randomUUID } from 'node:crypto';
import {
  detectCardBrand,
  isExpiryValid,
  onlyDigits,
  validateBankAccountNumber,
  validateCardNumberAndCvv,
  isValidRoutingNumber,
  ECHECK_THREEDS_VERSION,
  type CardBrand,
} from '@portal/domain';
import type { AccessTokenResponse, CardinalResult, TokenizedPaymentCard } from '@portal/contracts';
import { and, eq, gt, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../../db/client';
import { executeWithRows, rowOf, type Bind } from '../../../db/prepared';
import {
  GatewayTimeoutError,
  isPortalPath,
  noContentSecurity,
  type GatewayEntryRequest,
  type GatewayCharge,
  type GatewayChargeRequest,
  type GatewayRefund,
  type GatewayRefundRequest,
  type GatewayTokenizationResult,
  type PaymentGateway,
} from '../payment-gateway';
import { sandboxAccessTokens, sandboxCharges, sandboxIdempotencyKeys, sandboxTokens } from './sandbox.schema';
import { CHALLENGE_CODE, cardBehaviour, echeckBehaviour, type SandboxBehaviour } from './test-numbers';
import { createSandboxEvents, type SandboxEvents } from './sandbox-events';

export const SANDBOX_BASE_PATH = '/sandbox-gateway';

export type SandboxGatewayOptions = {
  /**
   * Origin the sandbox's pages are served from; null: the portal's own origin (the default, one process, one
   * port), and the frame and challenge addresses are then paths.
   */
  frameOrigin: string | null;
  /** Origin of the portal when the sandbox answers on another one (frame-ancestors, postMessage, 3-D Secure return). */
  portalOrigin: string | null;
  /** Key of the token HMAC: the same number always gets the same token. */
  secret: string;
  now?: () => Date;
  /** How long the "timeout" test numbers keep the caller waiting before the call times out. */
  slowAnswerMs?: number;
  accessTokenTtlSeconds?: number;
  /** Issue 37: how long after a charge its bank return or dispute comes (SANDBOX_RETURN_AFTER_SECONDS). */
  returnAfterSeconds?: number;
};

/** What the frame posts to /Ajax: the only place a card or account number is ever seen, and only in memory. */
export type FrameSubmission = {
  card_type?: string;
  card_number?: string;
  card_validation_code?: string;
  expiration_month?: string;
  expiration_year?: string;
  electronic_check_account_type?: string;
  electronic_check_rdfi_number?: string;
  account_number?: string;
};

export type TokenizeOutcome = { ok: true } | { ok: false; errors: Record<string, string> };

export type AccessTokenView = {
  accessToken: string;
  paymentMethod: string;
  language: string;
  request: Record<string, string>;
  paymentCard: TokenizedPaymentCard | null;
  cardinal: CardinalResult | null;
  behaviour: SandboxBehaviour | null;
};

export type SandboxGateway = PaymentGateway & {
  readonly portalOrigin: string | null;
  /** Issue 37: returns and disputes, pulled by the portal's inbox job; disputes decided on the sandbox's page. */
  readonly events: SandboxEvents;
  /** The access token if it is live, for the frame and challenge pages. */
  describeAccessToken: (accessToken: string) => Promise<AccessTokenView | null>;
  /** The frame's /Ajax post: validate, tokenise, remember the result against the access token. */
  tokenize: (accessToken: string, submission: FrameSubmission) => Promise<TokenizeOutcome>;
  /** /Cardinal3DSWithToken: frictionless (result set, back to redirect_uri) or a challenge. */
  startThreeDSecure: (accessToken: string) => Promise<{ next: 'return' | 'challenge'; redirectUri: string } | null>;
  /** The challenge page's answer; returns where to send the browser back to. */
  completeChallenge: (accessToken: string, answer: { code: string; cancelled: boolean }) => Promise<string | null>;
};

export class IdempotencyKeyReusedError extends Error {
  constructor(key: string) {
    super(`idempotency key ${key} was used for another call`);
    this.name = 'IdempotencyKeyReusedError';
  }
}

const brandSegment: Record<CardBrand | 'EC', string> = { VISA: 'VISA', MC: 'MCRD', AMEX: 'AMEX', EC: 'ECHK' };
const base32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

/** The vault's token of a number: the same number (and key) always gives the same token. */
export function sandboxTokenFor(secret: string, brand: CardBrand | 'EC', material: string, lastFour: string): string {
  const mac = createHmac('sha256', secret).update(`${brand}|${material}`).digest();
  let body = '';
  for (let i = 0; i < 16; i++) body += base32[mac[i]! % 32];
  return `-${brandSegment[brand]}-${lastFour}-${body}`;
}

function fingerprint(value: unknown): string {
  return createHash('sha256')
    .update(JSON.stringify(value, (_key, v: unknown) => (typeof v === 'bigint' ? v.toString() : v)))
    .digest('hex');
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** What a charge or a refund reads with the claim of its key: the card token's test behaviour, the order's charge. */
type CallContext = { behaviour: SandboxBehaviour | null; existing: GatewayCharge | null };

/**
 * What a call decided: its answer, and the write that goes with it in the answer's statement (`build` gets `rows`
 * with each value bound, rendered once per `name` and shape: db/prepared.ts). `timeout`: the work is done, the
 * answer is lost.
 */
type CallOutcome<T, R extends Record<string, unknown>> = {
  answer: T;
  write?: {
    name: string;
    rows: R[];
    build: (rows: R[], bind: Bind) => { getSQL: () => SQL };
    values?: Record<string, unknown>;
  };
  timeout?: boolean;
};

export const SANDBOX_TOKEN_KEY_SETTING = 'sandbox_gateway_token_key';

export function createSandboxGateway(db: Db, options: SandboxGatewayOptions): SandboxGateway {
  const now = options.now ?? (() => new Date());
  const slowAnswerMs = options.slowAnswerMs ?? 5_000;
  const ttlMs = (options.accessTokenTtlSeconds ?? 900) * 1000;
  const url = (path: string) => `${options.frameOrigin ?? ''}${SANDBOX_BASE_PATH}${path}`;

  async function liveToken(accessToken: string) {
    const [row] = await db
      .select()
      .from(sandboxAccessTokens)
      .where(and(eq(sandboxAccessTokens.accessToken, accessToken), gt(sandboxAccessTokens.expiresAt, now())))
      .limit(1);
    return row ?? null;
  }

  async function behaviourOf(token: string): Promise<SandboxBehaviour | null> {
    const [row] = await db
      .select({ behaviour: sandboxTokens.behaviour })
      .from(sandboxTokens)
      .where(eq(sandboxTokens.token, token))
      .limit(1);
    return (row?.behaviour as SandboxBehaviour | undefined) ?? null;
  }

  /**
   * Runs a charge or a refund once per key; later calls with the key get the first answer. One transaction of two
   * statements (a provider's bookkeeping should cost the portal's process as little as it can, since the built-in
   * one runs in it; both are rendered once, db/prepared.ts):
   * - the claim of the key, which reads what the call needs to decide (CallContext);
   * - the call's writes with its answer (`work` decides; a refused refund writes the answer alone).
   * A concurrent call with the same key waits on the key's row, then reads the answer. A time-out commits too (the
   * processor did the work; only its answer was lost) with no answer: the key's later calls wait theirs out, and
   * the status look-up tells what happened. An error in `work` rolls the key back: the call never happened.
   */
  async function once<T, R extends Record<string, unknown>>(
    key: string,
    operation: string,
    parameters: unknown,
    asked: { token: string | null; orderNumber: string },
    work: (context: CallContext) => CallOutcome<T, R>,
  ): Promise<T> {
    const print = fingerprint({ operation, parameters });
    const outcome = await db.transaction(async (tx) => {
      const context = await claim(tx, { key, operation, fingerprint: print, response: null, createdAt: now() }, asked);
      if (!context) return { settled: false as const };
      const { answer, write, timeout } = work(context);
      const stored = timeout ? null : encode(answer);
      await executeWithRows<unknown, R>(
        tx,
        `sandbox_answer|${write?.name ?? ''}`,
        write?.rows ?? [],
        (rows, bind) =>
          sql`WITH answered AS (UPDATE ${sandboxIdempotencyKeys} SET response = ${bind('answer')}::jsonb
            WHERE ${sandboxIdempotencyKeys.key} = ${bind('key')}) ${write ? write.build(rows, bind).getSQL() : sql`SELECT 1`}`,
        { ...write?.values, answer: stored, key },
      );
      return { settled: true as const, answer, timeout };
    });
    if (outcome.settled) {
      // The answer that never comes: the caller waits its time-out out (after the commit, so that nothing waits on
      // this call's rows meanwhile).
      if (outcome.timeout) {
        await sleep(slowAnswerMs);
        throw new GatewayTimeoutError(asked.orderNumber);
      }
      return outcome.answer;
    }
    for (let attempt = 0; attempt < 50; attempt++) {
      const [row] = await db.select().from(sandboxIdempotencyKeys).where(eq(sandboxIdempotencyKeys.key, key)).limit(1);
      if (row && row.fingerprint !== print) throw new IdempotencyKeyReusedError(key);
      if (row?.response) return decode(row.response) as T;
      await sleep(100);
    }
    throw new GatewayTimeoutError(asked.orderNumber || key);
  }

  /**
   * Claims the key (null when another call has it) and reads, in the same statement, the token's test behaviour
   * and the order's charge.
   */
  async function claim(
    tx: Tx,
    keyRow: typeof sandboxIdempotencyKeys.$inferInsert,
    asked: { token: string | null; orderNumber: string },
  ): Promise<CallContext | null> {
    const [row] = await executeWithRows<
      Record<string, unknown> & { claimed: string | null; behaviour: string | null; order_number: string | null },
      typeof keyRow
    >(
      tx,
      'sandbox_claim',
      [keyRow],
      (rows, bind) =>
        sql`WITH claimed AS (${tx
          .insert(sandboxIdempotencyKeys)
          .values(rows)
          .onConflictDoNothing()
          .returning({ key: sandboxIdempotencyKeys.key })
          .getSQL()})
          SELECT (SELECT key FROM claimed) AS claimed,
            (SELECT ${sandboxTokens.behaviour} FROM ${sandboxTokens} WHERE ${sandboxTokens.token} = ${bind('token')}
              LIMIT 1) AS behaviour,
            ${sandboxCharges}.*
          FROM (SELECT 1) AS one LEFT JOIN ${sandboxCharges} ON ${sandboxCharges.orderNumber} = ${bind('orderNumber')}`,
      { token: asked.token, orderNumber: asked.orderNumber },
    );
    if (!row?.claimed) return null;
    return {
      behaviour: (row.behaviour as SandboxBehaviour | null) ?? null,
      existing: row.order_number !== null ? toCharge(rowOf(sandboxCharges, row)) : null,
    };
  }

  function toCharge(row: typeof sandboxCharges.$inferSelect): GatewayCharge {
    return {
      order_number: row.orderNumber,
      status: row.status as GatewayCharge['status'],
      authorization_reference: row.authorizationReference,
      amount_minor: row.amountMinor,
      refunded_minor: row.refundedMinor,
      currency_key: row.currencyKey,
      decline_reason: row.declineReason,
      payment_card_token: row.token,
    };
  }

  async function chargeOf(orderNumber: string): Promise<GatewayCharge | null> {
    const [row] = await db.select().from(sandboxCharges).where(eq(sandboxCharges.orderNumber, orderNumber)).limit(1);
    return row ? toCharge(row) : null;
  }

  const gateway: SandboxGateway = {
    provider: 'sandbox',
    mode: 'test',
    authentication: 'portal-step',
    frameOrigin: options.frameOrigin,
    contentSecurity: noContentSecurity,
    portalOrigin: options.portalOrigin,
    events: createSandboxEvents(db, {
      now,
      returnAfterSeconds: options.returnAfterSeconds ?? 30,
      disputeUrl: (id) => url(`/disputes/${id}`),
    }),

    async startEntry(request: GatewayEntryRequest): Promise<AccessTokenResponse> {
      if (request.payment_method === 'TO' && !isPortalPath(request.redirect_uri ?? ''))
        throw new Error('redirect_uri must be a path of the portal');
      const accessToken = randomBytes(24).toString('base64url');
      const stored: Record<string, string> = {};
      if (request.payment_method === 'TO') {
        for (const key of [
          'amount',
          'currency_code',
          'order_number',
          'redirect_uri',
          'threeds_version',
          'payment_card_token',
          'expiration_month',
          'expiration_year',
          'email',
        ] as const) {
          const value = request[key];
          if (value !== undefined) stored[key] = value;
        }
      }
      await db.insert(sandboxAccessTokens).values({
        accessToken,
        merchantReference: request.merchant_reference,
        paymentMethod: request.payment_method,
        language: request.language,
        request: stored,
        createdAt: now(),
        expiresAt: new Date(now().getTime() + ttlMs),
      });
      return {
        access_token: accessToken,
        merchant_guid: 'sandbox-merchant-0001',
        paymetric_xi_url:
          request.payment_method === 'TO'
            ? url('/Cardinal3DSWithToken')
            : `${url('/frame')}?access_token=${encodeURIComponent(accessToken)}`,
      };
    },

    async readEntry(accessToken: string): Promise<GatewayTokenizationResult | null> {
      const row = await liveToken(accessToken);
      if (!row) return null;
      return {
        merchant_reference: row.merchantReference,
        payment_card_token: row.paymentCard?.payment_card_token ?? row.request.payment_card_token ?? null,
        paymentcard: row.paymentCard ?? null,
        cardinal: row.cardinal ?? null,
      };
    },

    async describeAccessToken(accessToken: string): Promise<AccessTokenView | null> {
      const row = await liveToken(accessToken);
      if (!row) return null;
      const token = row.request.payment_card_token ?? row.paymentCard?.payment_card_token;
      return {
        accessToken: row.accessToken,
        paymentMethod: row.paymentMethod,
        language: row.language,
        request: row.request,
        paymentCard: row.paymentCard ?? null,
        cardinal: row.cardinal ?? null,
        behaviour: token ? await behaviourOf(token) : null,
      };
    },

    async tokenize(accessToken: string, submission: FrameSubmission): Promise<TokenizeOutcome> {
      const row = await liveToken(accessToken);
      if (!row || row.paymentMethod === 'TO') return { ok: false, errors: { form: 'payment-methods.frame.expired' } };
      let paymentCard: TokenizedPaymentCard;
      let behaviour: SandboxBehaviour;
      if (row.paymentMethod === 'CC') {
        const number = onlyDigits(submission.card_number ?? '');
        const errors: Record<string, string> = validateCardNumberAndCvv({
          card_type: submission.card_type ?? '',
          card_number: submission.card_number ?? '',
          card_validation_code: submission.card_validation_code ?? '',
        });
        const month = Number(submission.expiration_month);
        const year = Number(submission.expiration_year);
        if (!isExpiryValid(month, year, now())) errors.expiry = 'validation.card.expiry_invalid';
        if (Object.keys(errors).length > 0) return { ok: false, errors };
        const brand = detectCardBrand(number)!;
        const lastFour = number.slice(-4);
        paymentCard = {
          payment_card_token: sandboxTokenFor(options.secret, brand, number, lastFour),
          payment_card_type: brand,
          last_four: lastFour,
          expiration_month: String(month).padStart(2, '0'),
          expiration_year: String(year),
          electronic_check_account_type: '',
          electronic_check_rdfi_number: '',
        };
        behaviour = cardBehaviour(number);
      } else {
        const account = submission.account_number ?? '';
        const routing = submission.electronic_check_rdfi_number ?? '';
        const errors: Record<string, string> = {};
        const accountError = validateBankAccountNumber(account);
        if (accountError) errors.account_number = accountError;
        if (!isValidRoutingNumber(routing)) errors.routing = 'validation.echeck.routing_number_invalid';
        const type = submission.electronic_check_account_type;
        if (type !== 'C' && type !== 'X' && type !== 'S')
          errors.account_type = 'validation.echeck.account_type_required';
        if (Object.keys(errors).length > 0) return { ok: false, errors };
        const lastFour = account.slice(-4);
        paymentCard = {
          payment_card_token: sandboxTokenFor(options.secret, 'EC', `${routing}|${account}`, lastFour),
          payment_card_type: 'EC',
          last_four: lastFour,
          expiration_month: '',
          expiration_year: '',
          electronic_check_account_type: type as 'C' | 'X' | 'S',
          electronic_check_rdfi_number: routing,
        };
        behaviour = echeckBehaviour(account);
      }
      await db
        .insert(sandboxTokens)
        .values({
          token: paymentCard.payment_card_token,
          kind: paymentCard.payment_card_type === 'EC' ? 'echeck' : 'card',
          brand: paymentCard.payment_card_type,
          lastFour: paymentCard.last_four,
          behaviour,
          createdAt: now(),
        })
        .onConflictDoNothing();
      await db.update(sandboxAccessTokens).set({ paymentCard }).where(eq(sandboxAccessTokens.accessToken, accessToken));
      return { ok: true };
    },

    async startThreeDSecure(accessToken: string) {
      const view = await gateway.describeAccessToken(accessToken);
      if (!view || view.paymentMethod !== 'TO' || !view.request.redirect_uri) return null;
      const redirectUri = returnAddress(view.request.redirect_uri, accessToken);
      if (view.behaviour === 'challenge' || view.behaviour === 'challenge_fail')
        return { next: 'challenge', redirectUri };
      await setCardinal(view, 'Y');
      return { next: 'return', redirectUri };
    },

    async completeChallenge(accessToken: string, answer: { code: string; cancelled: boolean }) {
      const view = await gateway.describeAccessToken(accessToken);
      if (!view || view.paymentMethod !== 'TO' || !view.request.redirect_uri) return null;
      const passed = !answer.cancelled && answer.code.trim() === CHALLENGE_CODE && view.behaviour !== 'challenge_fail';
      await setCardinal(view, passed ? 'Y' : 'N');
      return returnAddress(view.request.redirect_uri, accessToken);
    },

    async charge(request: GatewayChargeRequest): Promise<GatewayCharge> {
      // What the sandbox charge depends on: the same key with these values answers the first result.
      const { idempotency_key, presence: _presence, payer: _payer, three_ds_wanted: _wanted, ...parameters } = request;
      const asked = { token: request.payment_card_token, orderNumber: request.order_number };
      return once<GatewayCharge, typeof sandboxCharges.$inferSelect>(
        idempotency_key,
        'authorize',
        parameters,
        asked,
        ({ behaviour, existing }) => {
          if (existing) return { answer: existing };
          let status: GatewayCharge['status'] = 'approved';
          let declineReason = '';
          if (!behaviour) [status, declineReason] = ['declined', 'unknown_token'];
          else if (request.amount_minor <= 0n) [status, declineReason] = ['declined', 'invalid_amount'];
          else if (behaviour === 'decline') [status, declineReason] = ['declined', 'do_not_honor'];
          else if (request.cardinal && (request.cardinal.status === 'N' || request.cardinal.status === 'U'))
            [status, declineReason] = ['declined', 'authentication_failed'];
          const charge: typeof sandboxCharges.$inferSelect = {
            orderNumber: request.order_number,
            token: request.payment_card_token,
            amountMinor: request.amount_minor,
            refundedMinor: 0n,
            currencyKey: request.currency_key,
            status,
            authorizationReference: status === 'approved' ? randomBytes(5).toString('hex').toUpperCase() : '',
            declineReason,
            captured: request.capture ? 'X' : '',
            createdAt: now(),
          };
          return {
            answer: toCharge(charge),
            write: { name: 'charge', rows: [charge], build: (rows) => db.insert(sandboxCharges).values(rows) },
            // The processor did the work but its answer never arrives in time: only a status look-up tells.
            timeout: behaviour === 'timeout',
          };
        },
      );
    },

    getChargeStatus: chargeOf,
    // The sandbox's charges never wait for the payer (its 3-D Secure step comes before the charge).
    cancelCharge: chargeOf,
    // The sandbox charges any positive amount.
    minimumChargeMinor: () => 1n,

    async refund(request: GatewayRefundRequest): Promise<GatewayRefund> {
      const { idempotency_key, ...parameters } = request;
      const asked = { token: null, orderNumber: request.order_number };
      return once<GatewayRefund, { status: string }>(
        idempotency_key,
        'refund',
        parameters,
        asked,
        ({ existing: charge }) => {
          const refused = (reason: string) => ({
            answer: {
              order_number: request.order_number,
              refund_reference: '',
              status: 'refused',
              amount_minor: request.amount_minor,
              reason,
            } satisfies GatewayRefund,
          });
          if (!charge) return refused('unknown_order');
          if (charge.status === 'declined') return refused('not_approved');
          const left = charge.amount_minor - charge.refunded_minor;
          if (request.amount_minor <= 0n || request.amount_minor > left) return refused('amount_exceeds_balance');
          const refunded = charge.refunded_minor + request.amount_minor;
          const change = { status: refunded === charge.amount_minor ? 'refunded' : 'partially_refunded' };
          return {
            answer: {
              order_number: request.order_number,
              refund_reference: `RF${randomBytes(5).toString('hex').toUpperCase()}`,
              status: 'refunded',
              amount_minor: request.amount_minor,
              reason: '',
            } satisfies GatewayRefund,
            write: {
              name: 'refund',
              rows: [change],
              build: ([set], bind) =>
                db
                  .update(sandboxCharges)
                  .set({ ...set!, refundedMinor: sql`${sandboxCharges.refundedMinor} + ${bind('amount')}::bigint` })
                  .where(eq(sandboxCharges.orderNumber, bind('orderNumber'))),
              values: { amount: request.amount_minor.toString(), orderNumber: request.order_number },
            },
          };
        },
      );
    },
  };

  async function setCardinal(view: AccessTokenView, status: CardinalResult['status']) {
    const cardinal: CardinalResult = {
      status,
      eci: status === 'Y' ? '05' : '07',
      cavv: status === 'Y' ? randomBytes(20).toString('base64') : '',
      ds_transaction_id: randomUUID(),
      threeds_version: view.request.threeds_version || ECHECK_THREEDS_VERSION,
      order_number: view.request.order_number ?? '',
    };
    await db.update(sandboxAccessTokens).set({ cardinal }).where(eq(sandboxAccessTokens.accessToken, view.accessToken));
  }

  /** Back to the portal with ?id=<access token>, as an ACS would; never anywhere but the portal. */
  function returnAddress(redirectUri: string, accessToken: string): string {
    if (!isPortalPath(redirectUri)) throw new Error('redirect_uri must be a path of the portal');
    const target = new URL(redirectUri, 'http://portal.invalid');
    target.searchParams.set('id', accessToken);
    return `${options.portalOrigin ?? ''}${target.pathname}${target.search}`;
  }

  return gateway;
}

// bigint does not survive JSON: amounts are stored as strings and read back. The answer goes into its statement as
// JSON text (cast to jsonb there).
function encode(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) => (typeof v === 'bigint' ? { $bigint: v.toString() } : v));
}

function decode(value: Record<string, unknown>): unknown {
  return JSON.parse(JSON.stringify(value), (_key, v: unknown) =>
    v && typeof v === 'object' && '$bigint' in v ? BigInt((v as { $bigint: string }).$bigint) : v,
  );
}
