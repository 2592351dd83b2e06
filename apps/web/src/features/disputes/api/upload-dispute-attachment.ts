import { uploadDisputeAttachments, type DisputeAttachment } from '@portal/contracts';
import { call } from '../../../lib/api-client';

/**
 * POST /api/disputes/:id/attachments with one file (multipart, field "file"): the typed client's FormData body, with
 * its bearer token, language and country headers and its refresh-and-retry. One file a request, so that a file the
 * server refuses by its bytes is named alone and the others still go. Silent: the caller says which file failed.
 */
export async function uploadDisputeAttachment(disputeId: string, file: File): Promise<DisputeAttachment[]> {
  const form = new FormData();
  form.append('file', file, file.name);
  const answer = await call(uploadDisputeAttachments, undefined, {
    params: { id: disputeId },
    formData: form,
    silent: true,
  });
  return answer.attachments;
}
