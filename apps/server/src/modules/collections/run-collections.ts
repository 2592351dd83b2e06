// Issue 38: the collections job (a scheduler job, ADR 0033). Every COLLECTIONS_REFRESH_MINUTES one instance (a lease in
// app_settings) reads every account's open invoices from the ERP once, as a stream, account after account, and:
// - keeps the worklist's row of each account (past due per currency and bucket, the rank, the next step, AutoPay,
//   the promise status), and takes accounts no longer past due off the worklist;
// - once a day (the day's collection_runs row, claimed by one instance), sends each account the reminders its invoices
//   have reached (send-reminder.ts), except for an invoice with a holding reason code (a deduction or a dispute), one
//   promised, one a scheduled payment or AutoPay will pay before its next step, and every invoice of a paused account;
//   issue 39: an invoice wholly disputed (a dispute open or in review) gets none, one disputed in part is reminded of
//   the rest (ADR 0034); the worklist counts each account's open disputes;
// - settles the promises: kept when none of their invoices is open any more, broken when one still is after the day;
// - keeps the day's figures per company code and currency: open, past due and the count-back DSO;
// - retries the disputes whose copy in the ERP is pending or failed (issue 39).
// Nothing is held in a transaction across the stream: each account's reminder is its own short transaction.
import {
  activeInvoiceDisputeStatuses,
  type OpenItem,
  type ReminderSchedule,
  type ReminderTemplate,
} from '@portal/contracts';
import {
  addIsoDays,
  autopayReasonCodeOptions,
  countBackDsoTenths,
  daysPastDue,
  formatMinorUnits,
  holdsInvoiceBack,
  nextStep,
  parseScaledAmount,
  reachedStep,
} from '@portal/domain';
import { and, eq, inArray, isNotNull, lt, or, sql } from 'drizzle-orm';
import type { AppContext } from '../../app-context';
import {
  appSettings,
  autopayEnrolments,
  autopayItems,
  collectionAccounts,
  collectionFigures,
  collectionRuns,
  invoiceDisputes,
  paymentPromises,
  scheduledPayments,
  type PastDueRow,
  type ReminderDocumentRow,
} from '../../db/schema';
import { readApplicationSettings } from '../system/application-settings';
import {
  activeDisputeHolds,
  disputeAccountKey,
  disputesPerAccount,
  undisputedMinor,
  type DisputeHold,
} from '../disputes/dispute-holds';
import { retryDisputeSync } from '../disputes/sync-dispute-to-erp';
import { readReminderSchedules } from './reminder-schedule';
import { createPromiseTracker, settlePromises, type PromiseTracker } from './settle-promises';
import { sendReminder } from './send-reminder';
import { openItemKey } from './open-item-key';
import { refreshPromiseStatus } from './promise-status';

/** How far ahead of the due date a step may be (the contract's earliest step): the stream reads every open invoice. */
const farFuture = '9999-12-31';
/** Accounts written to the worklist per statement. */
const flushSize = 500;
/** A day's run that has not finished after this long is taken over (its claims keep what it sent once). */
const staleRunMs = 30 * 60_000;
const leaseKey = 'collections_refresh';
const leaseMs = 15 * 60_000;

export type CollectionsSummary = {
  accounts: number;
  reminders: number;
  promises_kept: number;
  promises_broken: number;
  skipped: number;
  /** Set when retrying the disputes' ERP copies failed (the run goes on: the next run retries them). */
  dispute_sync_failed?: number;
};

