import { downloadDisputeAttachment as downloadRoute, type DisputeAttachment } from '@portal/contracts';
import { download } from '../../../lib/api-client';
import { saveBlob } from '../../../lib/save-file';

/**
 * One attachment saved under its name: fetched as a Blob through the typed client (the bearer token) and saved, never
 * opened in a tab of the portal's origin (ADR 0034: every byte of it is the other side's).
 */
export async function downloadDisputeAttachment(disputeId: string, attachment: DisputeAttachment): Promise<void> {
  const blob = await download(downloadRoute, undefined, { params: { id: disputeId, attachmentId: attachment.id } });
  saveBlob(blob, attachment.file_name || 'attachment');
}
