// The built-in ERP: answers the connector's calls from the ledger schema. SQL in, wire shapes (spec field names,
// decimal strings, MM-DD-YYYY, X flags) out.
import {
  SearchDocumentsRequest,
  type AccountSummary,
  type BackendConfiguration,
  type DocumentAddress,
  type HeaderAccountsRequest,
  type HeaderAccountsResponse,
  type HeaderItem,
  type LedgerDocument,
  type PayerDetailResponse,
  type PayerRequest,
  type SearchDocumentsResponse,
} from '@portal/contracts';
import { and, asc, desc, eq, exists, gt, gte, ilike, inArray, like, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../../db/client';
import type { ErpConnector } from '../erp-connector';
import { daysBetween, formatMinorUnits, fromErpDate, isoDay, toErpDate, toFlag, toLedgerNumber } from './ledger-format';
import {
  apparv,
  companyCodes,
  currencies,
  customers,
  documents,
  generelData,
  invoiceItems,
  payerAllMembers,
  payerSoldTos,
  paymentCardSettings,
  paymentProvider,
  paymentTypes,
  reasonCodes,
} from './ledger.schema';

export type LedgerConnectorOptions = {
  /** The clock for days in arrears (tests pass a fixed day). */
  now?: () => Date;
};

type CustomerRow = typeof customers.$inferSelect;

const success = { message_type: 'S', message_line_string: '' } as const;

function errorStatus(message: string) {
  return { message_type: 'E', message_line_string: message } as const;
}

function accountSummary(customer: CustomerRow): AccountSummary {
  return {
    PrimaryAcct: customer.customerNumber,
    Name: customer.name,
    name_2: customer.name2,
    CompanyCode: customer.companyCode,
    CurrencyKey: customer.currencyKey,
    SalesOrganization: customer.salesOrganization,
    DistributionChannel: customer.distributionChannel,
    Division: customer.division,
  };
}

function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (character) => `\\${character}`);
}

type Cursor = { dueDate: string; id: number };

function encodeCursor(cursor: Cursor): string {
  return Buffer.from(`${cursor.dueDate}|${cursor.id}`).toString('base64url');
}

function decodeCursor(value: string): Cursor | undefined {
  const match = /^(\d{4}-\d{2}-\d{2})\|(\d{1,15})$/.exec(Buffer.from(value, 'base64url').toString());
  return match ? { dueDate: match[1]!, id: Number(match[2]) } : undefined;
}

