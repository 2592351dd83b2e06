// Issue 38: promises to pay. A payer user promises open invoices of one of the user's accounts (one currency) by a
// day from today to today + promiseMaxDays, for all they owe or a part: their reminders wait until the day after.
// The collections job settles them (settle-promises.ts); the user, or another user of the account, may withdraw an
// open one. An account that is not the user's, and a promise of such an account, answer 404 like one that does not
// exist.
import { randomUUID } from 'node:crypto';
import { MakePromiseRequest, paymentDocumentKey, type PaymentPromise, type PromiseStatus } from '@portal/contracts';
import { addIsoDays, currencyDecimalsOf, formatMinorUnits, parseScaledAmount, toIsoDate } from '@portal/domain';
import { and, desc, eq, or, sql } from 'drizzle-orm';
import type { AppContext } from '../../app-context';
import { collectionAccounts, paymentPromises, users, type PromiseDocumentRow } from '../../db/schema';
import { refreshPromiseStatus } from './promise-status';
import { AppError } from '../../errors';
import type { ClientInfo } from '../../http/client-info';
import type { Actor } from '../../plugins/auth';
import { recordAuditEvent } from '../audit/audit.repository';
import { openInvoicesDue } from '../autopay/autopay-invoices';
import { loadHeaderItems, normalizeNumber } from '../customers/account-access';
import { readApplicationSettings } from '../system/application-settings';

const refused = (key: string, fields: string[], details: Record<string, unknown> = {}) =>
  new AppError('VALIDATION_FAILED', { messageKey: `validation.collections.${key}`, details: { fields, ...details } });

export async function makePromise(
  ctx: AppContext,
  actor: Actor,
  input: unknown,
  client: ClientInfo,
): Promise<{ id: string }> {
  const request = MakePromiseRequest.parse(input);
  const today = ctx.now().toISOString().slice(0, 10);
  const settings = await readApplicationSettings(ctx.db);
  if (request.promised_date < today || request.promised_date > addIsoDays(today, settings.promiseMaxDays)) {
    throw refused('promise_date', ['promised_date'], { max: settings.promiseMaxDays });
  }
  // The account must be the user's (404 otherwise); its open invoices as the ERP has them now.
  const { invoices, companyCode } = await openInvoicesDue(ctx, actor, request.payer_data, {
    from: null,
    to: '9999-01-01',
  });
  const byNumber = new Map(invoices.map((invoice) => [normalizeNumber(invoice.billing_document_number), invoice]));
  const wanted = [...new Set(request.documents.map((document) => normalizeNumber(document.billing_document_number)))];
  const missing = wanted.filter((number) => !byNumber.has(number));
  // Not named back: another customer's invoice must answer exactly as a number that does not exist.
  if (missing.length > 0) throw refused('promise_documents', ['documents']);
  const chosen = wanted.map((number) => byNumber.get(number)!);
  const currencies = new Set(chosen.map((invoice) => invoice.currency_key));
  if (currencies.size > 1) throw refused('promise_currency', ['documents']);
  const currencyKey = chosen[0]!.currency_key;
  const configuration = await ctx.erp.getBackendConfiguration();
  const decimals = currencyDecimalsOf(currencyKey, configuration.sapcust.currency_decimals);
  const owed = chosen.reduce((sum, invoice) => sum + (parseScaledAmount(invoice.open_amount, decimals) ?? 0n), 0n);
  const amount = request.amount === undefined ? owed : parseScaledAmount(request.amount, decimals);
  if (amount === undefined || amount <= 0n || amount > owed) {
    throw refused('promise_amount', ['amount'], { max: formatMinorUnits(owed, decimals) });
  }
  const documents: PromiseDocumentRow[] = chosen.map((invoice) => ({
    document_key: paymentDocumentKey(invoice),
    billing_document_number: invoice.billing_document_number,
    document_number_finance: invoice.document_number_finance,
    due_date: toIsoDate(invoice.due_date) ?? invoice.due_date,
    open_amount: invoice.open_amount,
  }));
  const payerNumber = chosen[0]!.payer_number;
  const id = randomUUID();
  const now = ctx.now();
  await ctx.db.transaction(async (tx) => {
    // An invoice is in one open promise at a time.
    const [taken] = await tx
      .select({ id: paymentPromises.id })
      .from(paymentPromises)
      .where(
        and(
          eq(paymentPromises.payerNumber, payerNumber),
          eq(paymentPromises.companyCode, companyCode),
          eq(paymentPromises.status, 'open'),
          or(
            ...documents.map(
              (document) =>
                sql`${paymentPromises.documents} @> ${JSON.stringify([{ document_key: document.document_key }])}::jsonb`,
            ),
          ),
        ),
      )
      .limit(1)
      .for('update');
    if (taken) throw refused('promise_exists', ['documents']);
    await tx.insert(paymentPromises).values({
      id,
      userId: actor.userId,
      actingUserId: actor.impersonator?.userId ?? null,
      payerNumber,
      companyCode,
      promisedDate: request.promised_date,
      amountMinor: amount,
      currencyKey,
      currencyDecimals: decimals,
      documents,
      status: 'open',
      createdAt: now,
    });
    await tx
      .insert(collectionAccounts)
      .values({ payerNumber, companyCode, promiseStatus: 'open' })
      .onConflictDoUpdate({
        target: [collectionAccounts.payerNumber, collectionAccounts.companyCode],
        set: { promiseStatus: 'open' },
      });
    await recordAuditEvent(tx, {
      event: 'promise_made',
      at: now,
      userId: actor.impersonator?.userId ?? actor.userId,
      targetUserId: actor.userId,
      subject: payerNumber,
      ip: client.ip,
      userAgent: client.userAgent,
      requestId: client.requestId,
      details: {
        company_code: companyCode,
        promised_date: request.promised_date,
        amount: formatMinorUnits(amount, decimals),
        currency_key: currencyKey,
        documents: documents.map((document) => document.billing_document_number),
      },
    });
  });
  return { id };
}

