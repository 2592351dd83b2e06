// The application switches self-registration follows (access spec §3): allowRegistration, and the lifetime of
// confirmation and invite links (registrationEmailExpiration: 6, 12, 24 or 48 hours, or never).
import type { RegistrationEmailExpiration } from '@portal/contracts';
import type { AppContext } from '../../app-context';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import { readApplicationSettings } from '../system/application-settings';

export async function assertRegistrationOn(ctx: AppContext): Promise<void> {
  const settings = await readApplicationSettings(ctx.db);
  if (!settings.allowRegistration) throw new AppError('REGISTRATION_DISABLED');
}

/** The lifetime of a confirmation or invite link in ms; null: it never expires. */
export function registrationLinkTtlMs(expiration: RegistrationEmailExpiration): number | null {
  return expiration === 'ne' ? null : Number(expiration) * 3_600_000;
}

/** Reads through the given handle: inside a transaction, pass the transaction (PGlite has one connection). */
export async function readRegistrationLinkTtlMs(db: Db): Promise<number | null> {
  return registrationLinkTtlMs((await readApplicationSettings(db)).registrationEmailExpiration);
}
