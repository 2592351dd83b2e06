// An endpoint's delivery log (issue 27 §3): its messages newest first, keyset-paged, with their attempts; resend.
import * as contracts from '@portal/contracts';
import type { WebhookMessageStatus } from '@portal/contracts';
import { infiniteQueryOptions } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';

export const webhookMessagesKey = (endpointId: number) => ['integration', 'webhooks', endpointId, 'messages'] as const;

export const webhookMessagesQuery = (endpointId: number, status: WebhookMessageStatus | null) =>
  infiniteQueryOptions({
    queryKey: [...webhookMessagesKey(endpointId), status],
    queryFn: ({ pageParam, signal }) =>
      call(contracts.listWebhookMessages, undefined, {
        params: { id: endpointId },
        query: { status, before: pageParam, limit: 25 },
        signal,
      }),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (page) => page.next_before ?? undefined,
    refetchInterval: 10_000,
  });

export const resendWebhookMessage = (endpointId: number, messageId: number) =>
  call(contracts.resendWebhookMessage, undefined, { params: { id: endpointId, messageId } });
