// What every e-mail carries of the supplier's look: the company name and the default theme's primary colour (the
// bar under the name, buttons and links). The logo waits for inline attachments (docs/adr/0014).
import type { Db } from '../../db/client';
import { readApplicationSettings } from '../system/application-settings';
import { readSetting } from '../system/app-settings.repository';
import type { MailBranding } from './render-email';

/** The built-in primary colour (the themes' default, modules/themes/themes.ts). */
const builtInPrimary = '#0b4f8a';

export async function mailBranding(db: Db): Promise<MailBranding> {
  const [settings, themes] = await Promise.all([
    readApplicationSettings(db),
    readSetting<{ name: string; primaryColor?: string }[]>(db, 'themes'),
  ]);
  const primary = themes?.find((theme) => theme.name === 'theme_default')?.primaryColor;
  return {
    companyName: settings.companyName,
    logoCid: null,
    primaryColor: primary && /^#[0-9a-f]{6}$/i.test(primary) ? primary : builtInPrimary,
  };
}
