// The placeholder values of one queued message, built when it is rendered (sent or previewed), in the recipient's
// language: the company name, the links (opened from the sealed secrets), dates and amounts formatted for the
// language, the receipt's documents table. What the payload holds is facts; the words come from here and i18n.
import type { PaymentCause } from '@portal/contracts';
import { formatMoney } from '@portal/domain';
import { toLocaleTag, translate, type Language } from '@portal/i18n';
import { disputeMailTemplates, disputeMailValues } from './dispute-mail-values';
import { displayInvoiceNumber, mailTable } from './mail-table';
import { moneyBackMailValues, moneyBackTemplates } from './money-back-mail-values';
import type { MailValues } from './render-email';
import { reminderMailTemplates, reminderMailValues } from './reminder-mail-values';
import { paidByValue, schedulingMailValues, schedulingTemplates } from './scheduling-mail-values';

export type ReceiptPayload = {
  kind?: 'invoice' | 'deposit';
  reference_code?: string;
  payment_method_label?: string;
  total_amount?: string;
  currency_key?: string;
  currency_decimals?: number;
  processed_at?: string;
  documents?: { billing_document_number: string; document_number_finance?: string; amount: string }[];
  /** Issue 29: set when a job made the payment (a scheduled payment or AutoPay), with the day it was planned for. */
  cause?: PaymentCause;
  /** ISO day. */
  scheduled_date?: string;
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
  if (schedulingTemplates.has(input.template))
    Object.assign(values, schedulingMailValues(input.template, payload, language));
  if (moneyBackTemplates.has(input.template))
    Object.assign(values, moneyBackMailValues(input.template, payload, language));
  if (reminderMailTemplates.has(input.template)) Object.assign(values, reminderMailValues(payload, language));
  if (disputeMailTemplates.has(input.template)) Object.assign(values, disputeMailValues(payload, language));
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
  const t = (key: string) => translate(language, undefined, key);
  return {
    amount: money(receipt.total_amount ?? '0'),
    referenceCode: receipt.reference_code ?? '',
    paymentMethod: receipt.payment_method_label ?? '',
    paymentDate: receipt.processed_at ? formatMailDate(receipt.processed_at, language) : '',
    documentsTable: mailTable(
      [{ label: t('mail.receipt.document') }, { label: t('mail.receipt.amount'), align: 'right' }],
      (receipt.documents ?? []).map((document) => [
        receipt.kind === 'deposit'
          ? `${t('mail.receipt.deposit')} ${document.billing_document_number}`.trim()
          : displayInvoiceNumber(document),
        money(document.amount),
      ]),
    ),
    paidBy: paidByValue(receipt.cause, receipt.scheduled_date, language),
  };
}
