// Issue 38: which invoices of a payment reminder's link are selected for payment: the ones still open, under the
// selection's one-currency rule (invoices-and-payments §4 "Currency").
import { paymentDocumentKey, type LedgerDocument } from '@portal/contracts';
import { documentKind } from '@portal/domain';
import { selectionKey } from '../../../lib/invoice-selection';
import { normalizeNumber } from './reminder-link';

const numbersOf = (document: LedgerDocument): string[] =>
  [document.billing_document_number, document.document_number_finance].filter(Boolean).map(normalizeNumber);

export type ReminderPick = {
  /** The open invoices to select, in the link's order, all in `currency`. */
  documents: LedgerDocument[];
  currency: string | null;
  /** The link's numbers with no open invoice left (paid since the reminder, or held by a payment in process). */
  paid: string[];
  /** The link's open invoices in other currencies than `currency`: paid separately. */
  otherCurrency: string[];
  otherCurrencies: string[];
};

/**
 * Which of the link's invoices are selected. An invoice is open as the list sees it (status 01, not a payment or a
 * credit, not held by a payment in process); spec §4: the selection holds one currency, the first invoice's.
 */
export function pickReminderInvoices(
  numbers: readonly string[],
  found: readonly LedgerDocument[],
  inProcessKeys: ReadonlySet<string> = new Set(),
): ReminderPick {
  const open = found.filter(
    (document) =>
      document.document_status === '01' &&
      documentKind(document) === 'invoice' &&
      !inProcessKeys.has(paymentDocumentKey(document)),
  );
  const taken = new Set<string>();
  const pick: ReminderPick = { documents: [], currency: null, paid: [], otherCurrency: [], otherCurrencies: [] };
  for (const number of numbers) {
    const matches = open.filter((document) => numbersOf(document).includes(number));
    if (matches.length === 0) {
      pick.paid.push(number);
      continue;
    }
    pick.currency ??= matches[0]!.currency_key;
    for (const document of matches) {
      if (document.currency_key !== pick.currency) {
        if (!pick.otherCurrency.includes(number)) pick.otherCurrency.push(number);
        if (!pick.otherCurrencies.includes(document.currency_key)) pick.otherCurrencies.push(document.currency_key);
        continue;
      }
      const key = selectionKey(document);
      if (taken.has(key)) continue;
      taken.add(key);
      pick.documents.push(document);
    }
  }
  return pick;
}
