import {
  deleteSmtpSettings,
  getApplicationConfiguration,
  getConnectionStatus,
  getMailTransport,
  getSystemStatus,
  putApplicationConfiguration,
  type ApplicationConfiguration,
} from '@portal/contracts';
import { queryOptions } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';

export const applicationConfigurationQuery = () =>
  queryOptions({
    queryKey: ['configuration', 'application'],
    queryFn: ({ signal }) => call(getApplicationConfiguration, undefined, { signal }),
  });

export const saveApplicationConfiguration = (body: ApplicationConfiguration) =>
  call(putApplicationConfiguration, body, { silent: true });

export const systemStatusQuery = () =>
  queryOptions({
    queryKey: ['configuration', 'system'],
    queryFn: ({ signal }) => call(getSystemStatus, undefined, { signal }),
    refetchInterval: 30_000,
  });

export const connectionStatusQuery = () =>
  queryOptions({
    queryKey: ['configuration', 'connection-status'],
    queryFn: ({ signal }) => call(getConnectionStatus, undefined, { signal }),
  });

/** Which transport sends e-mail (the Email tab): decided by the server, as the outbox decides it. */
export const mailTransportQuery = () =>
  queryOptions({
    queryKey: ['configuration', 'mail-transport'],
    queryFn: ({ signal }) => call(getMailTransport, undefined, { signal }),
  });

export const removeSmtpSettings = () => call(deleteSmtpSettings, undefined, { silent: true });