export async function runCollections(ctx: AppContext): Promise<CollectionsSummary> {
  const now = ctx.now();
  const today = now.toISOString().slice(0, 10);
  const summary: CollectionsSummary = { accounts: 0, reminders: 0, promises_kept: 0, promises_broken: 0, skipped: 0 };
  const [todayRun] = await ctx.db.select().from(collectionRuns).where(eq(collectionRuns.day, today));
  const remindersDue = !todayRun?.finishedAt;
  if (!(await takeLease(ctx, now, remindersDue))) {
    summary.skipped = 1;
    return summary;
  }
  try {
    const remind = remindersDue && (await claimDay(ctx, today, now));
    const context = await readRoundContext(ctx, today);
    const worklist = new WorklistWriter(ctx, now);
    const figures = new FiguresCounter();
    const tracker: PromiseTracker = context.promises;
    for await (const account of accountsOf(ctx.erp.streamOpenItems({ due_to: farFuture }))) {
      summary.accounts += 1;
      tracker.seen(account.items);
      figures.add(account, today);
      const schedule = context.schedules.get(account.companyCode);
      const paused = context.paused.has(accountKey(account));
      const holds = (item: OpenItem) =>
        holdsInvoiceBack(
          item.reason_code,
          item.company_code,
          context.holdCodes,
          autopayReasonCodeOptions(context.configuration, item.company_code),
        ) || whollyDisputed(item, context.disputes.get(openItemKey(item)));
      let next: { date: string; days_from_due: number } | null = null;
      if (schedule?.enabled && !paused) {
        for (const item of account.items) {
          if (holds(item) || tracker.promised(item, today)) continue;
          const coming = nextStep(schedule, item.due_date, today);
          if (coming && (!next || coming.date < next.date)) next = coming;
        }
      }
      await worklist.add(account, today, next, context);
      if (!remind || !schedule?.enabled || paused) continue;
      for (const reminder of remindersOf(account, schedule, today, context, holds)) {
        const sent = await sendReminder(ctx, reminder);
        if (sent) summary.reminders += 1;
      }
    }
    await worklist.finish();
    // Issue 39: a failure here is the ERP's, kept on each dispute (erp_status failed) and retried by the next run.
    await retryDisputeSync(ctx).catch(() => {
      summary.dispute_sync_failed = 1;
    });
    await figures.write(ctx, today);
    const settled = await settlePromises(ctx, tracker, today);
    summary.promises_kept = settled.kept;
    summary.promises_broken = settled.broken;
    await refreshPromiseStatus(ctx.db);
    if (remind) {
      await ctx.db.update(collectionRuns).set({ finishedAt: ctx.now() }).where(eq(collectionRuns.day, today));
    }
    await releaseLease(ctx, now);
  } catch (error) {
    await releaseLease(ctx, null);
    throw error;
  }
  return summary;
}

type Account = { payerNumber: string; companyCode: string; name: string; items: OpenItem[] };

const accountKey = (account: { payerNumber: string; companyCode: string }) =>
  `${account.payerNumber}|${account.companyCode}`;

/** The stream's items grouped by account (payer and company code); the stream brings a payer's items together. */
async function* accountsOf(batches: AsyncIterable<OpenItem[]>): AsyncGenerator<Account> {
  let current = new Map<string, Account>();
  let payer: string | null = null;
  for await (const batch of batches) {
    for (const item of batch) {
      if (item.payer_number !== payer) {
        yield* current.values();
        current = new Map();
        payer = item.payer_number;
      }
      const key = `${item.payer_number}|${item.company_code}`;
      let account = current.get(key);
      if (!account) {
        account = { payerNumber: item.payer_number, companyCode: item.company_code, name: item.payer_name, items: [] };
        current.set(key, account);
      }
      account.items.push(item);
    }
  }
  yield* current.values();
}

type RoundContext = Awaited<ReturnType<typeof readRoundContext>>;

/**
 * What the round reads once: schedules, the ERP's configuration, pauses, AutoPay, scheduled payments, promises, and
 * the disputes open or in review (few: one query for all).
 */
