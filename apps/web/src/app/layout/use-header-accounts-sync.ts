import { useEffect } from 'react';
import { useHeaderAccounts } from '../../features/customers/api/get-header-accounts';
import { accountSelection } from '../../lib/account-selection';
import { useMaintenance } from '../use-maintenance';
import { isSignedIn, isWaitingConfirmation, useSession } from '../../lib/session';

/** Loads the header accounts once signed in (again when the user worked as changes) into the shell's store. */
export function useHeaderAccountsSync(): void {
  const { status, profile } = useSession();
  // No accounts for a user still waiting for e-mail confirmation (the server refuses them).
  // Nor during a maintenance window that shuts this user out (the server answers 503).
  const { closedToMe } = useMaintenance();
  const signedIn = isSignedIn(status) && !isWaitingConfirmation(profile) && !closedToMe;
  // The server answers for the session's user, or the user it works as: the profile's id keys the cache.
  const { data, error } = useHeaderAccounts(signedIn, profile?.user_id ?? null);

  useEffect(() => {
    if (data) accountSelection.load(data.HeaderItems);
  }, [data]);

  useEffect(() => {
    if (error) accountSelection.fail(error);
  }, [error]);

  useEffect(() => {
    if (!signedIn) accountSelection.reset();
  }, [signedIn]);
}
