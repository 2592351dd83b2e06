import { postDisputeMessage as postRoute, type DisputeEntry } from '@portal/contracts';
import { call } from '../../../lib/api-client';

/** POST /api/disputes/:id/messages. Silent: the message box shows a refusal and keeps the text typed. */
export function postDisputeMessage(id: string, body: string): Promise<DisputeEntry> {
  return call(postRoute, { body }, { params: { id }, silent: true });
}
