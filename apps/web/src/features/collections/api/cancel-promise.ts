import { cancelPromise as cancelRoute, type PaymentPromise } from '@portal/contracts';
import { call } from '../../../lib/api-client';

/**
 * DELETE /api/invoice/promises/:id. Silent: a promise that is no longer open (kept, broken meanwhile) is said by the
 * section in the user's words.
 */
export function cancelPromise(id: string): Promise<{ status: PaymentPromise['status'] }> {
  return call(cancelRoute, undefined, { params: { id }, silent: true });
}
