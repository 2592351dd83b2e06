// Every bucket, promise status (the worklist's and a promise's), timeline kind and reminder template the screens show
// has a label in every language.
import {
  collectionBuckets,
  promiseStatuses,
  reminderTemplates,
  timelineKinds,
  worklistPromiseStatuses,
} from '@portal/contracts';
import { languages, loadMessages } from '@portal/i18n';
import { describe, expect, it } from 'vitest';

type Labels = Record<string, Record<string, string>>;
type Collections = {
  buckets: Record<string, string>;
  promise_statuses: Record<string, string>;
  promises: Labels;
  timeline: Labels;
};

describe('collections labels', () => {
  it.each(languages)('names every bucket, promise status and timeline kind in %s', (language) => {
    const labels = (loadMessages(language) as { collections: Collections }).collections;
    expect(collectionBuckets.filter((bucket) => !labels.buckets[bucket])).toEqual([]);
    expect(worklistPromiseStatuses.filter((status) => !labels.promise_statuses[status])).toEqual([]);
    expect(promiseStatuses.filter((status) => !labels.promises.statuses![status])).toEqual([]);
    expect(timelineKinds.filter((kind) => !labels.timeline.kinds![kind])).toEqual([]);
  });

  it.each(languages)('names every reminder template in %s (as the Email templates tab does)', (language) => {
    const types = (loadMessages(language) as { configuration: { email: Labels } }).configuration.email.types!;
    expect(reminderTemplates.filter((template) => !types[template])).toEqual([]);
  });
});
