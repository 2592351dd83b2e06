// GET /api/token/auto-register/accounts (access spec §2 /auto-register/accounts, §3, §7; issue 27): what the
// account-linking page of self-registration reads first. It answers while registration is off too (the page then says
// so), but tells nothing more than that.
import { maxLinkedAccounts, type RegistrationSettings } from '@portal/contracts';
import type { AppContext } from '../../app-context';
import { readApplicationSettings } from '../system/application-settings';

export async function getRegistrationSettings(ctx: AppContext): Promise<RegistrationSettings> {
  const settings = await readApplicationSettings(ctx.db);
  const on = settings.allowRegistration;
  return {
    allowRegistration: on,
    max_linked_accounts: maxLinkedAccounts,
    registrationEmailExpiration: settings.registrationEmailExpiration,
    registrationEmailExpirationMessage: on ? settings.registrationEmailExpirationMessage : '',
  };
}
