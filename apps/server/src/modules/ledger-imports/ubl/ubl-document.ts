// What the UBL reader returns: the EN 16931 business terms the portal uses, read from a UBL 2.1 Invoice or CreditNote
// (Peppol BIS Billing 3.0). Plain JSON only (strings, booleans, arrays, objects, null): a UblDocument is stored as it
// is in ledger.document_e_invoices.detail and rendered into a PDF from there.
//
// Conventions
// - Every value is the element's text with surrounding whitespace trimmed, or null when the element is absent or
//   empty. checkUbl says which absent values EN 16931 requires.
// - Amounts, quantities and percentages are decimal strings as written in the file, never numbers, with one
//   exception: the signs of an Invoice whose PayableAmount is negative (see `signReversed`).

/** An identifier of a party with its scheme (ISO 6523 ICD or EAS code such as 0088, 0002, 0192; '' when none). */
export type UblPartyId = {
  scheme: string;
  value: string;
  /**
   * Where it was read: cbc:EndpointID, cac:PartyIdentification/cbc:ID, cac:PartyLegalEntity/cbc:CompanyID, or (for
   * the delivery party) cac:DeliveryLocation/cbc:ID.
   */
  source: 'endpoint' | 'identification' | 'legal' | 'location';
};

export type UblAddress = {
  street: string | null;
  additionalStreet: string | null;
  city: string | null;
  postalCode: string | null;
  region: string | null;
  /** ISO 3166-1 alpha-2 (cac:Country/cbc:IdentificationCode). */
  country: string | null;
};

export type UblContact = { name: string | null; phone: string | null; email: string | null };

export type UblParty = {
  /** cac:PartyName/cbc:Name (the trading name). */
  name: string | null;
  /** cac:PartyLegalEntity/cbc:RegistrationName (EN 16931's seller and buyer name, BT-27 and BT-44). */
  registrationName: string | null;
  ids: UblPartyId[];
  /** cac:PartyTaxScheme/cbc:CompanyID of the VAT tax scheme (else of the first tax scheme). */
  vatId: string | null;
  address: UblAddress;
  contact: UblContact;
};

export type UblLine = {
  id: string | null;
  /** cbc:InvoicedQuantity or cbc:CreditedQuantity. */
  quantity: string | null;
  /** The quantity's unitCode (UN/ECE Recommendation 20: C62, HUR, KGM...). */
  unitCode: string | null;
  /** cbc:LineExtensionAmount: the line's net amount (after line allowances and charges, without VAT). */
  lineAmount: string | null;
  name: string | null;
  description: string | null;
  sellersItemId: string | null;
  /** cac:Price/cbc:PriceAmount: the item's net price (never reversed: EN 16931 BR-27 keeps it non-negative). */
  price: string | null;
  baseQuantity: string | null;
  /** cac:Item/cac:ClassifiedTaxCategory/cbc:ID (UNCL5305: S, Z, E, AE, K, G, O, L, M). */
  taxCategory: string | null;
  taxPercent: string | null;
  note: string | null;
};

/** A document-level cac:AllowanceCharge. */
export type UblAllowanceCharge = {
  /** cbc:ChargeIndicator: true for a charge, false for an allowance. */
  charge: boolean;
  amount: string | null;
  reason: string | null;
  taxCategory: string | null;
  taxPercent: string | null;
};

export type UblTaxSubtotal = {
  category: string | null;
  percent: string | null;
  taxableAmount: string | null;
  taxAmount: string | null;
  exemptionReason: string | null;
};

/** cac:LegalMonetaryTotal. */
export type UblMonetaryTotals = {
  lineExtension: string | null;
  taxExclusive: string | null;
  taxInclusive: string | null;
  allowanceTotal: string | null;
  chargeTotal: string | null;
  prepaid: string | null;
  rounding: string | null;
  payable: string | null;
};

