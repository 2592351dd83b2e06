// The application switches read before the configuration screens exist (a later issue edits them).
// Stored in portal.app_settings under "application"; defaults are what a fresh portal starts with.
import type { Db } from '../../db/client';
import { readSetting } from './app-settings.repository';

export type ApplicationSettings = {
  companyName: string;
  allowRegistration: boolean;
  allowGuestPayment: boolean;
  privacyPolicy: string;
  termsAndConditions: string;
  contactUs: string;
};

export const defaultApplicationSettings: ApplicationSettings = {
  companyName: 'AR Portal',
  allowRegistration: false,
  allowGuestPayment: false,
  privacyPolicy: '',
  termsAndConditions: '',
  contactUs: '',
};

export async function readApplicationSettings(db: Db): Promise<ApplicationSettings> {
  const stored = await readSetting<Partial<ApplicationSettings>>(db, 'application');
  return { ...defaultApplicationSettings, ...stored };
}
