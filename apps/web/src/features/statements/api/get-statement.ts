import { statementFileNames, statements, type StatementRequest, type StatementResponse } from '@portal/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { download } from '../../../lib/api-client';
import { saveBlob } from '../../../lib/save-file';

/**
 * The statement shown on the page (JSON, its first lines per currency). Read from the Blob the download gives (the
 * route answers PDF and CSV too); its shape is the contract's, checked by the API tests (ADR 0018: no zod here).
 */
export const statementQuery = (request: StatementRequest | null) =>
  queryOptions({
    queryKey: ['statements', request],
    queryFn: async ({ signal }) => {
      const blob = await download(statements, request as StatementRequest, { signal });
      return JSON.parse(await blob.text()) as StatementResponse;
    },
    enabled: request !== null,
    staleTime: 60_000,
  });

export function useStatement(request: StatementRequest | null) {
  return useQuery(statementQuery(request));
}

/** The whole statement as Statement.pdf or Statement.csv, streamed by the server. */
export async function downloadStatement(request: StatementRequest, format: 'pdf' | 'csv'): Promise<void> {
  saveBlob(await download(statements, { ...request, format, line_limit: undefined }), statementFileNames[format]);
}
