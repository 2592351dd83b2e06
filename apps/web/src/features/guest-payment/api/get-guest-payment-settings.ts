import { guestPaymentSettings } from '@portal/contracts';
import { textInLanguage } from '@portal/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { call } from '../../../lib/api-client';
import { log } from '../../../lib/log';

/**
 * spec §7 GET /api/token/guest-payment/guestpayment: the guest pages exist only while guest payment is on; if it
 * cannot be read they say "not available". It also tells whether payments are off, with the administrator's message.
 */
export const guestPaymentSettingsQuery = queryOptions({
  queryKey: ['guest-payment', 'settings'],
  queryFn: async ({ signal }) => {
    try {
      return await call(guestPaymentSettings, undefined, { signal, silent: true });
    } catch (error) {
      log.warn('Guest payment settings could not be loaded', error);
      return null;
    }
  },
  retry: false,
});

export const useGuestPaymentSettings = () => {
  const query = useQuery(guestPaymentSettingsQuery);
  const { i18n } = useTranslation();
  const settings = query.data;
  const paymentsDisabled = settings?.isPaymentsDisable === true;
  return {
    loading: query.isPending,
    allowed: settings?.AllowGuestPayment === true,
    paymentsDisabled,
    /** The administrator's message in the reader's language (English, else any); undefined: the generic text. */
    paymentsDisabledMessage: paymentsDisabled
      ? textInLanguage(settings.paymentDisabledMessages, i18n.resolvedLanguage ?? i18n.language)
      : undefined,
  };
};
