// The disputes page's filter bar: what the fields hold and the query they make. Empty fields are left out (the
// server's "all"); the assignee is a user id, or "none" for the disputes nobody holds.
import type { disputeAgeFilters, DisputeFilters, InvoiceDisputeStatus } from '@portal/contracts';

export type DisputeAge = (typeof disputeAgeFilters)[number];

/** The contract's filters as the page sends them (the page's `after` is the list's own). */
export type DisputeQuery = Omit<DisputeFilters, 'assignee' | 'after'> & { assignee?: number | 'none' };

export type DisputeDraft = {
  status: InvoiceDisputeStatus | '';
  reasonCode: string;
  age: DisputeAge | '';
  companyCode: string;
  /** '' (anyone), 'none' (nobody) or a user id as text (a Select's value). */
  assignee: string;
  lateOnly: boolean;
};

export const emptyDisputeDraft: DisputeDraft = {
  status: '',
  reasonCode: '',
  age: '',
  companyCode: '',
  assignee: '',
  lateOnly: false,
};

export function toDisputeQuery(draft: DisputeDraft): DisputeQuery {
  const companyCode = draft.companyCode.trim();
  const reasonCode = draft.reasonCode.trim();
  const assigneeId = /^\d+$/.test(draft.assignee) ? Number(draft.assignee) : null;
  const assignee = draft.assignee === 'none' ? 'none' : assigneeId && assigneeId > 0 ? assigneeId : undefined;
  return {
    ...(draft.status ? { status: draft.status } : {}),
    ...(reasonCode ? { reason_code: reasonCode } : {}),
    ...(draft.age ? { age: draft.age } : {}),
    ...(companyCode ? { company_code: companyCode } : {}),
    ...(assignee !== undefined ? { assignee } : {}),
    ...(draft.lateOnly ? { late: 'true' as const } : {}),
  };
}
