// Reads one UBL 2.1 Invoice or CreditNote (Peppol BIS Billing 3.0 / EN 16931) into a UblDocument and its embedded
// attachments (issue 27 §2). Elements are matched by namespace URI, never by prefix. The file is untrusted: read-xml
// refuses DOCTYPEs, oversized input, deep nesting and oversized attachments before they can cost anything. This
// reads what the file says; checkUbl says whether it adds up.
import { readXml, type XmlLimits, type XmlNode } from './read-xml';
import { negateDecimalText, parseDecimal } from './ubl-decimal';
import type {
  UblAddress,
  UblAllowanceCharge,
  UblAttachment,
  UblDocument,
  UblLine,
  UblParty,
  UblPartyId,
  UblRejection,
  UblResult,
  UblTaxSubtotal,
} from './ubl-document';

export type {
  EInvoiceDetail,
  UblAddress,
  UblAllowanceCharge,
  UblAttachment,
  UblContact,
  UblDocument,
  UblLine,
  UblMonetaryTotals,
  UblParty,
  UblPartyId,
  UblRejection,
  UblResult,
  UblTaxSubtotal,
} from './ubl-document';

export const ublNamespaces = {
  Invoice: 'urn:oasis:names:specification:ubl:schema:xsd:Invoice-2',
  CreditNote: 'urn:oasis:names:specification:ubl:schema:xsd:CreditNote-2',
  cac: 'urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2',
  cbc: 'urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2',
} as const;

export type ParseUblOptions = {
  /** The file's size in bytes (default 25 MiB). */
  maxBytes?: number;
  /** The decoded size of one embedded attachment (default 10 MiB). */
  maxAttachmentBytes?: number;
  /** Nesting depth (default 64: UBL documents nest about 8 deep). */
  maxDepth?: number;
  /** Elements in the file (default 250,000: some 10,000 lines). */
  maxElements?: number;
  /** Characters of one text node (default 256 Ki). */
  maxTextLength?: number;
  /** Attributes (namespace declarations included) on one element (default 32). */
  maxAttributes?: number;
};

export const defaultUblLimits: XmlLimits = {
  maxBytes: 25 * 1024 * 1024,
  maxBinaryBytes: 10 * 1024 * 1024,
  maxDepth: 64,
  maxElements: 250_000,
  maxTextLength: 256 * 1024,
  maxAttributes: 32,
};

// UNCL1001 codes Peppol BIS 3 allows for a credit note (PEPPOL-EN16931-P0101): an Invoice carrying one is a credit.
const creditNoteTypeCodes = new Set(['81', '83', '261', '262', '296', '308', '381', '396', '420', '458', '532']);

const prefixOf: Record<string, string> = {
  [ublNamespaces.cac]: 'cac',
  [ublNamespaces.cbc]: 'cbc',
};

/** An element's name in rejection paths: cac:/cbc: for the common components whatever prefix the file used. */
function qualify(uri: string, local: string): string {
  const prefix = prefixOf[uri];
  if (prefix) return `${prefix}:${local}`;
  if (uri === ublNamespaces.Invoice || uri === ublNamespaces.CreditNote) return local;
  return uri ? `{${uri}}${local}` : local;
}

