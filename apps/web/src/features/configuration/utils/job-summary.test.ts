import { JobRun } from '@portal/contracts';
import { languages, loadMessages } from '@portal/i18n';
import { describe, expect, it } from 'vitest';
import { jobCounters, jobSummaryText, scheduledJobs } from './job-summary';

// A stand-in for i18next's t over the English texts.
const english = loadMessages('en') as { configuration: { system: { jobs: { counters: Record<string, string> } } } };
const t = (key: string, values: Record<string, unknown> = {}) =>
  key === 'configuration.system.jobs.counter'
    ? `${String(values.name)} ${String(values.count)}`
    : (english.configuration.system.jobs.counters[key.split('.').pop()!] ?? key);

describe('jobSummaryText', () => {
  it('names each counter above zero with its count', () => {
    expect(jobSummaryText({ paid: 2, pending: 0, not_paid: 1 }, t)).toBe('paid 2 · not paid 1');
  });

  it('puts the counters in one order whatever order the stored summary has', () => {
    const stored = { left: 7, invoices: 4, payments: 3, enrolments: 1 };
    expect(jobSummaryText(stored, t)).toBe(
      'enrolments checked 1 · payments planned 3 · invoices 4 · left for a person 7',
    );
  });

  it('shows the key of a counter it has no name for, after the known ones', () => {
    expect(jobSummaryText({ planned: 1, messages: 3 }, t)).toBe('messages 3 · planned 1');
  });

  it('is empty for a run that did nothing', () => {
    expect(jobSummaryText({ users: 0, messages: 0 }, t)).toBe('');
    expect(jobSummaryText({}, t)).toBe('');
  });
});

describe('scheduledJobs', () => {
  it("lists every job of the contract's JobRun", () => {
    expect([...scheduledJobs].sort()).toEqual([...JobRun.shape.job.options].sort());
  });
});

describe('scheduled job labels', () => {
  it.each(languages)('names every job, outcome and known counter in %s', (language) => {
    type Jobs = { names: Record<string, string>; counters: Record<string, string>; outcomes: Record<string, string> };
    const jobs = (loadMessages(language) as { configuration: { system: { jobs: Jobs } } }).configuration.system.jobs;
    expect(jobCounters.filter((counter) => !jobs.counters[counter])).toEqual([]);
    expect(scheduledJobs.filter((job) => !jobs.names[job])).toEqual([]);
    expect(['ok', 'failed', 'running'].filter((outcome) => !jobs.outcomes[outcome])).toEqual([]);
  });
});
