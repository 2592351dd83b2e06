// GET /api/customer/deposit-settings — what the deposit page and the header's Deposits link read (spec §2 Deposits,
// §6: the link shows when the user may make deposits, the account has deposits enabled and the user is not
// internal). The account must be one of the user's (else 404, like an unknown one).
import type { DepositSettingsQuery, DepositSettingsResponse } from '@portal/contracts';
import { formatMinorUnits, reasonCodesFor } from '@portal/domain';
import type { AppContext } from '../../app-context';
import type { Actor } from '../../plugins/auth';
import { resolveInvoiceScope } from '../invoices/invoice-scope';
import { loadPaymentMethodSettings } from '../payment-methods/payment-method-settings';
import { loadDepositContext } from './deposit-rules';

export async function getDepositSettings(
  ctx: AppContext,
  actor: Actor,
  query: DepositSettingsQuery,
): Promise<DepositSettingsResponse> {
  const scope = await resolveInvoiceScope(ctx, actor, query, [], true);
  const [deposit, methods] = await Promise.all([
    loadDepositContext(ctx, actor, scope.item),
    loadPaymentMethodSettings(ctx, scope.item.CompanyCode),
  ]);
  return {
    deposits_allowed: deposit.unavailable === null,
    unavailable_reason: deposit.unavailable,
    company_code: scope.item.CompanyCode,
    currency_key: deposit.currencyKey,
    currency_decimals: deposit.decimals,
    reason_codes: reasonCodesFor(deposit.configuration, scope.item.CompanyCode, 'D'),
    minimum_amount: formatMinorUnits(10n ** BigInt(deposit.decimals), deposit.decimals),
    maximum_card_payment: deposit.settings.maxPaymentAllowed,
    maximum_echeck_payment: deposit.settings.maxECheckPaymentAllowed,
    cvv_required: deposit.rules.cvvRequired,
    secure_3ds: methods.secure_3ds,
    secure_3ds_version: methods.secure_3ds_version,
    echeck_enabled: methods.echeck_enabled,
  };
}
