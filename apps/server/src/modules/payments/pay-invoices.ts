// POST /api/invoice/payments — paying selected invoices exactly once (spec §2 Payment page, §4 payment flow, §5
// checks 1-8 in order, §7). The story:
// 1. a retry of a request whose intent exists settles that intent (never a second charge); the same key with another
//    request is refused (its key row may be gone: released after a crash, or expired while the intent remains);
// 2. the account, the sold-to, every document and the payment method are the user's (else 404, like unknown ones);
// 3. the documents are as the page showed them (DOCUMENT_CHANGED otherwise) and the spec's checks pass
//    (PAYMENT_REFUSED with the check's message key), including 3-D Secure where it applies;
// 4. the intent is written and its documents reserved (PAYMENT_IN_PROCESS when another payment holds one), then
//    the documents are read again: a payment that settled between step 3 and the reservation has changed them
//    (DOCUMENT_CHANGED, and the intent is removed again);
// 5. settlePaymentIntent charges outside any transaction and posts the ledger with the intent's completion.
// Every refusal happens before the gateway is called: nothing stays written, nothing is charged.
import { randomUUID } from 'node:crypto';
import {
  paymentDocumentKey,
  type BackendConfiguration,
  type CardinalResult,
  type PayInvoicesRequest,
  type PayInvoicesResponse,
  type PaymentCard,
} from '@portal/contracts';
import {
  checkInvoicePayment,
  invoicePaymentRules,
  parseScaledAmount,
  type InvoicePaymentFailure,
} from '@portal/domain';
import type { z } from 'zod';
import type { AppContext } from '../../app-context';
import { AppError } from '../../errors';
import type { Actor } from '../../plugins/auth';
import { readApplicationSettings } from '../system/application-settings';
import { belongsTo, effectiveUserId, normalizeNumber, notFound, resolveInvoiceScope } from '../invoices/invoice-scope';
import { findSessionMethod } from '../payment-methods/session-payment-methods.repository';
import { findUserById } from '../users/users.repository';
import {
  abandonPaymentIntent,
  findIntentByKey,
  openPaymentIntent,
  type PaymentIntent,
} from './payment-intents.repository';
import { settlePaymentIntent, type IntentPosting } from './settle-payment-intent';

type ParsedRequest = z.output<typeof PayInvoicesRequest>;

export type IdempotencyIdentity = { scope: string; key: string; requestHash: string };

