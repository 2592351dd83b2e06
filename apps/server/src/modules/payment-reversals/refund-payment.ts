// POST /api/payments-received/{id}/refunds (CanRefundPayments, issue 37): a refund of a posted payment, in full or in
// part, per document for an invoice payment, exactly once per Idempotency-Key (ADR 0032).
//
// The checks run on the payment's feed row locked (SELECT ... FOR UPDATE), with its reversals and disputes read under
// the lock, and the refund row is written in the same transaction: two refunds racing for the last cent take turns,
// and the second one sees the first one's amount held. Refused, with nothing written: an amount that is not a
// positive amount of the currency, more than is left to refund, a dispute open, documents the payment did not pay or
// above what is left on them, documents that do not add up to the amount. Then settleReversal asks the provider and
// posts the reversal to the ERP.
import type { PaymentReversal, RefundPaymentRequest } from '@portal/contracts';
import { formatMinorUnits, parseMinorUnits } from '@portal/domain';
import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import type { AppContext } from '../../app-context';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import type { Actor } from '../../plugins/auth';
import { findIntent, type IntentPosting } from '../payments/payment-intents.repository';
import { moneyBackFigures, takenPerDocument } from './money-back';
import {
  disputesOf,
  findReversal,
  findReversalByKey,
  insertReversal,
  lockPayment,
  reversalsOf,
  type PaymentFeedRow,
  type ReversalRow,
} from './payment-reversals.repository';
import { auditReversal, settleReversal } from './settle-reversal';
import { toPaymentReversal } from './reversal-view';

type Request = z.output<typeof RefundPaymentRequest>;

export async function refundPayment(
  ctx: AppContext,
  actor: Actor,
  paymentId: string,
  request: Request,
  identity: { scope: string; key: string },
): Promise<PaymentReversal> {
  // A retry of a request that wrote its refund (and died, or timed out at the provider) goes on with it.
  const earlier = await findReversalByKey(ctx.db, identity.scope, identity.key);
  if (earlier) return toPaymentReversal(await settleReversal(ctx, earlier));

  const row = await ctx.db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    const payment = await lockPayment(tx, paymentId);
    if (!payment) throw new AppError('NOT_FOUND');
    const reversals = await reversalsOf(tx, [payment.id]);
    const figures = moneyBackFigures(payment.amountMinor, reversals, await disputesOf(tx, [payment.id]));
    if (figures.openDispute) throw refused('disputed');
    const amount = amountOf(request.amount, payment.currencyDecimals, 'amount');
    if (amount > figures.refundableMinor) throw refused('above_rest', payment, figures.refundableMinor);
    const documents = documentShares(request, payment, reversals, amount, await documentKeys(tx, payment));
    const now = ctx.now();
    const { row } = await insertReversal(tx, {
      id: randomUUID(),
      paymentId: payment.id,
      kind: 'refund',
      state: 'requested',
      amountMinor: amount,
      currencyKey: payment.currencyKey,
      currencyDecimals: payment.currencyDecimals,
      documents,
      reason: request.reason,
      comment: request.comment,
      scope: identity.scope,
      idempotencyKey: identity.key,
      userId: actor.userId,
      actingUserId: actor.impersonator?.userId ?? null,
      login: actor.login,
      nextAttemptAt: new Date(now.getTime() + ctx.config.PAYMENT_RECONCILE_AFTER_SECONDS * 1000),
      createdAt: now,
      updatedAt: now,
    });
    await auditReversal(tx, ctx, row, payment, 'payment_refund_requested', {
      ...(request.comment ? { comment: request.comment } : {}),
    });
    return row;
  });
  const settled = await settleReversal(ctx, row);
  return toPaymentReversal((await findReversal(ctx.db, settled.id)) ?? settled);
}

function refused(why: 'disputed' | 'above_rest' | 'pending', payment?: PaymentFeedRow, rest?: bigint): AppError {
  return new AppError('REFUND_REFUSED', {
    messageKey: `money-back.errors.refund_${why}`,
    details: payment && rest !== undefined ? { refundable: formatMinorUnits(rest, payment.currencyDecimals) } : {},
  });
}

function invalid(field: string, problem: string): AppError {
  return new AppError('VALIDATION_FAILED', {
    messageKey: `money-back.errors.refund_${problem}`,
    details: { field },
  });
}

/** A positive amount with at most the currency's decimals, in minor units. */
function amountOf(value: string, decimals: number, field: string): bigint {
  const minor = parseMinorUnits(value, decimals);
  if (minor === undefined) throw invalid(field, 'amount_format');
  if (minor <= 0n) throw invalid(field, 'amount_positive');
  return minor;
}

/**
 * The shares per document, checked against what the payment applied to each less what earlier refunds, returns and
 * chargebacks took back from it (a reversal the ledger has not placed yet holds its documents unknown: the refund
 * waits for it, so that the ledger never gets a share it must refuse after the provider gave the money back).
 */
function documentShares(
  request: Request,
  payment: PaymentFeedRow,
  reversals: ReversalRow[],
  amount: bigint,
  keys: Map<string, string>,
) {
  const asked = request.documents ?? [];
  if (asked.length === 0) return [];
  if (reversals.some((row) => row.state !== 'refused' && row.state !== 'posted' && row.documents.length === 0))
    throw refused('pending');
  const decimals = payment.currencyDecimals;
  const taken = takenPerDocument(reversals);
  const seen = new Set<string>();
  let sum = 0n;
  const shares = asked.map((share, index) => {
    const field = `documents.${index}.amount`;
    // Named by its invoice number, or by its finance number when it has none.
    const paid = payment.documents.find((document) =>
      share.billing_document_number
        ? document.billing_document_number === share.billing_document_number
        : document.document_number_finance === share.document_number_finance,
    );
    const finance = paid?.document_number_finance ?? '';
    const key = keys.get(finance);
    if (!paid || !key || seen.has(finance))
      throw invalid(`documents.${index}.billing_document_number`, 'document_unknown');
    seen.add(finance);
    const minor = amountOf(share.amount, decimals, field);
    const applied = parseMinorUnits(paid.amount ?? '0', decimals) ?? 0n;
    const room = applied - (taken.get(finance) ?? 0n);
    if (minor > room) throw invalid(field, 'document_above_rest');
    sum += minor;
    return {
      document_key: key,
      billing_document_number: paid.billing_document_number ?? '',
      document_number_finance: finance,
      amount_minor: String(minor),
    };
  });
  if (sum !== amount) throw invalid('documents', 'documents_sum');
  return shares;
}

/** The ledger's keys of the documents the payment paid, by finance document number (from its payment intent). */
async function documentKeys(tx: Db, payment: PaymentFeedRow): Promise<Map<string, string>> {
  const intent = await findIntent(tx, payment.id);
  const posting = intent?.posting as unknown as IntentPosting | undefined;
  return new Map(
    (posting?.documents ?? []).map((document) => [document.document_number_finance, document.document_key]),
  );
}
