import { listDisputeAssignees } from '@portal/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';

/** The users a dispute may be given to (active, CanManageDisputes): the filter's and the detail's choice. */
export const disputeAssigneesQuery = queryOptions({
  queryKey: ['disputes', 'assignees'],
  queryFn: ({ signal }) => call(listDisputeAssignees, undefined, { signal }),
  staleTime: 5 * 60_000,
});

export function useDisputeAssignees(enabled = true) {
  return useQuery({ ...disputeAssigneesQuery, enabled });
}