export function parseUbl(bytes: Buffer, options: ParseUblOptions = {}): UblResult {
  const limits: XmlLimits = {
    maxBytes: options.maxBytes ?? defaultUblLimits.maxBytes,
    maxBinaryBytes: options.maxAttachmentBytes ?? defaultUblLimits.maxBinaryBytes,
    maxDepth: options.maxDepth ?? defaultUblLimits.maxDepth,
    maxElements: options.maxElements ?? defaultUblLimits.maxElements,
    maxTextLength: options.maxTextLength ?? defaultUblLimits.maxTextLength,
    maxAttributes: options.maxAttributes ?? defaultUblLimits.maxAttributes,
  };
  const read = readXml(bytes, {
    limits,
    checkRoot: (uri, local) =>
      (local === 'Invoice' && uri === ublNamespaces.Invoice) ||
      (local === 'CreditNote' && uri === ublNamespaces.CreditNote)
        ? undefined
        : { field: '', messageKey: 'ubl.errors.not_ubl', values: { root: qualify(uri, local) } },
    keep: (uri) => uri === ublNamespaces.cac || uri === ublNamespaces.cbc,
    isBinary: (uri, local) => uri === ublNamespaces.cbc && local === 'EmbeddedDocumentBinaryObject',
    qualify,
  });
  if (!read.ok) {
    // A file refused after its cbc:ID was read (a limit, a DOCTYPE after it, a cut) still names its document.
    const number = text(read.partial ?? undefined, 'cbc:ID');
    return { ok: false, rejection: number === null ? read.rejection : { ...read.rejection, document: number } };
  }
  return readDocument(read.root);
}

// --- Reading the tree -------------------------------------------------------------------------------------------

/** `cac:Party/cbc:Name` → the qualified names of each step. */
function steps(path: string): { uri: string; local: string }[] {
  return path.split('/').map((step) => {
    const [prefix, local] = step.split(':') as [keyof typeof ublNamespaces, string];
    return { uri: ublNamespaces[prefix], local };
  });
}

const stepCache = new Map<string, { uri: string; local: string }[]>();

/** Every element at `path` below `node`, in document order. */
function all(node: XmlNode | undefined, path: string): XmlNode[] {
  if (!node) return [];
  let parsed = stepCache.get(path);
  if (!parsed) {
    parsed = steps(path);
    stepCache.set(path, parsed);
  }
  let current = [node];
  for (const step of parsed) {
    const next: XmlNode[] = [];
    for (const parent of current) {
      for (const child of parent.children) {
        if (child.local === step.local && child.uri === step.uri) next.push(child);
      }
    }
    current = next;
  }
  return current;
}

function first(node: XmlNode | undefined, path: string): XmlNode | undefined {
  return all(node, path)[0];
}

/** The trimmed text at `path`, or null when absent or empty. */
function text(node: XmlNode | undefined, path?: string): string | null {
  const target = path === undefined ? node : first(node, path);
  const value = target?.text.trim();
  return value ? value : null;
}

function attribute(node: XmlNode | undefined, name: string): string | null {
  const value = node?.attributes[name]?.trim();
  return value ? value : null;
}

function idsOf(nodes: XmlNode[], source: UblPartyId['source']): UblPartyId[] {
  return nodes.flatMap((node) => {
    const value = text(node);
    return value === null ? [] : [{ scheme: attribute(node, 'schemeID') ?? '', value, source }];
  });
}

function readAddress(node: XmlNode | undefined): UblAddress {
  return {
    street: text(node, 'cbc:StreetName'),
    additionalStreet: text(node, 'cbc:AdditionalStreetName'),
    city: text(node, 'cbc:CityName'),
    postalCode: text(node, 'cbc:PostalZone'),
    region: text(node, 'cbc:CountrySubentity'),
    country: text(node, 'cac:Country/cbc:IdentificationCode'),
  };
}

function readVatId(party: XmlNode | undefined): string | null {
  const schemes = all(party, 'cac:PartyTaxScheme');
  const vat = schemes.find((scheme) => text(scheme, 'cac:TaxScheme/cbc:ID')?.toUpperCase() === 'VAT') ?? schemes[0];
  return text(vat, 'cbc:CompanyID');
}

