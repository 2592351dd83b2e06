// GET /api/configuration/payment-settings — the portal switch and limits (application settings) with the ERP's
// per-company-code payment flags, read by every payment area of the web.
import type { PaymentSettings } from '@portal/contracts';
import type { AppContext } from '../../app-context';
import { readApplicationSettings } from '../system/application-settings';

export async function getPaymentSettings(ctx: AppContext): Promise<PaymentSettings> {
  const [settings, backend] = await Promise.all([readApplicationSettings(ctx.db), ctx.erp.getBackendConfiguration()]);
  return {
    isPaymentsDisable: settings.isPaymentsDisable,
    paymentDisabledMessages: settings.paymentDisabledMessages,
    maxPaymentAllowed: settings.maxPaymentAllowed,
    maxECheckPaymentAllowed: settings.maxECheckPaymentAllowed,
    company_codes: backend.company_codes.map((code) => ({
      company_code: code.company_code,
      disable_payments: code.disable_payments,
      enable_deposits: code.enable_deposits,
      enable_echeck: code.enable_echeck,
    })),
    scheduledPaymentsCompanyCodes: settings.scheduledPaymentsCompanyCodes,
    autopayCompanyCodes: settings.autopayCompanyCodes,
    schedulingHorizonDays: settings.schedulingHorizonDays,
    promiseMaxDays: settings.promiseMaxDays,
  };
}
