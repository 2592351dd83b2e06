// Writes a Peppol BIS Billing 3.0 UBL Invoice or CreditNote from simple options, with every total computed the way
// EN 16931 wants it (exact decimals, rounded half away from zero to the currency's decimals), so that import tests
// and the 10,000-file benchmark can make as many valid files as they need. Its output passes parseUbl and checkUbl.
// Elements are written in the order of the UBL 2.1 schemas.
import { currencyDecimals } from '@portal/domain';
import {
  addDecimals,
  formatDecimal,
  multiplyDecimals,
  negateDecimal,
  parseDecimal,
  roundDecimal,
  subtractDecimals,
  type Decimal,
} from './ubl-decimal';

export type BuildUblId = { scheme: string; value: string };

export type BuildUblParty = {
  name: string;
  /** cbc:EndpointID (the Peppol address: 0088 GLN, 0192 Norwegian org. number, 9925 Belgian VAT...). */
  endpoint?: BuildUblId;
  /** cac:PartyIdentification/cbc:ID. */
  ids?: BuildUblId[];
  /** cac:PartyLegalEntity/cbc:CompanyID (0002 SIRENE, 0007 Swedish org. number...). */
  legalId?: BuildUblId;
  vatId?: string;
  street?: string;
  city?: string;
  postalCode?: string;
  /** ISO 3166-1 alpha-2; 'FR' when left out. */
  country?: string;
  contact?: { name?: string; phone?: string; email?: string };
};

export type BuildUblLine = {
  name: string;
  description?: string;
  sellersItemId?: string;
  /** A decimal string: '2', '1.5'. */
  quantity: string;
  /** UN/ECE Rec. 20; C62 ("one") when left out. */
  unitCode?: string;
  /** The net price per unit, a decimal string. */
  unitPrice: string;
  /** '20', '5.5', '0'. */
  taxPercent: string;
  /** UNCL5305; S, or Z for a 0 % rate, when left out. */
  taxCategory?: string;
};

export type BuildUblAllowanceCharge = {
  charge?: boolean;
  amount: string;
  reason: string;
  taxPercent: string;
  taxCategory?: string;
};

export type BuildUblOptions = {
  /** 'credit': a CreditNote (381); 'negative-invoice': an Invoice (380) whose quantities, so amounts, are negated. */
  kind?: 'invoice' | 'credit' | 'negative-invoice';
  number: string;
  /** YYYY-MM-DD. */
  issueDate: string;
  dueDate?: string;
  currency: string;
  /** The currency's decimals; from Intl's currency data when left out (JPY 0, EUR 2, KWD 3). */
  decimals?: number;
  seller?: BuildUblParty;
  buyer: BuildUblParty;
  delivery?: BuildUblParty & { locationId?: BuildUblId; date?: string };
  buyerReference?: string;
  orderReference?: string;
  /** The invoice a credit note corrects (cac:BillingReference). */
  billingReference?: string;
  notes?: string[];
  paymentTerms?: string;
  lines: BuildUblLine[];
  allowanceCharges?: BuildUblAllowanceCharge[];
  /** cbc:PrepaidAmount. */
  prepaid?: string;
  /** Embedded as cac:AdditionalDocumentReference/cac:Attachment/cbc:EmbeddedDocumentBinaryObject. */
  attachment?: { bytes: Buffer; filename: string; mimeCode: string; id?: string; description?: string };
};

export const defaultSeller: BuildUblParty = {
  name: 'Atelier Lumière SAS',
  endpoint: { scheme: '0009', value: '73282932000074' },
  legalId: { scheme: '0002', value: '732829320' },
  vatId: 'FR44732829320',
  street: '12 rue des Tanneurs',
  city: 'Lyon',
  postalCode: '69002',
  country: 'FR',
};

// XML 1.0 allows tab, line feed, carriage return and the characters from U+0020 on, minus lone surrogates and
// U+FFFE/U+FFFF: anything else cannot be written at all, so it is left out.
const notXmlChar = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;

