// The maintenance window as the browser knows it (access spec §2: fetched at start and again after the first load;
// it switches which routes exist). Read again every minute, and at once when any call answers 503 MAINTENANCE
// (the window started while the page was open).
import { isBlackoutActive, type BlackoutStatus } from '@portal/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { call } from './api-client';
import { log } from './log';
import { maintenanceSignal } from './maintenance-signal';

const closed: BlackoutStatus = { active: false, from: null, to: null, message: '', redirectUrl: '' };

function browserTimeZone(): string | undefined {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone;
  } catch {
    return undefined;
  }
}

export const blackoutQuery = queryOptions({
  queryKey: ['configuration', 'blackout-status'],
  queryFn: async (): Promise<BlackoutStatus> => {
    try {
      const status = await call(isBlackoutActive, undefined, { silent: true });
      // The notice names its times in the reader's time zone: asked again with it only when there is a notice, since
      // finding the browser's zone costs a phone about a tenth of a second before the first page (issue 17: LCP).
      if (!status.active) return status;
      const tz = browserTimeZone();
      return tz ? await call(isBlackoutActive, undefined, { silent: true, query: { tz } }) : status;
    } catch (error) {
      // Unknown is "open": the server still closes every call itself.
      log.warn('Maintenance status could not be loaded', error);
      return closed;
    }
  },
  refetchInterval: 60_000,
  staleTime: 30_000,
  retry: false,
});

export function useBlackoutStatus(): { status: BlackoutStatus; loaded: boolean } {
  const { data, refetch, isFetched } = useQuery(blackoutQuery);
  useEffect(() => maintenanceSignal.subscribe(() => void refetch()), [refetch]);
  return { status: data ?? closed, loaded: isFetched };
}