/**
 * One e-invoice. Sign convention: amounts are as written, so an Invoice is positive and a CreditNote is positive
 * too (a credit note states what is credited in positive amounts). An Invoice whose PayableAmount is negative is a
 * credit written the other way round: it is returned as kind 'credit' with `signReversed: true`, and every
 * monetary amount (line net amounts, allowances and charges, tax amounts, taxable amounts, every total) and every
 * line quantity has its sign flipped, so that a credit always reads positive-as-credit. Unit prices, base quantities
 * and percentages keep their signs (a price is never negative: BR-27). The flip keeps every EN 16931 totals rule
 * true, since each is a linear equation over the flipped amounts.
 */
export type UblDocument = {
  /** 'credit' for a CreditNote, an Invoice with a credit note type code (381, 396...), or a negative Invoice. */
  kind: 'invoice' | 'credit';
  /** The root element: paths in rejections and the line element's name follow it. */
  documentType: 'Invoice' | 'CreditNote';
  /** True when the amounts were negated (a negative Invoice read as a credit). */
  signReversed: boolean;
  /** cbc:InvoiceTypeCode or cbc:CreditNoteTypeCode (UNCL1001: 380 invoice, 381 credit note, 384, 389...). */
  typeCode: string | null;
  customizationId: string | null;
  profileId: string | null;
  /** cbc:ID. */
  number: string | null;
  /** YYYY-MM-DD. */
  issueDate: string | null;
  /** cbc:DueDate, else the first cac:PaymentMeans/cbc:PaymentDueDate (where a CreditNote carries it), else null. */
  dueDate: string | null;
  /** The cac:PaymentTerms/cbc:Note texts, one per line. */
  paymentTermsNote: string | null;
  /** cbc:DocumentCurrencyCode. */
  currency: string | null;
  buyerReference: string | null;
  /** cac:OrderReference/cbc:ID. */
  orderReference: string | null;
  /** cac:BillingReference/cac:InvoiceDocumentReference/cbc:ID, in document order. */
  billingReferences: string[];
  /** cbc:Note. */
  notes: string[];
  seller: UblParty;
  buyer: UblParty;
  /** cac:PayeeParty, when someone other than the seller is to be paid. */
  payee: UblParty | null;
  /**
   * cac:Delivery: the party of cac:DeliveryParty with the identifier (cbc:ID) and the address of
   * cac:DeliveryLocation; null when the document has no delivery information.
   */
  delivery: UblParty | null;
  /** cac:Delivery/cbc:ActualDeliveryDate. */
  deliveryDate: string | null;
  lines: UblLine[];
  allowanceCharges: UblAllowanceCharge[];
  /** cac:TaxTotal/cbc:TaxAmount of the TaxTotal in the document currency. */
  taxTotal: string | null;
  /** The cac:TaxSubtotal of that TaxTotal. */
  taxSubtotals: UblTaxSubtotal[];
  totals: UblMonetaryTotals;
};

/** The JSON kept in ledger.document_e_invoices.detail: the document exactly as the reader returned it. */
export type EInvoiceDetail = UblDocument;

/** An embedded attachment: cac:AdditionalDocumentReference/cac:Attachment/cbc:EmbeddedDocumentBinaryObject. */
export type UblAttachment = {
  /** The AdditionalDocumentReference's cbc:ID. */
  id: string | null;
  filename: string | null;
  /** As the sender declared it: never trusted (isPdf decides what is a PDF). */
  mimeCode: string | null;
  description: string | null;
  bytes: Buffer;
};

/**
 * Why a file or a document is refused: the field as an XPath-like path from the root (`cac:LegalMonetaryTotal/
 * cbc:PayableAmount`, `cac:InvoiceLine[2]/cbc:LineExtensionAmount`; '' for the file as a whole), a message key of the
 * `ubl` area and its values, and the document's number when it was read.
 */
export type UblRejection = {
  field: string;
  messageKey: string;
  values: Record<string, string>;
  document?: string;
};

export type UblResult =
  { ok: true; document: UblDocument; attachments: UblAttachment[] } | { ok: false; rejection: UblRejection };