function escapeXml(value: string): string {
  return value
    .replace(notXmlChar, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');
}

function decimal(value: string, what: string): Decimal {
  const parsed = parseDecimal(value);
  if (parsed === undefined) throw new Error(`buildUblInvoice: ${what} '${value}' is not a decimal`);
  return parsed;
}

/** `<cbc:Name>text</cbc:Name>`, or nothing when the value is absent. */
function element(name: string, value: string | undefined, attributes: Record<string, string> = {}): string {
  if (value === undefined) return '';
  const attributeText = Object.entries(attributes)
    .map(([key, attributeValue]) => ` ${key}="${escapeXml(attributeValue)}"`)
    .join('');
  return `<${name}${attributeText}>${escapeXml(value)}</${name}>`;
}

function party(options: BuildUblParty): string {
  const identifications = (options.ids ?? [])
    .map(
      (id) =>
        `<cac:PartyIdentification>${element('cbc:ID', id.value, { schemeID: id.scheme })}</cac:PartyIdentification>`,
    )
    .join('');
  const contact = options.contact
    ? `<cac:Contact>${element('cbc:Name', options.contact.name)}${element('cbc:Telephone', options.contact.phone)}${element(
        'cbc:ElectronicMail',
        options.contact.email,
      )}</cac:Contact>`
    : '';
  return [
    '<cac:Party>',
    options.endpoint ? element('cbc:EndpointID', options.endpoint.value, { schemeID: options.endpoint.scheme }) : '',
    identifications,
    `<cac:PartyName>${element('cbc:Name', options.name)}</cac:PartyName>`,
    address('cac:PostalAddress', options),
    options.vatId
      ? `<cac:PartyTaxScheme>${element('cbc:CompanyID', options.vatId)}<cac:TaxScheme><cbc:ID>VAT</cbc:ID></cac:TaxScheme></cac:PartyTaxScheme>`
      : '',
    '<cac:PartyLegalEntity>',
    element('cbc:RegistrationName', options.name),
    options.legalId ? element('cbc:CompanyID', options.legalId.value, { schemeID: options.legalId.scheme }) : '',
    '</cac:PartyLegalEntity>',
    contact,
    '</cac:Party>',
  ].join('');
}

function address(name: string, options: BuildUblParty): string {
  return [
    `<${name}>`,
    element('cbc:StreetName', options.street),
    element('cbc:CityName', options.city),
    element('cbc:PostalZone', options.postalCode),
    `<cac:Country>${element('cbc:IdentificationCode', options.country ?? 'FR')}</cac:Country>`,
    `</${name}>`,
  ].join('');
}

function taxCategory(percent: string, category: string | undefined, withExemption: boolean): string {
  const code = category ?? (decimal(percent, 'tax percent').units === 0n ? 'Z' : 'S');
  // BR-E-10 and its siblings: an exempt or reverse-charge group states why.
  const exemption =
    withExemption && ['E', 'AE', 'K', 'G', 'O'].includes(code) ? element('cbc:TaxExemptionReason', 'Exempt') : '';
  return `${element('cbc:ID', code)}${code === 'O' ? '' : element('cbc:Percent', percent)}${exemption}<cac:TaxScheme><cbc:ID>VAT</cbc:ID></cac:TaxScheme>`;
}

function base64Lines(bytes: Buffer): string {
  return (bytes.toString('base64').match(/.{1,76}/g) ?? []).join('\n');
}

export function buildUblInvoice(options: BuildUblOptions): string {
  const kind = options.kind ?? 'invoice';
  const credit = kind === 'credit';
  const decimals = options.decimals ?? currencyDecimals(options.currency);
  const root = credit ? 'CreditNote' : 'Invoice';
  const lineName = credit ? 'cac:CreditNoteLine' : 'cac:InvoiceLine';
  const quantityName = credit ? 'cbc:CreditedQuantity' : 'cbc:InvoicedQuantity';
  const currencyID = { currencyID: options.currency };
  const money = (value: Decimal) => formatDecimal(roundDecimal(value, decimals), decimals);
  const zero: Decimal = { units: 0n, scale: 0 };

  // Tax groups by category and rate (BG-23), in the order they first appear.
  const groups = new Map<string, { category: string | undefined; percent: string; taxable: Decimal }>();
  const addToGroup = (percent: string, category: string | undefined, amount: Decimal) => {
    const key = `${category ?? ''}|${formatDecimal(decimal(percent, 'tax percent'))}`;
    const group = groups.get(key) ?? { category, percent, taxable: zero };
    group.taxable = addDecimals(group.taxable, amount);
    groups.set(key, group);
  };

  const lines = options.lines.map((line, index) => {
    let quantity = decimal(line.quantity, 'quantity');
    if (kind === 'negative-invoice') quantity = negateDecimal(quantity);
    const amount = roundDecimal(multiplyDecimals(quantity, decimal(line.unitPrice, 'unit price')), decimals);
    addToGroup(line.taxPercent, line.taxCategory, amount);
    const xml = [
      `<${lineName}>`,
      element('cbc:ID', String(index + 1)),
      element(quantityName, formatDecimal(quantity), { unitCode: line.unitCode ?? 'C62' }),
      element('cbc:LineExtensionAmount', money(amount), currencyID),
      '<cac:Item>',
      element('cbc:Description', line.description),
      element('cbc:Name', line.name),
      line.sellersItemId
        ? `<cac:SellersItemIdentification>${element('cbc:ID', line.sellersItemId)}</cac:SellersItemIdentification>`
        : '',
      `<cac:ClassifiedTaxCategory>${taxCategory(line.taxPercent, line.taxCategory, false)}</cac:ClassifiedTaxCategory>`,
      '</cac:Item>',
      `<cac:Price>${element('cbc:PriceAmount', line.unitPrice.trim(), currencyID)}</cac:Price>`,
      `</${lineName}>`,
    ].join('');
    return { xml, amount };
  });

  let allowanceTotal = zero;
  let chargeTotal = zero;
  const allowanceCharges = (options.allowanceCharges ?? []).map((entry) => {
    const amount = roundDecimal(decimal(entry.amount, 'allowance amount'), decimals);
    if (entry.charge) chargeTotal = addDecimals(chargeTotal, amount);
    else allowanceTotal = addDecimals(allowanceTotal, amount);
    addToGroup(entry.taxPercent, entry.taxCategory, entry.charge ? amount : negateDecimal(amount));
    return [
      '<cac:AllowanceCharge>',
      element('cbc:ChargeIndicator', entry.charge ? 'true' : 'false'),
      element('cbc:AllowanceChargeReason', entry.reason),
      element('cbc:Amount', money(amount), currencyID),
      `<cac:TaxCategory>${taxCategory(entry.taxPercent, entry.taxCategory, false)}</cac:TaxCategory>`,
      '</cac:AllowanceCharge>',
    ].join('');
  });

  let taxTotal = zero;
  const subtotals = [...groups.values()].map((group) => {
    const percent = decimal(group.percent, 'tax percent');
    const tax = roundDecimal(
      { units: group.taxable.units * percent.units, scale: group.taxable.scale + percent.scale + 2 },
      decimals,
    );
    taxTotal = addDecimals(taxTotal, tax);
    return [
      '<cac:TaxSubtotal>',
      element('cbc:TaxableAmount', money(group.taxable), currencyID),
      element('cbc:TaxAmount', money(tax), currencyID),
      `<cac:TaxCategory>${taxCategory(group.percent, group.category, true)}</cac:TaxCategory>`,
      '</cac:TaxSubtotal>',
    ].join('');
  });

  const lineExtension = addDecimals(zero, ...lines.map((line) => line.amount));
  const taxExclusive = addDecimals(subtractDecimals(lineExtension, allowanceTotal), chargeTotal);
  const taxInclusive = addDecimals(taxExclusive, taxTotal);
  const prepaid =
    options.prepaid === undefined ? undefined : roundDecimal(decimal(options.prepaid, 'prepaid'), decimals);
  const payable = prepaid ? subtractDecimals(taxInclusive, prepaid) : taxInclusive;
  const seller = options.seller ?? defaultSeller;
  const hasAllowances = (options.allowanceCharges ?? []).some((entry) => !entry.charge);
  const hasCharges = (options.allowanceCharges ?? []).some((entry) => entry.charge);

  const delivery = options.delivery
    ? [
        '<cac:Delivery>',
        element('cbc:ActualDeliveryDate', options.delivery.date),
        '<cac:DeliveryLocation>',
        options.delivery.locationId
          ? element('cbc:ID', options.delivery.locationId.value, { schemeID: options.delivery.locationId.scheme })
          : '',
        address('cac:Address', options.delivery),
        '</cac:DeliveryLocation>',
        `<cac:DeliveryParty><cac:PartyName>${element('cbc:Name', options.delivery.name)}</cac:PartyName></cac:DeliveryParty>`,
        '</cac:Delivery>',
      ].join('')
    : '';
  const attachment = options.attachment
    ? [
        '<cac:AdditionalDocumentReference>',
        element('cbc:ID', options.attachment.id ?? options.number),
        element('cbc:DocumentDescription', options.attachment.description),
        '<cac:Attachment>',
        `<cbc:EmbeddedDocumentBinaryObject mimeCode="${escapeXml(options.attachment.mimeCode)}" filename="${escapeXml(
          options.attachment.filename,
        )}">${base64Lines(options.attachment.bytes)}</cbc:EmbeddedDocumentBinaryObject>`,
        '</cac:Attachment>',
        '</cac:AdditionalDocumentReference>',
      ].join('')
    : '';
  // A CreditNote has no cbc:DueDate in UBL 2.1: Peppol BIS 3 puts its due date in the payment means.
  const paymentMeans =
    credit && options.dueDate
      ? `<cac:PaymentMeans>${element('cbc:PaymentMeansCode', '30')}${element('cbc:PaymentDueDate', options.dueDate)}</cac:PaymentMeans>`
      : '';

  return [
    '<?xml version="1.0" encoding="UTF-8"?>\n',
    `<${root} xmlns="urn:oasis:names:specification:ubl:schema:xsd:${root}-2"`,
    ' xmlns:cac="urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2"',
    ' xmlns:cbc="urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2">\n',
    element('cbc:CustomizationID', 'urn:cen.eu:en16931:2017#compliant#urn:fdc:peppol.eu:2017:poacc:billing:3.0'),
    element('cbc:ProfileID', 'urn:fdc:peppol.eu:2017:poacc:billing:01:1.0'),
    element('cbc:ID', options.number),
    element('cbc:IssueDate', options.issueDate),
    credit ? '' : element('cbc:DueDate', options.dueDate),
    element(credit ? 'cbc:CreditNoteTypeCode' : 'cbc:InvoiceTypeCode', credit ? '381' : '380'),
    (options.notes ?? []).map((note) => element('cbc:Note', note)).join(''),
    element('cbc:DocumentCurrencyCode', options.currency),
    element('cbc:BuyerReference', options.buyerReference),
    options.orderReference
      ? `<cac:OrderReference>${element('cbc:ID', options.orderReference)}</cac:OrderReference>`
      : '',
    options.billingReference
      ? `<cac:BillingReference><cac:InvoiceDocumentReference>${element('cbc:ID', options.billingReference)}</cac:InvoiceDocumentReference></cac:BillingReference>`
      : '',
    attachment,
    `<cac:AccountingSupplierParty>${party(seller)}</cac:AccountingSupplierParty>`,
    `<cac:AccountingCustomerParty>${party(options.buyer)}</cac:AccountingCustomerParty>`,
    delivery,
    paymentMeans,
    options.paymentTerms ? `<cac:PaymentTerms>${element('cbc:Note', options.paymentTerms)}</cac:PaymentTerms>` : '',
    allowanceCharges.join(''),
    `<cac:TaxTotal>${element('cbc:TaxAmount', money(taxTotal), currencyID)}${subtotals.join('')}</cac:TaxTotal>`,
    '<cac:LegalMonetaryTotal>',
    element('cbc:LineExtensionAmount', money(lineExtension), currencyID),
    element('cbc:TaxExclusiveAmount', money(taxExclusive), currencyID),
    element('cbc:TaxInclusiveAmount', money(taxInclusive), currencyID),
    hasAllowances ? element('cbc:AllowanceTotalAmount', money(allowanceTotal), currencyID) : '',
    hasCharges ? element('cbc:ChargeTotalAmount', money(chargeTotal), currencyID) : '',
    prepaid ? element('cbc:PrepaidAmount', money(prepaid), currencyID) : '',
    element('cbc:PayableAmount', money(payable), currencyID),
    '</cac:LegalMonetaryTotal>\n',
    lines.map((line) => line.xml).join('\n'),
    `\n</${root}>\n`,
  ].join('');
}
