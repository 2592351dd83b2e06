// GET /api/configuration/mail-transport (the Email tab; issue 27): which transport sends the portal's e-mail, decided
// by the server with the mail sender's own rule (mail-transport.ts), so that the tab can never say one thing while
// the outbox does another. SMTP_URL is shown without its password, nor any query that could carry one.
import { count, eq } from 'drizzle-orm';
import type { MailTransportStatus } from '@portal/contracts';
import type { AppContext } from '../../app-context';
import { mailOutbox } from '../../db/schema';
import { mailTransportKind } from '../mail/mail-transport';
import { readApplicationSettings } from '../system/application-settings';

export async function getMailTransport(ctx: AppContext): Promise<MailTransportStatus> {
  const [settings, [queued]] = await Promise.all([
    readApplicationSettings(ctx.db),
    ctx.db.select({ n: count() }).from(mailOutbox).where(eq(mailOutbox.status, 'queued')),
  ]);
  const kind = mailTransportKind(settings, ctx.config);
  const address =
    kind === 'settings'
      ? `${settings.smtpAddress.trim()}:${settings.smtpPort}`
      : kind === 'environment'
        ? withoutSecrets(ctx.config.SMTP_URL)
        : '';
  return { kind, address, environmentConfigured: ctx.config.SMTP_URL !== '', queued: queued?.n ?? 0 };
}

/** smtp://user@host:port: the scheme, user and host of an SMTP URL, never its password, path or query. */
export function withoutSecrets(url: string): string {
  try {
    const parsed = new URL(url);
    const user = parsed.username ? `${decodeURIComponent(parsed.username)}@` : '';
    return `${parsed.protocol}//${user}${parsed.host}`;
  } catch {
    // config.ts only checks the scheme: an address node's URL cannot read shows as its scheme alone.
    return url.startsWith('smtps:') ? 'smtps://' : 'smtp://';
  }
}
