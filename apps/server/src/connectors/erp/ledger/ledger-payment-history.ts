// POST /api/PaymentsHistory/GetPaymentsHistory in the built-in ledger: the payments (S) and declined attempts (E)
// of a payer, payer-all group or sold-to, newest first, keyset-paged on (document_date, id), each with the invoices
// it settled (sd_invoices). The found count is exact up to the cap, like the invoice search.
import {
  PaymentHistoryRequest,
  foundCountCap as defaultFoundCountCap,
  type PaymentHistoryEntry,
  type PaymentHistoryResponse,
} from '@portal/contracts';
import { and, desc, eq, gte, inArray, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import type { ErpConnector } from '../erp-connector';
import { formatMinorUnits, fromErpDate, toErpDate, toLedgerNumber } from './ledger-format';
import { countFound } from './ledger-found-count';
import { effectiveSoldTos, type InvoiceQueries } from './ledger-invoices';
import { documents, paymentItems, payments } from './ledger.schema';
import { errorStatus, success } from './ledger-wire';

type Options = {
  decimalsOf: (keys: Iterable<string>) => Promise<Map<string, number>>;
  foundCountCap?: number;
};

type Cursor = { day: string; id: number };

function encodeCursor(cursor: Cursor): string {
  return Buffer.from(`payments|${cursor.day}|${cursor.id}`).toString('base64url');
}

function decodeCursor(value: string): Cursor | undefined {
  const match = /^payments\|(\d{4}-\d{2}-\d{2})\|(\d{1,15})$/.exec(Buffer.from(value, 'base64url').toString());
  return match ? { day: match[1]!, id: Number(match[2]) } : undefined;
}

export function createPaymentHistory(
  db: Db,
  invoices: InvoiceQueries,
  options: Options,
): Pick<ErpConnector, 'searchPayments'> {
  const cap = options.foundCountCap ?? defaultFoundCountCap;

  async function searchPayments(input: PaymentHistoryRequest): Promise<PaymentHistoryResponse> {
    const request = PaymentHistoryRequest.parse(input);
    const parameters = request.search_parameters;
    const empty = (status: PaymentHistoryResponse['status']): PaymentHistoryResponse => ({
      status,
      data: { document_list: [] },
      next_cursor: null,
      found_count: 0,
      found_count_capped: false,
    });

    const scope = await invoices.resolveCustomer(request.payer_data.customer_number);
    const soldTos = effectiveSoldTos(scope, [...request.soldto_data, ...(parameters.SoldTo_SearchParams ?? [])]);
    if (soldTos === null) return empty(success);

    const conditions: (SQL | undefined)[] = [];
    if (request.payer_data.company_code) conditions.push(eq(payments.companyCode, request.payer_data.company_code));
    if (soldTos.length > 0) conditions.push(inArray(payments.soldtoNumber, soldTos));
    if (parameters.currency_key) conditions.push(eq(payments.currencyKey, parameters.currency_key));
    for (const [value, compare] of [
      [parameters.date_from, gte],
      [parameters.date_to, lte],
    ] as const) {
      if (value === undefined) continue;
      const day = fromErpDate(value);
      if (!day) return empty(errorStatus(`Invalid date ${value}`));
      conditions.push(compare(payments.documentDate, day));
    }
    for (const filter of parameters.filter) {
      const value = filter.value.trim();
      if (filter.filter_type !== '01' || !value) continue;
      // An invoice number finds the payments that settled it (or the payment document itself). Read from the
      // invoice's side (documents by number, then payment_items by document) so that it costs a few index reads
      // whatever the number of the payer's payments.
      const number = toLedgerNumber(value);
      conditions.push(
        or(
          eq(payments.documentNumberFinance, number),
          inArray(
            payments.id,
            db
              .select({ id: paymentItems.paymentId })
              .from(paymentItems)
              .innerJoin(documents, eq(documents.id, paymentItems.documentId))
              .where(or(eq(documents.billingDocumentNumber, number), eq(documents.documentNumberFinance, number))),
          ),
        ),
      );
    }
    let cursor: Cursor | undefined;
    if (parameters.cursor) {
      cursor = decodeCursor(parameters.cursor);
      if (!cursor) return empty(errorStatus('Invalid cursor'));
    }
    // Rows strictly after the cursor; the redundant bound on the day lets the index start there.
    const after = cursor
      ? and(
          lte(payments.documentDate, cursor.day),
          or(
            lt(payments.documentDate, cursor.day),
            and(eq(payments.documentDate, cursor.day), lt(payments.id, cursor.id)),
          ),
        )
      : undefined;

    const pageSize = parameters.page_size;
    // One ordered index read per payer (payments_payer_date_idx), merged here: an IN list on the index's leading
    // column would make PostgreSQL sort every payment of a payer-all group (ADR 0006).
    const [perPayer, found] = await Promise.all([
      Promise.all(
        scope.payers.map((payer) =>
          db
            .select()
            .from(payments)
            .where(and(eq(payments.payerNumber, payer), ...conditions, after))
            .orderBy(desc(payments.documentDate), desc(payments.id))
            .limit(pageSize + 1),
        ),
      ),
      countFound(
        db,
        (limit) =>
          db
            .select({ one: sql`1` })
            .from(payments)
            .where(and(inArray(payments.payerNumber, scope.payers), ...conditions))
            .limit(limit),
        cap,
      ),
    ]);
    const rows = perPayer
      .flat()
      .sort((a, b) => (a.documentDate < b.documentDate ? 1 : a.documentDate > b.documentDate ? -1 : b.id - a.id))
      .slice(0, pageSize + 1);
    const page = rows.slice(0, pageSize);
    const last = page[page.length - 1];

    const items =
      page.length === 0
        ? []
        : await db
            .select({ item: paymentItems, document: documents })
            .from(paymentItems)
            .innerJoin(documents, eq(documents.id, paymentItems.documentId))
            .where(
              inArray(
                paymentItems.paymentId,
                page.map((row) => row.id),
              ),
            )
            .orderBy(paymentItems.paymentId, documents.id);
    const decimals = await options.decimalsOf(new Set(page.map((row) => row.currencyKey)));

    const documentList: PaymentHistoryEntry[] = page.map((payment) => {
      const scale = decimals.get(payment.currencyKey) ?? 2;
      return {
        document_number_finance: payment.documentNumberFinance,
        document_date: toErpDate(payment.documentDate),
        payer_number: payment.payerNumber,
        soldto_number: payment.soldtoNumber,
        company_code: payment.companyCode,
        currency_key: payment.currencyKey,
        currency_decimals: scale,
        current_paid_amount: formatMinorUnits(payment.amount, scale),
        payment_card_token: payment.paymentCardToken,
        payment_card_type: payment.paymentCardType,
        authorization_reference_code: payment.authorizationReference,
        message_type: payment.messageType === 'S' ? 'S' : 'E',
        message_line_string: payment.messageLineString,
        log_id: payment.logId,
        sd_invoices: items
          .filter(({ item }) => item.paymentId === payment.id)
          .map(({ item, document }) => ({
            billing_document_number: document.billingDocumentNumber,
            document_number_finance: document.documentNumberFinance,
            document_date: toErpDate(document.documentDate),
            due_date: toErpDate(document.dueDate),
            reference_number: document.referenceNumber,
            total_amount: formatMinorUnits(document.totalAmount, scale),
            current_paid_amount: formatMinorUnits(item.amount, scale),
            open_amount: formatMinorUnits(item.openAfter, scale),
            reason_code: item.reasonCode,
            comment: item.comment,
          })),
      };
    });

    return {
      status: success,
      data: { document_list: documentList },
      next_cursor: rows.length > pageSize && last ? encodeCursor({ day: last.documentDate, id: last.id }) : null,
      ...found,
    };
  }

  return { searchPayments };
}
