// What a statement carries of the supplier's look: the company name and the logo of the reader's theme (the
// template whose address matches the host the portal is read on, else the default). PDFKit draws PNG and JPEG; an
// SVG or WebP logo is left out and the company name stands alone.
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../app-context';
import { uploadedFiles } from '../../db/schema';
import { readApplicationSettings } from '../system/application-settings';
import { themeForHost } from '../themes/themes';

export type StatementBranding = { companyName: string; logo: Buffer | null; primaryColor: string };

const fileAddress = /^\/api\/files\/([0-9a-f-]{36})$/;
const drawable = new Set(['image/png', 'image/jpeg']);

export async function statementBranding(ctx: AppContext, host: string): Promise<StatementBranding> {
  const [settings, theme] = await Promise.all([readApplicationSettings(ctx.db), themeForHost(ctx, host)]);
  const id = fileAddress.exec(theme.brandLogo)?.[1];
  let logo: Buffer | null = null;
  if (id) {
    const [file] = await ctx.db
      .select({ contentType: uploadedFiles.contentType, bytes: uploadedFiles.bytes })
      .from(uploadedFiles)
      .where(eq(uploadedFiles.id, id));
    if (file && drawable.has(file.contentType)) logo = Buffer.from(file.bytes);
  }
  return { companyName: settings.companyName, logo, primaryColor: theme.primaryColor };
}
