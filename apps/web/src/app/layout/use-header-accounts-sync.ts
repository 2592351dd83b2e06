import { useEffect } from 'react';
import { useHeaderAccounts } from '../../features/customers/api/get-header-accounts';
import { accountSelection } from '../../lib/account-selection';
import { isSignedIn, isWaitingConfirmation, useSession } from '../../lib/session';

/** Loads the header accounts once signed in (again when the impersonated user changes) into the shell's store. */
export function useHeaderAccountsSync(): void {
  const { status, impersonation, profile } = useSession();
  // No accounts for a user still waiting for e-mail confirmation (the server refuses them).
  const signedIn = isSignedIn(status) && !isWaitingConfirmation(profile);
  const userId = impersonation && /^\d+$/.test(impersonation.userId) ? Number(impersonation.userId) : null;
  const { data } = useHeaderAccounts(signedIn, userId);

  useEffect(() => {
    if (data) accountSelection.load(data.HeaderItems);
  }, [data]);

  useEffect(() => {
    if (!signedIn) accountSelection.reset();
  }, [signedIn]);
}
