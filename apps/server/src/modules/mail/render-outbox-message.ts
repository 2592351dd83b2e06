// One outbox message rendered from its stored template in the recipient's language (English when that language
// has no text), with the company's branding: what is sent, and what the Sent e-mail page previews.
import { emailTemplateKeys, type EmailTemplateKey } from '@portal/contracts';
import { isLanguage, type Language } from '@portal/i18n';
import type { AppContext } from '../../app-context';
import { sanitizeHtml } from '../configuration/html-sanitizer';
import { readEmailType, type OutboxRow } from './mail.repository';
import { mailBranding } from './mail-branding';
import { buildMailValues } from './mail-values';
import { renderEmail, type MailBranding, type RenderedEmail } from './render-email';

export type RenderedOutboxMessage = RenderedEmail & { isEnabled: boolean };

export async function renderOutboxMessage(
  ctx: Pick<AppContext, 'db' | 'secrets'>,
  row: OutboxRow,
): Promise<RenderedOutboxMessage> {
  const key = emailTemplateKeys.includes(row.template as EmailTemplateKey)
    ? (row.template as EmailTemplateKey)
    : undefined;
  const [type, branding] = await Promise.all([key ? readEmailType(ctx.db, key) : undefined, mailBranding(ctx.db)]);
  const language: Language = isLanguage(row.language) ? row.language : 'en';
  const text = type?.templates.find((t) => t.language === language) ?? type?.templates.find((t) => t.language === 'en');
  if (!type || !text) throw new Error(`no e-mail template ${row.template}`);
  const opened = row.secrets ? ctx.secrets.open(row.secrets) : null;
  const rendered = await renderMessageText(
    text,
    {
      template: row.template,
      language,
      payload: row.payload,
      links: opened ? (JSON.parse(opened) as Record<string, string>) : null,
    },
    branding,
  );
  return { ...rendered, isEnabled: type.isEnabled };
}

/** One template text filled in with a message's values (the step after the template and branding are read). */
export async function renderMessageText(
  text: { title: string; template: string },
  message: {
    template: string;
    language: Language;
    payload: Record<string, unknown>;
    links: Record<string, string> | null;
  },
  branding: MailBranding,
): Promise<RenderedEmail> {
  const values = buildMailValues({ ...message, companyName: branding.companyName });
  // Under the HTML policy again when sent, as banners are when shown: a template stored before the policy held
  // (issue 16) goes out clean too.
  const template = await sanitizeHtml(text.template);
  return renderEmail({ ...text, template }, values, branding, message.language);
}
