// Issue 37: the placeholder values of the payer's e-mails of money that comes back, built from the facts of their
// payloads (money-back-mail.ts) in the recipient's language: the amounts with the currency's decimals, the payment's
// day in the language's long form, the reason in words (a refund's from mail.money_back.refund_reasons, a return code's
// from money-back.return_codes) and the documents opened again in the scheduling mails' table.
import { formatMoney } from '@portal/domain';
import { toLocaleTag, translate, type Language } from '@portal/i18n';
import type { MoneyBackMailPayload } from './money-back-mail';
import type { MailValues } from './render-email';
import { documentsTable, formatMailDay } from './scheduling-mail-values';

export const moneyBackTemplates: ReadonlySet<string> = new Set(['payment_refunded', 'payment_returned']);

/** The values of payment_refunded or payment_returned; a payload that lacks a fact leaves its value empty. */
export function moneyBackMailValues(
  template: string,
  payload: Record<string, unknown>,
  language: Language,
): MailValues {
  const facts = payload as Partial<MoneyBackMailPayload>;
  const locale = toLocaleTag(language);
  const money = (amount: string) =>
    formatMoney(amount, str(facts.currency_key) || 'USD', locale, { decimals: decimals(facts.currency_decimals) });
  return {
    amount: money(str(facts.amount) || '0'),
    paymentAmount: money(str(facts.payment_amount) || '0'),
    paymentDate: formatMailDay(str(facts.payment_date), language),
    referenceCode: str(facts.reference_code),
    paymentMethod: lastFourOnly(str(facts.payment_method_label)),
    reason:
      template === 'payment_returned'
        ? returnCodeText(str(facts.return_code), language) || str(facts.reason)
        : refundReasonText(str(facts.reason), language),
    documentsTable: documentsTable(Array.isArray(facts.documents) ? facts.documents : [], money, language),
    manageUrl: str(facts.manage_url),
  };
}

/** refundReasons in words; a reason the portal does not know shows as written. */
function refundReasonText(reason: string, language: Language): string {
  return messageOr(`mail.money_back.refund_reasons.${reason}`, reason, language);
}

/** "R02 account closed" in the reader's language; a code the portal does not list shows as the code itself. */
function returnCodeText(code: string, language: Language): string {
  return messageOr(`money-back.return_codes.${code}`, code, language);
}

function messageOr(key: string, fallback: string, language: Language): string {
  // A provider's code or reason is only looked up when it is one key segment: "a.b" must not reach another message.
  if (!/^[A-Za-z0-9_]+$/.test(fallback)) return fallback;
  const text = translate(language, undefined, key);
  return text === key ? fallback : text;
}

/**
 * The label as the payment kept it ("VISA 4242"). Built from the last four only; should a longer number ever reach it
 * (a label from elsewhere), only its last four digits go into an e-mail (STYLE §7: never a card or bank number).
 */
function lastFourOnly(label: string): string {
  return label.replace(/\d(?:[ -]?\d){4,}/g, (digits) => digits.replace(/\D/g, '').slice(-4));
}

function decimals(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0 ? value : undefined;
}

function str(value: unknown): string {
  return typeof value === 'string' ? value : '';
}
