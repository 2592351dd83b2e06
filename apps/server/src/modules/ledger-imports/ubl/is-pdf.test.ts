import { describe, expect, it } from 'vitest';
import { buildUblInvoice } from './build-ubl';
import { isPdf } from './is-pdf';
import { parseUbl } from './parse-ubl';
import { fixture, tinyPdf } from './ubl-test-helpers';

describe('isPdf', () => {
  it('accepts real PDFs: pdfkit’s, and the one embedded in the invoice fixture', async () => {
    expect(isPdf(await tinyPdf())).toBe(true);
    expect(isPdf(fixture('invoice-fa-2024-0117.pdf'))).toBe(true);
  });

  it('refuses a text file named .pdf with the mime code application/pdf, embedded in a UBL invoice', () => {
    const text = Buffer.from(
      'Invoice FA-2024-0117\nAmount due: 661.55 EUR\nThis is a text file, whatever its name says.\n',
    );
    const xml = buildUblInvoice({
      number: 'FAKE-PDF-1',
      issueDate: '2024-05-02',
      currency: 'EUR',
      buyer: { name: 'Buyer' },
      lines: [{ name: 'Item', quantity: '1', unitPrice: '10', taxPercent: '20' }],
      attachment: { bytes: text, filename: 'FA-2024-0117.pdf', mimeCode: 'application/pdf' },
    });
    const result = parseUbl(Buffer.from(xml));
    if (!result.ok) throw new Error('refused');
    expect(result.attachments).toEqual([
      expect.objectContaining({ filename: 'FA-2024-0117.pdf', mimeCode: 'application/pdf' }),
    ]);
    expect(result.attachments[0]!.bytes.equals(text)).toBe(true);
    expect(isPdf(result.attachments[0]!.bytes)).toBe(false);
  });

  it('accepts a header anywhere in the first 1024 bytes and line ends after %%EOF', async () => {
    const pdf = await tinyPdf();
    expect(isPdf(Buffer.concat([Buffer.alloc(1000, 0x20), pdf]))).toBe(true);
    expect(isPdf(Buffer.concat([pdf, Buffer.from('\r\n\n')]))).toBe(true);
    expect(isPdf(new Uint8Array(pdf))).toBe(true);
  });

  it('refuses a header past the first 1024 bytes, an unknown version, and no header at all', async () => {
    const pdf = await tinyPdf();
    expect(isPdf(Buffer.concat([Buffer.alloc(1020, 0x20), pdf]))).toBe(false);
    const latin1 = pdf.toString('latin1');
    expect(isPdf(Buffer.from(latin1.replace('%PDF-1.3', '%PDF-3.0'), 'latin1'))).toBe(false);
    expect(isPdf(Buffer.from(latin1.replace('%PDF-1.3', '%PDF-1.9'), 'latin1'))).toBe(false);
    expect(isPdf(Buffer.from(latin1.replace('%PDF-1.3', '%PDF-1.30'), 'latin1'))).toBe(false);
    expect(isPdf(Buffer.from(latin1.replace('%PDF-1.3', '%PDX-1.3'), 'latin1'))).toBe(false);
    expect(isPdf(Buffer.from(latin1.replace('%PDF-1.3', '%PDF-2.0'), 'latin1'))).toBe(true);
  });

  it('refuses a PDF cut short, one without its trailer, and one with anything after %%EOF', async () => {
    const pdf = await tinyPdf();
    expect(isPdf(pdf.subarray(0, Math.floor(pdf.length / 2)))).toBe(false);
    const latin1 = pdf.toString('latin1');
    expect(isPdf(Buffer.from(latin1.replace(/startxref/, 'startxrex'), 'latin1'))).toBe(false);
    expect(isPdf(Buffer.concat([pdf, Buffer.from('<script>alert(1)</script>')]))).toBe(false);
    // %%EOF more than 1024 bytes before the end
    expect(isPdf(Buffer.concat([pdf, Buffer.alloc(2000, 0x41)]))).toBe(false);
  });

  it('refuses empty, tiny and other files', () => {
    expect(isPdf(Buffer.alloc(0))).toBe(false);
    expect(isPdf(Buffer.from('%PDF-1.4\n%%EOF'))).toBe(false);
    expect(isPdf(fixture('credit-note-381.xml'))).toBe(false);
    const png = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');
    expect(isPdf(Buffer.concat([png, Buffer.alloc(100)]))).toBe(false);
  });
});
