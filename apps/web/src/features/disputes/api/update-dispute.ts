import { updateDispute as updateRoute, type Dispute, type UpdateDisputeRequest } from '@portal/contracts';
import { call } from '../../../lib/api-client';

/**
 * PATCH /api/disputes/:id: a status (with its outcome), the assignee, or the customer's withdrawal. Silent: the form
 * that asked shows the refusal in the reader's language.
 */
export function updateDispute(id: string, change: UpdateDisputeRequest): Promise<Dispute> {
  return call(updateRoute, change, { params: { id }, silent: true });
}
