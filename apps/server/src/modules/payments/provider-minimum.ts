// Issue 36: a payment provider has a smallest amount it charges (Stripe: 0.50 USD, 0.30 GBP, 50 JPY …). A payment
// under it is refused with the portal's other checks, before any intent is written or the provider is called: the
// payer reads why and nothing is recorded, where the provider's own refusal would be a declined payment.
import { formatMinorUnits } from '@portal/domain';
import type { AppContext } from '../../app-context';
import { paymentRefused } from './payment-refusals';

export function assertProviderMinimum(
  ctx: AppContext,
  payment: { totalMinor: bigint; currencyKey: string; decimals: number },
): void {
  const minimum = ctx.gateway.minimumChargeMinor(payment.currencyKey);
  if (payment.totalMinor >= minimum) return;
  throw paymentRefused({
    key: 'validation.payment.below_provider_minimum',
    values: { amount: formatMinorUnits(minimum, payment.decimals) },
  });
}
