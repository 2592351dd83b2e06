import { inflateSync } from 'node:zlib';
import { languages, type Language } from '@portal/i18n';
import fc from 'fast-check';
import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { buildUblInvoice } from './build-ubl';
import { isPdf } from './is-pdf';
import { parseUbl, type UblDocument } from './parse-ubl';
import { renderEInvoicePdf } from './render-e-invoice-pdf';
import { fixture, ublOptionsArbitrary } from './ubl-test-helpers';

function read(name: string): UblDocument {
  const result = parseUbl(fixture(name));
  if (!result.ok) throw new Error('fixture refused');
  return result.document;
}

/**
 * The text drawn in Helvetica (WinAnsi hex strings in TJ arrays), as Latin-1 with WinAnsi's € and – put back. Each
 * stream is taken by its /Length (compressed bytes may end in a carriage return that a pattern would take off).
 */
function pdfText(pdf: Buffer): string {
  const texts: string[] = [];
  const raw = pdf.toString('latin1');
  for (const match of raw.matchAll(/\/Length (\d+)[^>]*>>\s*stream\r?\n/g)) {
    const start = match.index + match[0].length;
    let content: string;
    try {
      content = inflateSync(pdf.subarray(start, start + Number(match[1]))).toString('latin1');
    } catch {
      continue; // not a compressed stream (an image, a font)
    }
    for (const array of content.matchAll(/\[([^\]]*)\]\s*TJ/g)) {
      texts.push(
        [...array[1]!.matchAll(/<([0-9a-fA-F]*)>/g)]
          .map((hex) => Buffer.from(hex[1]!, 'hex').toString('latin1'))
          .join(''),
      );
    }
  }
  return texts.join('\n').replaceAll('\x80', '€').replaceAll('\x96', '–');
}

const decimals: Record<string, number> = { EUR: 2, USD: 2, JPY: 0, KWD: 3, GBP: 2, SEK: 2, CHF: 2 };

