import {
  saveDisputeReasons as saveRoute,
  type DisputeReasonsResponse,
  type SaveDisputeReasonsRequest,
} from '@portal/contracts';
import { call } from '../../../lib/api-client';

/** PUT /api/disputes/reasons. Silent: the section shows a refusal in the reader's language. */
export function saveDisputeReasons(
  companyCode: string,
  body: SaveDisputeReasonsRequest,
): Promise<DisputeReasonsResponse> {
  return call(saveRoute, body, { query: { company_code: companyCode }, silent: true });
}
