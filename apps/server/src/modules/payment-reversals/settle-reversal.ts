// Takes a reversal to its end (ADR 0032), the same way for the refund request, its retries, the provider's events and
// the reconciler, at most once:
//
// 1. requested (a refund only): the provider's refund, with the reversal id as its idempotency key. A time-out leaves
//    it requested (the reconciler asks again with the same key: the provider answers the first result); a refusal
//    ends it (refused, audited, nothing moved); a refund moves it to confirmed with the provider's reference.
// 2. confirmed: the ERP's reversal with the reversal id as its reference (a chargeback_reversal, a dispute won, is a
//    posting of the amount again, with the id as its posting reference). In the ERP's transaction (the built-in
//    ledger) or after it confirmed (a remote ERP): the state posted, the feed item, the webhook, the payer's e-mail and
//    the audit row, once (the state moves from confirmed to posted only once). An ERP down or refusing leaves it
//    confirmed with the error, for the reconciler; it is never lost and never posted twice.
//
// The provider and the ERP are called outside any database transaction of the portal's.
import type { WebhookEvent } from '@portal/contracts';
import { formatMinorUnits, paymentMethodLabel } from '@portal/domain';
import type { AppContext } from '../../app-context';
import type { LedgerPostingResult, LedgerReversalResult } from '../../connectors/erp/erp-connector';
import { ErpUnavailableError } from '../../connectors/erp/http/erp-http-client';
import { GatewayTimeoutError } from '../../connectors/gateway/payment-gateway';
import type { Db } from '../../db/client';
import type { ReversalDocumentRow } from '../../db/portal.schema';
import { retryOnConflict } from '../../db/retry-on-conflict';
import { recordAuditEvent } from '../audit/audit.repository';
import { toUnsequencedFeedPayment } from '../ledger-feed/feed-payment';
import { insertFeedRow, type NewFeedRow } from '../ledger-feed/payment-feed.repository';
import type { MoneyBackMailPayload } from '../mail/money-back-mail';
import { portalLink, queueMail } from '../mail/queue-mail';
import { findIntent, type IntentPosting } from '../payments/payment-intents.repository';
import { enqueueWebhookEvent } from '../webhooks/enqueue-webhook-event';
import {
  findPayment,
  findReversal,
  findReversalByReference,
  moveReversal,
  noteReversalFailure,
  type PaymentFeedRow,
  type ReversalRow,
} from './payment-reversals.repository';

export async function settleReversal(ctx: AppContext, reversal: ReversalRow): Promise<ReversalRow> {
  let row = reversal;
  if (row.state === 'requested') row = await askProvider(ctx, row);
  if (row.state === 'confirmed') row = await postToErp(ctx, row);
  return row;
}

async function askProvider(ctx: AppContext, row: ReversalRow): Promise<ReversalRow> {
  const payment = await findPayment(ctx.db, row.paymentId);
  if (!payment) throw new Error(`reversal ${row.id}: payment ${row.paymentId} is not in the feed`);
  let refund;
  try {
    refund = await ctx.gateway.refund({
      idempotency_key: row.id,
      order_number: payment.orderNumber,
      amount_minor: row.amountMinor,
    });
  } catch (error) {
    if (error instanceof GatewayTimeoutError) {
      await noteReversalFailure(ctx.db, row, 'payment provider timed out', ctx.now());
      return row;
    }
    throw error;
  }
  const now = ctx.now();
  if (refund.status === 'refused') {
    const moved = await ctx.db.transaction(async (transaction) => {
      const tx = transaction as unknown as Db;
      const refused = await moveReversal(tx, row.id, 'requested', {
        state: 'refused',
        refusal: refund.reason.slice(0, 200),
        updatedAt: now,
      });
      if (refused) await auditReversal(tx, ctx, refused, payment, 'payment_refund_refused', { refusal: refund.reason });
      return refused;
    });
    return moved ?? (await findReversal(ctx.db, row.id)) ?? row;
  }
  const confirmed = await moveReversal(ctx.db, row.id, 'requested', {
    state: 'confirmed',
    providerReference: refund.refund_reference,
    updatedAt: now,
  });
  return confirmed ?? (await findReversal(ctx.db, row.id)) ?? row;
}

