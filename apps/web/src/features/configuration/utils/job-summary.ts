// Issue 29, the System tab: what a scheduled job's run did ("paid 2 · not paid 1"), from its summary's counters.
import type { JobRun } from '@portal/contracts';

/** The scheduled jobs, in the order each round runs them (the contract's JobRun job). */
export const scheduledJobs = [
  'autopay',
  'scheduled-payments',
  'monthly-statements',
  'collections',
] as const satisfies readonly JobRun['job'][];

/** The counters the jobs report that have a name in every language (configuration.system.jobs.counters.*). */
export const jobCounters = [
  'paid',
  'not_paid',
  'pending',
  'retry',
  'enrolments',
  'payments',
  'invoices',
  'left',
  'stopped',
  'users',
  'messages',
  'accounts',
  'reminders',
  'promises_kept',
  'promises_broken',
] as const;

type JobCounter = (typeof jobCounters)[number];

const known = new Set<string>(jobCounters);

type Translate = (key: string, values?: Record<string, unknown>) => string;

/**
 * The counters above zero, each as its translated name and count: the known ones in the order above (the stored
 * summary does not keep the job's order), then any a newer job reports that has no name yet, by its key. Empty when
 * the run did nothing.
 */
export function jobSummaryText(summary: JobRun['summary'], t: Translate): string {
  const rank = (counter: string) =>
    known.has(counter) ? jobCounters.indexOf(counter as JobCounter) : jobCounters.length;
  return Object.entries(summary)
    .filter(([, count]) => count !== 0)
    .sort(([a], [b]) => rank(a) - rank(b))
    .map(([counter, count]) =>
      t('configuration.system.jobs.counter', {
        name: known.has(counter) ? t(`configuration.system.jobs.counters.${counter}`) : counter,
        count,
      }),
    )
    .join(' · ');
}
