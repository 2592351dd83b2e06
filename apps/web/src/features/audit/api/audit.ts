import { exportAuditEvents, listAuditEvents, type AuditAction } from '@portal/contracts';
import { infiniteQueryOptions } from '@tanstack/react-query';
import { call, download } from '../../../lib/api-client';
import { saveBlob } from '../../../lib/save-file';

export type AuditFilters = { user?: number; action?: AuditAction; from?: string; to?: string };

export const auditQuery = (filters: AuditFilters) =>
  infiniteQueryOptions({
    queryKey: ['audit', filters],
    queryFn: ({ pageParam, signal }) =>
      call(listAuditEvents, undefined, { query: { ...filters, cursor: pageParam }, signal }),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (page) => page.nextCursor ?? undefined,
  });

/** The trail with the same filters as audit-trail.csv, streamed by the server. */
export async function exportAudit(filters: AuditFilters): Promise<void> {
  saveBlob(await download(exportAuditEvents, undefined, { query: filters }), 'audit-trail.csv');
}