/** What a posting of the ERP reversed or posted again, per document, as the feed item keeps it. */
type Moved = {
  documentNumber: string;
  documents: (ReversalDocumentRow & { moved_minor: bigint })[];
};

async function postToErp(ctx: AppContext, row: ReversalRow): Promise<ReversalRow> {
  const payment = await findPayment(ctx.db, row.paymentId);
  if (!payment) throw new Error(`reversal ${row.id}: payment ${row.paymentId} is not in the feed`);
  let posted: ReversalRow | undefined;
  const record = async (tx: Db, moved: Moved) => {
    posted = await recordPosted(tx, ctx, row, payment, moved);
  };
  try {
    await retryOnConflict(() =>
      row.kind === 'chargeback_reversal' ? postAgain(ctx, row, payment, record) : reverse(ctx, row, record),
    );
  } catch (error) {
    if (error instanceof ErpUnavailableError || error instanceof ErpRefusedReversal) {
      await noteReversalFailure(ctx.db, row, error.message, ctx.now());
      return (await findReversal(ctx.db, row.id)) ?? row;
    }
    throw error;
  }
  return posted ?? (await findReversal(ctx.db, row.id)) ?? row;
}

/** The ERP refused the reversal (E): the portal's and the ERP's figures disagree; kept for the reconciler and a person. */
class ErpRefusedReversal extends Error {
  override readonly name = 'ErpRefusedReversal';
}

async function reverse(
  ctx: AppContext,
  row: ReversalRow,
  record: (tx: Db, moved: Moved) => Promise<void>,
): Promise<void> {
  const kind = row.kind === 'chargeback_reversal' ? 'chargeback' : row.kind;
  const result = await ctx.erp.reversePayment(
    {
      reversal_reference: row.id,
      posting_reference: row.paymentId,
      kind,
      currency_key: row.currencyKey,
      amount_minor: row.amountMinor,
      documents: row.documents.map((document) => ({
        document_key: document.document_key,
        amount_minor: BigInt(document.amount_minor),
      })),
      reason_code: row.returnCode || row.reason,
      reason_text: reasonText(row),
      login: row.login,
      // When it happened, not when this try runs: a retry carries the same body under the same key.
      reversed_at: row.createdAt,
    },
    {
      inTransaction: async (tx, result) => {
        if (result.message_type === 'S') await record(tx, movedOfReversal(result));
      },
    },
  );
  if (result.message_type !== 'S')
    throw new ErpRefusedReversal(`ERP refused the reversal: ${result.message_line_string}`);
}

/** A dispute won: the amount the chargeback took is posted again on what the chargeback reopened. */
async function postAgain(
  ctx: AppContext,
  row: ReversalRow,
  payment: PaymentFeedRow,
  record: (tx: Db, moved: Moved) => Promise<void>,
): Promise<void> {
  const intent = await findIntent(ctx.db, payment.id);
  if (!intent) throw new Error(`reversal ${row.id}: no payment intent ${payment.id}`);
  const posting = intent.posting as unknown as IntentPosting;
  // What the chargeback reopened is paid again; it must have been posted first.
  const chargeback = row.providerReference
    ? await findReversalByReference(ctx.db, 'chargeback', row.providerReference)
    : undefined;
  if (!chargeback || chargeback.state !== 'posted')
    throw new ErpRefusedReversal('the chargeback of this dispute is not posted yet');
  const documents = chargeback.postedDocuments ?? [];
  const result = await ctx.erp.postPayment(
    {
      posting_reference: row.id,
      log_id: posting.log_id,
      message_type: 'S',
      message_line_string: '',
      payer_data: { customer_number: intent.payerNumber, company_code: intent.companyCode },
      soldto_number: posting.soldto_number,
      currency_key: row.currencyKey,
      amount_minor: row.amountMinor,
      payment_card_token: intent.paymentCardToken,
      payment_card_type: intent.paymentCardType,
      authorization_reference: intent.authorizationReference,
      order_number: intent.orderNumber,
      login: row.login,
      posted_at: row.createdAt,
      documents: documents.map((document) => ({
        document_key: document.document_key,
        amount_minor: BigInt(document.amount_minor),
        reason_code: '',
        comment: '',
      })),
      reference_number: posting.reference_number,
      reason_code: '',
      comment: reasonText(row),
    },
    { inTransaction: (tx, result) => record(tx, movedOfPosting(result)) },
  );
  if (result.message_type !== 'S') throw new ErpRefusedReversal('ERP refused to post the dispute won again');
}

