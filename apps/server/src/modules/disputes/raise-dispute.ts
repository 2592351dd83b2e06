// POST /api/invoice/disputes (issue 39, ADR 0034): a customer user who may pay the invoice (CanMakePayment) or holds
// CanRaiseDisputes disputes an invoice the user sees: an amount from one minor unit up to its open amount, one of the
// company code's dispute reasons, some of its lines or the whole of it. One dispute open or in review per invoice: a
// second complaint answers 409 with the first one's id (its thread is the place). An invoice the user does not see
// answers 404 exactly as one that does not exist.
import { randomUUID } from 'node:crypto';
import { paymentDocumentKey, RaiseDisputeRequest, type InvoiceDetail } from '@portal/contracts';
import { addIsoDays, currencyDecimalsOf, formatMinorUnits, parseMinorUnits, parseScaledAmount } from '@portal/domain';
import type { AppContext } from '../../app-context';
import type { DisputeLineRow } from '../../db/schema';
import { AppError } from '../../errors';
import type { ClientInfo } from '../../http/client-info';
import type { Actor } from '../../plugins/auth';
import { normalizeNumber } from '../customers/account-access';
import { belongsTo, notFound, resolveInvoiceScope } from '../invoices/invoice-scope';
import { disputeReader, sees } from './dispute-access';
import { disputeReasonsOf } from './dispute-reasons';
import { authorOf } from './dispute-thread';
import {
  activeDisputeOf,
  afterDisputeChange,
  alreadyOpen,
  isActiveDisputeTaken,
  writeOpenedDispute,
} from './open-dispute';

const refused = (key: string, fields: string[], details: Record<string, unknown> = {}) =>
  new AppError('VALIDATION_FAILED', { messageKey: `validation.disputes.${key}`, details: { fields, ...details } });

export function mayRaiseDisputes(actor: Actor): boolean {
  return actor.permissions.has('CanMakePayment') || actor.permissions.has('CanRaiseDisputes');
}

export async function raiseDispute(
  ctx: AppContext,
  actor: Actor,
  input: unknown,
  client: ClientInfo,
): Promise<{ id: string; status: 'open' }> {
  const request = RaiseDisputeRequest.parse(input);
  if (!mayRaiseDisputes(actor)) throw new AppError('FORBIDDEN');
  const invoice = await visibleInvoice(ctx, actor, request.payer_data, request.billing_document_number);
  const header = invoice.header_data;
  const configuration = await ctx.erp.getBackendConfiguration();
  const decimals = currencyDecimalsOf(header.currency_key, configuration.sapcust.currency_decimals);
  const open = parseScaledAmount(header.open_amount, decimals) ?? 0n;
  if (header.document_status !== '01' || open <= 0n) throw refused('not_open', ['billing_document_number']);
  // Not rounded: an amount with more decimals than the invoice's currency has is refused, not changed.
  const amount = parseMinorUnits(request.amount, decimals);
  if (amount === undefined || amount <= 0n || amount > open) {
    throw refused('amount', ['amount'], { max: formatMinorUnits(open, decimals) });
  }
  const reasons = await disputeReasonsOf(ctx, header.company_code);
  const reason = reasons.reasons.find((entry) => entry.reason_code === request.reason_code);
  if (!reason) throw refused('reason', ['reason_code']);
  const lines = chosenLines(invoice, request.lines ?? []);
  const documentKey = paymentDocumentKey(header);
  const taken = await activeDisputeOf(ctx.db, documentKey);
  if (taken) throw alreadyOpen(taken.id);

  const now = ctx.now();
  const id = randomUUID();
  const payer = invoice.partner_data.find((partner) => partner.partner_function === 'RG');
  try {
    await ctx.db.transaction((tx) =>
      writeOpenedDispute(
        tx,
        ctx,
        {
          id,
          payerNumber: header.payer_number,
          payerName: payer?.address_data.name ?? '',
          companyCode: header.company_code,
          soldtoNumber: header.soldto_number,
          billingDocumentNumber: header.billing_document_number,
          documentNumberFinance: header.document_number_finance,
          fiscalYear: header.fiscal_year_of_the_relevant_invoice,
          lineItem: header.line_item_in_the_relevant_invoice,
          documentKey,
          currencyKey: header.currency_key,
          currencyDecimals: decimals,
          amountMinor: amount,
          openAmountMinor: open,
          reasonCode: reason.reason_code,
          lines,
          status: 'open',
          raisedByUserId: actor.userId,
          actingUserId: actor.impersonator?.userId ?? null,
          source: 'portal',
          targetDate: addIsoDays(now.toISOString().slice(0, 10), reason.target_days),
          erpStatus: 'pending',
          createdAt: now,
          updatedAt: now,
        },
        {
          author: authorOf(actor),
          comment: request.comment,
          reasonDescription: reason.description,
          audit: {
            userId: actor.impersonator?.userId ?? actor.userId,
            ip: client.ip,
            userAgent: client.userAgent,
            requestId: client.requestId,
          },
        },
      ),
    );
  } catch (error) {
    const first = isActiveDisputeTaken(error) ? await activeDisputeOf(ctx.db, documentKey) : undefined;
    if (first) throw alreadyOpen(first.id);
    throw error;
  }
  afterDisputeChange(ctx, [id]);
  return { id, status: 'open' };
}

/**
 * The invoice if the user sees it: the account must be one of the user's (as every invoice call asks), the ERP must
 * know the number for it, and its sold-to must be one the user sees. Anything else is the same 404.
 */
async function visibleInvoice(
  ctx: AppContext,
  actor: Actor,
  payerData: { customer_number: string; company_code: string },
  billingDocumentNumber: string,
): Promise<InvoiceDetail> {
  const scope = await resolveInvoiceScope(ctx, actor, payerData, [], true);
  const answer = await ctx.erp.getInvoiceDetail({
    document_detail: {
      billing_document_number: billingDocumentNumber,
      document_type: '01',
      customer_number: scope.item.PrimaryAcct,
    },
  });
  const header = answer.detail?.header_data;
  if (answer.status.message_type !== 'S' || !answer.detail || !header || !belongsTo(scope.item, header)) {
    throw notFound();
  }
  const reader = await disputeReader(ctx, actor);
  const invoice = {
    payerNumber: header.payer_number,
    soldtoNumber: header.soldto_number,
    companyCode: header.company_code,
  };
  if (!sees(reader, invoice)) throw notFound();
  return answer.detail;
}

/** The invoice's lines a dispute names, as the invoice has them; a number that is none of them is refused. */
function chosenLines(invoice: InvoiceDetail, wanted: readonly { item_number: string }[]): DisputeLineRow[] {
  const items = new Map(invoice.item_data.map((item) => [normalizeNumber(item.item_number), item]));
  const numbers = [...new Set(wanted.map((line) => normalizeNumber(line.item_number)))];
  if (numbers.some((number) => !items.has(number))) throw refused('lines', ['lines']);
  return numbers.map((number) => {
    const item = items.get(number)!;
    return { item_number: item.item_number, description: item.description, amount: item.total_amount };
  });
}
