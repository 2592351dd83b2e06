// POST /api/configuration/email/{key}/preview (issue 15, the Email tab): one template text rendered on sample data
// exactly as the outbox would render it (same values builder, layout and branding), so that an administrator sees
// the subject, HTML and text part before saving. The same placeholder rule as saving: an unknown name is 400.
import type { EmailTemplateKey, EmailTemplateText } from '@portal/contracts';
import { translate } from '@portal/i18n';
import type { AppContext } from '../../app-context';
import { sanitizeHtml } from '../configuration/html-sanitizer';
import { assertKnownPlaceholders } from './email-templates';
import { mailBranding } from './mail-branding';
import { buildMailValues, type ReceiptPayload } from './mail-values';
import { renderEmail, type RenderedEmail } from './render-email';

export async function previewEmailTemplate(
  ctx: AppContext,
  key: EmailTemplateKey,
  text: EmailTemplateText,
): Promise<RenderedEmail> {
  assertKnownPlaceholders(key, [text]);
  const branding = await mailBranding(ctx.db);
  const now = ctx.now();
  const url = (path: string) => new URL(path, ctx.config.PUBLIC_URL).toString();
  const receipt: ReceiptPayload = {
    kind: key === 'deposit_receipt' ? 'deposit' : 'invoice',
    reference_code: 'PAY-2026-000123',
    payment_method_label: 'Visa •••• 4242',
    total_amount: '1250.00',
    currency_key: 'USD',
    currency_decimals: 2,
    processed_at: now.toISOString(),
    documents: [
      { billing_document_number: '0090001234', amount: '1000.00' },
      { billing_document_number: '0090001235', amount: '250.00' },
    ],
  };
  const values = buildMailValues({
    template: key,
    language: text.language,
    companyName: branding.companyName,
    payload: {
      firstName: 'Ada',
      lastName: 'Lovelace',
      company: 'Analytical Engines Ltd',
      email: 'ada@example.com',
      message: translate(text.language, undefined, 'configuration.email.sample_message'),
      reviewUrl: url('/settings/registration-requests'),
      signInUrl: url('/signin'),
      resetRequestUrl: url('/request-password-reset'),
      user: 'admin@example.com',
      address: '203.0.113.7',
      mode: 'R',
      at: now.toISOString(),
      changedAt: now.toISOString(),
      expiresAt: new Date(now.getTime() + 24 * 3600_000).toISOString(),
      ...receipt,
    },
    links: {
      confirmUrl: url('/auto-register/confirm/sample'),
      inviteUrl: url('/register/sample'),
      resetUrl: url('/reset-password/sample'),
    },
  });
  // Shown as it would be saved: with only what the HTML policy keeps (email-templates.ts).
  return renderEmail({ ...text, template: await sanitizeHtml(text.template) }, values, branding, text.language);
}
