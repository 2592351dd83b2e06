// The placeholder values of one queued message, built when it is rendered (sent or previewed), in the recipient's
// language: the company name, the links (opened from the sealed secrets), dates and amounts formatted for the
// language, the receipt's documents table. What the payload holds is facts; the words come from here and i18n.
import { formatMoney } from '@portal/domain';
import { toLocaleTag, translate, type Language } from '@portal/i18n';
import { escapeHtml, type MailValues } from './render-email';

export type ReceiptPayload = {
  kind?: 'invoice' | 'deposit';
  reference_code?: string;
  payment_method_label?: string;
  total_amount?: string;
  currency_key?: string;
  currency_decimals?: number;
  processed_at?: string;
  documents?: { billing_document_number: string; document_number_finance?: string; amount: string }[];
};

export function formatMailDate(iso: string, language: Language): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  // The portal does not know the recipient's time zone: UTC, said so.
  const formatted = new Intl.DateTimeFormat(toLocaleTag(language), {
    dateStyle: 'long',
    timeStyle: 'short',
    timeZone: 'UTC',
  }).format(date);
  return `${formatted} UTC`;
}

const receiptTemplates = new Set(['payment_receipt', 'deposit_receipt', 'guest_receipt']);

export function buildMailValues(input: {
  template: string;
  language: Language;
  companyName: string;
  payload: Record<string, unknown>;
  /** The opened secrets (links); null once sent, when the links are gone. */
  links: Record<string, string> | null;
}): MailValues {
  const { language, payload } = input;
  const values: MailValues = { companyName: input.companyName };
  for (const [name, value] of Object.entries(payload)) {
    if (typeof value === 'string') values[name] = value;
  }
  // Links hold one-time tokens and travel sealed; a sent message keeps none (the preview says so).
  for (const name of linkNames(input.template)) {
    values[name] = input.links?.[name] ?? translate(language, undefined, 'mail.link_removed');
  }
  if ('expiresAt' in payload) {
    const expiresAt = payload.expiresAt;
    values.validity =
      typeof expiresAt === 'string'
        ? translate(language, undefined, 'mail.validity.until', { date: formatMailDate(expiresAt, language) })
        : translate(language, undefined, 'mail.validity.never');
  }
  for (const name of ['changedAt', 'at'] as const) {
    const value = payload[name];
    if (typeof value === 'string') values[name] = formatMailDate(value, language);
  }
  if (typeof payload.mode === 'string')
    values.mode = translate(language, undefined, `mail.recovery.mode_${payload.mode}`);
  if (receiptTemplates.has(input.template)) Object.assign(values, receiptValues(payload as ReceiptPayload, language));
  return values;
}

function linkNames(template: string): string[] {
  switch (template) {
    case 'confirmation':
      return ['confirmUrl'];
    case 'invite':
      return ['inviteUrl'];
    case 'reset_password':
      return ['resetUrl'];
    default:
      return [];
  }
}

/** A receipt names the amount with its currency and decimals, each document, the reference, the method and the date. */
function receiptValues(receipt: ReceiptPayload, language: Language): MailValues {
  const currency = receipt.currency_key ?? 'USD';
  const money = (amount: string) =>
    formatMoney(amount, currency, toLocaleTag(language), { decimals: receipt.currency_decimals });
  const header = (key: string) =>
    `<th align="left" style="padding:6px 8px;border-bottom:1px solid #d1d5db;">${escapeHtml(translate(language, undefined, key))}</th>`;
  const cell = (text: string, align: 'left' | 'right' = 'left') =>
    `<td align="${align}" style="padding:6px 8px;border-bottom:1px solid #e5e7eb;">${escapeHtml(text)}</td>`;
  const rows = (receipt.documents ?? []).map(
    (document) =>
      `<tr>${cell(
        receipt.kind === 'deposit'
          ? `${translate(language, undefined, 'mail.receipt.deposit')} ${document.billing_document_number}`.trim()
          : document.billing_document_number.replace(/^0+(?=\d)/, ''),
      )}${cell(money(document.amount), 'right')}</tr>`,
  );
  return {
    amount: money(receipt.total_amount ?? '0'),
    referenceCode: receipt.reference_code ?? '',
    paymentMethod: receipt.payment_method_label ?? '',
    paymentDate: receipt.processed_at ? formatMailDate(receipt.processed_at, language) : '',
    documentsTable: {
      html: `<table role="presentation" cellpadding="0" cellspacing="0" border="0" style="width:100%;border-collapse:collapse;margin:0 0 14px;"><thead><tr>${header('mail.receipt.document')}${header('mail.receipt.amount').replace('align="left"', 'align="right"')}</tr></thead><tbody>${rows.join('')}</tbody></table>`,
    },
  };
}
