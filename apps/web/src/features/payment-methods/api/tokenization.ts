import {
  tokenizationAccessToken,
  tokenizationResponse,
  type AccessTokenRequest,
  type AccessTokenResponse,
  type TokenizationResponse,
} from '@portal/contracts';
import { call } from '../../../lib/api-client';

/** spec §7 /api/tokenization/access_token (action 01). Failures are toasted by the caller (spec §8). */
export function requestAccessToken(request: Omit<AccessTokenRequest, 'action'>): Promise<AccessTokenResponse> {
  return call(tokenizationAccessToken, { action: '01', ...request }, { silent: true });
}

/** spec §7 /api/tokenization/response (action 02). */
export function fetchTokenizationResponse(accessToken: string): Promise<TokenizationResponse> {
  return call(tokenizationResponse, { action: '02', access_token: accessToken });
}