function readParty(party: XmlNode | undefined): UblParty {
  return {
    name: text(party, 'cac:PartyName/cbc:Name'),
    registrationName: text(party, 'cac:PartyLegalEntity/cbc:RegistrationName'),
    ids: [
      ...idsOf(all(party, 'cbc:EndpointID'), 'endpoint'),
      ...idsOf(all(party, 'cac:PartyIdentification/cbc:ID'), 'identification'),
      ...idsOf(all(party, 'cac:PartyLegalEntity/cbc:CompanyID'), 'legal'),
    ],
    vatId: readVatId(party),
    address: readAddress(first(party, 'cac:PostalAddress')),
    contact: {
      name: text(party, 'cac:Contact/cbc:Name'),
      phone: text(party, 'cac:Contact/cbc:Telephone'),
      email: text(party, 'cac:Contact/cbc:ElectronicMail'),
    },
  };
}

function readDelivery(delivery: XmlNode | undefined): UblParty | null {
  if (!delivery) return null;
  const location = first(delivery, 'cac:DeliveryLocation');
  const partyNode = first(delivery, 'cac:DeliveryParty');
  if (!location && !partyNode) return null;
  const party = readParty(partyNode);
  const locationAddress = first(location, 'cac:Address');
  return {
    ...party,
    ids: [...idsOf(all(location, 'cbc:ID'), 'location'), ...party.ids],
    address: locationAddress ? readAddress(locationAddress) : party.address,
  };
}

function readLine(line: XmlNode, quantityElement: string): UblLine {
  const quantity = first(line, quantityElement);
  return {
    id: text(line, 'cbc:ID'),
    quantity: text(quantity),
    unitCode: attribute(quantity, 'unitCode'),
    lineAmount: text(line, 'cbc:LineExtensionAmount'),
    name: text(line, 'cac:Item/cbc:Name'),
    description: text(line, 'cac:Item/cbc:Description'),
    sellersItemId: text(line, 'cac:Item/cac:SellersItemIdentification/cbc:ID'),
    price: text(line, 'cac:Price/cbc:PriceAmount'),
    baseQuantity: text(line, 'cac:Price/cbc:BaseQuantity'),
    taxCategory: text(line, 'cac:Item/cac:ClassifiedTaxCategory/cbc:ID'),
    taxPercent: text(line, 'cac:Item/cac:ClassifiedTaxCategory/cbc:Percent'),
    note: text(line, 'cbc:Note'),
  };
}

function readAllowanceCharge(node: XmlNode): UblAllowanceCharge {
  return {
    charge: text(node, 'cbc:ChargeIndicator')?.toLowerCase() === 'true',
    amount: text(node, 'cbc:Amount'),
    reason: text(node, 'cbc:AllowanceChargeReason'),
    taxCategory: text(node, 'cac:TaxCategory/cbc:ID'),
    taxPercent: text(node, 'cac:TaxCategory/cbc:Percent'),
  };
}

function readTaxSubtotal(node: XmlNode): UblTaxSubtotal {
  return {
    category: text(node, 'cac:TaxCategory/cbc:ID'),
    percent: text(node, 'cac:TaxCategory/cbc:Percent'),
    taxableAmount: text(node, 'cbc:TaxableAmount'),
    taxAmount: text(node, 'cbc:TaxAmount'),
    exemptionReason: text(node, 'cac:TaxCategory/cbc:TaxExemptionReason'),
  };
}

/**
 * EN 16931 allows a second TaxTotal, without subtotals, in the VAT accounting currency (BT-111); the totals rules
 * are about the one in the document currency.
 */
function documentTaxTotal(root: XmlNode, currency: string | null): XmlNode | undefined {
  const totals = all(root, 'cac:TaxTotal');
  return (
    totals.find((total) => attribute(first(total, 'cbc:TaxAmount'), 'currencyID') === currency) ??
    totals.find((total) => first(total, 'cac:TaxSubtotal') !== undefined) ??
    totals[0]
  );
}

/**
 * Every amount must be in the document currency (PEPPOL-EN16931-R051), except the tax total in the VAT accounting
 * currency: an amount in another currency would be stored as if it were in the document's.
 */
