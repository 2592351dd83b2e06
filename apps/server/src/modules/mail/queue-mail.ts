// Queues one e-mail in the caller's transaction (issue 13: a message is written with the event that causes it).
// Links that carry a one-time token are sealed (config-secrets.ts), never stored in clear; everything else in the
// payload is facts for the template's placeholders. The caller kicks the mailer once its transaction committed.
import { randomUUID } from 'node:crypto';
import type { EmailTemplateKey } from '@portal/contracts';
import type { AppContext } from '../../app-context';
import type { Db } from '../../db/client';
import { insertMail } from './mail.repository';

export type MailToQueue = {
  template: EmailTemplateKey;
  recipient: string;
  language: string;
  payload: Record<string, unknown>;
  /** Links holding a token, by placeholder name (e.g. resetUrl). */
  links?: Record<string, string>;
  /** One message per key (a receipt per payment, one welcome per user); default: every call queues one. */
  dedupeKey?: string;
};

export async function queueMail(db: Db, ctx: Pick<AppContext, 'secrets' | 'now'>, mail: MailToQueue): Promise<boolean> {
  return insertMail(db, {
    template: mail.template,
    recipient: mail.recipient.trim().toLowerCase(),
    language: mail.language,
    payload: mail.payload,
    secrets: mail.links ? ctx.secrets.seal(JSON.stringify(mail.links)) : null,
    dedupeKey: mail.dedupeKey ?? `${mail.template}:${randomUUID()}`,
    createdAt: ctx.now(),
  });
}

/** A link of the portal: built from PUBLIC_URL only, never from the request's Host header. */
export function portalLink(ctx: Pick<AppContext, 'config'>, path: string): string {
  return new URL(path, ctx.config.PUBLIC_URL).toString();
}
