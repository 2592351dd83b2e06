// What decides whether a user may make deposits on an account, read once for the deposit page and again for the
// deposit itself: spec §6 (the user may make payments and is not internal), §5 Deposit checks (the company code's
// enable_deposits X or ZENABLEDEP, payment type D active, payments not disabled), the reason codes of payment type D,
// the currency and the limits.
import type { BackendConfiguration, DepositUnavailableReason, HeaderItem } from '@portal/contracts';
import { currencyDecimalsOf, depositRules, type DepositRules } from '@portal/domain';
import type { AppContext } from '../../app-context';
import type { Actor } from '../../plugins/auth';
import { portalLimits } from '../payments/portal-payment-rules';
import { readApplicationSettings, type ApplicationSettings } from '../system/application-settings';

export type DepositContext = {
  configuration: BackendConfiguration;
  settings: ApplicationSettings;
  rules: DepositRules;
  currencyKey: string;
  decimals: number;
  unavailable: DepositUnavailableReason | null;
};

export async function loadDepositContext(ctx: AppContext, actor: Actor, item: HeaderItem): Promise<DepositContext> {
  const [configuration, settings] = await Promise.all([
    ctx.erp.getBackendConfiguration(),
    readApplicationSettings(ctx.db),
  ]);
  const rules = depositRules(configuration, portalLimits(settings), item.CompanyCode);
  if (settings.isPaymentsDisable) rules.paymentsAllowed = false;
  const company = configuration.company_codes.find((entry) => entry.company_code === item.CompanyCode);
  const currencyKey = item.CurrencyKey || company?.currency_key || 'USD';
  return {
    configuration,
    settings,
    rules,
    currencyKey,
    decimals: currencyDecimalsOf(currencyKey, configuration.sapcust.currency_decimals),
    unavailable: unavailableReason(actor, rules),
  };
}

function unavailableReason(actor: Actor, rules: DepositRules): DepositUnavailableReason | null {
  if (!actor.permissions.has('CanMakePayment')) return 'not_permitted';
  if (actor.role === 'internal') return 'internal_user';
  if (!rules.paymentsAllowed) return 'payments_disabled';
  if (!rules.depositsAllowed) return 'deposits_disabled';
  return null;
}