function movedOfReversal(result: LedgerReversalResult): Moved {
  return {
    documentNumber: result.reversal_document_number,
    documents: result.documents.map((document) => ({
      document_key: document.document_key,
      billing_document_number: document.billing_document_number,
      document_number_finance: document.document_number_finance,
      amount_minor: String(document.reopened_minor),
      moved_minor: -document.reopened_minor,
    })),
  };
}

function movedOfPosting(result: LedgerPostingResult): Moved {
  return {
    documentNumber: result.payment_document_number,
    documents: result.documents
      .filter((document) => document.applied_minor !== 0n)
      .map((document) => ({
        document_key: document.document_key,
        billing_document_number: document.billing_document_number,
        document_number_finance: document.document_number_finance,
        amount_minor: String(document.applied_minor),
        moved_minor: document.applied_minor,
      })),
  };
}

/** The words the ERP keeps on the documents reopened (language-neutral: codes and the provider's reason). */
function reasonText(row: ReversalRow): string {
  switch (row.kind) {
    case 'refund':
      return `Refund: ${row.reason}${row.comment ? ` - ${row.comment}` : ''}`.slice(0, 500);
    case 'return':
      return `Bank debit returned: ${row.returnCode}${row.reason ? ` ${row.reason}` : ''}`.slice(0, 500);
    case 'chargeback':
      return `Chargeback: ${row.reason}`.slice(0, 500);
    case 'chargeback_reversal':
      return `Dispute won: ${row.reason}`.slice(0, 500);
  }
}

const webhookOf: Partial<Record<ReversalRow['kind'], WebhookEvent>> = {
  refund: 'payment.refunded',
  return: 'payment.returned',
};

const auditOf = {
  refund: 'payment_refunded',
  return: 'payment_returned',
  chargeback: 'payment_charged_back',
  chargeback_reversal: 'payment_chargeback_reversed',
} as const;

/** In the ERP's transaction: posted once, with its feed item, webhook, e-mail and audit row. */
async function recordPosted(
  tx: Db,
  ctx: AppContext,
  row: ReversalRow,
  payment: PaymentFeedRow,
  moved: Moved,
): Promise<ReversalRow | undefined> {
  const now = ctx.now();
  const posted = await moveReversal(tx, row.id, 'confirmed', {
    state: 'posted',
    postedAt: now,
    postedDocuments: moved.documents.map(({ moved_minor: _moved, ...document }) => document),
    reversalDocumentNumber: moved.documentNumber,
    lastError: '',
    updatedAt: now,
  });
  if (!posted) return undefined;
  const sign = row.kind === 'chargeback_reversal' ? 1n : -1n;
  const feedRow: NewFeedRow = {
    id: row.id,
    kind: row.kind,
    postedAt: now,
    companyCode: payment.companyCode,
    payerNumber: payment.payerNumber,
    soldtoNumber: payment.soldtoNumber,
    currencyKey: row.currencyKey,
    currencyDecimals: row.currencyDecimals,
    amountMinor: sign * row.amountMinor,
    method: payment.method,
    // A refund's and a dispute's own reference at the provider; a return names the payment's (its reference is the
    // provider's event).
    gatewayReference: (row.kind !== 'return' && row.providerReference) || payment.gatewayReference,
    orderNumber: payment.orderNumber,
    paymentDocumentNumber: moved.documentNumber,
    login: row.login,
    documents: moved.documents.map((document) => ({
      billing_document_number: document.billing_document_number,
      document_number_finance: document.document_number_finance,
      amount: formatMinorUnits(document.moved_minor, row.currencyDecimals),
      reason_code: row.returnCode || row.reason,
      comment: row.comment,
    })),
    reverses: payment.id,
    reason: row.reason,
    returnCode: row.returnCode,
  };
  await insertFeedRow(tx, feedRow);
  const webhook = webhookOf[row.kind];
  if (webhook) {
    await enqueueWebhookEvent(tx, {
      type: webhook,
      messageId: `msg_${row.id}`,
      timestamp: now,
      data: toUnsequencedFeedPayment(feedRow),
    });
  }
  await notifyPayer(tx, ctx, posted, payment, feedRow);
  await auditReversal(tx, ctx, posted, payment, auditOf[row.kind], {
    reversal_document_number: moved.documentNumber,
  });
  return posted;
}

