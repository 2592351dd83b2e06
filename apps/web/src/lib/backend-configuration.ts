import { backendConfiguration } from '@portal/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from './api-client';

/** spec §3 "Configuration read by these screens": the rules the pay page applies before the server re-checks them. */
export const backendConfigurationQuery = queryOptions({
  queryKey: ['configuration', 'backend'],
  queryFn: () => call(backendConfiguration, undefined),
  staleTime: 5 * 60_000,
});

export function useBackendConfiguration() {
  return useQuery(backendConfigurationQuery);
}