export async function payInvoices(
  ctx: AppContext,
  actor: Actor,
  request: ParsedRequest,
  identity: IdempotencyIdentity,
  language: string,
): Promise<PayInvoicesResponse> {
  const earlier = await findIntentByKey(ctx.db, identity.scope, identity.key);
  if (earlier) return settleExisting(ctx, earlier, identity);

  // 2. object authorisation
  const userId = effectiveUserId(actor);
  const scope = await resolveInvoiceScope(ctx, userId, request.payer_data, [], true);
  const soldto = normalizeNumber(request.soldto.account_number);
  const soldtoAllowed =
    soldto === '' ||
    normalizeNumber(scope.item.PrimaryAcct) === soldto ||
    scope.item.DropDownItems.some((sub) => normalizeNumber(sub.PrimaryAcct) === soldto);
  if (!soldtoAllowed) throw notFound();

  const keys = request.documents.map((document) =>
    paymentDocumentKey({
      company_code: scope.item.CompanyCode,
      document_number_finance: document.document_number_finance,
      fiscal_year_of_the_relevant_invoice: document.fiscal_year_of_the_relevant_invoice,
      line_item_in_the_relevant_invoice: document.line_item_in_the_relevant_invoice,
    }),
  );
  if (new Set(keys).size !== keys.length) throw validationFailed('documents_duplicated');
  const [ledgerDocuments, configuration, settings] = await Promise.all([
    ctx.erp.getPayableDocuments({ payer_data: scope.payerData, document_keys: keys }),
    ctx.erp.getBackendConfiguration(),
    readApplicationSettings(ctx.db),
  ]);
  const byKey = new Map(ledgerDocuments.map((document) => [paymentDocumentKey(document), document]));
  const documents = keys.map((key) => {
    const document = byKey.get(key);
    if (!document || !belongsTo(scope.item, document)) throw notFound();
    return document;
  });

  // 3. as the page showed them, in one currency, and the spec's checks
  const decimals = currencyDecimals(configuration, request.currency_key);
  if (decimals !== request.currency_decimals) throw validationFailed('currency_decimals');
  if (documents.some((document) => document.currency_key !== request.currency_key))
    throw validationFailed('currency_mixed');
  for (const [index, document] of documents.entries()) {
    const shown = parseScaledAmount(request.documents[index]!.open_amount, decimals);
    const current = parseScaledAmount(document.open_amount, decimals);
    if (document.document_status !== '01' || shown === undefined || shown !== current) {
      throw new AppError('DOCUMENT_CHANGED', { details: { documentIndex: index } });
    }
  }

  const method = await findPaymentMethod(ctx, actor, request, scope.payerData);
  if (!method || method.payment_card_type !== request.payment_detail.payment_card_type) throw notFound();
  const rules = invoicePaymentRules(
    configuration,
    { maximumCardPayment: settings.maxPaymentAllowed, maximumEcheckPayment: settings.maxECheckPaymentAllowed },
    scope.item.CompanyCode,
  );
  if (settings.isPaymentsDisable) rules.paymentsAllowed = false;
  const failure = checkInvoicePayment(
    {
      company_code: scope.item.CompanyCode,
      currency_decimals: decimals,
      documents: request.documents.map((document) => ({
        open_amount: document.open_amount,
        amount_to_process: document.amount_to_process,
        reason_code: document.reason_code,
        comment: document.comment,
      })),
      payment_method: {
        payment_card_type: method.payment_card_type,
        card_validation_code: request.payment_detail.card_validation_code ?? '',
      },
    },
    rules,
  );
  if (failure) throw paymentRefused(failure);
  const cardinal = await checkThreeDs(ctx, actor, configuration, scope.item.CompanyCode, request, method);

  // 4. the intent, written before the gateway is called
  const amounts = request.documents.map((document) => parseScaledAmount(document.amount_to_process, decimals)!);
  const total = amounts.reduce((sum, amount) => sum + amount, 0n);
  const user = await findUserById(ctx.db, actor.userId);
  const posting: IntentPosting = {
    log_id: 'POST_INVOICE',
    soldto_number: request.soldto.account_number || documents[0]!.soldto_number,
    reference_number: '',
    reason_code: '',
    comment: '',
    notify_email: user?.email ?? '',
    documents: documents.map((document, index) => ({
      document_key: keys[index]!,
      document_number_finance: document.document_number_finance,
      billing_document_number: document.billing_document_number,
      amount_minor: String(amounts[index]),
      reason_code: request.documents[index]!.reason_code,
      comment: request.documents[index]!.comment,
    })),
  };
  const now = ctx.now();
  const outcome = await openPaymentIntent(
    ctx.db,
    {
      id: randomUUID(),
      scope: identity.scope,
      idempotencyKey: identity.key,
      requestHash: identity.requestHash,
      kind: 'invoice',
      state: 'pending',
      orderNumber: randomUUID(),
      userId: actor.userId,
      actingUserId: actor.userId === userId ? null : actor.userId,
      login: actor.login,
      payerNumber: scope.payerData.customer_number,
      companyCode: scope.item.CompanyCode,
      currencyKey: request.currency_key,
      currencyDecimals: decimals,
      amountMinor: total,
      paymentCardToken: method.payment_card_token,
      paymentCardType: method.payment_card_type,
      posting,
      language,
      createdAt: now,
      updatedAt: now,
    },
    keys,
  );
  if ('inProcess' in outcome) throw new AppError('PAYMENT_IN_PROCESS');
  if ('existing' in outcome) return settleExisting(ctx, outcome.existing, identity);

  // The reservation only stops payments that start after it. One that was checked, charged and posted while this
  // request read and checked its documents freed them again with its posting: read them once more, now that no
  // one else can post them, so that an invoice paid meanwhile is never charged twice.
  const reserved = await ctx.erp.getPayableDocuments({ payer_data: scope.payerData, document_keys: keys });
  const reservedByKey = new Map(reserved.map((document) => [paymentDocumentKey(document), document]));
  const changedIndex = documents.findIndex((document, index) => {
    const now = reservedByKey.get(keys[index]!);
    return (
      !now ||
      now.document_status !== document.document_status ||
      parseScaledAmount(now.open_amount, decimals) !== parseScaledAmount(document.open_amount, decimals)
    );
  });
  if (changedIndex >= 0) {
    await abandonPaymentIntent(ctx.db, outcome.opened.id);
    throw new AppError('DOCUMENT_CHANGED', { details: { documentIndex: changedIndex } });
  }

  // 5. charge, post, complete
  return settlePaymentIntent(ctx, outcome.opened, { mode: 'charge', cardinal });
}