function currencyMismatch(
  root: XmlNode,
  currency: string | null,
  taxTotal: XmlNode | undefined,
): UblRejection | undefined {
  if (currency === null) return undefined;
  const walk = (node: XmlNode, path: string): UblRejection | undefined => {
    const counts = new Map<string, number>();
    for (const child of node.children) {
      const name = qualify(child.uri, child.local);
      counts.set(name, (counts.get(name) ?? 0) + 1);
    }
    const seen = new Map<string, number>();
    for (const child of node.children) {
      const name = qualify(child.uri, child.local);
      const index = (seen.get(name) ?? 0) + 1;
      seen.set(name, index);
      const childPath = `${path}${path ? '/' : ''}${name}${counts.get(name)! > 1 ? `[${index}]` : ''}`;
      const found = child.attributes.currencyID?.trim();
      if (found !== undefined && found !== currency) {
        const taxCurrencyTotal = node !== taxTotal && node.local === 'TaxTotal' && child.local === 'TaxAmount';
        if (!taxCurrencyTotal) {
          return {
            field: childPath,
            messageKey: 'ubl.errors.currency_mismatch',
            values: { expected: currency, found },
          };
        }
      }
      const nested = walk(child, childPath);
      if (nested) return nested;
    }
    return undefined;
  };
  return walk(root, '');
}

function readAttachments(root: XmlNode): UblAttachment[] {
  return all(root, 'cac:AdditionalDocumentReference').flatMap((reference) => {
    const binary = first(reference, 'cac:Attachment/cbc:EmbeddedDocumentBinaryObject');
    if (!binary?.binary) return [];
    return [
      {
        id: text(reference, 'cbc:ID'),
        filename: attribute(binary, 'filename'),
        mimeCode: attribute(binary, 'mimeCode'),
        description: text(reference, 'cbc:DocumentDescription'),
        bytes: binary.binary,
      },
    ];
  });
}

function isNegative(amount: string | null): boolean {
  const value = parseDecimal(amount);
  return value !== undefined && value.units < 0n;
}

