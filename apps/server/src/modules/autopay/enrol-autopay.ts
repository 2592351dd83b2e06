// PUT /api/autopay (issue 29): a user who may pay enrols an account with a saved method, "pay each invoice N days
// before its due date", with an optional maximum per payment. AutoPay must be on for the company code; the method
// must be a saved one of the payer, not expired. It replaces the user's active enrolment of that account. Invoices
// already past due are left for a person: listed in the answer and the confirmation e-mail.
import { randomUUID } from 'node:crypto';
import { AutopayRequest, type AutopayEnrolment, type AutopayLeftInvoice } from '@portal/contracts';
import {
  addIsoDays,
  currencyDecimalsOf,
  isMethodExpiredOn,
  parseScaledAmount,
  paymentMethodLabel,
  toIsoDate,
} from '@portal/domain';
import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppContext } from '../../app-context';
import { autopayEnrolments } from '../../db/schema';
import { AppError } from '../../errors';
import type { Actor } from '../../plugins/auth';
import { recordAuditEvent } from '../audit/audit.repository';
import { resolveInvoiceScope } from '../invoices/invoice-scope';
import { portalLink, queueMail } from '../mail/queue-mail';
import { autopayPath, type AutopayMailPayload } from '../mail/scheduling-mail';
import { findPaymentMethod } from '../payments/find-payment-method';
import { readApplicationSettings } from '../system/application-settings';
import { openInvoicesDue } from './autopay-invoices';
import { toWire } from './autopay.repository';
import { maxAmountDecimals } from './max-amount-decimals';
import { stopEnrolmentFor } from './stop-autopay';

/** How many past-due invoices the enrolment lists (the rest are on the invoice list). */
const leftListLimit = 200;

function refused(messageKey: string, field: string): AppError {
  return new AppError('VALIDATION_FAILED', { messageKey, details: { fields: [field] } });
}

export async function enrolAutopay(
  ctx: AppContext,
  actor: Actor,
  request: z.output<typeof AutopayRequest>,
): Promise<AutopayEnrolment> {
  const scope = await resolveInvoiceScope(ctx, actor, request.payer_data, [], true);
  const companyCode = scope.item.CompanyCode;
  const settings = await readApplicationSettings(ctx.db);
  if (!settings.autopayCompanyCodes.includes(companyCode)) throw refused('validation.autopay.disabled', 'payer_data');
  const method = await findPaymentMethod(
    ctx,
    actor,
    request.payment_card_token,
    scope.payerData,
    request.payer_data.customer_number,
    { savedOnly: true },
  );
  if (!method || method.payment_card_type !== request.payment_card_type) throw new AppError('NOT_FOUND');
  const today = ctx.now().toISOString().slice(0, 10);
  if (isMethodExpiredOn(method, today)) throw refused('validation.autopay.method_expired', 'payment_card_token');
  const maxCurrency = request.max_amount === null ? null : scope.item.CurrencyKey;
  const decimals = await maxAmountDecimals(ctx, maxCurrency);
  let maxMinor: bigint | null = null;
  if (request.max_amount !== null) {
    const parsed = parseScaledAmount(request.max_amount.trim(), decimals);
    if (parsed === undefined || parsed <= 0n) throw refused('validation.autopay.max_amount', 'max_amount');
    maxMinor = parsed;
  }

  // Past due today: AutoPay leaves them for a person.
  const yesterday = addIsoDays(today, -1);
  const { invoices } = await openInvoicesDue(ctx, actor, scope.payerData, { from: null, to: yesterday });
  const configuration = await ctx.erp.getBackendConfiguration();
  const left: AutopayLeftInvoice[] = invoices.slice(0, leftListLimit).map((invoice) => ({
    billing_document_number: invoice.billing_document_number,
    document_number_finance: invoice.document_number_finance,
    due_date: invoice.due_date,
    amount: invoice.open_amount,
    currency_key: invoice.currency_key,
    why: 'past_due',
  }));

  const now = ctx.now();
  const label = paymentMethodLabel(method);
  const row = await ctx.db.transaction(async (tx) => {
    const [active] = await tx
      .select({ id: autopayEnrolments.id })
      .from(autopayEnrolments)
      .where(
        and(
          eq(autopayEnrolments.userId, actor.userId),
          eq(autopayEnrolments.payerNumber, scope.payerData.customer_number),
          eq(autopayEnrolments.companyCode, companyCode),
          eq(autopayEnrolments.status, 'active'),
        ),
      );
    if (active) await stopEnrolmentFor(tx, ctx, active.id, 'replaced', actor);
    const [inserted] = await tx
      .insert(autopayEnrolments)
      .values({
        id: randomUUID(),
        userId: actor.userId,
        actingUserId: actor.impersonator?.userId ?? null,
        payerNumber: scope.payerData.customer_number,
        companyCode,
        paymentCardToken: method.payment_card_token,
        paymentCardType: method.payment_card_type,
        paymentMethodLabel: label,
        daysBeforeDue: request.days_before_due,
        maxMinor,
        maxCurrencyKey: maxCurrency,
        status: 'active',
        enrolledOn: today,
        leftAtEnrolment: left as unknown as Record<string, unknown>[],
        language: actor.contact.language,
        createdAt: now,
      })
      .returning();
    await recordAuditEvent(tx, {
      event: 'autopay_enrolled',
      at: now,
      userId: actor.impersonator?.userId ?? actor.userId,
      targetUserId: actor.userId,
      subject: scope.payerData.customer_number,
      details: {
        autopay: inserted!.id,
        days_before_due: request.days_before_due,
        max_amount: request.max_amount,
        payment_card_type: method.payment_card_type,
        left_past_due: invoices.length,
        ...(actor.impersonator ? { workingAs: actor.userId } : {}),
      },
    });
    const payload: AutopayMailPayload = {
      firstName: actor.contact.firstName,
      lastName: actor.contact.lastName,
      account: `${scope.payerData.customer_number.replace(/^0+(?=\d)/, '')} ${scope.item.Name}`.trim(),
      payment_method_label: label,
      days_before_due: request.days_before_due,
      max_amount: request.max_amount === null ? null : request.max_amount.trim(),
      max_currency_key: maxCurrency,
      max_currency_decimals: maxCurrency ? decimals : null,
      left: left.map((invoice) => ({
        ...invoice,
        due_date: toIsoDate(invoice.due_date) ?? '',
        currency_decimals: currencyDecimalsOf(invoice.currency_key, configuration.sapcust.currency_decimals),
      })),
      manage_url: portalLink(ctx, autopayPath),
    };
    await queueMail(tx, ctx, {
      template: 'autopay_enrolled',
      recipient: actor.contact.email,
      language: actor.contact.language,
      payload,
      dedupeKey: `autopay_enrolled:${inserted!.id}`,
    });
    return inserted!;
  });
  ctx.mail.kick();
  return toWire(row, decimals);
}
