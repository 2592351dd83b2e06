// Issue 38, the ledger's side of collections: every account's open invoices due by a day, streamed payer by payer in
// keyset batches (the partial index documents_open_items_idx: payer, id over the open items) so that the collections
// job reads a million-document ledger with flat memory; and what was invoiced per company code, currency and month,
// the sales that the count-back DSO walks back through.
import { OpenItemsRequest, SalesByMonthRequest, type OpenItem, type SalesByMonthResponse } from '@portal/contracts';
import { and, asc, eq, gt, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { formatMinorUnits } from './ledger-format';
import { currencies, customers, documents } from './ledger.schema';

/** Open items per batch: one query each. */
const batchSize = 1000;

type OpenItemRow = {
  id: number;
  payerNumber: string;
  payerName: string;
  soldtoNumber: string;
  companyCode: string;
  billing: string;
  finance: string;
  fiscalYear: string;
  lineItem: string;
  dueDate: string;
  currencyKey: string;
  decimals: number;
  openAmount: bigint;
  reasonCode: string;
};

export function createCollectionQueries(db: Db) {
  async function* streamOpenItems(input: unknown): AsyncGenerator<OpenItem[]> {
    const request = OpenItemsRequest.parse(input);
    let after: { payer: string; id: number } | null = null;
    for (;;) {
      const rows: OpenItemRow[] = await db
        .select({
          id: documents.id,
          payerNumber: documents.payerNumber,
          payerName: customers.name,
          soldtoNumber: documents.soldtoNumber,
          companyCode: documents.companyCode,
          billing: documents.billingDocumentNumber,
          finance: documents.documentNumberFinance,
          fiscalYear: documents.fiscalYear,
          lineItem: documents.lineItem,
          dueDate: documents.dueDate,
          currencyKey: documents.currencyKey,
          decimals: currencies.decimals,
          openAmount: documents.openAmount,
          reasonCode: documents.reasonCode,
        })
        .from(documents)
        .innerJoin(customers, eq(customers.customerNumber, documents.payerNumber))
        .innerJoin(currencies, eq(currencies.currencyKey, documents.currencyKey))
        .where(
          and(
            sql`${documents.documentStatus} = '01' AND NOT ${documents.itemIsAPayment}`,
            gt(documents.openAmount, 0n),
            lte(documents.dueDate, request.due_to),
            request.company_code ? eq(documents.companyCode, request.company_code) : undefined,
            after
              ? or(
                  gt(documents.payerNumber, after.payer),
                  and(eq(documents.payerNumber, after.payer), gt(documents.id, after.id)),
                )
              : undefined,
          ),
        )
        .orderBy(asc(documents.payerNumber), asc(documents.id))
        .limit(batchSize);
      if (rows.length === 0) return;
      yield rows.map((row) => ({
        payer_number: row.payerNumber,
        payer_name: row.payerName,
        soldto_number: row.soldtoNumber,
        company_code: row.companyCode,
        billing_document_number: row.billing,
        document_number_finance: row.finance,
        fiscal_year: row.fiscalYear,
        line_item: row.lineItem,
        due_date: row.dueDate,
        currency_key: row.currencyKey,
        currency_decimals: row.decimals,
        open_amount: formatMinorUnits(row.openAmount, row.decimals),
        reason_code: row.reasonCode,
      }));
      if (rows.length < batchSize) return;
      const last = rows[rows.length - 1]!;
      after = { payer: last.payerNumber, id: last.id };
    }
  }

  async function getSalesByMonth(input: unknown): Promise<SalesByMonthResponse> {
    const request = SalesByMonthRequest.parse(input);
    const from = `${request.from_month}-01`;
    const to = sql`(${`${request.to_month}-01`}::date + interval '1 month')::date`;
    const month = sql<string>`to_char(${documents.documentDate}, 'YYYY-MM')`;
    const rows = await db
      .select({
        companyCode: documents.companyCode,
        currencyKey: documents.currencyKey,
        decimals: currencies.decimals,
        month,
        amount: sql<string>`sum(${documents.totalAmount})::text`,
      })
      .from(documents)
      .innerJoin(currencies, eq(currencies.currencyKey, documents.currencyKey))
      .where(
        and(
          sql`NOT ${documents.itemIsAPayment} AND ${documents.totalAmount} > 0`,
          sql`${documents.documentDate} >= ${from}::date AND ${documents.documentDate} < ${to}`,
        ),
      )
      .groupBy(documents.companyCode, documents.currencyKey, currencies.decimals, month)
      .orderBy(documents.companyCode, documents.currencyKey, month);
    return {
      sales: rows.map((row) => ({
        company_code: row.companyCode,
        currency_key: row.currencyKey,
        currency_decimals: row.decimals,
        month: row.month,
        amount: formatMinorUnits(BigInt(row.amount), row.decimals),
      })),
    };
  }

  return { streamOpenItems, getSalesByMonth };
}
