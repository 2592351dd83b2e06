import { getBlackout, putBlackout, type BlackoutConfig } from '@portal/contracts';
import { queryOptions } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';

export const blackoutConfigQuery = () =>
  queryOptions({
    queryKey: ['configuration', 'blackout'],
    queryFn: ({ signal }) => call(getBlackout, undefined, { signal }),
  });

export const saveBlackout = (body: BlackoutConfig) => call(putBlackout, body, { silent: true });
