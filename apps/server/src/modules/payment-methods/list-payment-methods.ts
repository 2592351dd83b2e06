// GET /api/payment-methods: the payer's saved methods (ERP) followed by this session's session-only ones.
import type { PaymentMethodsQuery, PaymentMethodsResponse } from '@portal/contracts';
import type { AppContext } from '../../app-context';
import type { Actor } from '../../plugins/auth';
import { assertAccountAccess } from '../customers/account-access';
import { loadPaymentMethodSettings } from './payment-method-settings';
import { listSessionMethods } from './session-payment-methods.repository';

export async function listPaymentMethods(
  ctx: AppContext,
  actor: Actor,
  query: PaymentMethodsQuery,
): Promise<PaymentMethodsResponse> {
  await assertAccountAccess(ctx, actor, query.customer_number, query.company_code);
  const payer_data = { customer_number: query.customer_number, company_code: query.company_code };
  const [saved, session, settings] = await Promise.all([
    ctx.erp.getPaymentCards({ payer_data }),
    listSessionMethods(ctx.db, {
      sessionId: actor.sessionId,
      customerNumber: query.customer_number,
      companyCode: query.company_code,
    }),
    loadPaymentMethodSettings(ctx, query.company_code),
  ]);
  const cards = [...saved.payment_cards, ...session].filter(
    (card) => settings.echeck_enabled || card.payment_card_type !== 'EC',
  );
  return { status: saved.status, payment_cards: cards, settings };
}
