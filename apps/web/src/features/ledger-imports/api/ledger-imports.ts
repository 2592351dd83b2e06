// The import reports of Settings → Imports (issue 27 §2): one report, polled while its import runs (the progress
// bar), and the list of imports, newest first, a page at a time.
import { getLedgerImport, listLedgerImports, type ImportReport } from '@portal/contracts';
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';

/** How often a running import's report is read again. */
export const pollIntervalMs = 500;

export const ledgerImportsKey = ['ledger-imports'] as const;

export const ledgerImportQuery = (id: string) =>
  queryOptions({
    queryKey: [...ledgerImportsKey, 'report', id],
    queryFn: ({ signal }) => call(getLedgerImport, undefined, { params: { id }, signal }),
    refetchInterval: (query) => (isRunning(query.state.data) ? pollIntervalMs : false),
    // Read every half second while it runs, and also when the tab is in the background: the import goes on.
    refetchIntervalInBackground: true,
  });

export const isRunning = (report: Pick<ImportReport, 'status'> | undefined): boolean => report?.status === 'running';

export const ledgerImportsListQuery = () =>
  infiniteQueryOptions({
    queryKey: [...ledgerImportsKey, 'list'],
    queryFn: ({ pageParam, signal }) =>
      call(listLedgerImports, undefined, { query: { limit: 20, before: pageParam }, signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.next_before ?? undefined,
  });
