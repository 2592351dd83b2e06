import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildUblInvoice } from './build-ubl';
import { checkUbl } from './check-ubl';
import { isPdf } from './is-pdf';
import { parseUbl, type UblDocument } from './parse-ubl';
import { compareDecimals, parseDecimal, roundDecimal } from './ubl-decimal';
import { tinyPdf, ublOptionsArbitrary } from './ubl-test-helpers';

function read(xml: string): ReturnType<typeof parseUbl> & { ok: true } {
  const result = parseUbl(Buffer.from(xml, 'utf8'));
  if (!result.ok) throw new Error(`refused: ${JSON.stringify(result.rejection)}`);
  return result;
}

const decimalsOf: Record<string, number> = { EUR: 2, USD: 2, JPY: 0, KWD: 3, GBP: 2, SEK: 2, CHF: 2 };

/** Independently of the builder: each VAT group's tax is its taxable amount times its rate, rounded (BR-S-08/09). */
function expectTaxPerGroup(document: UblDocument, decimals: number) {
  for (const subtotal of document.taxSubtotals) {
    const taxable = parseDecimal(subtotal.taxableAmount)!;
    const percent = parseDecimal(subtotal.percent ?? '0')!;
    const expected = roundDecimal(
      { units: taxable.units * percent.units, scale: taxable.scale + percent.scale + 2 },
      decimals,
    );
    expect(compareDecimals(expected, parseDecimal(subtotal.taxAmount)!), JSON.stringify(subtotal)).toBe(0);
  }
}

describe('buildUblInvoice', () => {
  it('writes a Peppol BIS 3 invoice with an allowance, a delivery party and a real PDF that reads and checks clean', async () => {
    const pdf = await tinyPdf('Invoice B-1');
    const xml = buildUblInvoice({
      number: 'B-1',
      issueDate: '2024-06-01',
      dueDate: '2024-07-01',
      currency: 'EUR',
      buyer: {
        name: 'Boulangerie Martin SARL',
        endpoint: { scheme: '0088', value: '3015060012347' },
        legalId: { scheme: '0002', value: '552100554' },
        ids: [{ scheme: '0208', value: '0123456789' }],
        vatId: 'FR61552100554',
      },
      delivery: { name: 'Fournil', locationId: { scheme: '0088', value: '3015060099998' }, city: 'Vaulx-en-Velin' },
      orderReference: 'PO-1',
      lines: [
        { name: 'Lampe', quantity: '4', unitPrice: '120.00', taxPercent: '20', sellersItemId: 'LMP' },
        { name: 'Livre', quantity: '6', unitPrice: '35.00', taxPercent: '5.5' },
      ],
      allowanceCharges: [{ amount: '30.00', reason: 'Remise', taxPercent: '20' }],
      prepaid: '100.00',
      attachment: { bytes: pdf, filename: 'B-1.pdf', mimeCode: 'application/pdf' },
    });
    const { document, attachments } = read(xml);
    expect(checkUbl(document)).toEqual([]);
    expect(document).toMatchObject({
      kind: 'invoice',
      number: 'B-1',
      dueDate: '2024-07-01',
      orderReference: 'PO-1',
      taxTotal: '101.55',
      totals: {
        lineExtension: '690.00',
        taxExclusive: '660.00',
        taxInclusive: '761.55',
        allowanceTotal: '30.00',
        prepaid: '100.00',
        payable: '661.55',
      },
    });
    expect(document.buyer.ids).toEqual([
      { scheme: '0088', value: '3015060012347', source: 'endpoint' },
      { scheme: '0208', value: '0123456789', source: 'identification' },
      { scheme: '0002', value: '552100554', source: 'legal' },
    ]);
    expect(document.delivery).toMatchObject({
      name: 'Fournil',
      ids: [{ scheme: '0088', value: '3015060099998', source: 'location' }],
      address: { city: 'Vaulx-en-Velin' },
    });
    expect(attachments[0]!.bytes.equals(pdf)).toBe(true);
    expect(isPdf(attachments[0]!.bytes)).toBe(true);
  });

  it('writes a credit note (381) with its billing reference and its due date in the payment means', () => {
    const { document } = read(
      buildUblInvoice({
        kind: 'credit',
        number: 'C-1',
        issueDate: '2024-06-01',
        dueDate: '2024-06-30',
        currency: 'JPY',
        buyer: { name: '山田電機株式会社', endpoint: { scheme: '0188', value: '4120001077526' } },
        billingReference: 'INV-9',
        lines: [{ name: '緑茶', quantity: '5', unitPrice: '540', taxPercent: '8' }],
      }),
    );
    expect(document).toMatchObject({
      kind: 'credit',
      documentType: 'CreditNote',
      typeCode: '381',
      dueDate: '2024-06-30',
      billingReferences: ['INV-9'],
      taxTotal: '216',
      totals: { payable: '2916' },
    });
    expect(checkUbl(document)).toEqual([]);
  });

  it('writes a negative invoice that reads as a credit', () => {
    const { document } = read(
      buildUblInvoice({
        kind: 'negative-invoice',
        number: 'N-1',
        issueDate: '2024-06-01',
        currency: 'EUR',
        buyer: { name: 'Buyer' },
        lines: [{ name: 'Livre', quantity: '2', unitPrice: '35.00', taxPercent: '5.5' }],
      }),
    );
    expect(document).toMatchObject({ kind: 'credit', signReversed: true, totals: { payable: '73.85' } });
    expect(document.lines[0]).toMatchObject({ quantity: '2', lineAmount: '70.00' });
    expect(checkUbl(document)).toEqual([]);
  });

  it('always writes a file that parses and checks clean (property)', () => {
    fc.assert(
      fc.property(ublOptionsArbitrary, (options) => {
        const { document } = read(buildUblInvoice(options));
        expect(checkUbl(document)).toEqual([]);
        expect(document.number).toBe(options.number);
        expect(document.currency).toBe(options.currency);
        expect(document.issueDate).toBe(options.issueDate);
        expect(document.dueDate).toBe(options.dueDate ?? null);
        expect(document.buyer.registrationName).toBe(options.buyer.name);
        expect(document.buyer.ids[0]).toEqual({ ...options.buyer.endpoint, source: 'endpoint' });
        expect(document.lines.map((line) => line.name)).toEqual(options.lines.map((line) => line.name));
        // Quantities as given, up to the sign a negative invoice turns round.
        document.lines.forEach((line, index) => {
          const given = parseDecimal(options.lines[index]!.quantity)!;
          const read = parseDecimal(line.quantity)!;
          expect(compareDecimals({ units: read.units < 0n ? -read.units : read.units, scale: read.scale }, given)).toBe(
            0,
          );
        });
        if (options.kind === 'credit') {
          expect(document).toMatchObject({ kind: 'credit', documentType: 'CreditNote', signReversed: false });
        } else {
          // A negative payable (a negative invoice, or allowances over the lines) reads as a credit, positive.
          expect(document.documentType).toBe('Invoice');
          expect(document.kind).toBe(document.signReversed ? 'credit' : 'invoice');
          expect(parseDecimal(document.totals.payable)!.units >= 0n).toBe(true);
        }
        expectTaxPerGroup(document, decimalsOf[options.currency]!);
      }),
      { numRuns: 200 },
    );
  });
});
