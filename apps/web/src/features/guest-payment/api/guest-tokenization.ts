import {
  guestTokenHeader,
  guestTokenizationAccessToken,
  guestTokenizationResponse,
  type AccessTokenResponse,
  type GuestAccessTokenRequest,
  type TokenizationResponse,
} from '@portal/contracts';
import { call } from '../../../lib/api-client';

/**
 * spec §7 /api/guestTokenization/access_token (action 01): the hosted frame (CC) or the card's 3-D Secure step (TO),
 * for the guest token. Failures are shown by the caller (spec §8: 'Internal Error - please contact customer service').
 */
export function requestGuestAccessToken(
  guestToken: string,
  request: Omit<GuestAccessTokenRequest, 'action'>,
): Promise<AccessTokenResponse> {
  return call(
    guestTokenizationAccessToken,
    { action: '01', ...request },
    { headers: { [guestTokenHeader]: guestToken }, silent: true },
  );
}

/** spec §7 /api/guestTokenization/response (action 02): what the frame tokenised. */
export function fetchGuestTokenizationResponse(guestToken: string, accessToken: string): Promise<TokenizationResponse> {
  return call(
    guestTokenizationResponse,
    { action: '02', access_token: accessToken },
    { headers: { [guestTokenHeader]: guestToken }, silent: true },
  );
}