async function readRoundContext(ctx: AppContext, today: string) {
  const [schedules, configuration, settings, pausedRows, enrolments, left, scheduled, promises, disputes] =
    await Promise.all([
      readReminderSchedules(ctx.db),
      ctx.erp.getBackendConfiguration(),
      readApplicationSettings(ctx.db),
      ctx.db
        .select({ payerNumber: collectionAccounts.payerNumber, companyCode: collectionAccounts.companyCode })
        .from(collectionAccounts)
        .where(sql`${collectionAccounts.pausedUntil} >= ${today}::date`),
      ctx.db
        .select({
          payerNumber: autopayEnrolments.payerNumber,
          companyCode: autopayEnrolments.companyCode,
          daysBeforeDue: autopayEnrolments.daysBeforeDue,
          enrolledOn: autopayEnrolments.enrolledOn,
          maxCurrencyKey: autopayEnrolments.maxCurrencyKey,
        })
        .from(autopayEnrolments)
        .where(eq(autopayEnrolments.status, 'active')),
      ctx.db
        .select({ key: autopayItems.documentKey })
        .from(autopayItems)
        .innerJoin(autopayEnrolments, eq(autopayEnrolments.id, autopayItems.autopayId))
        .leftJoin(scheduledPayments, eq(scheduledPayments.id, autopayItems.scheduledPaymentId))
        .where(
          and(
            eq(autopayEnrolments.status, 'active'),
            or(
              eq(autopayItems.outcome, 'left'),
              // Issue 39: AutoPay paid the rest of an invoice disputed in part; what is open after that (the disputed
              // amount, once the dispute no longer holds it) is a person's to pay, and is reminded of.
              and(
                eq(scheduledPayments.status, 'paid'),
                sql`EXISTS (SELECT 1 FROM ${invoiceDisputes} WHERE ${invoiceDisputes.documentKey} = ${autopayItems.documentKey})`,
              ),
            ),
          ),
        ),
      ctx.db
        .select({
          companyCode: scheduledPayments.companyCode,
          scheduledDate: scheduledPayments.scheduledDate,
          request: scheduledPayments.request,
        })
        .from(scheduledPayments)
        .where(inArray(scheduledPayments.status, ['scheduled', 'processing'])),
      readOpenPromises(ctx),
      activeDisputeHolds(ctx.db),
    ]);
  const autopay = new Map<string, (typeof enrolments)[number]>();
  for (const enrolment of enrolments) autopay.set(accountKey(enrolment), enrolment);
  // The earliest day a scheduled payment (or AutoPay's planned one) pays each invoice.
  const scheduledBy = new Map<string, string>();
  for (const row of scheduled) {
    const documents = (row.request as { documents?: Record<string, string>[] }).documents ?? [];
    for (const document of documents) {
      const key = [
        row.companyCode,
        document.document_number_finance,
        document.fiscal_year_of_the_relevant_invoice,
        document.line_item_in_the_relevant_invoice,
      ].join('|');
      const known = scheduledBy.get(key);
      if (!known || row.scheduledDate < known) scheduledBy.set(key, row.scheduledDate);
    }
  }
  const currencyOf = new Map(configuration.company_codes.map((entry) => [entry.company_code, entry.currency_key]));
  return {
    schedules,
    configuration,
    holdCodes: settings.autopayHoldReasonCodes,
    paused: new Set(pausedRows.map(accountKey)),
    autopay,
    autopayLeft: new Set(left.map((row) => row.key)),
    scheduledBy,
    promises,
    currencyOf,
    disputes,
    disputesOf: disputesPerAccount(disputes.values()),
  };
}

async function readOpenPromises(ctx: AppContext) {
  const rows = await ctx.db.select().from(paymentPromises).where(eq(paymentPromises.status, 'open'));
  return createPromiseTracker(rows);
}

/** Issue 39: nothing of the invoice is left once its disputed amount is held back (ADR 0034). */
export function whollyDisputed(item: OpenItem, hold: DisputeHold | undefined): boolean {
  if (!hold) return false;
  return undisputedMinor(parseScaledAmount(item.open_amount, item.currency_decimals) ?? 0n, hold) === 0n;
}

/** Issue 39: an invoice disputed in part is reminded of the rest: the e-mail's table and total show what is owed. */
export function owedDocument(item: OpenItem, hold: DisputeHold | undefined): ReminderDocumentRow {
  const document = reminderDocument(item);
  if (!hold) return document;
  const open = parseScaledAmount(item.open_amount, item.currency_decimals) ?? 0n;
  return { ...document, open_amount: formatMinorUnits(undisputedMinor(open, hold), item.currency_decimals) };
}

export function reminderDocument(item: OpenItem): ReminderDocumentRow {
  return {
    document_key: openItemKey(item),
    billing_document_number: item.billing_document_number,
    document_number_finance: item.document_number_finance,
    soldto_number: item.soldto_number,
    due_date: item.due_date,
    open_amount: item.open_amount,
    currency_key: item.currency_key,
    currency_decimals: item.currency_decimals,
  };
}

