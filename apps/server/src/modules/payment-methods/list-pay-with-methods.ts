// GET /api/customer/payment_cards (invoices spec §7; issue 27): the "Pay with" list of the pay and deposit pages. The
// same methods as the payment-methods page, for the same account check, but for those who may pay (the contract's
// CanMakePayment): a user may pay with the payer's saved cards without being allowed to add or delete them.
import type { PaymentMethodsQuery, PayWithMethodsResponse } from '@portal/contracts';
import type { AppContext } from '../../app-context';
import type { Actor } from '../../plugins/auth';
import { listPaymentMethods } from './list-payment-methods';

export async function listPayWithMethods(
  ctx: AppContext,
  actor: Actor,
  query: PaymentMethodsQuery,
): Promise<PayWithMethodsResponse> {
  const { status, payment_cards } = await listPaymentMethods(ctx, actor, query);
  return { status, payment_cards };
}
