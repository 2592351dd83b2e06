// One UBL file to one ledger document (issue 27 §2): read and checked (ubl/), then placed: the company code (asked,
// or the one whose supplier identifiers the seller holds), the customer (the one whose party_ids hold one of the
// buyer's identifiers), the sold-to (the delivery party where it is one of the payer's sold-tos, else the buyer), the
// amounts in the currency's minor units, the due date, the lines, the document's own PDF when it embeds a real one.
import { parseMinorUnits, parseScaledAmount } from '@portal/domain';
import { ledgerImportLimits } from '@portal/contracts';
import type {
  DocumentItemRecord,
  DocumentRecord,
  ImportRefusal,
  LedgerImports,
  LedgerReferenceData,
} from '../../connectors/erp/ledger/ledger-imports';
import { toLedgerNumber } from '../../connectors/erp/ledger/ledger-format';
import { checkUbl } from './ubl/check-ubl';
import { isPdf } from './ubl/is-pdf';
import { parseUbl, type UblDocument, type UblParty } from './ubl/parse-ubl';
import type { ImportFile } from './import-file';

/** A UBL file read and checked, its customer still to find (a batch of files at a time: `placeUblDocuments`). */
export type UblUnplaced = {
  key: string;
  record: Omit<DocumentRecord, 'payerNumber' | 'soldtoNumber'>;
  buyerIds: SchemedId[];
  deliveryIds: SchemedId[];
};
export type UblRead = { unplaced: UblUnplaced } | { refusal: ImportRefusal; key: string };
export type UblPlaced = { record: DocumentRecord; key: string } | { refusal: ImportRefusal; key: string };
type SchemedId = { scheme: string; value: string };

const maxNumberLength = 64;

export async function readUblDocument(
  ledger: Pick<LedgerImports, 'companyCodeByPartyIds'>,
  reference: LedgerReferenceData,
  file: ImportFile,
  askedCompanyCode: string,
): Promise<UblRead> {
  const bytes = await readWhole(file, ledgerImportLimits.maxUblFileBytes);
  if (!bytes) return { key: '', refusal: { field: '', messageKey: 'imports.errors.file_too_large' } };
  const parsed = parseUbl(bytes, { maxBytes: ledgerImportLimits.maxUblFileBytes });
  if (!parsed.ok) {
    const { field, messageKey, values, document } = parsed.rejection;
    return { key: document ?? '', refusal: { field, messageKey, values } };
  }
  const { document, attachments } = parsed;
  const key = document.number ?? '';
  const fail = (refusal: ImportRefusal): UblRead => ({ key, refusal });
  const [broken] = checkUbl(document);
  if (broken) return fail({ field: broken.field, messageKey: broken.messageKey, values: broken.values });
  const number = document.number!;
  if (number.length > maxNumberLength || number.includes('|'))
    return fail({ field: 'cbc:ID', messageKey: 'imports.errors.invalid_number' });

  const companyCode = askedCompanyCode || (await ledger.companyCodeByPartyIds(schemedIds(document.seller)));
  if (!companyCode)
    return fail({ field: 'cac:AccountingSupplierParty', messageKey: 'imports.errors.company_code_unknown_for_seller' });
  if (!reference.companyCodes.has(companyCode)) {
    return fail({
      field: '',
      messageKey: 'imports.errors.unknown_company_code',
      values: { company_code: companyCode },
    });
  }
  const currencyKey = document.currency!.toUpperCase();
  const decimals = reference.currencies.get(currencyKey);
  if (decimals === undefined) {
    return fail({
      field: 'cbc:DocumentCurrencyCode',
      messageKey: 'imports.errors.unknown_currency',
      values: { currency: currencyKey },
    });
  }

  const payable = parseMinorUnits(document.totals.payable!, decimals);
  if (payable === undefined) {
    return fail({
      field: 'cac:LegalMonetaryTotal/cbc:PayableAmount',
      messageKey: 'imports.errors.invalid_amount',
      values: { decimals: String(decimals) },
    });
  }
  const sign = document.kind === 'credit' ? -1n : 1n;
  const items = linesOf(document, decimals, sign);
  if ('refusal' in items) return fail(items.refusal);
  const issueDate = document.issueDate!;
  const pdf = attachments.find((attachment) => isPdf(attachment.bytes))?.bytes;
  return {
    unplaced: {
      key,
      buyerIds: schemedIds(document.buyer),
      deliveryIds: schemedIds(document.delivery),
      record: {
        companyCode,
        type: document.kind,
        // Numbers are kept SAP-style, all-digit ones zero-padded to 10 (what the portal's look-ups pad them to).
        number: toLedgerNumber(number),
        documentDate: issueDate,
        dueDate: document.dueDate ?? dueFromTerms(issueDate, document.paymentTermsNote) ?? issueDate,
        currencyKey,
        totalMinor: sign * payable,
        openMinor: sign * payable,
        // A credit note names the invoice it credits (BillingReference); an invoice the buyer's own reference.
        reference:
          (document.kind === 'credit' ? document.billingReferences[0] : undefined) ?? document.buyerReference ?? '',
        purchaseOrder: document.orderReference ?? '',
        items: items.items,
        eInvoice: document as unknown as Record<string, unknown>,
        ...(pdf ? { pdf } : {}),
      },
    },
  };
}

