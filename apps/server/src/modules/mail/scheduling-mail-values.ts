// Issue 29: the placeholder values of the scheduled payments', AutoPay's and the monthly statement's e-mails, built
// from the facts of their payloads (scheduling-mail.ts) in the recipient's language: amounts with the currency's
// decimals, days in the language's long form, the reasons and tables in words from i18n (mail.scheduling.*).
import type { PaymentCause } from '@portal/contracts';
import { formatMoney } from '@portal/domain';
import { toLocaleTag, translate, type Language } from '@portal/i18n';
import { displayInvoiceNumber, mailParagraph, mailTable } from './mail-table';
import type { MailHtml, MailValues } from './render-email';
import type {
  AutopayMailPayload,
  MailDocument,
  MonthlyStatementMailPayload,
  ScheduledPaymentMailPayload,
} from './scheduling-mail';

export const schedulingTemplates: ReadonlySet<string> = new Set([
  'scheduled_payment',
  'scheduled_payment_not_paid',
  'autopay_enrolled',
  'autopay_reminder',
  'autopay_stopped',
  'monthly_statement',
]);

type Words = {
  language: Language;
  t: (key: string, values?: Record<string, string>) => string;
  money: (amount: string, currency: string | null | undefined, decimals: number | null | undefined) => string;
  day: (day: string) => string;
};

function wordsFor(language: Language): Words {
  const locale = toLocaleTag(language);
  return {
    language,
    t: (key, values) => translate(language, undefined, key, values),
    money: (amount, currency, decimals) =>
      formatMoney(amount, currency ?? 'USD', locale, { decimals: decimals ?? undefined }),
    day: (day) => formatMailDay(day, language),
  };
}

/** The values of one of the templates in schedulingTemplates; a payload that lacks a fact leaves its value empty. */
export function schedulingMailValues(
  template: string,
  payload: Record<string, unknown>,
  language: Language,
): MailValues {
  const words = wordsFor(language);
  switch (template) {
    case 'scheduled_payment':
    case 'scheduled_payment_not_paid':
      return scheduledPaymentValues(payload as Partial<ScheduledPaymentMailPayload>, words);
    case 'autopay_enrolled':
    case 'autopay_reminder':
    case 'autopay_stopped':
      return autopayValues(payload as Partial<AutopayMailPayload>, words);
    case 'monthly_statement':
      return {
        account: str(payload.account),
        period: formatPeriod(payload as Partial<MonthlyStatementMailPayload>, words),
      };
    default:
      return {};
  }
}

/** A receipt's line for a payment a job made ("Paid automatically by AutoPay."); '' for one a person made. */
export function paidByValue(
  cause: PaymentCause | undefined,
  scheduledDate: string | undefined,
  language: Language,
): string {
  if (cause === 'autopay') return translate(language, undefined, 'mail.scheduling.paid_by_autopay');
  if (cause === 'schedule')
    return translate(language, undefined, 'mail.scheduling.paid_as_scheduled', {
      date: formatMailDay(scheduledDate ?? '', language),
    });
  return '';
}

function parseDay(day: string): Date | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) return undefined;
  const [year, month, date] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const parsed = new Date(Date.UTC(year, month - 1, date));
  return parsed.getUTCMonth() === month - 1 && parsed.getUTCDate() === date ? parsed : undefined;
}

/** A calendar day in the language's long form ("October 15, 2026"); as written when it is not a day. */
export function formatMailDay(day: string, language: Language): string {
  const parsed = parseDay(day);
  return parsed ? dayFormat(language).format(parsed) : day;
}

function dayFormat(language: Language): Intl.DateTimeFormat {
  // A day has no time zone: formatted at UTC midnight so that it never moves.
  return new Intl.DateTimeFormat(toLocaleTag(language), { dateStyle: 'long', timeZone: 'UTC' });
}

/** "October 2026" for a whole month, else both days ("October 1, 2026 – October 15, 2026"). */
function formatPeriod(statement: Partial<MonthlyStatementMailPayload>, words: Words): string {
  const from = parseDay(str(statement.date_from));
  const to = parseDay(str(statement.date_to));
  if (!from || !to) return [statement.date_from, statement.date_to].filter(Boolean).join(' – ');
  const lastOfMonth = new Date(Date.UTC(from.getUTCFullYear(), from.getUTCMonth() + 1, 0));
  if (from.getUTCDate() === 1 && to.getTime() === lastOfMonth.getTime())
    return new Intl.DateTimeFormat(toLocaleTag(words.language), {
      month: 'long',
      year: 'numeric',
      timeZone: 'UTC',
    }).format(from);
  // Not Intl's formatRange: its Japanese range is 2026/10/01～2026/10/15, not the long form of the other days.
  return words.t('mail.scheduling.period_range', {
    from: words.day(str(statement.date_from)),
    to: words.day(str(statement.date_to)),
  });
}

