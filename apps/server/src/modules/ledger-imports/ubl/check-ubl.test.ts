import { describe, expect, it } from 'vitest';
import { checkUbl, isIsoDate } from './check-ubl';
import { parseUbl, type UblDocument } from './parse-ubl';
import { expectTranslated, fixture, fixtureText } from './ubl-test-helpers';

/** The invoice fixture (two rates, an allowance, a prepaid amount), read afresh for each test to change freely. */
function invoice(): UblDocument {
  const result = parseUbl(fixture('invoice-two-rates.xml'));
  if (!result.ok) throw new Error('fixture refused');
  return result.document;
}

function check(document: UblDocument) {
  const rejections = checkUbl(document);
  for (const rejection of rejections) expectTranslated(rejection);
  return rejections;
}

const totals = 'cac:LegalMonetaryTotal';

describe('checkUbl: EN 16931 totals rules, each broken alone', () => {
  it('passes the fixtures', () => {
    for (const name of [
      'invoice-two-rates.xml',
      'credit-note-381.xml',
      'negative-invoice.xml',
      'credit-note-jpy.xml',
    ]) {
      const result = parseUbl(fixture(name));
      expect(result.ok && checkUbl(result.document), name).toEqual([]);
    }
  });

  it('BR-CO-10: the line net amounts must add up to LineExtensionAmount', () => {
    const document = invoice();
    document.lines[0]!.lineAmount = '481.00';
    expect(check(document)).toEqual([
      {
        field: `${totals}/cbc:LineExtensionAmount`,
        messageKey: 'ubl.errors.br_co_10',
        values: { rule: 'BR-CO-10', expected: '691.00', found: '690.00' },
        document: 'FA-2024-0117',
      },
    ]);
  });

  it('BR-CO-11: the document-level allowances must add up to AllowanceTotalAmount', () => {
    const document = invoice();
    document.allowanceCharges[0]!.amount = '31.00';
    expect(check(document)).toEqual([
      {
        field: `${totals}/cbc:AllowanceTotalAmount`,
        messageKey: 'ubl.errors.br_co_11',
        values: { rule: 'BR-CO-11', expected: '31.00', found: '30.00' },
        document: 'FA-2024-0117',
      },
    ]);
  });

  it('BR-CO-11: allowances without an AllowanceTotalAmount count against a total of zero', () => {
    const document = invoice();
    document.totals.allowanceTotal = null;
    document.totals.taxExclusive = '690.00';
    document.totals.taxInclusive = '791.55';
    document.totals.payable = '691.55';
    expect(check(document)).toEqual([
      expect.objectContaining({
        messageKey: 'ubl.errors.br_co_11',
        values: { rule: 'BR-CO-11', expected: '30.00', found: '0' },
      }),
    ]);
  });

  it('BR-CO-12: the document-level charges must add up to ChargeTotalAmount', () => {
    const document = invoice();
    document.allowanceCharges.push({
      charge: true,
      amount: '5.00',
      reason: 'Port',
      taxCategory: 'S',
      taxPercent: '20',
    });
    document.totals.chargeTotal = '0.00';
    expect(check(document)).toEqual([
      {
        field: `${totals}/cbc:ChargeTotalAmount`,
        messageKey: 'ubl.errors.br_co_12',
        values: { rule: 'BR-CO-12', expected: '5.00', found: '0.00' },
        document: 'FA-2024-0117',
      },
    ]);
  });

  it('BR-CO-13: TaxExclusiveAmount must be the lines less allowances plus charges', () => {
    const document = invoice();
    // The totals after it follow the wrong value, so that only BR-CO-13 is broken.
    document.totals.taxExclusive = '661.00';
    document.totals.taxInclusive = '762.55';
    document.totals.payable = '662.55';
    expect(check(document)).toEqual([
      {
        field: `${totals}/cbc:TaxExclusiveAmount`,
        messageKey: 'ubl.errors.br_co_13',
        values: { rule: 'BR-CO-13', expected: '660.00', found: '661.00' },
        document: 'FA-2024-0117',
      },
    ]);
  });

  it('BR-CO-13: charges are added', () => {
    const document = invoice();
    document.allowanceCharges.push({
      charge: true,
      amount: '5.00',
      reason: 'Port',
      taxCategory: 'S',
      taxPercent: '20',
    });
    document.totals.chargeTotal = '5.00';
    expect(check(document).map((rejection) => [rejection.messageKey, rejection.values.expected])).toEqual([
      ['ubl.errors.br_co_13', '665.00'],
    ]);
  });

  it('BR-CO-14: TaxTotal/TaxAmount must be the sum of the subtotals’ tax amounts', () => {
    const document = invoice();
    document.taxTotal = '101.56';
    document.totals.taxInclusive = '761.56';
    document.totals.payable = '661.56';
    expect(check(document)).toEqual([
      {
        field: 'cac:TaxTotal/cbc:TaxAmount',
        messageKey: 'ubl.errors.br_co_14',
        values: { rule: 'BR-CO-14', expected: '101.55', found: '101.56' },
        document: 'FA-2024-0117',
      },
    ]);
  });

  it('BR-CO-15: TaxInclusiveAmount must be TaxExclusiveAmount plus the tax total', () => {
    const document = invoice();
    document.totals.taxInclusive = '761.50';
    document.totals.payable = '661.50';
    expect(check(document)).toEqual([
      {
        field: `${totals}/cbc:TaxInclusiveAmount`,
        messageKey: 'ubl.errors.br_co_15',
        values: { rule: 'BR-CO-15', expected: '761.55', found: '761.50' },
        document: 'FA-2024-0117',
      },
    ]);
  });

  it('BR-CO-16: PayableAmount must be TaxInclusiveAmount less prepaid plus rounding', () => {
    const document = invoice();
    document.totals.payable = '761.55';
    expect(check(document)).toEqual([
      {
        field: `${totals}/cbc:PayableAmount`,
        messageKey: 'ubl.errors.br_co_16',
        values: { rule: 'BR-CO-16', expected: '661.55', found: '761.55' },
        document: 'FA-2024-0117',
      },
    ]);
    document.totals.rounding = '0.05';
    document.totals.payable = '661.60';
    expect(check(document)).toEqual([]);
    document.totals.payable = '661.55';
    expect(check(document)[0]!.values).toEqual({ rule: 'BR-CO-16', expected: '661.60', found: '661.55' });
  });

  it('compares values, not texts: 690.0, +690 and 690.000 are 690.00', () => {
    const document = invoice();
    document.totals.lineExtension = '690.0';
    document.lines[1]!.lineAmount = '+210';
    document.totals.taxExclusive = '660.000';
    expect(check(document)).toEqual([]);
  });

  it('reports a broken total read from the file with its path and the document number', () => {
    const xml = fixtureText('credit-note-381.xml').replace(
      '<cbc:PayableAmount currencyID="EUR">144.00</cbc:PayableAmount>',
      '<cbc:PayableAmount currencyID="EUR">144.01</cbc:PayableAmount>',
    );
    const result = parseUbl(Buffer.from(xml));
    expect(result.ok && checkUbl(result.document)).toEqual([
      {
        field: `${totals}/cbc:PayableAmount`,
        messageKey: 'ubl.errors.br_co_16',
        values: { rule: 'BR-CO-16', expected: '144.00', found: '144.01' },
        document: 'AV-2024-0009',
      },
    ]);
  });

  it('uses exact decimals: many lines of 0.10 add up to exactly 1.00 (a float sum would not)', () => {
    const document = invoice();
    const line = document.lines[0]!;
    document.lines = Array.from({ length: 10 }, (_, index) => ({ ...line, id: String(index + 1), lineAmount: '0.1' }));
    document.allowanceCharges = [];
    document.totals = { ...document.totals, lineExtension: '1.00', allowanceTotal: null, prepaid: null };
    document.totals.taxExclusive = '1.00';
    document.taxTotal = '0.20';
    document.taxSubtotals = [
      { category: 'S', percent: '20', taxableAmount: '1.00', taxAmount: '0.20', exemptionReason: null },
    ];
    document.totals.taxInclusive = '1.20';
    document.totals.payable = '1.20';
    expect(check(document)).toEqual([]);
    expect(0.1 * 3).not.toBe(0.3); // the trap exact arithmetic avoids
  });
});

