import { getOutboxMessage, listOutbox, type OutboxStatus } from '@portal/contracts';
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';

export const outboxQuery = (status: OutboxStatus | null) =>
  infiniteQueryOptions({
    queryKey: ['mail', 'outbox', status],
    queryFn: ({ pageParam, signal }) =>
      call(listOutbox, undefined, { query: { status, before: pageParam, limit: 25 }, signal }),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (page) => page.next_before ?? undefined,
    refetchInterval: 10_000,
  });

export const outboxMessageQuery = (id: number) =>
  queryOptions({
    queryKey: ['mail', 'outbox', 'message', id],
    queryFn: ({ signal }) => call(getOutboxMessage, undefined, { params: { id }, signal }),
  });
