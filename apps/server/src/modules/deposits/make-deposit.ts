// POST /api/customer/makedeposit — a deposit (a payment on account) exactly once, on the invoice payments' path
// (spec §4: "deposits work the same"; §5 Deposit checks; §7). The story:
// 1. a retry of a request whose intent exists settles that intent (never a second charge);
// 2. the account and the sold-to are the user's (else 404, like unknown ones); internal users make no deposits;
// 3. the deposit checks of packages/domain in the spec's order (payments and deposits enabled, the form: amount
//    'Numeric value required.' and minimum 1, reason of payment type D and its comment; the method; the CVV; the
//    maximum card or e-check payment), in the account's currency, then 3-D Secure where it applies;
// 4. the intent (kind deposit, no document reservations: a deposit pays no invoice), then the charge outside any
//    transaction and one ledger posting of the whole amount as a credit on account, with the intent's completion
//    and the confirmation mail in the posting's transaction.
// Every refusal happens before the gateway is called: nothing stays written, nothing is charged.
import { randomUUID } from 'node:crypto';
import type { MakeDepositRequest, MakeDepositResponse } from '@portal/contracts';
import { checkDeposit, parseScaledAmount } from '@portal/domain';
import type { z } from 'zod';
import type { AppContext } from '../../app-context';
import { AppError } from '../../errors';
import type { Actor } from '../../plugins/auth';
import { isOwnSoldto, notFound, resolveInvoiceScope } from '../invoices/invoice-scope';
import { checkThreeDs } from '../payments/check-three-ds';
import { findPaymentMethod } from '../payments/find-payment-method';
import { paymentRefused, validationFailed } from '../payments/payment-refusals';
import type { IntentPosting } from '../payments/payment-intents.repository';
import { settleEarlierIntent, startPaymentIntent, type IdempotencyIdentity } from '../payments/start-payment-intent';
import { assertProviderMinimum } from '../payments/provider-minimum';
import { loadDepositContext } from './deposit-rules';

type ParsedRequest = z.output<typeof MakeDepositRequest>;

export async function makeDeposit(
  ctx: AppContext,
  actor: Actor,
  request: ParsedRequest,
  identity: IdempotencyIdentity,
  language: string,
): Promise<MakeDepositResponse> {
  const earlier = await settleEarlierIntent(ctx, identity);
  if (earlier) return earlier;

  // 2. object authorisation
  const scope = await resolveInvoiceScope(ctx, actor, request.payer_data, [], true);
  if (!isOwnSoldto(scope.item, request.soldto?.account_number ?? '')) throw notFound();
  const deposit = await loadDepositContext(ctx, actor, scope.item);
  if (deposit.unavailable === 'internal_user' || deposit.unavailable === 'not_permitted')
    throw new AppError('FORBIDDEN', { reason: deposit.unavailable });

  // 3. the deposit checks, in the account's currency
  const detail = request.deposit_detail;
  if (detail.currency_key !== deposit.currencyKey) throw validationFailed('currency');
  const method = await findPaymentMethod(
    ctx,
    actor,
    request.payment_detail.payment_card_token,
    scope.payerData,
    request.payer_data.customer_number,
  );
  if (!method || method.payment_card_type !== request.payment_detail.payment_card_type) throw notFound();
  const failure = checkDeposit(
    {
      company_code: scope.item.CompanyCode,
      currency_decimals: deposit.decimals,
      deposit_detail: {
        amount_to_process: detail.amount_to_process,
        reason_code: detail.reason_code,
        comment: detail.comment,
      },
      payment_method: {
        payment_card_type: method.payment_card_type,
        card_validation_code: request.payment_detail.card_validation_code ?? '',
      },
    },
    deposit.rules,
  );
  if (failure) throw paymentRefused(failure, { messages: deposit.settings.paymentDisabledMessages, language });
  const threeDs = await checkThreeDs(ctx, {
    configuration: deposit.configuration,
    companyCode: scope.item.CompanyCode,
    method,
    accessToken: request.payment_detail.three_ds_access_token,
    merchantReference: actor.sessionId,
  });

  // 4. the intent, written before the gateway is called; no documents to reserve
  const amount = parseScaledAmount(detail.amount_to_process, deposit.decimals)!;
  assertProviderMinimum(ctx, { totalMinor: amount, currencyKey: detail.currency_key, decimals: deposit.decimals });
  const posting: IntentPosting = {
    log_id: 'POST_DEPOSIT',
    soldto_number: request.soldto?.account_number ?? '',
    reference_number: detail.reference_number.trim(),
    reason_code: detail.reason_code,
    comment: detail.comment.trim(),
    notify_email: actor.contact.email,
    notify_first_name: actor.contact.firstName,
    notify_last_name: actor.contact.lastName,
    notify_language: actor.contact.language,
    documents: [],
  };
  const now = ctx.now();
  return startPaymentIntent(
    ctx,
    {
      id: randomUUID(),
      scope: identity.scope,
      idempotencyKey: identity.key,
      requestHash: identity.requestHash,
      kind: 'deposit',
      state: 'pending',
      orderNumber: randomUUID(),
      userId: actor.userId,
      actingUserId: actor.impersonator?.userId ?? null,
      login: actor.login,
      payerNumber: scope.payerData.customer_number,
      companyCode: scope.item.CompanyCode,
      currencyKey: deposit.currencyKey,
      currencyDecimals: deposit.decimals,
      amountMinor: amount,
      paymentCardToken: method.payment_card_token,
      paymentCardType: method.payment_card_type,
      posting,
      language,
      createdAt: now,
      updatedAt: now,
    },
    { documentKeys: [], identity, threeDs },
  );
}
