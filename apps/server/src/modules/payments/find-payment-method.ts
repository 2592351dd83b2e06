// The card or e-check a signed-in payment names: the payer's saved method with this token, or one this session added
// for the session only (spec §4 is_session). Shared by invoice payments and deposits.
import type { PaymentCard, PayerData } from '@portal/contracts';
import type { AppContext } from '../../app-context';
import type { Actor } from '../../plugins/auth';
import { findSessionMethod } from '../payment-methods/session-payment-methods.repository';

/**
 * @param requestedCustomerNumber the customer number as the request wrote it: a session method is kept under the
 *   number the page used when it was added, which may carry leading zeros or not.
 * @param options.savedOnly only a saved method of the payer (scheduled payments, AutoPay).
 */
export async function findPaymentMethod(
  ctx: AppContext,
  actor: Actor,
  token: string,
  payerData: PayerData,
  requestedCustomerNumber: string,
  options: { savedOnly?: boolean } = {},
): Promise<PaymentCard | null> {
  const saved = await ctx.erp.getPaymentCards({ payer_data: payerData });
  const found = saved.payment_cards.find((card) => card.payment_card_token === token);
  if (found) return found;
  // Issue 29: a payment made later by a job needs a method kept on file, not one of this session.
  if (options.savedOnly) return null;
  for (const customerNumber of new Set([requestedCustomerNumber, payerData.customer_number])) {
    const session = await findSessionMethod(
      ctx.db,
      { sessionId: actor.sessionId, customerNumber, companyCode: payerData.company_code },
      token,
    );
    if (session) return session;
  }
  return null;
}