/**
 * The payer and sold-to of each document, two look-ups for the whole batch: the buyer is the customer holding one of
 * its identifiers. A buyer that is a payer (its own sold-to, or no one's) pays; a buyer that is only a sold-to is paid
 * for by its payer. The delivery party is the sold-to when it is one of that payer's, else the buyer is.
 */
export async function placeUblDocuments(
  ledger: Pick<LedgerImports, 'customersByPartyIds' | 'payersOfSoldTo'>,
  documents: UblUnplaced[],
): Promise<UblPlaced[]> {
  const found = await ledger.customersByPartyIds(
    uniqueIds(documents.flatMap((document) => [...document.buyerIds, ...document.deliveryIds])),
  );
  const customerOf = (ids: SchemedId[]) => ids.map((id) => found.get(`${id.scheme}:${id.value}`)).find(Boolean);
  const payersOf = await ledger.payersOfSoldTo([...new Set(found.values())]);
  return documents.map(({ key, record, buyerIds, deliveryIds }): UblPlaced => {
    const buyer = customerOf(buyerIds);
    if (!buyer) {
      return {
        key,
        refusal: {
          field: 'cac:AccountingCustomerParty',
          messageKey: 'imports.errors.buyer_unknown',
          values: { ids: buyerIds.map((id) => `${id.scheme}:${id.value}`).join(', ') || '-' },
        },
      };
    }
    const delivery = customerOf(deliveryIds);
    const buyerPayers = payersOf.get(buyer) ?? [];
    const payer = buyerPayers.length === 0 || buyerPayers.includes(buyer) ? buyer : buyerPayers[0]!;
    const soldto =
      delivery && (delivery === payer || (payersOf.get(delivery) ?? []).includes(payer)) ? delivery : buyer;
    return { key, record: { ...record, payerNumber: payer, soldtoNumber: soldto } };
  });
}

function uniqueIds(ids: SchemedId[]): SchemedId[] {
  const byKey = new Map(ids.map((id) => [`${id.scheme}:${id.value}`, id]));
  return [...byKey.values()];
}

function schemedIds(party: UblParty | null): SchemedId[] {
  if (!party) return [];
  return party.ids.filter((id) => id.scheme && id.value).map((id) => ({ scheme: id.scheme, value: id.value }));
}

function linesOf(
  document: UblDocument,
  decimals: number,
  sign: bigint,
): { items: DocumentItemRecord[] } | { refusal: ImportRefusal } {
  const lineElement = document.documentType === 'CreditNote' ? 'cac:CreditNoteLine' : 'cac:InvoiceLine';
  const items: DocumentItemRecord[] = [];
  for (const [index, line] of document.lines.entries()) {
    const total = parseScaledAmount(line.lineAmount ?? '', decimals);
    const price = parseScaledAmount(line.price ?? '0', decimals) ?? 0n;
    const quantity = quantityOf(line.quantity ?? '0');
    if (total === undefined || quantity === undefined) {
      return {
        refusal: {
          field: `${lineElement}[${index + 1}]/cbc:LineExtensionAmount`,
          messageKey: 'imports.errors.invalid_amount',
          values: { decimals: String(decimals) },
        },
      };
    }
    items.push({
      itemNumber: (line.id ?? String(index + 1)).slice(0, 20),
      materialNumber: (line.sellersItemId ?? '').slice(0, 40),
      description: (line.name ?? line.description ?? '').slice(0, 200),
      quantity,
      unitPriceMinor: price,
      // A credit's lines are negative, as the ledger keeps them.
      totalMinor: sign * total,
    });
  }
  return { items };
}

/** A quantity as the ledger keeps it: absolute, 3 decimals at most (rounded half away from zero). */
function quantityOf(text: string): string | undefined {
  const thousandths = parseScaledAmount(text.replace(/^-/, ''), 3);
  if (thousandths === undefined || thousandths >= 10n ** 15n) return undefined;
  return `${thousandths / 1000n}.${String(thousandths % 1000n).padStart(3, '0')}`;
}

/** "Net 30", "30 days", "payable within 14 days": the first number of days in the payment terms, from the issue date. */
export function dueFromTerms(issueDate: string, terms: string | null): string | undefined {
  if (!terms) return undefined;
  const match =
    /\b(?:net\s*)?(\d{1,3})\s*(?:days?|d\b|jours?|tage?n?|días|dias|giorni|日|дн)/i.exec(terms) ??
    /\bnet\s*(\d{1,3})\b/i.exec(terms);
  if (!match) return undefined;
  const due = new Date(`${issueDate}T00:00:00Z`);
  due.setUTCDate(due.getUTCDate() + Number(match[1]));
  return due.toISOString().slice(0, 10);
}

async function readWhole(file: ImportFile, limit: number): Promise<Buffer | undefined> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of file.open()) {
    size += (chunk as Buffer).length;
    if (size > limit) return undefined;
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}
