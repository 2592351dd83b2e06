import { getUserAccounts } from '@portal/contracts';
import { call } from '../../../lib/api-client';

/** The signed-in user's profile, linked accounts and permissions (POST /api/token/getuseraccounts). */
export const getUserProfile = () => call(getUserAccounts, undefined, { silent: true });
