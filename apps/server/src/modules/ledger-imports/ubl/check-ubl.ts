// EN 16931 checks on what parseUbl read (issue 27 §2): the business terms the ledger needs (BR-02..BR-07, BR-16,
// the line terms BR-21..BR-27, the totals BR-12..BR-15), code and date syntax, and the BR-CO rules on the monetary
// totals, in exact decimal arithmetic (scaled bigint, never a float). The rest of EN 16931's schematron (addresses,
// VAT category rules, code lists) is the sender's validator's work: the portal only refuses a document it would
// store wrongly. Every problem is returned, not only the first, so that a report names them all.
import {
  addDecimals,
  compareDecimals,
  formatDecimal,
  parseDecimal,
  subtractDecimals,
  type Decimal,
} from './ubl-decimal';
import type { UblDocument, UblRejection } from './ubl-document';

const isoDate = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A real calendar date written YYYY-MM-DD (2024-02-30 is not one). */
export function isIsoDate(value: string): boolean {
  const match = isoDate.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

export function checkUbl(document: UblDocument): UblRejection[] {
  const rejections: UblRejection[] = [];
  const reject = (field: string, messageKey: string, values: Record<string, string>) => {
    rejections.push(
      document.number === null
        ? { field, messageKey, values }
        : { field, messageKey, values, document: document.number },
    );
  };
  const credit = document.documentType === 'CreditNote';
  const lineElement = credit ? 'cac:CreditNoteLine' : 'cac:InvoiceLine';
  const quantityElement = credit ? 'cbc:CreditedQuantity' : 'cbc:InvoicedQuantity';

  const required = (value: string | null | undefined, field: string, rule: string): value is string => {
    if (value) return true;
    reject(field, 'ubl.errors.missing_field', { rule, field });
    return false;
  };
  const date = (value: string | null, field: string) => {
    if (value !== null && !isIsoDate(value)) reject(field, 'ubl.errors.invalid_date', { value });
  };
  /** The amount's value; reports it when it is not a decimal. undefined when absent or invalid. */
  const amount = (value: string | null, field: string): Decimal | undefined => {
    if (value === null) return undefined;
    const parsed = parseDecimal(value);
    if (parsed === undefined) reject(field, 'ubl.errors.invalid_amount', { value });
    return parsed;
  };

  // Document terms.
  required(document.number, 'cbc:ID', 'BR-02');
  if (required(document.issueDate, 'cbc:IssueDate', 'BR-03')) date(document.issueDate, 'cbc:IssueDate');
  required(document.typeCode, credit ? 'cbc:CreditNoteTypeCode' : 'cbc:InvoiceTypeCode', 'BR-04');
  if (required(document.currency, 'cbc:DocumentCurrencyCode', 'BR-05') && !/^[A-Z]{3}$/.test(document.currency)) {
    reject('cbc:DocumentCurrencyCode', 'ubl.errors.invalid_currency', { value: document.currency });
  }
  date(document.dueDate, 'cbc:DueDate');
  date(document.deliveryDate, 'cac:Delivery/cbc:ActualDeliveryDate');
  // BT-27 / BT-44 are the legal names; a trading name alone is accepted (it names the party as well for the ledger).
  required(
    document.seller.registrationName ?? document.seller.name,
    'cac:AccountingSupplierParty/cac:Party/cac:PartyLegalEntity/cbc:RegistrationName',
    'BR-06',
  );
  required(
    document.buyer.registrationName ?? document.buyer.name,
    'cac:AccountingCustomerParty/cac:Party/cac:PartyLegalEntity/cbc:RegistrationName',
    'BR-07',
  );

  // Lines.
  if (document.lines.length === 0) reject(lineElement, 'ubl.errors.no_lines', { rule: 'BR-16' });
  const lineAmounts: (Decimal | undefined)[] = document.lines.map((line, index) => {
    const path = `${lineElement}[${index + 1}]`;
    required(line.id, `${path}/cbc:ID`, 'BR-21');
    if (required(line.quantity, `${path}/${quantityElement}`, 'BR-22'))
      amount(line.quantity, `${path}/${quantityElement}`);
    required(line.unitCode, `${path}/${quantityElement}/@unitCode`, 'BR-23');
    required(line.name, `${path}/cac:Item/cbc:Name`, 'BR-25');
    if (required(line.price, `${path}/cac:Price/cbc:PriceAmount`, 'BR-26')) {
      const price = amount(line.price, `${path}/cac:Price/cbc:PriceAmount`);
      if (price !== undefined && price.units < 0n) {
        reject(`${path}/cac:Price/cbc:PriceAmount`, 'ubl.errors.negative_price', { rule: 'BR-27', value: line.price });
      }
    }
    amount(line.baseQuantity, `${path}/cac:Price/cbc:BaseQuantity`);
    amount(line.taxPercent, `${path}/cac:Item/cac:ClassifiedTaxCategory/cbc:Percent`);
    return required(line.lineAmount, `${path}/cbc:LineExtensionAmount`, 'BR-24')
      ? amount(line.lineAmount, `${path}/cbc:LineExtensionAmount`)
      : undefined;
  });

  // Document-level allowances and charges (BR-31, BR-36: an amount each).
  const allowances: (Decimal | undefined)[] = [];
  const charges: (Decimal | undefined)[] = [];
  document.allowanceCharges.forEach((entry, index) => {
    const field = `cac:AllowanceCharge[${index + 1}]/cbc:Amount`;
    const value = required(entry.amount, field, entry.charge ? 'BR-36' : 'BR-31')
      ? amount(entry.amount, field)
      : undefined;
    (entry.charge ? charges : allowances).push(value);
    amount(entry.taxPercent, `cac:AllowanceCharge[${index + 1}]/cac:TaxCategory/cbc:Percent`);
  });

  // VAT breakdown: BR-CO-18 wants at least one group; each has a taxable and a tax amount and a category.
  const taxTotal = required(document.taxTotal, 'cac:TaxTotal/cbc:TaxAmount', 'BR-CO-18')
    ? amount(document.taxTotal, 'cac:TaxTotal/cbc:TaxAmount')
    : undefined;
  if (document.taxSubtotals.length === 0) {
    reject('cac:TaxTotal/cac:TaxSubtotal', 'ubl.errors.missing_field', {
      rule: 'BR-CO-18',
      field: 'cac:TaxTotal/cac:TaxSubtotal',
    });
  }
  const subtotalTaxes = document.taxSubtotals.map((subtotal, index) => {
    const path = `cac:TaxTotal/cac:TaxSubtotal[${index + 1}]`;
    if (required(subtotal.taxableAmount, `${path}/cbc:TaxableAmount`, 'BR-45')) {
      amount(subtotal.taxableAmount, `${path}/cbc:TaxableAmount`);
    }
    required(subtotal.category, `${path}/cac:TaxCategory/cbc:ID`, 'BR-47');
    amount(subtotal.percent, `${path}/cac:TaxCategory/cbc:Percent`);
    return required(subtotal.taxAmount, `${path}/cbc:TaxAmount`, 'BR-46')
      ? amount(subtotal.taxAmount, `${path}/cbc:TaxAmount`)
      : undefined;
  });

  // Monetary totals: the four EN 16931 requires, and the optional ones when present.
  const totalsPath = 'cac:LegalMonetaryTotal';
  const total = (value: string | null, element: string, rule?: string): Decimal | undefined => {
    const field = `${totalsPath}/${element}`;
    if (rule !== undefined && !required(value, field, rule)) return undefined;
    return amount(value, field);
  };
  const { totals } = document;
  const lineExtension = total(totals.lineExtension, 'cbc:LineExtensionAmount', 'BR-12');
  const taxExclusive = total(totals.taxExclusive, 'cbc:TaxExclusiveAmount', 'BR-13');
  const taxInclusive = total(totals.taxInclusive, 'cbc:TaxInclusiveAmount', 'BR-14');
  const payable = total(totals.payable, 'cbc:PayableAmount', 'BR-15');
  const allowanceTotal = total(totals.allowanceTotal, 'cbc:AllowanceTotalAmount');
  const chargeTotal = total(totals.chargeTotal, 'cbc:ChargeTotalAmount');
  const prepaid = total(totals.prepaid, 'cbc:PrepaidAmount');
  const rounding = total(totals.rounding, 'cbc:PayableRoundingAmount');

  // An absent optional total counts as zero; an amount that could not be read stops the rules that need it (it has
  // been reported already).
  const zero: Decimal = { units: 0n, scale: 0 };
  const orZero = (value: string | null, parsed: Decimal | undefined): Decimal | undefined =>
    value === null ? zero : parsed;
  const rule = (
    ruleId: string,
    messageKey: string,
    field: string,
    found: Decimal | undefined,
    foundText: string | null,
    operands: (Decimal | undefined)[],
    compute: (values: Decimal[]) => Decimal,
  ) => {
    if (found === undefined || operands.some((operand) => operand === undefined)) return;
    const values = operands as Decimal[];
    const expected = compute(values);
    if (compareDecimals(expected, found) !== 0) {
      const scale = Math.max(found.scale, ...values.map((value) => value.scale));
      reject(field, messageKey, { rule: ruleId, expected: formatDecimal(expected, scale), found: foundText ?? '0' });
    }
  };
  const sum = (values: Decimal[]) => addDecimals(zero, ...values);

  rule(
    'BR-CO-10',
    'ubl.errors.br_co_10',
    `${totalsPath}/cbc:LineExtensionAmount`,
    lineExtension,
    totals.lineExtension,
    lineAmounts,
    sum,
  );
  rule(
    'BR-CO-11',
    'ubl.errors.br_co_11',
    `${totalsPath}/cbc:AllowanceTotalAmount`,
    orZero(totals.allowanceTotal, allowanceTotal),
    totals.allowanceTotal,
    allowances,
    sum,
  );
  rule(
    'BR-CO-12',
    'ubl.errors.br_co_12',
    `${totalsPath}/cbc:ChargeTotalAmount`,
    orZero(totals.chargeTotal, chargeTotal),
    totals.chargeTotal,
    charges,
    sum,
  );
  rule(
    'BR-CO-13',
    'ubl.errors.br_co_13',
    `${totalsPath}/cbc:TaxExclusiveAmount`,
    taxExclusive,
    totals.taxExclusive,
    [lineExtension, orZero(totals.allowanceTotal, allowanceTotal), orZero(totals.chargeTotal, chargeTotal)],
    ([lines, allowed, charged]) => addDecimals(subtractDecimals(lines!, allowed!), charged!),
  );
  rule(
    'BR-CO-14',
    'ubl.errors.br_co_14',
    'cac:TaxTotal/cbc:TaxAmount',
    taxTotal,
    document.taxTotal,
    subtotalTaxes,
    sum,
  );
  rule(
    'BR-CO-15',
    'ubl.errors.br_co_15',
    `${totalsPath}/cbc:TaxInclusiveAmount`,
    taxInclusive,
    totals.taxInclusive,
    [taxExclusive, taxTotal],
    ([exclusive, tax]) => addDecimals(exclusive!, tax!),
  );
  rule(
    'BR-CO-16',
    'ubl.errors.br_co_16',
    `${totalsPath}/cbc:PayableAmount`,
    payable,
    totals.payable,
    [taxInclusive, orZero(totals.prepaid, prepaid), orZero(totals.rounding, rounding)],
    ([inclusive, paid, rounded]) => addDecimals(subtractDecimals(inclusive!, paid!), rounded!),
  );
  return rejections;
}
