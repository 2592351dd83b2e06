import { invoiceListBounds, searchInvoices, type LedgerDocument, type PayerData } from '@portal/contracts';
import { call } from '../../../lib/api-client';
import { i18n } from '../../../lib/i18n';
import { notify } from '../../../lib/notify';

export type FoundInvoices = {
  documents: LedgerDocument[];
  /** paymentDocumentKey() of the documents held by a payment not yet settled. */
  inProcessKeys: Set<string>;
};

/** Searches at a time: a long reminder must not take the whole of the client's request ceiling at once. */
const PARALLEL_SEARCHES = 4;

/**
 * Issue 38: the open invoices of a reminder link, through the invoice list's search (POST /api/Invoice), one search
 * by invoice number (filter 01, invoices only: 92) each, as the invoice detail's Pay invoice finds its invoice: an
 * account may hold 100 000 documents, so its open list is not paged through. spec §7: an answer other than S or W
 * is a failure, said in a toast.
 */
export async function findReminderInvoices(
  payer: PayerData,
  soldTos: string[],
  numbers: readonly string[],
  signal?: AbortSignal,
): Promise<FoundInvoices> {
  const found: FoundInvoices = { documents: [], inProcessKeys: new Set() };
  for (let start = 0; start < numbers.length; start += PARALLEL_SEARCHES) {
    const answers = await Promise.all(
      numbers.slice(start, start + PARALLEL_SEARCHES).map((number) =>
        call(
          searchInvoices,
          {
            payer_data: payer,
            soldto_data: soldTos,
            search_parameters: {
              document_type: '01',
              status: '01',
              // The search asks for both date ranges (spec §5): the whole list's bounds.
              date_from: invoiceListBounds.date_from,
              date_to: invoiceListBounds.date_to,
              due_date_from: invoiceListBounds.date_from,
              due_date_to: invoiceListBounds.date_to,
              filter: [
                { filter_type: '01', value: number },
                { filter_type: '92', value: 'X' },
              ],
              page_size: 20,
            },
          },
          { signal },
        ),
      ),
    );
    for (const answer of answers) {
      const { message_type, message_line_string } = answer.status;
      if (message_type !== 'S' && message_type !== 'W') {
        const message = message_line_string || i18n.t('errors.invoices.load_failed');
        notify.error(message);
        throw new Error(message);
      }
      found.documents.push(...answer.document_list);
      for (const key of answer.documents_in_process ?? []) found.inProcessKeys.add(key);
    }
  }
  return found;
}
