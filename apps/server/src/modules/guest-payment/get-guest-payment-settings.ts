// GET /api/token/guest-payment/guestpayment (access spec §3 Guest payment configuration, §7; issue 27): what the
// guest payment page reads before the lookup. It answers while guest payment is off too (the page then says so), but
// tells nothing more than that; the payments-disabled switch and its messages are those every payment area reads.
import { guestPaymentCurrency, maxGuestAccounts, type GuestPaymentSettings } from '@portal/contracts';
import type { AppContext } from '../../app-context';
import { readApplicationSettings } from '../system/application-settings';

export async function getGuestPaymentSettings(ctx: AppContext): Promise<GuestPaymentSettings> {
  const settings = await readApplicationSettings(ctx.db);
  const on = settings.allowGuestPayment;
  return {
    AllowGuestPayment: on,
    max_accounts: maxGuestAccounts,
    currency_key: guestPaymentCurrency,
    isPaymentsDisable: on && settings.isPaymentsDisable,
    paymentDisabledMessages: on && settings.isPaymentsDisable ? settings.paymentDisabledMessages : {},
  };
}
