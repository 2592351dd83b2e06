// Issue 29: the scheduled jobs, run every SCHEDULER_INTERVAL_SECONDS on each instance: AutoPay plans the payments of
// invoices coming due (and sends its reminders), the scheduled payments due today are paid, the monthly statements
// are mailed; issue 38: the collections job (worklist, reminders, promises, figures: run-collections.ts). Work is leased row by row (FOR UPDATE SKIP LOCKED, lease times) like the outbox, so instances share it
// and nothing runs twice; each job's run is recorded in portal.job_runs (the System tab shows the last ones).
import { and, eq, lt } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../app-context';
import { jobRuns } from '../db/schema';
import { planAutopayPayments } from '../modules/autopay/plan-autopay-payments';
import { runDueScheduledPayments } from '../modules/scheduled-payments/run-due-scheduled-payments';
import { mailMonthlyStatements } from '../modules/statements/mail-monthly-statements';
import { runCollections } from '../modules/collections/run-collections';

export const jobNames = ['autopay', 'scheduled-payments', 'monthly-statements', 'collections'] as const;
export type JobName = (typeof jobNames)[number];

/** What a job's round did, by what it counts (paid, not_paid, planned, queued...). */
export type JobSummary = Record<string, number>;

const jobs: Record<JobName, (ctx: AppContext) => Promise<JobSummary>> = {
  autopay: planAutopayPayments,
  'scheduled-payments': runDueScheduledPayments,
  'monthly-statements': mailMonthlyStatements,
  collections: runCollections,
};

/** Runs kept per job: a week of rounds. */
const keptRunsMs = 7 * 86_400_000;

/** One round of one job, recorded: started, then finished ok with its counts or failed with the error's message. */
export async function runJob(ctx: AppContext, job: JobName): Promise<JobSummary> {
  const startedAt = ctx.now();
  const [run] = await ctx.db
    .insert(jobRuns)
    .values({ job, instanceId: ctx.instance.id, startedAt })
    .returning({ id: jobRuns.id });
  try {
    const summary = await jobs[job](ctx);
    await ctx.db.update(jobRuns).set({ finishedAt: ctx.now(), outcome: 'ok', summary }).where(eq(jobRuns.id, run!.id));
    return summary;
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    await ctx.db
      .update(jobRuns)
      .set({ finishedAt: ctx.now(), outcome: 'failed', error: message.slice(0, 2000) })
      .where(eq(jobRuns.id, run!.id));
    throw error;
  } finally {
    await ctx.db
      .delete(jobRuns)
      .where(and(eq(jobRuns.job, job), lt(jobRuns.startedAt, new Date(startedAt.getTime() - keptRunsMs))));
  }
}

/** One round of every job, in order (a job's failure is logged and does not stop the next). */
export async function runSchedulerRound(
  ctx: AppContext,
  log?: FastifyBaseLogger,
): Promise<Record<JobName, JobSummary>> {
  await ctx.testClock?.refresh();
  const summaries = {} as Record<JobName, JobSummary>;
  for (const job of jobNames) {
    try {
      summaries[job] = await runJob(ctx, job);
    } catch (error) {
      log?.error({ err: error, job }, 'scheduled job failed');
      summaries[job] = { failed: 1 };
    }
  }
  return summaries;
}

export function startScheduler(ctx: AppContext, log: FastifyBaseLogger): () => Promise<void> {
  const intervalMs = ctx.config.SCHEDULER_INTERVAL_SECONDS * 1000;
  if (intervalMs <= 0) return async () => {};
  let running: Promise<unknown> = Promise.resolve();
  let stopped = false;
  const round = () => {
    if (stopped) return;
    running = running
      .then(() => runSchedulerRound(ctx, log))
      .catch((error: unknown) => log.error({ err: error }, 'scheduler round failed'));
  };
  const timer = setInterval(round, intervalMs);
  timer.unref();
  return async () => {
    stopped = true;
    clearInterval(timer);
    await running;
  };
}
