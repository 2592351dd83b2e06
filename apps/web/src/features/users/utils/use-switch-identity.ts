// Starting or stopping to work as another user (access spec §4; issue 14). The server session holds who is worked
// as; the page then reloads the profile, drops every cached answer of the other identity and goes on from `to`.
import { getUserAccounts } from '@portal/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { call } from '../../../lib/api-client';
import { session } from '../../../lib/session';

export function useSwitchIdentity(): (change: () => Promise<unknown>, to: string) => Promise<void> {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return async (change, to) => {
    await change();
    const profile = await call(getUserAccounts, undefined);
    queryClient.clear();
    session.authenticate(profile);
    await navigate(to, { replace: true });
  };
}