describe('checkUbl: required terms and syntax', () => {
  const missing = (rule: string, field: string) =>
    expect.objectContaining({ field, messageKey: 'ubl.errors.missing_field', values: { rule, field } });

  it('requires the number, issue date, type code, currency, seller and buyer names (BR-02..BR-07)', () => {
    const document = invoice();
    document.issueDate = null;
    document.typeCode = null;
    document.currency = null;
    document.seller.registrationName = null;
    document.seller.name = null;
    document.buyer.registrationName = null;
    document.buyer.name = null;
    expect(check(document)).toEqual([
      missing('BR-03', 'cbc:IssueDate'),
      missing('BR-04', 'cbc:InvoiceTypeCode'),
      missing('BR-05', 'cbc:DocumentCurrencyCode'),
      missing('BR-06', 'cac:AccountingSupplierParty/cac:Party/cac:PartyLegalEntity/cbc:RegistrationName'),
      missing('BR-07', 'cac:AccountingCustomerParty/cac:Party/cac:PartyLegalEntity/cbc:RegistrationName'),
    ]);
    const unnumbered = invoice();
    unnumbered.number = null;
    // Without a number, the rejection names no document.
    expect(check(unnumbered)).toEqual([
      { field: 'cbc:ID', messageKey: 'ubl.errors.missing_field', values: { rule: 'BR-02', field: 'cbc:ID' } },
    ]);
  });

  it('accepts a trading name where the legal name is missing', () => {
    const document = invoice();
    document.seller.registrationName = null;
    document.buyer.registrationName = null;
    expect(check(document)).toEqual([]);
  });

  it('requires real dates written YYYY-MM-DD', () => {
    const document = invoice();
    document.issueDate = '2024-02-30';
    document.dueDate = '01/06/2024';
    document.deliveryDate = '2024-13-01';
    expect(check(document)).toEqual([
      expect.objectContaining({
        field: 'cbc:IssueDate',
        messageKey: 'ubl.errors.invalid_date',
        values: { value: '2024-02-30' },
      }),
      expect.objectContaining({
        field: 'cbc:DueDate',
        messageKey: 'ubl.errors.invalid_date',
        values: { value: '01/06/2024' },
      }),
      expect.objectContaining({
        field: 'cac:Delivery/cbc:ActualDeliveryDate',
        messageKey: 'ubl.errors.invalid_date',
        values: { value: '2024-13-01' },
      }),
    ]);
    expect(isIsoDate('2024-02-29')).toBe(true);
    expect(isIsoDate('2023-02-29')).toBe(false);
    expect(isIsoDate('2024-2-1')).toBe(false);
  });

  it('requires a three-letter currency code', () => {
    for (const currency of ['eur', 'EURO', 'E1R', '€']) {
      const document = invoice();
      document.currency = currency;
      expect(check(document)).toEqual([
        expect.objectContaining({
          field: 'cbc:DocumentCurrencyCode',
          messageKey: 'ubl.errors.invalid_currency',
          values: { value: currency },
        }),
      ]);
    }
  });

  it('requires at least one line (BR-16), and each line’s id, quantity, unit, amount, name and price (BR-21..BR-26)', () => {
    const empty = invoice();
    empty.lines = [];
    expect(check(empty)).toEqual([
      expect.objectContaining({
        field: 'cac:InvoiceLine',
        messageKey: 'ubl.errors.no_lines',
        values: { rule: 'BR-16' },
      }),
      expect.objectContaining({
        messageKey: 'ubl.errors.br_co_10',
        values: { rule: 'BR-CO-10', expected: '0.00', found: '690.00' },
      }),
    ]);

    const document = invoice();
    Object.assign(document.lines[1]!, {
      id: null,
      quantity: null,
      unitCode: null,
      name: null,
      price: null,
      lineAmount: null,
    });
    expect(check(document)).toEqual([
      missing('BR-21', 'cac:InvoiceLine[2]/cbc:ID'),
      missing('BR-22', 'cac:InvoiceLine[2]/cbc:InvoicedQuantity'),
      missing('BR-23', 'cac:InvoiceLine[2]/cbc:InvoicedQuantity/@unitCode'),
      missing('BR-25', 'cac:InvoiceLine[2]/cac:Item/cbc:Name'),
      missing('BR-26', 'cac:InvoiceLine[2]/cac:Price/cbc:PriceAmount'),
      missing('BR-24', 'cac:InvoiceLine[2]/cbc:LineExtensionAmount'),
    ]);
  });

  it('names credit note lines as CreditNoteLine', () => {
    const result = parseUbl(fixture('credit-note-381.xml'));
    if (!result.ok) throw new Error('fixture refused');
    result.document.lines[0]!.quantity = null;
    expect(check(result.document)).toEqual([missing('BR-22', 'cac:CreditNoteLine[1]/cbc:CreditedQuantity')]);
  });

  it('refuses a negative item price (BR-27)', () => {
    const document = invoice();
    document.lines[0]!.price = '-120.00';
    expect(check(document)).toEqual([
      expect.objectContaining({
        field: 'cac:InvoiceLine[1]/cac:Price/cbc:PriceAmount',
        messageKey: 'ubl.errors.negative_price',
        values: { rule: 'BR-27', value: '-120.00' },
      }),
    ]);
  });

  it('refuses amounts that are not decimals, and skips the totals rules that would need them', () => {
    const document = invoice();
    document.totals.payable = '661,55';
    document.lines[0]!.quantity = '4e0';
    document.allowanceCharges[0]!.amount = '30.00 EUR';
    expect(check(document)).toEqual([
      expect.objectContaining({
        field: 'cac:InvoiceLine[1]/cbc:InvoicedQuantity',
        messageKey: 'ubl.errors.invalid_amount',
        values: { value: '4e0' },
      }),
      expect.objectContaining({
        field: 'cac:AllowanceCharge[1]/cbc:Amount',
        messageKey: 'ubl.errors.invalid_amount',
        values: { value: '30.00 EUR' },
      }),
      expect.objectContaining({
        field: `${totals}/cbc:PayableAmount`,
        messageKey: 'ubl.errors.invalid_amount',
        values: { value: '661,55' },
      }),
    ]);
    const huge = invoice();
    huge.totals.payable = '1'.repeat(41);
    expect(check(huge)).toEqual([expect.objectContaining({ messageKey: 'ubl.errors.invalid_amount' })]);
  });

  it('requires the four totals EN 16931 requires (BR-12..BR-15)', () => {
    const document = invoice();
    document.totals = {
      ...document.totals,
      lineExtension: null,
      taxExclusive: null,
      taxInclusive: null,
      payable: null,
    };
    expect(check(document)).toEqual([
      missing('BR-12', `${totals}/cbc:LineExtensionAmount`),
      missing('BR-13', `${totals}/cbc:TaxExclusiveAmount`),
      missing('BR-14', `${totals}/cbc:TaxInclusiveAmount`),
      missing('BR-15', `${totals}/cbc:PayableAmount`),
    ]);
  });

  it('requires a VAT breakdown (BR-CO-18) with taxable and tax amounts and a category (BR-45..BR-47)', () => {
    const noTax = invoice();
    noTax.taxTotal = null;
    noTax.taxSubtotals = [];
    expect(check(noTax)).toEqual([
      missing('BR-CO-18', 'cac:TaxTotal/cbc:TaxAmount'),
      missing('BR-CO-18', 'cac:TaxTotal/cac:TaxSubtotal'),
    ]);
    const incomplete = invoice();
    Object.assign(incomplete.taxSubtotals[1]!, { taxableAmount: null, category: null });
    expect(check(incomplete)).toEqual([
      missing('BR-45', 'cac:TaxTotal/cac:TaxSubtotal[2]/cbc:TaxableAmount'),
      missing('BR-47', 'cac:TaxTotal/cac:TaxSubtotal[2]/cac:TaxCategory/cbc:ID'),
    ]);
  });
});
