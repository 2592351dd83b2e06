// Which SMTP transport sends the outbox (issue 13), first match wins: the configuration's SMTP settings once
// smtpAddress is set; SMTP_URL with MAIL_FROM; otherwise none (messages stay queued for the Sent e-mail page).
// overrideEmail (test systems) redirects every message to one address, whichever transport sends it.
import nodemailer, { type Transporter } from 'nodemailer';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { readApplicationSettings, type ApplicationSettings } from '../system/application-settings';
import type { ConfigSecrets } from '../system/config-secrets';

/**
 * What the transport is resolved from. Named here rather than picked from AppContext: the context holds the Mailer
 * built on this file, so importing it back would close an import circle.
 */
export type MailTransportDeps = {
  db: Db;
  config: Config;
  secrets: ConfigSecrets;
};

export type MailTransport = {
  kind: 'settings' | 'environment' | 'none';
  transporter: Transporter | null;
  from: string | { name: string; address: string };
  overrideEmail: string;
};

const timeouts = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 };

/** One transporter per distinct setting, reused across rounds; a changed setting replaces it. One per app. */
export type TransportCache = Map<string, Transporter>;

function cachedIn(cache: TransportCache, fingerprint: string, make: () => Transporter): Transporter {
  let transporter = cache.get(fingerprint);
  if (!transporter) {
    closeMailTransports(cache);
    transporter = make();
    cache.set(fingerprint, transporter);
  }
  return transporter;
}

/** Which transport the settings select, in the order above (the Email tab reports it: mail-transport-status.ts). */
export function mailTransportKind(
  settings: Pick<ApplicationSettings, 'smtpAddress'>,
  config: Pick<Config, 'SMTP_URL'>,
): MailTransport['kind'] {
  if (settings.smtpAddress.trim()) return 'settings';
  return config.SMTP_URL ? 'environment' : 'none';
}

export async function resolveMailTransport(ctx: MailTransportDeps, cache: TransportCache): Promise<MailTransport> {
  const cached = (fingerprint: string, make: () => Transporter) => cachedIn(cache, fingerprint, make);
  const settings = await readApplicationSettings(ctx.db);
  const overrideEmail = settings.overrideEmail.trim();
  const kind = mailTransportKind(settings, ctx.config);
  if (kind === 'settings') {
    const password = settings.smtpPassword ? (ctx.secrets.open(settings.smtpPassword) ?? '') : '';
    const options = {
      host: settings.smtpAddress.trim(),
      port: settings.smtpPort,
      secure: settings.smtpPort === 465,
      ...(settings.smtpUseUser ? { auth: { user: settings.smtpUser, pass: password } } : {}),
      ...timeouts,
    };
    const fingerprint = JSON.stringify(['settings', options]);
    return {
      kind: 'settings',
      transporter: cached(fingerprint, () => nodemailer.createTransport(options)),
      from: { name: settings.fromAddressName || settings.companyName, address: settings.fromAddress },
      overrideEmail,
    };
  }
  const url = ctx.config.SMTP_URL;
  if (kind === 'environment') {
    return {
      kind: 'environment',
      transporter: cached(JSON.stringify(['environment', url]), () =>
        nodemailer.createTransport({ url, ...timeouts } as Parameters<typeof nodemailer.createTransport>[0]),
      ),
      from: ctx.config.MAIL_FROM || `${settings.companyName} <portal@${new URL(ctx.config.PUBLIC_URL).hostname}>`,
      overrideEmail,
    };
  }
  return { kind: 'none', transporter: null, from: '', overrideEmail };
}

export function closeMailTransports(cache: TransportCache): void {
  for (const transporter of cache.values()) transporter.close();
  cache.clear();
}
