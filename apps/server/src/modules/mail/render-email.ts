// Renders one e-mail from its stored template (subject and HTML body per type and language) into the three parts
// mail clients need: a subject, an HTML part in a table layout with inline styles (the company name and logo at the
// top) and a plain-text part. Placeholders are `{{name}}`; every value is HTML-escaped, except the few blocks the
// server builds itself from escaped values (MailHtml), so that a name like `<img src=x onerror=…>` shows as text.
// Why not Handlebars or Mustache: templates are edited by administrators, and a placeholder grammar with only
// escaped values (no triple braces, helpers or partials) leaves them nothing to get wrong (docs/adr/0012).
import { convert } from 'html-to-text';
import { translate, type Language } from '@portal/i18n';

/** Trusted HTML built by the server from escaped parts (the receipt's documents table). */
export type MailHtml = { html: string };
export type MailValue = string | MailHtml;
export type MailValues = Record<string, MailValue>;

export type RenderedEmail = { subject: string; html: string; text: string };

export type MailBranding = {
  companyName: string;
  /** Content id of the logo attached inline, when the theme has one. */
  logoCid: string | null;
  primaryColor: string;
};

const placeholderPattern = /\{\{\s*([A-Za-z][A-Za-z0-9_]*)\s*\}\}/g;

export function placeholdersIn(template: string): string[] {
  return [...new Set([...template.matchAll(placeholderPattern)].map((match) => match[1]!))];
}

export function escapeHtml(value: string): string {
  return value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

// A paragraph that holds nothing but a placeholder without a value (a receipt's paidBy for a payment a person made)
// goes with it: no empty line in either part.
const placeholderParagraph = /<p>\s*\{\{\s*([A-Za-z][A-Za-z0-9_]*)\s*\}\}\s*<\/p>/g;

function isEmptyValue(value: MailValue | undefined): boolean {
  return value === undefined || (typeof value === 'string' ? value : value.html).trim() === '';
}

function fillHtml(template: string, values: MailValues): string {
  return template
    .replace(placeholderParagraph, (match, name: string) => (isEmptyValue(values[name]) ? '' : match))
    .replace(placeholderPattern, (_match, name: string) => {
      const value = values[name];
      if (value === undefined) return '';
      return typeof value === 'string' ? escapeHtml(value) : value.html;
    });
}

function fillText(template: string, values: MailValues): string {
  return template
    .replace(placeholderPattern, (_match, name: string) => {
      const value = values[name];
      return typeof value === 'string' ? value : '';
    })
    .replace(/[\r\n]+/g, ' ')
    .trim();
}

// Inline styles, because many mail clients drop <style>: paragraphs, links (as buttons when alone in a
// paragraph) and tables written by the template or the server.
function styleBody(html: string, branding: MailBranding): string {
  const button = `display:inline-block;padding:10px 18px;background:${branding.primaryColor};color:#ffffff;text-decoration:none;border-radius:4px;font-weight:bold;`;
  return html
    .replace(/<p>\s*<a\s+href=/g, `<p style="margin:0 0 16px;"><a style="${button}" href=`)
    .replace(/<p>/g, '<p style="margin:0 0 14px;">')
    .replace(/<a\s+href=/g, `<a style="color:${branding.primaryColor};" href=`);
}

export function renderEmail(
  text: { title: string; template: string },
  values: MailValues,
  branding: MailBranding,
  language: Language,
): RenderedEmail {
  const subject = fillText(text.title, values);
  const body = styleBody(fillHtml(text.template, values), branding);
  const company = escapeHtml(branding.companyName);
  const footer = escapeHtml(translate(language, undefined, 'mail.footer', { companyName: branding.companyName }));
  const logo = branding.logoCid
    ? `<img src="cid:${branding.logoCid}" alt="${company}" height="40" style="display:block;height:40px;margin:0 0 8px;border:0;">`
    : '';
  const html = `<!DOCTYPE html>
<html lang="${language}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;padding:0;background:#f4f5f7;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="background:#f4f5f7;">
<tr><td align="center" style="padding:24px 12px;">
<table role="presentation" width="600" cellpadding="0" cellspacing="0" border="0" style="width:100%;max-width:600px;background:#ffffff;border:1px solid #e5e7eb;border-radius:6px;font-family:Arial,Helvetica,sans-serif;font-size:15px;line-height:1.5;color:#1f2933;">
<tr><td style="padding:20px 28px;border-bottom:3px solid ${branding.primaryColor};">${logo}<span style="font-size:18px;font-weight:bold;">${company}</span></td></tr>
<tr><td style="padding:24px 28px;">${body}</td></tr>
<tr><td style="padding:14px 28px;border-top:1px solid #e5e7eb;font-size:12px;color:#6b7280;">${footer}</td></tr>
</table>
</td></tr>
</table>
</body>
</html>`;
  const plain = convert(fillHtml(text.template, values), {
    wordwrap: 78,
    selectors: [
      { selector: 'a', options: { hideLinkHrefIfSameAsText: true } },
      { selector: 'table', format: 'dataTable' },
    ],
  });
  return {
    subject,
    html,
    text: `${branding.companyName}\n\n${plain}\n\n--\n${translate(language, undefined, 'mail.footer', { companyName: branding.companyName })}\n`,
  };
}
