// access spec §2 start-up routing: when the back-end configuration does not answer with success (HTTP 200 and
// message type S), users who can edit the configuration are taken to /settings/configuration (its Application
// tab shows the connection status), everyone else to /system-error, which signs them out.
import { useQuery } from '@tanstack/react-query';
import { Navigate, Outlet, useLocation } from 'react-router';
import { backendConfigurationQuery } from '../../lib/backend-configuration';
import { hasPermission, useSession } from '../../lib/session';

/** Where a signed-in user must go, or null to stay. */
export function backendRedirect(failed: boolean, canEditConfiguration: boolean, pathname: string): string | null {
  if (!failed) return null;
  if (canEditConfiguration) return pathname.startsWith('/settings/') ? null : '/settings/configuration';
  return pathname === '/system-error' ? null : '/system-error';
}

export function BackendCheck() {
  const { profile } = useSession();
  const { pathname } = useLocation();
  const { data, isError } = useQuery(backendConfigurationQuery);
  const failed = isError || (data !== undefined && data.status.message_type !== 'S');
  const target = backendRedirect(failed, hasPermission(profile, 'CanEditSystemConfig'), pathname);
  return target ? <Navigate to={target} replace /> : <Outlet />;
}