/**
 * The reminders an account's invoices have reached today, one per step: an invoice at a step it has had (or past a
 * later one it has had) waits for the next; the claim in sendReminder makes each (invoice, step) once.
 */
function remindersOf(
  account: Account,
  schedule: ReminderSchedule,
  today: string,
  context: RoundContext,
  holds: (item: OpenItem) => boolean,
) {
  const enrolment = context.autopay.get(accountKey(account));
  const byStep = new Map<number, { template: string; attach: boolean; items: OpenItem[] }>();
  for (const item of account.items) {
    const step = reachedStep(schedule, item.due_date, today);
    if (!step || holds(item) || context.promises.promised(item, today)) continue;
    const key = openItemKey(item);
    const next = nextStep(schedule, item.due_date, today);
    const payBy = earliest(
      context.scheduledBy.get(key),
      enrolment && autopayWillPay(enrolment, item, key, context) ? autopayDay(enrolment, item, today) : undefined,
    );
    // A payment on its way before the next step (or, with no next step, at all) makes a reminder pointless.
    if (payBy && (!next || payBy < next.date)) continue;
    const group = byStep.get(step.days_from_due) ?? {
      template: step.template,
      attach: step.attach_statement,
      items: [],
    };
    group.items.push(item);
    byStep.set(step.days_from_due, group);
  }
  return [...byStep.entries()].map(([daysFromDue, group]) => ({
    payerNumber: account.payerNumber,
    companyCode: account.companyCode,
    accountName: account.name,
    daysFromDue,
    template: group.template as ReminderTemplate,
    attachStatement: group.attach,
    manual: false,
    actorUserId: null,
    documents: group.items.map((item) => owedDocument(item, context.disputes.get(openItemKey(item)))),
  }));
}

type Enrolment = RoundContext['autopay'] extends Map<string, infer E> ? E : never;

/** AutoPay plans invoices due from the enrolment day on, in its currency, that it has not left for a person. */
function autopayWillPay(enrolment: Enrolment, item: OpenItem, key: string, context: RoundContext): boolean {
  if (item.due_date < enrolment.enrolledOn) return false;
  if (enrolment.maxCurrencyKey && enrolment.maxCurrencyKey !== item.currency_key) return false;
  return !context.autopayLeft.has(key);
}

/** The day AutoPay pays an invoice: N days before due, never before today. */
function autopayDay(enrolment: Enrolment, item: OpenItem, today: string): string {
  const day = addIsoDays(item.due_date, -enrolment.daysBeforeDue);
  return day < today ? today : day;
}

function earliest(a: string | undefined, b: string | undefined): string | undefined {
  if (!a) return b;
  if (!b) return a;
  return a < b ? a : b;
}

const bucketOf = (days: number) => (days <= 30 ? 0 : days <= 60 ? 1 : days <= 90 ? 2 : 3);

/** The worklist's rows, written in batches; at the end, accounts not read this time leave the worklist. */
class WorklistWriter {
  private pending: (typeof collectionAccounts.$inferInsert)[] = [];

  constructor(
    private readonly ctx: AppContext,
    private readonly startedAt: Date,
  ) {}

