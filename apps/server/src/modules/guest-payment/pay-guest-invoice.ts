// POST /api/guestPayment/payments — a guest pays the guest token's one invoice by card, exactly once, on the
// invoice payments' path (spec §4 Guest flow, §5 Guest form, §7; currency fixed USD). The story:
// 1. guest payment is on and the guest token valid (403 otherwise); a retry of a request whose intent exists
//    settles that intent (never a second charge); payments of one token share the scope guest:<token id>;
// 2. the document is the token's (another billing document number answers 404), in USD, and as the card showed it
//    (DOCUMENT_CHANGED otherwise); the card was tokenised by this guest token's frame (else 404);
// 3. the guest checks of packages/domain: first and last name, a valid e-mail, the pay amount rules, the maximum card
//    payment, the reason and its comment (the CVV was typed in the frame with the number); then 3-D Secure;
// 4. the intent with the document reserved, the document read again, the charge outside any transaction, one ledger
//    posting, and the receipt queued to the guest's e-mail in the posting's transaction.
import { randomUUID } from 'node:crypto';
import { guestPaymentCurrency, type GuestPaymentRequest, type PayInvoicesResponse } from '@portal/contracts';
import { checkGuestPayment, currencyDecimalsOf, parseScaledAmount } from '@portal/domain';
import type { z } from 'zod';
import type { AppContext } from '../../app-context';
import { AppError } from '../../errors';
import { normalizeNumber, notFound } from '../invoices/invoice-scope';
import { readTokenizationResult } from '../payment-methods/get-tokenization-response';
import { checkThreeDs } from '../payments/check-three-ds';
import { paymentRefused } from '../payments/payment-refusals';
import { portalInvoicePaymentRules } from '../payments/portal-payment-rules';
import type { IntentPosting } from '../payments/payment-intents.repository';
import { settleEarlierIntent, startPaymentIntent, type IdempotencyIdentity } from '../payments/start-payment-intent';
import { assertProviderMinimum } from '../payments/provider-minimum';
import { readApplicationSettings } from '../system/application-settings';
import { guestMerchantReference, type GuestClaims } from './guest-tokens';
import { guestDocumentKey, readGuestDocument } from './load-guest-invoice';

type ParsedRequest = z.output<typeof GuestPaymentRequest>;

export function guestScope(claims: GuestClaims): string {
  return `guest:${claims.tokenId}`;
}

export async function payGuestInvoice(
  ctx: AppContext,
  claims: GuestClaims,
  request: ParsedRequest,
  identity: IdempotencyIdentity,
  language: string,
): Promise<PayInvoicesResponse> {
  const earlier = await settleEarlierIntent(ctx, identity);
  if (earlier) return earlier;

  // 2. the token's document, in USD, as shown; the guest's own card
  const token = claims.document;
  if (normalizeNumber(request.document.billing_document_number) !== normalizeNumber(token.billing_document_number))
    throw notFound();
  const [document, configuration, settings] = await Promise.all([
    readGuestDocument(ctx, token),
    ctx.erp.getBackendConfiguration(),
    readApplicationSettings(ctx.db),
  ]);
  if (!document) throw notFound();
  if (request.currency_key !== guestPaymentCurrency || document.currency_key !== guestPaymentCurrency) {
    throw paymentRefused({
      key: 'validation.guest.currency_not_supported',
      values: { currency: guestPaymentCurrency },
    });
  }
  const decimals = currencyDecimalsOf(document.currency_key, configuration.sapcust.currency_decimals);
  const shown = parseScaledAmount(request.document.open_amount, decimals);
  if (
    document.document_status !== '01' ||
    shown === undefined ||
    shown !== parseScaledAmount(document.open_amount, decimals)
  )
    throw new AppError('DOCUMENT_CHANGED', { details: { documentIndex: 0 } });
  const merchantReference = guestMerchantReference(claims);
  const tokenised = await readTokenizationResult(ctx, request.payment_detail.card_access_token, merchantReference);
  const card = tokenised.paymentcard;
  if (
    !card ||
    card.payment_card_token !== request.payment_detail.payment_card_token ||
    card.payment_card_type !== request.payment_detail.payment_card_type ||
    card.payment_card_type === 'EC'
  )
    throw notFound();

  // 3. the guest checks, then 3-D Secure
  const rules = portalInvoicePaymentRules(configuration, settings, token.company_code);
  const failure = checkGuestPayment(
    {
      company_code: token.company_code,
      currency_decimals: decimals,
      guest: request.guest,
      document: {
        open_amount: request.document.open_amount,
        amount_to_process: request.document.amount_to_process,
        reason_code: request.document.reason_code,
        comment: request.document.comment,
      },
      payment_method: { payment_card_type: card.payment_card_type },
    },
    rules,
  );
  if (failure) throw paymentRefused(failure, { messages: settings.paymentDisabledMessages, language });
  const threeDs = await checkThreeDs(ctx, {
    configuration,
    companyCode: token.company_code,
    method: card,
    accessToken: request.payment_detail.three_ds_access_token,
    merchantReference,
  });

  // 4. the intent, the reservation, the charge and the posting
  const key = guestDocumentKey(token);
  const amount = parseScaledAmount(request.document.amount_to_process, decimals)!;
  assertProviderMinimum(ctx, { totalMinor: amount, currencyKey: document.currency_key, decimals });
  const email = request.guest.email.trim();
  const posting: IntentPosting = {
    log_id: 'POST_INVOICE',
    soldto_number: document.soldto_number,
    reference_number: '',
    reason_code: '',
    comment: '',
    // The receipt goes to the address the guest gave (the payment_confirmation mail of the outbox).
    notify_email: email,
    notify_first_name: request.guest.first_name.trim(),
    notify_last_name: request.guest.last_name.trim(),
    documents: [
      {
        document_key: key,
        document_number_finance: document.document_number_finance,
        billing_document_number: document.billing_document_number,
        amount_minor: String(amount),
        reason_code: request.document.reason_code,
        comment: request.document.comment,
      },
    ],
  };
  const now = ctx.now();
  return startPaymentIntent(
    ctx,
    {
      id: randomUUID(),
      scope: identity.scope,
      idempotencyKey: identity.key,
      requestHash: identity.requestHash,
      kind: 'invoice',
      state: 'pending',
      orderNumber: randomUUID(),
      userId: null,
      actingUserId: null,
      // The ledger's log login of a guest payment: who paid, since no user did.
      login: `guest:${email}`,
      payerNumber: token.payer_number,
      companyCode: token.company_code,
      currencyKey: document.currency_key,
      currencyDecimals: decimals,
      amountMinor: amount,
      paymentCardToken: card.payment_card_token,
      paymentCardType: card.payment_card_type,
      posting,
      language,
      createdAt: now,
      updatedAt: now,
    },
    {
      documentKeys: [key],
      identity,
      threeDs,
      // As for invoice payments: a payment that settled between the checks and the reservation changed the document.
      reread: {
        payerData: { customer_number: token.payer_number, company_code: token.company_code },
        check: ([current]) => {
          if (
            !current ||
            current.document_status !== '01' ||
            parseScaledAmount(current.open_amount, decimals) !== parseScaledAmount(document.open_amount, decimals)
          )
            throw new AppError('DOCUMENT_CHANGED', { details: { documentIndex: 0 } });
        },
      },
    },
  );
}