export function createLedgerConnector(db: Db, options: LedgerConnectorOptions = {}): ErpConnector {
  const now = options.now ?? (() => new Date());
  const decimalsCache = new Map<string, number>();

  async function decimalsOf(currencyKeys: Iterable<string>): Promise<Map<string, number>> {
    if ([...currencyKeys].some((key) => !decimalsCache.has(key))) {
      for (const row of await db.select().from(currencies)) decimalsCache.set(row.currencyKey, row.decimals);
    }
    return decimalsCache;
  }

  async function getHeaderAccounts(request: HeaderAccountsRequest): Promise<HeaderAccountsResponse> {
    const links = request.accounts.map((link) => ({ ...link, primary_account: toLedgerNumber(link.primary_account) }));
    const numbers = [...new Set(links.map((link) => link.primary_account))];
    if (numbers.length === 0) return { status: success, HeaderItems: [] };
    const primaries = new Map(
      (await db.select().from(customers).where(inArray(customers.customerNumber, numbers))).map((row) => [
        row.customerNumber,
        row,
      ]),
    );

    // Secondary accounts of every primary in one query: keyed by the primary account number.
    const secondaries = new Map<string, CustomerRow[]>();
    const add = (key: string, row: CustomerRow) => {
      const list = secondaries.get(key) ?? [];
      if (!list.some((existing) => existing.customerNumber === row.customerNumber)) list.push(row);
      secondaries.set(key, list);
    };
    if (request.account_type === 'PayerAll') {
      const rows = await db
        .select({ key: payerAllMembers.groupNumber, customer: customers })
        .from(payerAllMembers)
        .innerJoin(payerSoldTos, eq(payerSoldTos.payerNumber, payerAllMembers.payerNumber))
        .innerJoin(customers, eq(customers.customerNumber, payerSoldTos.soldtoNumber))
        .where(inArray(payerAllMembers.groupNumber, numbers))
        .orderBy(asc(payerAllMembers.groupNumber), asc(customers.customerNumber));
      for (const row of rows) add(row.key, row.customer);
    } else {
      const keyColumn = request.account_type === 'Payer' ? payerSoldTos.payerNumber : payerSoldTos.soldtoNumber;
      const rows = await db
        .select({ key: keyColumn, customer: customers })
        .from(payerSoldTos)
        .innerJoin(customers, eq(customers.customerNumber, payerSoldTos.soldtoNumber))
        .where(inArray(keyColumn, numbers))
        .orderBy(asc(keyColumn), asc(customers.customerNumber));
      for (const row of rows) add(row.key, row.customer);
    }

    const items: HeaderItem[] = [];
    const seen = new Set<string>();
    for (const link of links) {
      const primary = primaries.get(link.primary_account);
      const dropDown = secondaries.get(link.primary_account);
      if (!primary || !dropDown || seen.has(primary.customerNumber)) continue;
      if (primary.companyCode !== link.company_code) continue;
      // An empty sales-area field in the link matches any (links made from an invoice may not carry one).
      if (link.sales_organization && link.sales_organization !== primary.salesOrganization) continue;
      if (link.distribution_channel && link.distribution_channel !== primary.distributionChannel) continue;
      if (link.division && link.division !== primary.division) continue;
      seen.add(primary.customerNumber);
      items.push({
        ...accountSummary(primary),
        AccountType: request.account_type,
        // A sold-to user's only secondary account is the sold-to itself.
        DropDownItems: request.account_type === 'SoldTo' ? [accountSummary(primary)] : dropDown.map(accountSummary),
      });
    }
    return { status: success, HeaderItems: items };
  }

  async function getPayer(request: PayerRequest): Promise<PayerDetailResponse> {
    const number = toLedgerNumber(request.customer_number);
    const [customer] = await db.select().from(customers).where(eq(customers.customerNumber, number));
    if (!customer || (request.company_code && customer.companyCode !== request.company_code)) {
      return { status: errorStatus(`Customer ${request.customer_number} not found`), detail: null };
    }
    return {
      status: success,
      detail: {
        customer_number: customer.customerNumber,
        company_code: customer.companyCode,
        currency_key: customer.currencyKey,
        sales_area_data: {
          sales_organization: customer.salesOrganization,
          distribution_channel: customer.distributionChannel,
          division: customer.division,
        },
        address_data: {
          name: customer.name,
          name_2: customer.name2,
          street: customer.street,
          city: customer.city,
          region: customer.region,
          postal_code: customer.postalCode,
          postal_code_city: [customer.postalCode, customer.city].filter(Boolean).join(' '),
          country: customer.country,
        },
        communication_data: {
          phone: customer.phone ? [{ telephone: customer.phone, standard: 'X' }] : [],
        },
      },
    };
  }

  async function getBackendConfiguration(): Promise<BackendConfiguration> {
    const [codes, currencyRows, general, providers, cards, reasons, types, parameters] = await Promise.all([
      db.select().from(companyCodes).orderBy(asc(companyCodes.companyCode)),
      db.select().from(currencies).orderBy(asc(currencies.currencyKey)),
      db.select().from(generelData).limit(1),
      db.select().from(paymentProvider).orderBy(asc(paymentProvider.id)),
      db.select().from(paymentCardSettings).orderBy(asc(paymentCardSettings.paymentCardType)),
      db
        .select()
        .from(reasonCodes)
        .orderBy(asc(reasonCodes.companyCode), asc(reasonCodes.paymentType), asc(reasonCodes.reasonCode)),
      db.select().from(paymentTypes).orderBy(asc(paymentTypes.paymentType)),
      db.select().from(apparv).orderBy(asc(apparv.companyCode), asc(apparv.parnam)),
    ]);
    const decimals = new Map(currencyRows.map((row) => [row.currencyKey, row.decimals]));
    const partial = general[0]?.partialPaymentsAllowed;
    return {
      status: success,
      company_codes: codes.map((code) => ({
        company_code: code.companyCode,
        name: code.name,
        country: code.country,
        currency_key: code.currencyKey,
        enable_deposits: toFlag(code.enableDeposits),
        disable_payments: toFlag(code.disablePayments),
        enable_echeck: toFlag(code.enableEcheck),
        disable_3ds: toFlag(code.disable3ds),
      })),
      generel_data: {
        partial_payments_allowed: partial === 'X' || partial === 'R' ? partial : '',
        // spec §5: cvv_use_control defaults to 1.
        cvv_use_control: general[0]?.cvvUseControl ?? '1',
      },
      sapcust: {
        currency_decimals: currencyRows.map((row) => ({
          currkey: row.currencyKey,
          currdec: row.decimals,
          symbol: row.symbol,
        })),
      },
      custom_fields: {
        apparv: parameters.flatMap((row) =>
          row.parnam === 'ZENABLEDEP' || row.parnam === 'ZDISABLEPY' || row.parnam === 'ZENABLEEC'
            ? [{ parnam: row.parnam, company_code: row.companyCode, parval: row.parval }]
            : [],
        ),
      },
      payment_provider: providers.map((provider) => ({
        secure_3ds_enabled: toFlag(provider.secure3dsEnabled),
        secure_3ds_version: provider.secure3dsVersion,
      })),
      payment_cards: cards.flatMap((card) =>
        card.paymentCardType === 'VISA' ||
        card.paymentCardType === 'MC' ||
        card.paymentCardType === 'AMEX' ||
        card.paymentCardType === 'EC'
          ? [
              {
                payment_card_type: card.paymentCardType,
                preauthorization_amount: formatMinorUnits(
                  card.preauthorizationAmount,
                  decimals.get(card.currencyKey) ?? 2,
                ),
                currency_key: card.currencyKey,
              },
            ]
          : [],
      ),
      payment_reason_codes: reasons.flatMap((reason) =>
        reason.paymentType === 'O' || reason.paymentType === 'D'
          ? [
              {
                reason_code: reason.reasonCode,
                description: reason.description,
                comments_required: toFlag(reason.commentsRequired),
                company_code: reason.companyCode,
                payment_type: reason.paymentType,
              },
            ]
          : [],
      ),
      payment_types: types.flatMap((type) =>
        type.paymentType === 'O' || type.paymentType === 'D'
          ? [
              {
                payment_type: type.paymentType,
                active: toFlag(type.active),
                overpayment_allowed: toFlag(type.overpaymentAllowed),
              },
            ]
          : [],
      ),
    };
  }

  async function searchDocuments(input: SearchDocumentsRequestInput): Promise<SearchDocumentsResponse> {
    const parsed = SearchDocumentsRequest.safeParse(input);
    if (!parsed.success) return { status: errorStatus('Invalid search request'), document_list: [], next_cursor: null };
    const { payer_data: payerData, soldto_data: soldtoData, search_parameters: parameters } = parsed.data;

    const payerNumber = toLedgerNumber(payerData.customer_number);
    // A payer-all group number stands for every payer in the group.
    const members = await db
      .select({ payerNumber: payerAllMembers.payerNumber })
      .from(payerAllMembers)
      .where(eq(payerAllMembers.groupNumber, payerNumber));
    const payers = members.length > 0 ? members.map((member) => member.payerNumber) : [payerNumber];
    const soldTos = [...new Set([...soldtoData, ...(parameters.SoldTo_SearchParams ?? [])].map(toLedgerNumber))];

    const conditions: (SQL | undefined)[] = [inArray(documents.payerNumber, payers)];
    if (payerData.company_code) conditions.push(eq(documents.companyCode, payerData.company_code));
    if (soldTos.length > 0) conditions.push(inArray(documents.soldtoNumber, soldTos));
    if (parameters.document_type === '01' || parameters.document_type === 'Invoice') {
      conditions.push(eq(documents.itemIsAPayment, false));
    } else if (parameters.document_type === '02' || parameters.document_type === 'Payment') {
      conditions.push(eq(documents.itemIsAPayment, true));
    }
    // spec §4: status 01 open, 02 complete, 03 (OpenOrComplete) both.
    if (parameters.status === '01' || parameters.status === '02') {
      conditions.push(eq(documents.documentStatus, parameters.status));
    }
    const dateRanges = [
      [parameters.date_from, documents.documentDate, gte],
      [parameters.date_to, documents.documentDate, lte],
      [parameters.due_date_from, documents.dueDate, gte],
      [parameters.due_date_to, documents.dueDate, lte],
    ] as const;
    for (const [value, column, compare] of dateRanges) {
      if (value === undefined) continue;
      const day = fromErpDate(value);
      if (!day) return { status: errorStatus(`Invalid date ${value}`), document_list: [], next_cursor: null };
      conditions.push(compare(column, day));
    }
    if (parameters.currency_key) conditions.push(eq(documents.currencyKey, parameters.currency_key));
    for (const filter of parameters.filter) {
      const value = filter.value.trim();
      if (!value) continue;
      switch (filter.filter_type) {
        case '01': {
          const number = toLedgerNumber(value);
          conditions.push(or(eq(documents.billingDocumentNumber, number), eq(documents.documentNumberFinance, number)));
          break;
        }
        case '90':
          conditions.push(
            exists(
              db
                .select({ one: sql`1` })
                .from(invoiceItems)
                .where(
                  and(
                    eq(invoiceItems.documentId, documents.id),
                    like(invoiceItems.materialNumber, `${escapeLike(value.toUpperCase())}%`),
                  ),
                ),
            ),
          );
          break;
        case '91':
          conditions.push(
            exists(
              db
                .select({ one: sql`1` })
                .from(invoiceItems)
                .where(
                  and(
                    eq(invoiceItems.documentId, documents.id),
                    ilike(invoiceItems.description, `%${escapeLike(value)}%`),
                  ),
                ),
            ),
          );
          break;
        // 92/93: invoices only / credits only, by the sign of the document total (a cleared credit stays a credit).
        case '92':
          if (value === 'X') conditions.push(and(eq(documents.itemIsAPayment, false), gte(documents.totalAmount, 0n)));
          break;
        case '93':
          if (value === 'X') conditions.push(and(eq(documents.itemIsAPayment, false), lt(documents.totalAmount, 0n)));
          break;
      }
    }
    if (parameters.GridViewDocIds && parameters.GridViewDocIds.length > 0) {
      const numbers = parameters.GridViewDocIds.map(toLedgerNumber);
      conditions.push(
        or(inArray(documents.billingDocumentNumber, numbers), inArray(documents.documentNumberFinance, numbers)),
      );
    }
    if (parameters.cursor) {
      const cursor = decodeCursor(parameters.cursor);
      if (!cursor) return { status: errorStatus('Invalid cursor'), document_list: [], next_cursor: null };
      conditions.push(
        or(
          lt(documents.dueDate, cursor.dueDate),
          and(eq(documents.dueDate, cursor.dueDate), gt(documents.id, cursor.id)),
        ),
      );
    }

    const soldto = alias(customers, 'soldto');
    const payer = alias(customers, 'payer');
    const rows = await db
      .select({ document: documents, soldto, payer, reasonDescription: reasonCodes.description })
      .from(documents)
      .innerJoin(soldto, eq(soldto.customerNumber, documents.soldtoNumber))
      .innerJoin(payer, eq(payer.customerNumber, documents.payerNumber))
      .leftJoin(
        reasonCodes,
        and(
          eq(reasonCodes.companyCode, documents.companyCode),
          eq(reasonCodes.reasonCode, documents.reasonCode),
          eq(reasonCodes.paymentType, 'O'),
        ),
      )
      .where(and(...conditions))
      .orderBy(desc(documents.dueDate), asc(documents.id))
      .limit(parameters.page_size + 1);

    const page = rows.slice(0, parameters.page_size);
    const last = page[page.length - 1];
    const decimals = await decimalsOf(new Set(page.map((row) => row.document.currencyKey)));
    const today = isoDay(now());
    return {
      status: success,
      document_list: page.map((row) =>
        toWireDocument(row.document, row.soldto, row.payer, row.reasonDescription, decimals, today),
      ),
      next_cursor:
        rows.length > parameters.page_size && last
          ? encodeCursor({ dueDate: last.document.dueDate, id: last.document.id })
          : null,
    };
  }

  return { getHeaderAccounts, getPayer, getBackendConfiguration, searchDocuments };
}

