// The payment provider as operators see it on the System tab (issue 36 §4): which one, test or live, its events.
import { getGatewayStatus, reprocessGatewayEvent } from '@portal/contracts';
import { queryOptions } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';

export const gatewayStatusQuery = () =>
  queryOptions({
    queryKey: ['configuration', 'gateway'],
    queryFn: ({ signal }) => call(getGatewayStatus, undefined, { signal }),
    // Events arrive and are processed while the tab is open: as often as the rest of the tab.
    refetchInterval: 30_000,
  });

/** A failed event processed again; a failure is the client's toast (an event no longer failed: CONFLICT). */
export const reprocessEvent = (id: string) => call(reprocessGatewayEvent, undefined, { params: { id } });
