// Issue 38: the placeholder values of a payment reminder, built from its payload (reminder-mail.ts) in the recipient's
// language: the invoices as a table (number, due date, days past due or "in N days", amount due), the total per
// currency, the pay link.
import { reminderTemplates } from '@portal/contracts';
import { daysPastDue, formatMinorUnits, formatMoney, parseScaledAmount } from '@portal/domain';
import { toLocaleTag, translate, type Language } from '@portal/i18n';
import { displayInvoiceNumber, mailTable, type MailCell, type MailColumn } from './mail-table';
import type { ReminderMailDocument, ReminderMailPayload } from './reminder-mail';
import type { MailValues } from './render-email';
import { formatMailDay } from './scheduling-mail-values';

export const reminderMailTemplates: ReadonlySet<string> = new Set(reminderTemplates);

export function reminderMailValues(payload: Record<string, unknown>, language: Language): MailValues {
  const facts = payload as Partial<ReminderMailPayload>;
  // A payload without a fact (another template's sample) leaves its cell empty rather than fail the message.
  const documents = (Array.isArray(facts.documents) ? facts.documents : []).filter(
    (document): document is ReminderMailDocument =>
      typeof document?.open_amount === 'string' &&
      typeof document.currency_key === 'string' &&
      typeof document.due_date === 'string' &&
      Number.isInteger(document.currency_decimals),
  );
  const asOf = typeof facts.as_of === 'string' ? facts.as_of : '';
  const t = (key: string, options?: Record<string, number>) => translate(language, undefined, key, options);
  const money = (document: Pick<ReminderMailDocument, 'open_amount' | 'currency_key' | 'currency_decimals'>) =>
    formatMoney(document.open_amount, document.currency_key, toLocaleTag(language), {
      decimals: document.currency_decimals,
    });
  const when = (dueDate: string) => {
    const days = daysPastDue(dueDate, asOf);
    if (days < 0) return t('mail.reminders.due_in_days', { count: -days });
    if (days === 0) return t('mail.reminders.due_today');
    return String(days);
  };
  // A reader who pays as a guest gets a link per invoice (reminder-mail.ts): a last column.
  const links = documents.some((document) => typeof document.pay_url === 'string');
  const columns: MailColumn[] = [
    { label: t('mail.reminders.invoice') },
    { label: t('mail.reminders.due_date') },
    { label: t('mail.reminders.days_past_due'), align: 'right' },
    { label: t('mail.reminders.amount_due'), align: 'right' },
  ];
  if (links) columns.push({ label: t('mail.reminders.pay') });
  return {
    account: typeof facts.account === 'string' ? facts.account : '',
    invoicesTable: mailTable(
      columns,
      documents.map((document) => {
        const row: MailCell[] = [
          displayInvoiceNumber(document),
          formatMailDay(document.due_date, language),
          when(document.due_date),
          money(document),
        ];
        if (links) row.push(document.pay_url ? { text: t('mail.reminders.pay'), href: document.pay_url } : '');
        return row;
      }),
    ),
    totalDue: totalsPerCurrency(documents)
      .map((total) => money(total))
      .join(', '),
    payUrl: typeof facts.pay_url === 'string' ? facts.pay_url : '',
  };
}

/** What the invoices owe per currency, in minor units added up, never in floats. */
function totalsPerCurrency(
  documents: readonly ReminderMailDocument[],
): { open_amount: string; currency_key: string; currency_decimals: number }[] {
  const totals = new Map<string, { minor: bigint; decimals: number }>();
  for (const document of documents) {
    const entry = totals.get(document.currency_key) ?? { minor: 0n, decimals: document.currency_decimals };
    entry.minor += parseScaledAmount(document.open_amount, document.currency_decimals) ?? 0n;
    totals.set(document.currency_key, entry);
  }
  return [...totals.entries()].map(([currency, { minor, decimals }]) => ({
    currency_key: currency,
    currency_decimals: decimals,
    open_amount: formatMinorUnits(minor, decimals),
  }));
}
