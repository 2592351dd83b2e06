// What the payment-methods page and the server's checks need from the ERP's configuration for one company code:
// e-check allowed (spec §5), 3-D Secure active (spec §4), and the portal's always-save switch.
import type { AppContext } from '../../app-context';
import { readApplicationSettings } from '../system/application-settings';

export type PaymentMethodSettings = {
  echeck_enabled: boolean;
  always_save_on_file: boolean;
  secure_3ds: boolean;
  secure_3ds_version: string;
};

export async function loadPaymentMethodSettings(ctx: AppContext, companyCode: string): Promise<PaymentMethodSettings> {
  const [configuration, application] = await Promise.all([
    ctx.erp.getBackendConfiguration(),
    readApplicationSettings(ctx.db),
  ]);
  const company = configuration.company_codes.find((c) => c.company_code === companyCode);
  const apparv = configuration.custom_fields.apparv.find(
    (entry) => entry.parnam === 'ZENABLEEC' && entry.company_code === companyCode,
  );
  const provider = configuration.payment_provider[0];
  return {
    echeck_enabled: company?.enable_echeck === 'X' || apparv?.parval === 'X',
    always_save_on_file: application.alwaysSavePaymentMethods,
    secure_3ds: provider?.secure_3ds_enabled === 'X' && company?.disable_3ds !== 'X',
    secure_3ds_version: provider?.secure_3ds_version ?? '',
  };
}
