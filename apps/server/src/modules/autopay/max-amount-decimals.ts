// The decimals an enrolment's maximum per payment is written with (toWire): its currency's, from the ERP's
// configuration. Shared by enrolling and stopping, which both answer the enrolment.
import { currencyDecimalsOf } from '@portal/domain';
import type { AppContext } from '../../app-context';

/** A null currency is an enrolment without a maximum: its amount is null and the decimals go unused. */
export async function maxAmountDecimals(ctx: AppContext, currencyKey: string | null): Promise<number> {
  if (!currencyKey) return 2;
  const configuration = await ctx.erp.getBackendConfiguration();
  return currencyDecimalsOf(currencyKey, configuration.sapcust.currency_decimals);
}
