import { raiseDispute as raiseRoute, type RaiseDisputeRequest, type ResponseOf } from '@portal/contracts';
import { call } from '../../../lib/api-client';

/** POST /api/invoice/disputes. Silent: the dialog shows a refusal beside the form, in the reader's language. */
export function raiseDispute(request: RaiseDisputeRequest): Promise<ResponseOf<typeof raiseRoute>> {
  return call(raiseRoute, request, { silent: true });
}