/**
 * The payer hears of a refund and of a returned debit (which asks for another method), at the address the payment's
 * receipt went to, in its language; a chargeback is between the cardholder and the bank, and no mail goes.
 */
async function notifyPayer(
  tx: Db,
  ctx: AppContext,
  row: ReversalRow,
  payment: PaymentFeedRow,
  feedRow: NewFeedRow,
): Promise<void> {
  if (row.kind !== 'refund' && row.kind !== 'return') return;
  const intent = await findIntent(tx, payment.id);
  const posting = intent?.posting as unknown as IntentPosting | undefined;
  if (!intent || !posting?.notify_email) return;
  const payload: MoneyBackMailPayload = {
    firstName: posting.notify_first_name ?? '',
    lastName: posting.notify_last_name ?? '',
    amount: formatMinorUnits(row.amountMinor, row.currencyDecimals),
    payment_amount: formatMinorUnits(payment.amountMinor, payment.currencyDecimals),
    currency_key: row.currencyKey,
    currency_decimals: row.currencyDecimals,
    payment_date: payment.postedAt.toISOString().slice(0, 10),
    reference_code: payment.orderNumber,
    payment_method_label: paymentMethodLabel({
      payment_card_type: intent.paymentCardType,
      payment_card_token: intent.paymentCardToken,
    }),
    reason: row.kind === 'refund' ? row.reason : '',
    return_code: row.returnCode,
    documents: (feedRow.documents ?? [])
      .filter((document) => document.billing_document_number)
      .map((document) => ({
        billing_document_number: document.billing_document_number ?? '',
        document_number_finance: document.document_number_finance ?? '',
        amount: (document.amount ?? '0').replace(/^-/, ''),
      })),
    manage_url: portalLink(ctx, row.kind === 'return' ? '/invoices' : '/payments/history'),
  };
  await queueMail(tx, ctx, {
    template: row.kind === 'refund' ? 'payment_refunded' : 'payment_returned',
    recipient: posting.notify_email,
    language: posting.notify_language ?? intent.language,
    payload,
    dedupeKey: `money_back:${row.id}`,
  });
}

export async function auditReversal(
  tx: Db,
  ctx: AppContext,
  row: ReversalRow,
  payment: PaymentFeedRow,
  event:
    | 'payment_refund_requested'
    | 'payment_refunded'
    | 'payment_refund_refused'
    | 'payment_returned'
    | 'payment_charged_back'
    | 'payment_chargeback_reversed',
  extra: Record<string, unknown> = {},
): Promise<void> {
  await recordAuditEvent(tx, {
    at: ctx.now(),
    event,
    userId: row.actingUserId ?? row.userId,
    subject: payment.payerNumber,
    details: {
      payment_id: payment.id,
      order_number: payment.orderNumber,
      reversal_id: row.id,
      kind: row.kind,
      amount: formatMinorUnits(row.amountMinor, row.currencyDecimals),
      currency: row.currencyKey,
      ...(row.reason ? { reason: row.reason } : {}),
      ...(row.returnCode ? { return_code: row.returnCode } : {}),
      ...(row.actingUserId && row.userId ? { on_behalf_of: row.userId } : {}),
      ...extra,
    },
  });
}