function scheduledPaymentValues(payment: Partial<ScheduledPaymentMailPayload>, words: Words): MailValues {
  const money = (amount: string) => words.money(amount, payment.currency_key, payment.currency_decimals);
  const values: MailValues = {
    amount: money(payment.total_amount ?? '0'),
    paymentDate: words.day(str(payment.scheduled_date)),
    paymentMethod: str(payment.payment_method_label),
    documentsTable: documentsTable(payment.documents ?? [], money, words.language),
    manageUrl: str(payment.manage_url),
  };
  if (payment.reason) {
    const reason = words.t(`mail.scheduling.reasons.${payment.reason}`);
    const detail = payment.reason_detail?.trim();
    values.reason = detail ? words.t('mail.scheduling.reason_detail', { reason, detail }) : reason;
  }
  return values;
}

/** A payment's documents with the amount of each (also the documents a refund or a returned debit opened again). */
export function documentsTable(
  documents: readonly MailDocument[],
  money: (amount: string) => string,
  language: Language,
): MailHtml {
  const t = (key: string) => translate(language, undefined, key);
  return mailTable(
    [{ label: t('mail.receipt.document') }, { label: t('mail.receipt.amount'), align: 'right' }],
    documents.map((document) => [displayInvoiceNumber(document), money(document.amount)]),
  );
}

function autopayValues(autopay: Partial<AutopayMailPayload>, words: Words): MailValues {
  const values: MailValues = {
    account: str(autopay.account),
    paymentMethod: str(autopay.payment_method_label),
    schedule: schedule(autopay.days_before_due, words),
    maximum:
      autopay.max_amount === null || autopay.max_amount === undefined
        ? words.t('mail.scheduling.no_maximum')
        : words.t('mail.scheduling.maximum', {
            amount: words.money(autopay.max_amount, autopay.max_currency_key, autopay.max_currency_decimals),
          }),
    leftTable: leftTable(autopay.left ?? [], words),
    paymentsTable: paymentsTable(autopay.payments ?? [], words),
    manageUrl: str(autopay.manage_url),
  };
  if (autopay.stopped_reason) values.reason = words.t(`mail.scheduling.stopped_reasons.${autopay.stopped_reason}`);
  return values;
}

/** "each invoice 5 days before its due date", in the plural form the language gives the number. */
function schedule(days: number | undefined, words: Words): string {
  if (typeof days !== 'number' || !Number.isInteger(days) || days < 0) return '';
  if (days === 0) return words.t('mail.scheduling.schedule_due_date');
  const form = new Intl.PluralRules(toLocaleTag(words.language)).select(days);
  return words.t(`mail.scheduling.schedule_days_${form}`, { days: String(days) });
}

function leftTable(left: readonly NonNullable<AutopayMailPayload['left']>[number][], words: Words) {
  if (left.length === 0) return mailParagraph(words.t('mail.scheduling.left_none'));
  return mailTable(
    [
      { label: words.t('mail.scheduling.columns.invoice') },
      { label: words.t('mail.scheduling.columns.due_date') },
      { label: words.t('mail.scheduling.columns.amount'), align: 'right' },
      { label: words.t('mail.scheduling.columns.why') },
    ],
    left.map((invoice) => [
      displayInvoiceNumber(invoice),
      words.day(invoice.due_date),
      words.money(invoice.amount, invoice.currency_key, invoice.currency_decimals),
      words.t(`mail.scheduling.left_reasons.${invoice.why}`),
    ]),
  );
}

function paymentsTable(payments: readonly NonNullable<AutopayMailPayload['payments']>[number][], words: Words) {
  if (payments.length === 0) return mailParagraph(words.t('mail.scheduling.payments_none'));
  return mailTable(
    [
      { label: words.t('mail.scheduling.columns.date') },
      { label: words.t('mail.scheduling.columns.amount'), align: 'right' },
      { label: words.t('mail.scheduling.columns.documents') },
    ],
    payments.map((payment) => [
      words.day(payment.scheduled_date),
      words.money(payment.total_amount, payment.currency_key, payment.currency_decimals),
      payment.documents.map((document) => displayInvoiceNumber(document)).join(', '),
    ]),
  );
}

function str(value: unknown): string {
  return typeof value === 'string' ? value : '';
}
