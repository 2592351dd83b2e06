import type { CollectionAccountDetail, WorklistAccount, WorklistResponse } from '@portal/contracts';
import { useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { useCallback } from 'react';
import { withAccountRow } from '../utils/worklist-rows';
import { collectionAccountQuery, type AccountRef } from './get-collection-account';
import { worklistKey } from './get-worklist';

/**
 * After an action on an account: the drawer reads the account afresh, and the worklist's row takes what the server
 * answered (the account an assignment or a pause returns, then the one the fresh read returns: a note or a reminder
 * changes the last contact and the next step).
 */
export function useRefreshAccount(account: AccountRef) {
  const queryClient = useQueryClient();
  return useCallback(
    async (changed?: WorklistAccount) => {
      const patchRows = (row: WorklistAccount) =>
        queryClient.setQueriesData<InfiniteData<WorklistResponse, string | undefined>>(
          { queryKey: worklistKey },
          (data) => withAccountRow(data, row),
        );
      if (changed) patchRows(changed);
      const { queryKey } = collectionAccountQuery(account);
      await queryClient.invalidateQueries({ queryKey });
      const detail = queryClient.getQueryData<CollectionAccountDetail>(queryKey);
      if (detail) patchRows(detail.account);
    },
    [queryClient, account],
  );
}