/** The promises of the user's accounts, open ones first, then newest first. */
export async function listPromises(
  ctx: AppContext,
  actor: Actor,
  status: PromiseStatus | undefined,
): Promise<{ promises: PaymentPromise[] }> {
  const accounts = await userAccountsOf(ctx, actor);
  if (accounts.length === 0) return { promises: [] };
  const rows = await ctx.db
    .select({ promise: paymentPromises, firstName: users.firstName, lastName: users.lastName })
    .from(paymentPromises)
    .innerJoin(users, eq(users.userId, paymentPromises.userId))
    .where(
      and(
        or(
          ...accounts.map((account) =>
            and(eq(paymentPromises.payerNumber, account.payer), eq(paymentPromises.companyCode, account.companyCode)),
          ),
        ),
        status ? eq(paymentPromises.status, status) : undefined,
      ),
    )
    .orderBy(sql`(${paymentPromises.status} = 'open') DESC`, desc(paymentPromises.createdAt))
    .limit(200);
  return { promises: rows.map((row) => toWire(row.promise, `${row.firstName} ${row.lastName}`.trim())) };
}

export async function cancelPromise(
  ctx: AppContext,
  actor: Actor,
  id: string,
  client: ClientInfo,
): Promise<{ status: PromiseStatus }> {
  const accounts = await userAccountsOf(ctx, actor);
  const [row] = await ctx.db.select().from(paymentPromises).where(eq(paymentPromises.id, id));
  const mine =
    row && accounts.some((account) => account.payer === row.payerNumber && account.companyCode === row.companyCode);
  if (!row || !mine) throw new AppError('NOT_FOUND');
  if (row.status !== 'open') throw new AppError('CONFLICT', { messageKey: 'validation.collections.promise_not_open' });
  const now = ctx.now();
  await ctx.db.transaction(async (tx) => {
    await tx
      .update(paymentPromises)
      .set({ status: 'cancelled', resolvedAt: now })
      .where(and(eq(paymentPromises.id, id), eq(paymentPromises.status, 'open')));
    await refreshPromiseStatus(tx, { payerNumber: row.payerNumber, companyCode: row.companyCode });
    await recordAuditEvent(tx, {
      event: 'promise_cancelled',
      at: now,
      userId: actor.impersonator?.userId ?? actor.userId,
      targetUserId: row.userId,
      subject: row.payerNumber,
      ip: client.ip,
      userAgent: client.userAgent,
      requestId: client.requestId,
      details: { company_code: row.companyCode, promised_date: row.promisedDate },
    });
  });
  return { status: 'cancelled' };
}

/** The payers (as the ERP numbers them) and company codes of the user's accounts. */
async function userAccountsOf(ctx: AppContext, actor: Actor): Promise<{ payer: string; companyCode: string }[]> {
  const items = await loadHeaderItems(ctx, actor);
  return items.map((item) => ({ payer: item.PrimaryAcct, companyCode: item.CompanyCode }));
}

export function toWire(row: typeof paymentPromises.$inferSelect, madeBy: string): PaymentPromise {
  return {
    id: row.id,
    payer_data: { customer_number: row.payerNumber, company_code: row.companyCode },
    status: row.status,
    promised_date: row.promisedDate,
    amount: formatMinorUnits(row.amountMinor, row.currencyDecimals),
    currency_key: row.currencyKey,
    currency_decimals: row.currencyDecimals,
    documents: row.documents.map((document) => ({
      billing_document_number: document.billing_document_number,
      document_number_finance: document.document_number_finance,
      open_amount: document.open_amount,
      due_date: document.due_date,
    })),
    made_by: madeBy,
    created_at: row.createdAt.toISOString(),
    resolved_at: row.resolvedAt?.toISOString() ?? null,
  };
}
