// Manage payments (spec §4, §7): add (01), modify (02) or delete (03) one card or e-check of a payer the user may
// act for. Saved methods go to the ERP; session-only ones (is_session X) stay in this session, never in the ERP.
// The server re-checks what the form checked: it never trusts the browser.
import type { ManagePaymentsRequest, ManagePaymentsResponse, PaymentCard } from '@portal/contracts';
import {
  expiryOf,
  isExpiryValid,
  isThreeDSecureActive,
  isValidRoutingNumber,
  paymentMethodLabel as cardLabel,
} from '@portal/domain';
import type { AppContext } from '../../app-context';
import { AppError } from '../../errors';
import type { Actor } from '../../plugins/auth';
import { recordAuditEvent } from '../audit/audit.repository';
import { assertAccountAccess } from '../customers/account-access';
import { loadPaymentMethodSettings } from './payment-method-settings';
import { findTokenGrant } from './payment-token-grants.repository';
import {
  deleteSessionMethod,
  findSessionMethod,
  insertSessionMethod,
  updateSessionMethod,
  type SessionScope,
} from './session-payment-methods.repository';

const logIds = { '01': 'ADD_PAYMENT_CARD', '02': 'MOD_PAYMENT_CARD', '03': 'DEL_PAYMENT_CARD' } as const;
const ok = { message_type: 'S', message_number: '000', message_line_string: '' } as const;
const failed = (number: string, line: string): ManagePaymentsResponse => ({
  status: { message_type: 'E', message_number: number, message_line_string: line },
});

export type RequestInfo = { requestId: string; ip: string; userAgent: string };

export async function managePaymentMethod(
  ctx: AppContext,
  actor: Actor,
  request: ManagePaymentsRequest,
  info: RequestInfo,
): Promise<ManagePaymentsResponse> {
  const { customer_number, company_code } = request.payer_data;
  await assertAccountAccess(ctx, actor, customer_number, company_code);
  const card = request.payment_cards[0]!;
  if (request.log.id !== logIds[request.action])
    throw new AppError('VALIDATION_FAILED', { details: { fields: ['/log/id'] } });
  const settings = await loadPaymentMethodSettings(ctx, company_code);
  if (card.payment_card_type === 'EC' && !settings.echeck_enabled)
    throw new AppError('VALIDATION_FAILED', { messageKey: 'errors.payment.invalid_payment_type' });
  if (request.action !== '03') checkCard(card, request.action, ctx.now());
  if (request.action === '01') await assertTokenGranted(ctx, actor, card, settings.secure_3ds);

  // spec §4: with always-save on, nothing is kept for the session only.
  const sessionOnly = card.is_session === 'X' && !settings.always_save_on_file;
  const scope: SessionScope = {
    sessionId: actor.sessionId,
    customerNumber: customer_number,
    companyCode: company_code,
  };
  const answer = sessionOnly
    ? await manageSessionMethod(ctx, scope, request.action, card)
    : await ctx.erp.managePaymentCards({
        ...request,
        payment_cards: [{ ...card, is_session: '' }],
        // The log carries who did it, from the session: whatever the browser sent is replaced.
        log: { id: logIds[request.action], login: actor.login, epayv: 'portal', usrag: info.userAgent.slice(0, 400) },
      });

  await recordAuditEvent(ctx.db, {
    event: logIds[request.action],
    at: ctx.now(),
    userId: actor.userId,
    subject: `${company_code}/${customer_number}`,
    ip: info.ip,
    userAgent: info.userAgent,
    requestId: info.requestId,
    details: {
      payment_card_type: card.payment_card_type,
      last_four: card.payment_card_token.slice(6, 10),
      is_session: sessionOnly,
      message_type: answer.status.message_type,
      message_number: answer.status.message_number,
    },
  });
  return answer;
}

/**
 * A new method must carry a token the gateway reported to this session through the hosted frame, and, when 3-D
 * Secure applies to the card (spec §4), a passed authentication (Y or A): the browser cannot save a token it
 * copied from elsewhere or skip the challenge.
 */
async function assertTokenGranted(ctx: AppContext, actor: Actor, card: PaymentCard, secure3ds: boolean) {
  const grant = await findTokenGrant(ctx.db, actor.sessionId, card.payment_card_token);
  const refused = new AppError('VALIDATION_FAILED', {
    messageKey: 'errors.payment.payment_method_failed',
    details: { fields: ['/payment_cards/0/payment_card_token'] },
  });
  if (!grant) throw refused;
  const threeDs =
    card.payment_card_type !== 'EC' &&
    isThreeDSecureActive({
      secure3dsEnabled: secure3ds,
      companyCodeDisables3ds: false,
      cardType: card.payment_card_type,
    });
  if (threeDs && grant.threedsStatus !== 'Y' && grant.threedsStatus !== 'A') throw refused;
}

function checkCard(card: PaymentCard, action: '01' | '02', now: Date): void {
  const invalid = (field: string, messageKey: string) =>
    new AppError('VALIDATION_FAILED', { messageKey, details: { fields: [`/payment_cards/0/${field}`] } });
  if (card.payment_card_type === 'EC') {
    if (action === '01' && !card.electronic_check_account_type)
      throw invalid('electronic_check_account_type', 'validation.echeck.account_type_required');
    if (action === '01' && !isValidRoutingNumber(card.electronic_check_rdfi_number))
      throw invalid('electronic_check_rdfi_number', 'validation.echeck.routing_number_invalid');
    return;
  }
  const expiry = expiryOf(card.valid_to);
  if (!expiry || !isExpiryValid(expiry.month, expiry.year, now))
    throw invalid('valid_to', 'validation.card.expiry_invalid');
}

async function manageSessionMethod(
  ctx: AppContext,
  scope: SessionScope,
  action: ManagePaymentsRequest['action'],
  card: PaymentCard,
): Promise<ManagePaymentsResponse> {
  const existing = await findSessionMethod(ctx.db, scope, card.payment_card_token);
  if (action === '01') {
    if (existing) return failed('074', `${cardLabel(card)} already exists.`);
    const saved = await ctx.erp.getPaymentCards({
      payer_data: { customer_number: scope.customerNumber, company_code: scope.companyCode },
    });
    if (saved.payment_cards.some((c) => c.payment_card_token === card.payment_card_token))
      return failed('074', `${cardLabel(card)} already exists.`);
    // Session-only methods are never the default (spec §4: "Set as default" shows only with save on file).
    await insertSessionMethod(ctx.db, scope, {
      ...card,
      is_session: 'X',
      default: '',
      payer_account: scope.customerNumber,
    });
    return { status: ok };
  }
  if (!existing) return failed('075', `${cardLabel(card)} not found.`);
  if (action === '03') await deleteSessionMethod(ctx.db, scope, card.payment_card_token);
  else
    await updateSessionMethod(ctx.db, scope, {
      ...existing,
      payment_card_name: card.payment_card_name,
      valid_to: existing.payment_card_type === 'EC' ? '' : card.valid_to,
    });
  return { status: ok };
}
