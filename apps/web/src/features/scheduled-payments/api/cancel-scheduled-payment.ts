import { cancelScheduledPayment as cancelRoute, type ScheduledPayment } from '@portal/contracts';
import { call } from '../../../lib/api-client';

/**
 * DELETE /api/scheduled-payments/:id. Silent: a 409 (the job has taken it, or it was paid) is said by the page in the
 * user's words, not as an error toast with a unique id.
 */
export function cancelScheduledPayment(id: string): Promise<ScheduledPayment> {
  return call(cancelRoute, undefined, { params: { id }, silent: true });
}