  async add(
    account: Account,
    today: string,
    next: { date: string; days_from_due: number } | null,
    context: RoundContext,
  ): Promise<void> {
    const currencies = new Map<string, { decimals: number; amount: bigint; oldest: number; buckets: bigint[] }>();
    for (const item of account.items) {
      const days = daysPastDue(item.due_date, today);
      if (days <= 0) continue;
      const entry = currencies.get(item.currency_key) ?? {
        decimals: item.currency_decimals,
        amount: 0n,
        oldest: 0,
        buckets: [0n, 0n, 0n, 0n],
      };
      const amount = parseScaledAmount(item.open_amount, item.currency_decimals) ?? 0n;
      entry.amount += amount;
      entry.oldest = Math.max(entry.oldest, days);
      entry.buckets[bucketOf(days)]! += amount;
      currencies.set(item.currency_key, entry);
    }
    const pastDue: PastDueRow[] = [...currencies.entries()]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([currency, entry]) => ({
        currency_key: currency,
        currency_decimals: entry.decimals,
        amount_minor: entry.amount.toString(),
        oldest_days: entry.oldest,
        buckets_minor: entry.buckets.map(String) as PastDueRow['buckets_minor'],
      }));
    const oldest = Math.max(0, ...pastDue.map((entry) => entry.oldest_days));
    const house = context.currencyOf.get(account.companyCode);
    this.pending.push({
      payerNumber: account.payerNumber,
      companyCode: account.companyCode,
      name: account.name,
      pastDue,
      rankBucket: oldest === 0 ? 0 : bucketOf(oldest) + 1,
      rankAmount: BigInt(pastDue.find((entry) => entry.currency_key === house)?.amount_minor ?? '0'),
      refreshedAt: this.startedAt,
      nextStepDate: next?.date ?? null,
      nextStepDays: next?.days_from_due ?? null,
      autopay: context.autopay.has(accountKey(account)),
      openDisputes: context.disputesOf.get(disputeAccountKey(account.payerNumber, account.companyCode)) ?? 0,
    });
    if (this.pending.length >= flushSize) await this.flush();
  }

  private async flush(): Promise<void> {
    if (this.pending.length === 0) return;
    const rows = this.pending;
    this.pending = [];
    const fresh = (column: string) => sql.raw(`excluded.${column}`);
    await this.ctx.db
      .insert(collectionAccounts)
      .values(rows)
      .onConflictDoUpdate({
        target: [collectionAccounts.payerNumber, collectionAccounts.companyCode],
        set: {
          name: fresh('name'),
          pastDue: fresh('past_due'),
          rankBucket: fresh('rank_bucket'),
          rankAmount: fresh('rank_amount'),
          refreshedAt: fresh('refreshed_at'),
          nextStepDate: fresh('next_step_date'),
          nextStepDays: fresh('next_step_days'),
          autopay: fresh('autopay'),
          openDisputes: fresh('open_disputes'),
        },
      });
  }

  /** Flushes, then clears what was not read this time (paid since): off the worklist, its collector and notes kept. */
  async finish(): Promise<void> {
    await this.flush();
    await this.ctx.db
      .update(collectionAccounts)
      .set({
        pastDue: [],
        rankBucket: 0,
        rankAmount: 0n,
        nextStepDate: null,
        nextStepDays: null,
        refreshedAt: this.startedAt,
        // Issue 39: a dispute may outlive its invoice's open amount (paid since): still counted until resolved.
        openDisputes: sql`(SELECT count(*)::int FROM ${invoiceDisputes}
          WHERE ${invoiceDisputes.companyCode} = ${collectionAccounts.companyCode}
            AND ltrim(${invoiceDisputes.payerNumber}, '0') = ltrim(${collectionAccounts.payerNumber}, '0')
            AND ${inArray(invoiceDisputes.status, [...activeInvoiceDisputeStatuses])})`,
      })
      .where(or(lt(collectionAccounts.refreshedAt, this.startedAt), sql`${collectionAccounts.refreshedAt} IS NULL`));
  }
}

/** The day's open and past-due per company code and currency, for the figures. */
class FiguresCounter {
  private readonly totals = new Map<string, { decimals: number; open: bigint; pastDue: bigint }>();

  add(account: Account, today: string): void {
    for (const item of account.items) {
      const key = `${item.company_code}|${item.currency_key}`;
      const entry = this.totals.get(key) ?? { decimals: item.currency_decimals, open: 0n, pastDue: 0n };
      const amount = parseScaledAmount(item.open_amount, item.currency_decimals) ?? 0n;
      entry.open += amount;
      if (daysPastDue(item.due_date, today) > 0) entry.pastDue += amount;
      this.totals.set(key, entry);
    }
  }

