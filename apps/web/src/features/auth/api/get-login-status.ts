import { loginStatus } from '@portal/contracts';
import { call } from '../../../lib/api-client';

/** Start-up (spec §2): does the browser hold a live session (httpOnly refresh cookie)? */
export const getLoginStatus = () => call(loginStatus, undefined, { silent: true });
