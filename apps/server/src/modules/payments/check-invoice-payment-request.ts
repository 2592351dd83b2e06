// Steps 2 and 3 of paying invoices (the story is in pay-invoices.ts): whose account, documents and method, and the
// spec's checks. Its own file because scheduling (schedule-payment.ts) stores what they found and pay-invoices.ts hands
// a request with a scheduled_date to it: kept in pay-invoices.ts, the two would import each other.
import { paymentDocumentKey, type PayInvoicesRequest } from '@portal/contracts';
import { checkInvoicePayment, currencyDecimalsOf, parseScaledAmount } from '@portal/domain';
import type { z } from 'zod';
import type { AppContext } from '../../app-context';
import { AppError } from '../../errors';
import type { Actor } from '../../plugins/auth';
import { normalizeNumber } from '../customers/account-access';
import { belongsTo, isOwnSoldto, notFound, resolveInvoiceScope } from '../invoices/invoice-scope';
import { readApplicationSettings } from '../system/application-settings';
import { checkThreeDs, noThreeDs } from './check-three-ds';
import { assertProviderMinimum } from './provider-minimum';
import { findPaymentMethod } from './find-payment-method';
import { paymentRefused, validationFailed } from './payment-refusals';
import { portalInvoicePaymentRules } from './portal-payment-rules';

type ParsedRequest = z.output<typeof PayInvoicesRequest>;

/** What the checks of steps 2 and 3 found: the account, the documents as the ledger holds them, the method. */
export type CheckedInvoicePayment = Awaited<ReturnType<typeof checkInvoicePaymentRequest>>;

/**
 * Steps 2 and 3. merchantInitiated: the charge will be made by a job on a saved method, with no one at the
 * keyboard: a session-only method is refused (404, like an unknown one), and neither the CVV nor 3-D Secure applies.
 */
export async function checkInvoicePaymentRequest(
  ctx: AppContext,
  actor: Actor,
  request: ParsedRequest,
  language: string,
  options: { merchantInitiated: boolean },
) {
  // 2. object authorisation
  const scope = await resolveInvoiceScope(ctx, actor, request.payer_data, [], true);
  if (!isOwnSoldto(scope.item, request.soldto.account_number)) throw notFound();

  const keys = request.documents.map((document) =>
    paymentDocumentKey({
      company_code: scope.item.CompanyCode,
      document_number_finance: document.document_number_finance,
      fiscal_year_of_the_relevant_invoice: document.fiscal_year_of_the_relevant_invoice,
      line_item_in_the_relevant_invoice: document.line_item_in_the_relevant_invoice,
    }),
  );
  if (new Set(keys).size !== keys.length) throw validationFailed('documents_duplicated');
  const [ledgerDocuments, configuration, settings] = await Promise.all([
    ctx.erp.getPayableDocuments({ payer_data: scope.payerData, document_keys: keys }),
    ctx.erp.getBackendConfiguration(),
    readApplicationSettings(ctx.db),
  ]);
  const byKey = new Map(ledgerDocuments.map((document) => [paymentDocumentKey(document), document]));
  // The billing number the page showed, when it sent one, must be the found document's (issue 16: a request naming
  // one invoice by its finance number and another by its billing number is refused, as an unknown document is).
  const documents = keys.map((key, index) => {
    const document = byKey.get(key);
    const shownBilling = request.documents[index]!.billing_document_number;
    if (!document || !belongsTo(scope.item, document)) throw notFound();
    if (shownBilling && normalizeNumber(shownBilling) !== normalizeNumber(document.billing_document_number))
      throw notFound();
    return document;
  });

  // 3. as the page showed them, in one currency, and the spec's checks
  const decimals = currencyDecimalsOf(request.currency_key, configuration.sapcust.currency_decimals);
  if (decimals !== request.currency_decimals) throw validationFailed('currency_decimals');
  if (documents.some((document) => document.currency_key !== request.currency_key))
    throw validationFailed('currency_mixed');
  for (const [index, document] of documents.entries()) {
    const shown = parseScaledAmount(request.documents[index]!.open_amount, decimals);
    const current = parseScaledAmount(document.open_amount, decimals);
    if (document.document_status !== '01' || shown === undefined || shown !== current) {
      throw new AppError('DOCUMENT_CHANGED', { details: { documentIndex: index } });
    }
  }

  const method = await findPaymentMethod(
    ctx,
    actor,
    request.payment_detail.payment_card_token,
    scope.payerData,
    request.payer_data.customer_number,
    { savedOnly: options.merchantInitiated },
  );
  if (!method && options.merchantInitiated) {
    // A method of this session only: say why it cannot be used later, rather than that it does not exist.
    const sessionMethod = await findPaymentMethod(
      ctx,
      actor,
      request.payment_detail.payment_card_token,
      scope.payerData,
      request.payer_data.customer_number,
    );
    if (sessionMethod)
      throw new AppError('VALIDATION_FAILED', {
        messageKey: 'validation.payment.schedule_saved_method',
        details: { fields: ['payment_detail'] },
      });
  }
  if (!method || method.payment_card_type !== request.payment_detail.payment_card_type) throw notFound();
  const portalRules = portalInvoicePaymentRules(configuration, settings, scope.item.CompanyCode);
  // A merchant-initiated charge on a stored credential carries no CVV (it is never kept).
  const rules = options.merchantInitiated ? { ...portalRules, cvvRequired: false } : portalRules;
  const failure = checkInvoicePayment(
    {
      company_code: scope.item.CompanyCode,
      currency_decimals: decimals,
      documents: request.documents.map((document) => ({
        open_amount: document.open_amount,
        amount_to_process: document.amount_to_process,
        reason_code: document.reason_code,
        comment: document.comment,
      })),
      payment_method: {
        payment_card_type: method.payment_card_type,
        card_validation_code: request.payment_detail.card_validation_code ?? '',
      },
    },
    rules,
  );
  if (failure) throw paymentRefused(failure, { messages: settings.paymentDisabledMessages, language });
  const threeDs = options.merchantInitiated
    ? noThreeDs
    : await checkThreeDs(ctx, {
        configuration,
        companyCode: scope.item.CompanyCode,
        method,
        accessToken: request.payment_detail.three_ds_access_token,
        merchantReference: actor.sessionId,
      });
  const amounts = request.documents.map((document) => parseScaledAmount(document.amount_to_process, decimals)!);
  const total = amounts.reduce((sum, amount) => sum + amount, 0n);
  assertProviderMinimum(ctx, { totalMinor: total, currencyKey: request.currency_key, decimals });
  return { scope, keys, documents, decimals, method, threeDs, amounts, total, settings };
}
