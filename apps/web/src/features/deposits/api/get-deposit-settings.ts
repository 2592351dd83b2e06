import { getDepositSettings, type PayerData } from '@portal/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';

/**
 * GET /api/customer/deposit-settings for the account the deposit is for: whether deposits are allowed (and why not),
 * its reason codes of payment type D, currency, limits and CVV / 3-D Secure rules. The header's Deposits link reads
 * the same query, so the page and the link never disagree.
 */
export const depositSettingsQuery = (payer: PayerData | null) =>
  queryOptions({
    queryKey: ['deposits', 'settings', payer],
    queryFn: ({ signal }) =>
      call(getDepositSettings, undefined, {
        query: { customer_number: payer?.customer_number, company_code: payer?.company_code },
        signal,
        silent: true,
      }),
    enabled: payer !== null,
    staleTime: 60_000,
  });

export function useDepositSettings(payer: PayerData | null) {
  return useQuery(depositSettingsQuery(payer));
}