describe('renderEInvoicePdf', () => {
  it('renders the invoice in English: title, parties, lines, allowance, VAT breakdown, totals, terms, notes', async () => {
    const pdf = await renderEInvoicePdf(read('invoice-two-rates.xml'), { language: 'en', decimals: 2 });
    expect(isPdf(pdf)).toBe(true);
    const text = pdfText(pdf);
    for (const expected of [
      'Invoice',
      'FA-2024-0117',
      'May 2, 2024',
      'Jun 1, 2024',
      'PO-88412',
      'Atelier Lumière SAS',
      'Boulangerie Martin SARL',
      'VAT ID: FR61552100554',
      'Electronic address: 0088:3015060012347',
      'Registration number: 0002:552100554',
      'Rhône Affacturage SA',
      'Boulangerie Martin – fournil de Vaulx',
      'Lampe de bureau Arceau',
      '4 pcs',
      '120.00',
      '480.00',
      'Allowance: Remise fidélité',
      '-€30.00',
      'VAT breakdown',
      'Standard rate (S)',
      '5.5%',
      '11.55',
      'Total without VAT',
      '660.00',
      '761.55',
      'Paid in advance',
      '-€100.00',
      'Amount due',
      '661.55',
      'Payment terms',
      'Paiement à 30 jours',
      'Merci de rappeler',
      'Page 1 of',
    ]) {
      expect(text, expected).toContain(expected);
    }
    expect((await PDFDocument.load(pdf)).getPageCount()).toBeGreaterThanOrEqual(1);
  });

  it('renders labels, numbers and dates in the reader’s language', async () => {
    const french = pdfText(await renderEInvoicePdf(read('invoice-two-rates.xml'), { language: 'fr', decimals: 2 }));
    for (const expected of [
      'Facture',
      '2 mai 2024',
      'Montant à payer',
      '661,55',
      '5,5\u00a0%',
      'N° de TVA\u00a0: FR61552100554',
    ]) {
      expect(french, expected).toContain(expected);
    }
    const german = pdfText(await renderEInvoicePdf(read('invoice-two-rates.xml'), { language: 'de', decimals: 2 }));
    for (const expected of ['Rechnung', 'Zahlbetrag', '661,55', '4 Stk.', 'Seite 1 von']) {
      expect(german, expected).toContain(expected);
    }
  });

  it('titles a credit note and a negative invoice as credits, and says the latter was turned round', async () => {
    const credit = pdfText(await renderEInvoicePdf(read('credit-note-381.xml'), { language: 'en', decimals: 2 }));
    expect(credit).toContain('Credit note');
    expect(credit).toContain('Amount credited');
    expect(credit).toContain('Corrected invoice');
    expect(credit).not.toContain('negative amounts');
    const negative = pdfText(await renderEInvoicePdf(read('negative-invoice.xml'), { language: 'en', decimals: 2 }));
    expect(negative).toContain('Credit note');
    expect(negative).toContain('Issued as an invoice with negative amounts; shown here as a credit.');
    expect(negative).toContain('85.85');
  });

  it('renders JPY without decimals, with Japanese names, in every language', async () => {
    const document = read('credit-note-jpy.xml');
    for (const language of languages) {
      const pdf = await renderEInvoicePdf(document, { language, decimals: 0 });
      expect(isPdf(pdf), language).toBe(true);
      await PDFDocument.load(pdf);
    }
    const english = pdfText(await renderEInvoicePdf(document, { language: 'en', decimals: 0 }));
    expect(english).toContain('6,876');
    expect(english).not.toContain('6,876.00');
  });

  it('renders without a Unicode font installed (text outside Latin-1 falls back to Helvetica)', async () => {
    const pdf = await renderEInvoicePdf(read('credit-note-jpy.xml'), {
      language: 'ja',
      decimals: 0,
      unicodeFont: null,
    });
    expect(isPdf(pdf)).toBe(true);
  });

  it('runs over pages with a long document, repeating the table header and numbering pages', async () => {
    const result = parseUbl(
      Buffer.from(
        buildUblInvoice({
          number: 'LONG-1',
          issueDate: '2024-01-01',
          currency: 'EUR',
          buyer: { name: 'Buyer' },
          notes: ['Note '.repeat(400)],
          lines: Array.from({ length: 120 }, (_, index) => ({
            name: `Item ${index + 1}`,
            description: 'A description long enough to wrap onto a second line inside the description column.',
            quantity: '1',
            unitPrice: '1.25',
            taxPercent: '20',
          })),
        }),
      ),
    );
    if (!result.ok) throw new Error('refused');
    const pdf = await renderEInvoicePdf(result.document, { language: 'en', decimals: 2 });
    const pages = (await PDFDocument.load(pdf)).getPageCount();
    expect(pages).toBeGreaterThan(3);
    const text = pdfText(pdf);
    expect(text).toContain(`Page ${pages} of ${pages}`);
    expect(text.split('Unit price').length - 1).toBeGreaterThan(3);
  });

  it('shows what an unchecked document holds as it is: unknown codes, amounts that are not decimals', async () => {
    const document = read('invoice-two-rates.xml');
    document.lines[0]!.unitCode = 'ZZ9';
    document.lines[0]!.lineAmount = 'n/a';
    document.taxSubtotals[0]!.category = 'Q';
    const text = pdfText(await renderEInvoicePdf(document, { language: 'en', decimals: 2 }));
    expect(text).toContain('4 ZZ9');
    expect(text).toContain('n/a');
  });

  it('returns a PDF for any document buildUblInvoice writes, in each of the 8 languages (property)', async () => {
    for (const language of languages) {
      await fc.assert(
        fc.asyncProperty(ublOptionsArbitrary, async (options) => {
          const result = parseUbl(Buffer.from(buildUblInvoice(options)));
          if (!result.ok) throw new Error('refused');
          const pdf = await renderEInvoicePdf(result.document, {
            language: language as Language,
            decimals: decimals[options.currency]!,
          });
          expect(isPdf(pdf)).toBe(true);
        }),
        { numRuns: 6 },
      );
    }
  });
});