function readDocument(root: XmlNode): UblResult {
  const documentType = root.local === 'CreditNote' ? 'CreditNote' : 'Invoice';
  const number = text(root, 'cbc:ID');
  const reject = (rejection: UblRejection): UblResult => ({
    ok: false,
    rejection: number === null ? rejection : { ...rejection, document: number },
  });

  // UBL 2.0 and 2.1 share their namespaces; only cbc:UBLVersionID tells them apart (Peppol BIS 3 is UBL 2.1).
  const version = text(root, 'cbc:UBLVersionID');
  if (version !== null && !/^2\.[1-9]$/.test(version)) {
    return reject({ field: 'cbc:UBLVersionID', messageKey: 'ubl.errors.unsupported_version', values: { version } });
  }

  const currency = text(root, 'cbc:DocumentCurrencyCode');
  const taxTotalNode = documentTaxTotal(root, currency);
  const mismatch = currencyMismatch(root, currency, taxTotalNode);
  if (mismatch) return reject(mismatch);

  const typeCode = text(root, documentType === 'Invoice' ? 'cbc:InvoiceTypeCode' : 'cbc:CreditNoteTypeCode');
  const lineElement = documentType === 'Invoice' ? 'cac:InvoiceLine' : 'cac:CreditNoteLine';
  const quantityElement = documentType === 'Invoice' ? 'cbc:InvoicedQuantity' : 'cbc:CreditedQuantity';
  const monetary = first(root, 'cac:LegalMonetaryTotal');
  const delivery = first(root, 'cac:Delivery');
  const paymentTerms = all(root, 'cac:PaymentTerms/cbc:Note')
    .map((note) => text(note))
    .filter((note): note is string => note !== null);

  const document: UblDocument = {
    kind: 'invoice',
    documentType,
    signReversed: false,
    typeCode,
    customizationId: text(root, 'cbc:CustomizationID'),
    profileId: text(root, 'cbc:ProfileID'),
    number,
    issueDate: text(root, 'cbc:IssueDate'),
    dueDate: text(root, 'cbc:DueDate') ?? text(root, 'cac:PaymentMeans/cbc:PaymentDueDate'),
    paymentTermsNote: paymentTerms.length > 0 ? paymentTerms.join('\n') : null,
    currency,
    buyerReference: text(root, 'cbc:BuyerReference'),
    orderReference: text(root, 'cac:OrderReference/cbc:ID'),
    billingReferences: all(root, 'cac:BillingReference/cac:InvoiceDocumentReference/cbc:ID')
      .map((id) => text(id))
      .filter((id): id is string => id !== null),
    notes: all(root, 'cbc:Note')
      .map((note) => text(note))
      .filter((note): note is string => note !== null),
    seller: readParty(first(root, 'cac:AccountingSupplierParty/cac:Party')),
    buyer: readParty(first(root, 'cac:AccountingCustomerParty/cac:Party')),
    payee: first(root, 'cac:PayeeParty') ? readParty(first(root, 'cac:PayeeParty')) : null,
    delivery: readDelivery(delivery),
    deliveryDate: text(delivery, 'cbc:ActualDeliveryDate'),
    lines: all(root, lineElement).map((line) => readLine(line, quantityElement)),
    allowanceCharges: all(root, 'cac:AllowanceCharge').map(readAllowanceCharge),
    taxTotal: text(taxTotalNode, 'cbc:TaxAmount'),
    taxSubtotals: all(taxTotalNode, 'cac:TaxSubtotal').map(readTaxSubtotal),
    totals: {
      lineExtension: text(monetary, 'cbc:LineExtensionAmount'),
      taxExclusive: text(monetary, 'cbc:TaxExclusiveAmount'),
      taxInclusive: text(monetary, 'cbc:TaxInclusiveAmount'),
      allowanceTotal: text(monetary, 'cbc:AllowanceTotalAmount'),
      chargeTotal: text(monetary, 'cbc:ChargeTotalAmount'),
      prepaid: text(monetary, 'cbc:PrepaidAmount'),
      rounding: text(monetary, 'cbc:PayableRoundingAmount'),
      payable: text(monetary, 'cbc:PayableAmount'),
    },
  };

  if (documentType === 'CreditNote' || (typeCode !== null && creditNoteTypeCodes.has(typeCode))) {
    document.kind = 'credit';
  } else if (isNegative(document.totals.payable)) {
    reverseSigns(document);
  }
  return { ok: true, document, attachments: readAttachments(root) };
}

/** A negative Invoice becomes a credit stated in positive amounts (the convention on UblDocument). */
function reverseSigns(document: UblDocument): void {
  const flip = (amount: string | null) => (amount === null ? null : negateDecimalText(amount));
  document.kind = 'credit';
  document.signReversed = true;
  document.lines = document.lines.map((line) => ({
    ...line,
    quantity: flip(line.quantity),
    lineAmount: flip(line.lineAmount),
  }));
  document.allowanceCharges = document.allowanceCharges.map((entry) => ({ ...entry, amount: flip(entry.amount) }));
  document.taxTotal = flip(document.taxTotal);
  document.taxSubtotals = document.taxSubtotals.map((subtotal) => ({
    ...subtotal,
    taxableAmount: flip(subtotal.taxableAmount),
    taxAmount: flip(subtotal.taxAmount),
  }));
  const totals = document.totals;
  document.totals = {
    lineExtension: flip(totals.lineExtension),
    taxExclusive: flip(totals.taxExclusive),
    taxInclusive: flip(totals.taxInclusive),
    allowanceTotal: flip(totals.allowanceTotal),
    chargeTotal: flip(totals.chargeTotal),
    prepaid: flip(totals.prepaid),
    rounding: flip(totals.rounding),
    payable: flip(totals.payable),
  };
}
