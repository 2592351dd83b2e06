// GET/PUT /api/configuration/email/{key}: one template type, enabled or not, with its subject and HTML body per
// language. A placeholder the type does not know is refused (400 naming it), so that a typo cannot send a mail with
// a hole in it. The configuration issue adds the editor screen; administrators can already edit through the API.
import { emailTemplatePlaceholders, type EmailConfig, type EmailTemplateKey } from '@portal/contracts';
import type { AppContext } from '../../app-context';
import { sanitizeHtml } from '../configuration/html-sanitizer';
import { AppError } from '../../errors';
import { recordAuditEvent } from '../audit/audit.repository';
import { readEmailType, writeEmailType, type StoredTemplate } from './mail.repository';
import { placeholdersIn } from './render-email';

export async function readEmailConfig(ctx: AppContext, key: EmailTemplateKey): Promise<EmailConfig> {
  const type = await readEmailType(ctx.db, key);
  if (!type) throw new AppError('NOT_FOUND');
  return {
    key,
    isEnabled: type.isEnabled,
    placeholders: [...emailTemplatePlaceholders[key]],
    templates: type.templates as EmailConfig['templates'],
  };
}

export async function saveEmailConfig(
  ctx: AppContext,
  key: EmailTemplateKey,
  input: { isEnabled: boolean; templates: StoredTemplate[] },
  actorId: number,
): Promise<EmailConfig> {
  assertKnownPlaceholders(key, input.templates);
  const languages = input.templates.map((text) => text.language);
  if (new Set(languages).size !== languages.length)
    throw new AppError('VALIDATION_FAILED', { details: { fields: ['templates'] } });
  // The body is administrator HTML that goes out to customers: it keeps only what the portal's HTML policy keeps,
  // like a banner (issue 16: a template could carry script or event handlers into mail readers and the Sent page).
  const templates = await Promise.all(
    input.templates.map(async (text) => ({ ...text, template: await sanitizeHtml(text.template) })),
  );
  await writeEmailType(ctx.db, key, { ...input, templates }, ctx.now());
  await recordAuditEvent(ctx.db, {
    at: ctx.now(),
    event: 'email_template_saved',
    userId: actorId,
    subject: key,
    details: { isEnabled: input.isEnabled, languages },
  });
  return readEmailConfig(ctx, key);
}

/** A placeholder the type does not know is refused (400 naming it): a typo cannot send a mail with a hole in it. */
export function assertKnownPlaceholders(
  key: EmailTemplateKey,
  texts: readonly { title: string; template: string }[],
): void {
  const known = new Set<string>(emailTemplatePlaceholders[key]);
  const unknown = texts.flatMap((text) =>
    [...placeholdersIn(text.title), ...placeholdersIn(text.template)].filter((name) => !known.has(name)),
  );
  if (unknown.length > 0)
    throw new AppError('VALIDATION_FAILED', {
      messageKey: 'errors.mail.unknown_placeholder',
      details: { fields: ['templates'], placeholders: [...new Set(unknown)] },
    });
}
