// Which payment provider takes the portal's payments (GET /api/config paymentGateway; issue 36, ADR 0031). The pages
// ask it one thing: who runs 3-D Secure. 'portal-step': the portal's own step (TO, a redirect to the provider's
// /Cardinal3DSWithToken and back), as XiIntercept and the built-in sandbox do. 'in-charge': the provider asks inside
// the charge (Stripe: the answer is requires_action, Stripe.js shows the bank's page), so the portal's step is never
// used: not in the card dialog, the pay page, deposits or guest payment.
import type { publicConfig, ResponseOf } from '@portal/contracts';
import { usePublicConfig } from './public-config';

export type PaymentGatewayInfo = ResponseOf<typeof publicConfig>['paymentGateway'];

/** Until the public configuration is read (or when it cannot be): the built-in sandbox, the default provider. */
export const builtInGateway: PaymentGatewayInfo = {
  provider: 'sandbox',
  mode: 'test',
  authentication: 'portal-step',
  publishableKey: '',
};

export function usePaymentGateway(): PaymentGatewayInfo {
  return usePublicConfig().data?.paymentGateway ?? builtInGateway;
}

/** Whether the portal's own 3-D Secure step (TO) may run: never when the provider authenticates in the charge. */
export function portalRunsThreeDs(gateway: Pick<PaymentGatewayInfo, 'authentication'>): boolean {
  return gateway.authentication === 'portal-step';
}