/** A retry finds its intent: look the order up at the gateway, never charge again. */
function settleExisting(ctx: AppContext, intent: PaymentIntent, identity: IdempotencyIdentity) {
  if (intent.requestHash !== identity.requestHash) throw new AppError('IDEMPOTENCY_KEY_REUSED');
  return settlePaymentIntent(ctx, intent, { mode: 'look-up', mayVoid: false });
}

function validationFailed(reason: string): AppError {
  return new AppError('VALIDATION_FAILED', { reason });
}

function paymentRefused(failure: InvoicePaymentFailure): AppError {
  return new AppError('PAYMENT_REFUSED', {
    messageKey: failure.key,
    details: {
      check: failure.key,
      ...(failure.documentIndex === undefined ? {} : { documentIndex: failure.documentIndex }),
      ...(failure.values ? { values: failure.values } : {}),
    },
  });
}

function currencyDecimals(configuration: BackendConfiguration, currencyKey: string): number {
  return configuration.sapcust.currency_decimals.find((entry) => entry.currkey === currencyKey)?.currdec ?? 2;
}

/** The payer's saved method with this token, or this session's session-only one. */
async function findPaymentMethod(
  ctx: AppContext,
  actor: Actor,
  request: ParsedRequest,
  payerData: { customer_number: string; company_code: string },
): Promise<PaymentCard | null> {
  const token = request.payment_detail.payment_card_token;
  const saved = await ctx.erp.getPaymentCards({ payer_data: payerData });
  const found = saved.payment_cards.find((card) => card.payment_card_token === token);
  if (found) return found;
  for (const customerNumber of new Set([request.payer_data.customer_number, payerData.customer_number])) {
    const session = await findSessionMethod(
      ctx.db,
      { sessionId: actor.sessionId, customerNumber, companyCode: payerData.company_code },
      token,
    );
    if (session) return session;
  }
  return null;
}

/**
 * spec §4: 3-D Secure applies when secure_3ds_enabled is X and the company code is not disable_3ds, except for
 * AMEX (and e-checks, which are no cards). Then the request names the TO access token of its step, which must be
 * this session's, for this card, and passed (Y or A).
 */
async function checkThreeDs(
  ctx: AppContext,
  actor: Actor,
  configuration: BackendConfiguration,
  companyCode: string,
  request: ParsedRequest,
  method: PaymentCard,
): Promise<CardinalResult | null> {
  const provider = configuration.payment_provider[0];
  const company = configuration.company_codes.find((code) => code.company_code === companyCode);
  const applies =
    provider?.secure_3ds_enabled === 'X' &&
    company?.disable_3ds !== 'X' &&
    method.payment_card_type !== 'AMEX' &&
    method.payment_card_type !== 'EC';
  if (!applies) return null;
  const accessToken = request.payment_detail.three_ds_access_token;
  if (!accessToken) throw new AppError('THREE_DS_REQUIRED', { reason: 'three_ds_missing' });
  const result = await ctx.gateway.getTokenizationResult(accessToken);
  const passed =
    result !== null &&
    result.merchant_reference === actor.sessionId &&
    result.payment_card_token === method.payment_card_token &&
    (result.cardinal?.status === 'Y' || result.cardinal?.status === 'A');
  if (!passed) throw new AppError('THREE_DS_REQUIRED', { reason: 'three_ds_not_passed' });
  return result.cardinal;
}
