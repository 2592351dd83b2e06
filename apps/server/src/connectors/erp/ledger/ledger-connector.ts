// The built-in ERP: answers the connector's calls from the ledger schema. SQL in, wire shapes (spec field names,
// decimal strings, MM-DD-YYYY, X flags) out.
import type {
  AccountSummary,
  BackendConfiguration,
  HeaderAccountsRequest,
  HeaderAccountsResponse,
  HeaderItem,
  PayerDetailResponse,
  PayerRequest,
  SearchDocumentsRequest,
  SearchDocumentsResponse,
} from '@portal/contracts';
import { asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import type { ErpConnector, InvoicePdfRenderRequest, InvoicePdfRenderResult } from '../erp-connector';
import { renderEInvoicePdf, type EInvoiceDetail } from '../../../modules/ledger-imports/ubl/render-e-invoice-pdf';
import { loadUnicodeFont, mergePdfs, renderInvoicesPdf } from './invoice-pdf';
import { formatMinorUnits, toFlag, toLedgerNumber } from './ledger-format';
import { createInvoiceQueries } from './ledger-invoices';
import { createPaymentCardOperations } from './ledger-payment-cards';
import { createPaymentHistory } from './ledger-payment-history';
import { createStatementQueries } from './ledger-statements';
import { createCollectionQueries } from './ledger-collections';
import { createDisputeCases } from './ledger-disputes';
import { createPaymentPostings } from './ledger-payments';
import { createPaymentReversals } from './ledger-reversals';
import {
  apparv,
  companyCodes,
  currencies,
  customers,
  documentEInvoices,
  documentPdfs,
  generelData,
  payerAllMembers,
  payerSoldTos,
  paymentCardSettings,
  paymentProvider,
  paymentTypes,
  reasonCodes,
} from './ledger.schema';
import { errorStatus, success, type CustomerRow } from './ledger-wire';

export type LedgerConnectorOptions = {
  /** The clock for days in arrears (tests pass a fixed day). */
  now?: () => Date;
  /** The found count of a search is exact up to this many documents (default: the contract's foundCountCap). */
  foundCountCap?: number;
  /** Font for PDF text outside Latin-1 ("path" or "path#PostScriptName"); default: an installed Noto CJK. */
  pdfUnicodeFont?: string;
  /**
   * How long the back-end configuration is kept per process (default 10 s): every payment reads it, and it changes
   * rarely (an ERP customising change shows after at most this delay). 0 reads it every time.
   */
  configurationTtlMs?: number;
};

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

export function createLedgerConnector(db: Db, options: LedgerConnectorOptions = {}): ErpConnector {
  const now = options.now ?? (() => new Date());
  const decimalsCache = new Map<string, number>();

  async function decimalsOf(currencyKeys: Iterable<string>): Promise<Map<string, number>> {
    if ([...currencyKeys].some((key) => !decimalsCache.has(key))) {
      for (const row of await db.select().from(currencies)) decimalsCache.set(row.currencyKey, row.decimals);
    }
    return decimalsCache;
  }

  const invoices = createInvoiceQueries(db, { now, decimalsOf, foundCountCap: options.foundCountCap });

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

  const configurationTtlMs = options.configurationTtlMs ?? 10_000;
  let configuration: { value: Promise<BackendConfiguration>; at: number } | undefined;

  function getBackendConfiguration(): Promise<BackendConfiguration> {
    if (configuration && Date.now() - configuration.at < configurationTtlMs) return configuration.value;
    const value = readBackendConfiguration();
    configuration = { value, at: Date.now() };
    // A failed read is not kept.
    value.catch(() => (configuration = undefined));
    return value;
  }

  async function readBackendConfiguration(): Promise<BackendConfiguration> {
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

  async function searchDocuments(input: SearchDocumentsRequest): Promise<SearchDocumentsResponse> {
    // The spec's call is the invoice search in its default sort, without the found count.
    const answer = await invoices.searchInvoices(input);
    return { status: answer.status, document_list: answer.document_list, next_cursor: answer.next_cursor };
  }

  async function renderInvoicePdf(request: InvoicePdfRenderRequest): Promise<InvoicePdfRenderResult> {
    const found = await invoices.findInvoices(
      request.payer_data,
      request.soldto_data,
      request.billing_document_numbers,
    );
    // One PDF per billing number (the newest fiscal year's), in the order asked, only where a PDF exists.
    const byNumber = new Map<string, (typeof found)[number]>();
    for (const row of found) {
      if (row.document.pdfDocumentAvailable && !byNumber.has(row.document.billingDocumentNumber)) {
        byNumber.set(row.document.billingDocumentNumber, row);
      }
    }
    const ordered = [...new Set(request.billing_document_numbers.map(toLedgerNumber))].flatMap((number) => {
      const row = byNumber.get(number);
      return row ? [row] : [];
    });
    if (ordered.length === 0)
      return { status: errorStatus('No invoice PDF found'), pdf: null, billing_document_numbers: [] };
    const items = await invoices.itemsOf(ordered.map((row) => row.document.id));
    const codes = new Map(
      (
        await db
          .select()
          .from(companyCodes)
          .where(inArray(companyCodes.companyCode, [...new Set(ordered.map((row) => row.document.companyCode))]))
      ).map((code) => [code.companyCode, code]),
    );
    const decimals = await decimalsOf([
      ...ordered.map((row) => row.document.currencyKey),
      ...items.map((item) => item.currencyKey),
    ]);
    const unicodeFont = loadUnicodeFont(options.pdfUnicodeFont);
    const ids = ordered.map((row) => row.document.id);
    // Imported documents (issue 27): their own PDF as the supplier sent it, else one rendered from their e-invoice
    // data in the reader's language; the ledger's own documents as before.
    const [ownPdfs, eInvoices] = await Promise.all([
      db.select().from(documentPdfs).where(inArray(documentPdfs.documentId, ids)),
      db.select().from(documentEInvoices).where(inArray(documentEInvoices.documentId, ids)),
    ]);
    const ownPdf = new Map(ownPdfs.map((row) => [row.documentId, row.bytes]));
    const eInvoice = new Map(eInvoices.map((row) => [row.documentId, row.detail]));
    const classic = async (row: (typeof ordered)[number]) =>
      renderInvoicesPdf([pdfInvoiceOf(row)], { decimals, unicodeFont });
    const pdfInvoiceOf = (row: (typeof ordered)[number]) => ({
      document: row.document,
      soldto: row.soldto,
      payer: row.payer,
      company: codes.get(row.document.companyCode) ?? {
        companyCode: row.document.companyCode,
        name: row.document.companyCode,
        country: '',
        currencyKey: row.document.currencyKey,
        enableDeposits: false,
        disablePayments: false,
        enableEcheck: false,
        disable3ds: false,
      },
      items: items.filter((item) => item.documentId === row.document.id),
    });
    const pdf =
      ownPdf.size === 0 && eInvoice.size === 0
        ? await renderInvoicesPdf(ordered.map(pdfInvoiceOf), { decimals, unicodeFont })
        : await mergePdfs(
            await Promise.all(
              ordered.map(async (row) => {
                const own = ownPdf.get(row.document.id);
                if (own) return own;
                const detail = eInvoice.get(row.document.id);
                if (!detail) return classic(row);
                return renderEInvoicePdf(detail as unknown as EInvoiceDetail, {
                  language: request.language ?? 'en',
                  decimals: decimals.get(row.document.currencyKey) ?? 2,
                  unicodeFont,
                });
              }),
            ),
          );
    return { status: success, pdf, billing_document_numbers: ordered.map((row) => row.document.billingDocumentNumber) };
  }

  return {
    getHeaderAccounts,
    getPayer,
    getBackendConfiguration,
    searchDocuments,
    searchInvoices: invoices.searchInvoices,
    streamInvoices: invoices.streamInvoices,
    getInvoiceTotals: invoices.getInvoiceTotals,
    getInvoiceAging: invoices.getInvoiceAging,
    getInvoiceDetail: invoices.getInvoiceDetail,
    renderInvoicePdf,
    ...createPaymentCardOperations(db),
    ...createPaymentPostings(db, invoices),
    ...createPaymentReversals(db),
    ...createPaymentHistory(db, invoices, { decimalsOf, foundCountCap: options.foundCountCap }),
    ...createStatementQueries(db, invoices, { decimalsOf }),
    ...createCollectionQueries(db),
    ...createDisputeCases(db, { now, decimalsOf }),
  };
}
