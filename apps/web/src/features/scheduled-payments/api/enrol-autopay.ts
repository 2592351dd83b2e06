import { putAutopay, type AutopayEnrolment, type AutopayRequest } from '@portal/contracts';
import { call } from '../../../lib/api-client';

/** PUT /api/autopay: enrols the account, replacing the user's active enrolment of it. Silent: the form says why not. */
export function enrolAutopay(request: AutopayRequest): Promise<AutopayEnrolment> {
  return call(putAutopay, request, { silent: true });
}