type SearchDocumentsRequestInput = Parameters<ErpConnector['searchDocuments']>[0];

function addressBlock(customer: CustomerRow): DocumentAddress {
  return {
    name: customer.name,
    name_2: customer.name2,
    street: customer.street,
    city: customer.city,
    region: customer.region,
    postal_code: customer.postalCode,
    country: customer.country,
  };
}

function toWireDocument(
  document: typeof documents.$inferSelect,
  soldto: CustomerRow,
  payer: CustomerRow,
  reasonDescription: string | null,
  decimals: Map<string, number>,
  today: string,
): LedgerDocument {
  const scale = decimals.get(document.currencyKey) ?? 2;
  const open = document.documentStatus === '01' && !document.itemIsAPayment;
  return {
    billing_document_number: document.billingDocumentNumber,
    billing_document_type: document.billingDocumentType,
    document_number_finance: document.documentNumberFinance,
    posting_date: toErpDate(document.postingDate),
    document_date: toErpDate(document.documentDate),
    due_date: toErpDate(document.dueDate),
    clearing_date: document.clearingDate ? toErpDate(document.clearingDate) : null,
    clearing_document_number_finance: document.clearingDocumentNumberFinance,
    currency_key: document.currencyKey,
    open_amount: formatMinorUnits(document.openAmount, scale),
    paid_amount: formatMinorUnits(document.paidAmount, scale),
    total_amount: formatMinorUnits(document.totalAmount, scale),
    billed_quantity: document.billedQuantity,
    days_in_arrears: open ? Math.max(0, daysBetween(document.dueDate, today)) : 0,
    finance_document_type: document.financeDocumentType,
    finance_document_only: toFlag(document.financeDocumentOnly),
    fiscal_year_of_the_relevant_invoice: document.fiscalYear,
    line_item_in_the_relevant_invoice: document.lineItem,
    item_is_a_payment: toFlag(document.itemIsAPayment),
    pdf_document_available: toFlag(document.pdfDocumentAvailable),
    payer_number: document.payerNumber,
    soldto_number: document.soldtoNumber,
    customer_number: document.customerNumber,
    reference_number: document.referenceNumber,
    Department: document.department,
    read_only_flag: toFlag(document.readOnly),
    reason: document.reasonCode
      ? {
          reason_code: document.reasonCode,
          description: reasonDescription ?? '',
          reason_message: document.reasonMessage,
        }
      : null,
    document_status: document.documentStatus === '02' ? '02' : '01',
    custom_fields: { customer_purchase_order_nubmer: '', ...document.customFields },
    zzcustom: { soldtoad: addressBlock(soldto), payerad: addressBlock(payer) },
    company_code: document.companyCode,
  };
}
