// spec §4 "Payments disabled": payment areas are greyed out with a message in the user's language when the portal
// switch is on (application configuration) or the account's company code is flagged disable_payments X (ERP).
// Messages are kept per language, falling back to English, then any language.
import { paymentSettings, type PaymentSettings } from '@portal/contracts';
import { textInLanguage } from '@portal/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { call } from './api-client';

export const paymentSettingsQuery = queryOptions({
  queryKey: ['configuration', 'payment-settings'],
  queryFn: () => call(paymentSettings, undefined),
  staleTime: 5 * 60_000,
});

export function paymentsDisabledFor(companyCode: string | undefined, settings: PaymentSettings | undefined): boolean {
  if (!settings) return false;
  if (settings.isPaymentsDisable) return true;
  if (!companyCode) return false;
  return settings.company_codes.some((code) => code.company_code === companyCode && code.disable_payments === 'X');
}

export function paymentsDisabledMessage(settings: PaymentSettings | undefined, language: string): string | undefined {
  if (!settings?.isPaymentsDisable) return undefined;
  return textInLanguage(settings.paymentDisabledMessages, language);
}

export function usePaymentsDisabled(companyCode: string | undefined): boolean {
  const { data } = useQuery(paymentSettingsQuery);
  return paymentsDisabledFor(companyCode, data);
}

/** The configured message in the user's language, or undefined when the generic text should be shown. */
export function usePaymentsDisabledMessage(): string | undefined {
  const { data } = useQuery(paymentSettingsQuery);
  const { i18n } = useTranslation();
  return paymentsDisabledMessage(data, i18n.resolvedLanguage ?? i18n.language);
}
