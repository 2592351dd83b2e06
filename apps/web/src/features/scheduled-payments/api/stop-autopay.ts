import { deleteAutopay, type AutopayEnrolment } from '@portal/contracts';
import { call } from '../../../lib/api-client';

/** DELETE /api/autopay/:id: stops the enrolment; its payments not yet made are cancelled by the server. */
export function stopAutopay(id: string): Promise<AutopayEnrolment> {
  return call(deleteAutopay, undefined, { params: { id } });
}
