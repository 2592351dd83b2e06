import type { Permission } from '@portal/contracts';
import type { ReactNode } from 'react';
import { hasPermission, isThirdParty, useSession } from '../../lib/session';
import { NoPermissionPage } from '../pages/no-permission-page';

type Props = { permission?: Permission; adminOnly?: boolean; notForThirdParty?: boolean; children: ReactNode };

/**
 * Route guard for signed-in routes (access §6). A user without the permission sees a translated "no
 * permission" page at the address they asked for, rather than a silent redirect to /invoices: a bookmark or
 * a link from an e-mail then explains itself, and the address stays in the bar to be reported. The server
 * refuses the calls behind the page anyway; this guard only keeps the UI honest.
 */
export function RequirePermission({ permission, adminOnly, notForThirdParty, children }: Props) {
  const { profile } = useSession();
  const allowed =
    (permission === undefined || hasPermission(profile, permission)) &&
    (!adminOnly || profile?.user_role === 'admin') &&
    !(notForThirdParty && isThirdParty(profile));
  return allowed ? children : <NoPermissionPage />;
}
