// The worklist's filter bar: what the fields hold and the query they make. Empty fields are left out (the server's
// "all"); the collector is a user id, or "none" for the accounts nobody holds.
import type { CollectionBucket, WorklistAccount, WorklistFilters } from '@portal/contracts';

export type WorklistPromiseFilter = WorklistAccount['promise_status'];

/** The contract's filters with the collector as the server reads it (a user id or "none"). */
export type WorklistQuery = Omit<WorklistFilters, 'collector'> & { collector?: number | 'none' };

export type WorklistDraft = {
  companyCode: string;
  bucket: CollectionBucket | '';
  /** '' (anyone), 'none' (nobody) or a user id as text (a Select's value). */
  collector: string;
  promiseStatus: WorklistPromiseFilter | '';
  q: string;
};

export const emptyWorklistDraft: WorklistDraft = {
  companyCode: '',
  bucket: '',
  collector: '',
  promiseStatus: '',
  q: '',
};

/** The contract's bound of the search text. */
export const worklistSearchMaxLength = 80;

export function toWorklistQuery(draft: WorklistDraft): WorklistQuery {
  const companyCode = draft.companyCode.trim();
  const q = draft.q.trim().slice(0, worklistSearchMaxLength);
  const collectorId = /^\d+$/.test(draft.collector) ? Number(draft.collector) : null;
  const collector = draft.collector === 'none' ? 'none' : collectorId && collectorId > 0 ? collectorId : undefined;
  return {
    ...(companyCode ? { company_code: companyCode } : {}),
    ...(draft.bucket ? { bucket: draft.bucket } : {}),
    ...(collector !== undefined ? { collector } : {}),
    ...(draft.promiseStatus ? { promise_status: draft.promiseStatus } : {}),
    ...(q ? { q } : {}),
  };
}
