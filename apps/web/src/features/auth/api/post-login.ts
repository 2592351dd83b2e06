import { login, type RequestOf } from '@portal/contracts';
import { call } from '../../../lib/api-client';

/** Failures toast through the API client (401: the translated 'Authentication Failed, Invalid Credentials.'). */
export const postLogin = (credentials: RequestOf<typeof login>) => call(login, credentials);
