import { tokenizationAccessToken, type AccessTokenResponse, type PayerData } from '@portal/contracts';
import { call } from './api-client';

/**
 * spec §4 / §7: the TO access token of a payment's 3-D Secure step. The amount is the payable total x100 (minor
 * units of a 2-decimal currency), the order number a fresh GUID, and the provider sends the browser back to
 * redirect_uri?id=<access token>.
 */
export function requestThreeDs(input: {
  payer: PayerData;
  cardToken: string;
  amountMinor: string;
  currencyNumeric: string;
  redirectUri: string;
  validTo: string;
}): Promise<AccessTokenResponse> {
  const [month = '', , year = ''] = input.validTo.split('-');
  return call(
    tokenizationAccessToken,
    {
      action: '01',
      payment_method: 'TO',
      payer_data: input.payer,
      payment_card_token: input.cardToken,
      amount: input.amountMinor,
      currency_code: input.currencyNumeric,
      order_number: crypto.randomUUID(),
      redirect_uri: input.redirectUri,
      ...(month && year ? { expiration_month: month, expiration_year: year } : {}),
    },
    { silent: true },
  );
}