  async write(ctx: AppContext, today: string): Promise<void> {
    const months = lastMonths(today, 12);
    const { sales } = await ctx.erp.getSalesByMonth({ from_month: months[months.length - 1]!, to_month: months[0]! });
    const rows = [...this.totals.entries()].map(([key, entry]) => {
      const [companyCode, currencyKey] = key.split('|') as [string, string];
      const ofKey = sales.filter((row) => row.company_code === companyCode && row.currency_key === currencyKey);
      const monthly = months.map((month) => ({
        month,
        amountMinor: parseScaledAmount(ofKey.find((row) => row.month === month)?.amount ?? '0', entry.decimals) ?? 0n,
      }));
      return {
        day: today,
        companyCode,
        currencyKey,
        currencyDecimals: entry.decimals,
        openMinor: entry.open,
        pastDueMinor: entry.pastDue,
        dsoTenths: countBackDsoTenths(entry.open, monthly, today),
      };
    });
    if (rows.length === 0) return;
    const fresh = (column: string) => sql.raw(`excluded.${column}`);
    await ctx.db
      .insert(collectionFigures)
      .values(rows)
      .onConflictDoUpdate({
        target: [collectionFigures.companyCode, collectionFigures.currencyKey, collectionFigures.day],
        set: {
          currencyDecimals: fresh('currency_decimals'),
          openMinor: fresh('open_minor'),
          pastDueMinor: fresh('past_due_minor'),
          dsoTenths: fresh('dso_tenths'),
        },
      });
  }
}

/** yyyy-mm of this month and the n−1 before it, newest first. */
function lastMonths(today: string, count: number): string[] {
  const [year, month] = today.split('-').map(Number) as [number, number];
  return Array.from({ length: count }, (_, index) => {
    const date = new Date(Date.UTC(year, month - 1 - index, 1));
    return date.toISOString().slice(0, 7);
  });
}

/**
 * The refresh lease across instances: taken when free (or expired) and the last refresh is older than the interval,
 * or at once when the day's reminders are not sent yet.
 */
async function takeLease(ctx: AppContext, now: Date, force: boolean): Promise<boolean> {
  const staleBefore = new Date(now.getTime() - ctx.config.COLLECTIONS_REFRESH_MINUTES * 60_000);
  const value = { lease_until: new Date(now.getTime() + leaseMs).toISOString(), refreshed_at: null as string | null };
  const rows = await ctx.db.execute(sql`
    INSERT INTO ${appSettings} (key, value, updated_at) VALUES (${leaseKey}, ${JSON.stringify(value)}::jsonb, ${now})
    ON CONFLICT (key) DO UPDATE
      SET value = jsonb_set(excluded.value, '{refreshed_at}', coalesce(${appSettings.value}->'refreshed_at', 'null')),
          updated_at = excluded.updated_at
    WHERE (${appSettings.value}->>'lease_until')::timestamptz < ${now}
      AND (${force} OR ${appSettings.value}->>'refreshed_at' IS NULL
        OR (${appSettings.value}->>'refreshed_at')::timestamptz < ${staleBefore})
    RETURNING key`);
  return rowsOf(rows).length > 0;
}

async function releaseLease(ctx: AppContext, refreshedAt: Date | null): Promise<void> {
  await ctx.db.execute(sql`
    UPDATE ${appSettings} SET value = jsonb_build_object(
      'lease_until', ${new Date(0).toISOString()}::text,
      'refreshed_at', coalesce(${refreshedAt?.toISOString() ?? null}::text, value->>'refreshed_at'))
    WHERE key = ${leaseKey}`);
}

/** When the worklist was last read from the ERP (null: never). */
export async function lastRefreshedAt(ctx: AppContext): Promise<string | null> {
  const [row] = await ctx.db
    .select({ value: appSettings.value })
    .from(appSettings)
    .where(and(eq(appSettings.key, leaseKey), isNotNull(appSettings.value)));
  const value = row?.value as { refreshed_at?: string | null } | undefined;
  return value?.refreshed_at ?? null;
}

/** The day's reminders: claimed by one instance; a run that died half way is taken over after a while. */
async function claimDay(ctx: AppContext, today: string, now: Date): Promise<boolean> {
  const rows = await ctx.db
    .insert(collectionRuns)
    .values({ day: today, instanceId: ctx.instance.id, startedAt: now })
    .onConflictDoUpdate({
      target: collectionRuns.day,
      set: { instanceId: ctx.instance.id, startedAt: now },
      where: sql`${collectionRuns.finishedAt} IS NULL AND ${collectionRuns.startedAt} < ${new Date(now.getTime() - staleRunMs)}`,
    })
    .returning({ day: collectionRuns.day });
  return rows.length > 0;
}

function rowsOf(result: unknown): unknown[] {
  if (Array.isArray(result)) return result;
  return (result as { rows?: unknown[] }).rows ?? [];
}
