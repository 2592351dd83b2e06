// The payment rules as the portal applies them: the ERP's configuration (packages/domain) with the portal's own
// maximum card and e-check payments and its payments-disabled switch (access spec §4, §5). Shared by invoice
// payments, deposits and guest payments, so that the switch and the limits hold for every way money moves.
import type { BackendConfiguration } from '@portal/contracts';
import { invoicePaymentRules, type InvoicePaymentRules, type PaymentLimits } from '@portal/domain';
import type { ApplicationSettings } from '../system/application-settings';

export function portalLimits(settings: ApplicationSettings): PaymentLimits {
  return { maximumCardPayment: settings.maxPaymentAllowed, maximumEcheckPayment: settings.maxECheckPaymentAllowed };
}

export function portalInvoicePaymentRules(
  configuration: BackendConfiguration,
  settings: ApplicationSettings,
  companyCode: string,
): InvoicePaymentRules {
  const rules = invoicePaymentRules(configuration, portalLimits(settings), companyCode);
  return settings.isPaymentsDisable ? { ...rules, paymentsAllowed: false } : rules;
}
