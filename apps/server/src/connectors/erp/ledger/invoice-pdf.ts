// Renders the ledger's invoice PDFs with pdfkit: supplier header with logo, customer (WE) and invoice recipient
// (RG) addresses, items, totals. Several documents make one file, each starting on a new page.
// The document is the supplier's (the ERP's), so its labels are in English like the ledger's master data.
import fs from 'node:fs';
import * as fontkit from 'fontkit';
import { PDFDocument as PdfLibDocument } from 'pdf-lib';
import PDFDocument from 'pdfkit';
import { formatMinorUnits } from './ledger-format';
import type { CustomerRow, DocumentRow } from './ledger-wire';
import type { companyCodes, invoiceItems } from './ledger.schema';

export type PdfInvoice = {
  document: DocumentRow;
  soldto: CustomerRow;
  payer: CustomerRow;
  company: typeof companyCodes.$inferSelect;
  items: (typeof invoiceItems.$inferSelect)[];
};

export type InvoicePdfOptions = {
  decimals: Map<string, number>;
  /** A TTF/OTF/TTC with CJK glyphs for text outside Latin-1 (name_2 of Japanese customers); null: none installed. */
  unicodeFont: UnicodeFont | null;
};

/** The font parsed once per process: PDFKit takes a fontkit font as it is and only subsets it per document. */
export type UnicodeFont = { font: fontkit.Font; file: string };

const unicodeFontCandidates: { path: string; family?: string }[] = [
  { path: '/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc', family: 'NotoSansCJKjp-Regular' },
  { path: '/usr/share/fonts/noto-cjk/NotoSansCJK-Regular.ttc', family: 'NotoSansCJKjp-Regular' },
  { path: '/usr/share/fonts/opentype/ipafont-gothic/ipag.ttf' },
  { path: '/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf' },
];

let loadedFont: UnicodeFont | null | undefined;

/**
 * The font for text Helvetica cannot show: `configured` ("path" or "path#PostScriptName" for a collection), else
 * the first installed candidate. Read and parsed once and kept (a CJK collection is ~20 MB; parsing it per document
 * cost ~0.4 s per Japanese PDF; only PDFs that need it use it).
 */
export function loadUnicodeFont(configured?: string): UnicodeFont | null {
  if (loadedFont !== undefined) return loadedFont;
  const candidates = configured
    ? [{ path: configured.split('#')[0]!, family: configured.split('#')[1] }]
    : unicodeFontCandidates;
  loadedFont = null;
  for (const candidate of candidates) {
    try {
      const parsed = fontkit.create(fs.readFileSync(candidate.path), candidate.family);
      if (!('layout' in parsed)) continue; // a collection without the named face
      loadedFont = { font: parsed, file: candidate.path };
      break;
    } catch {
      // not installed: try the next one
    }
  }
  return loadedFont;
}

const brand = '#1f4e79';
const muted = '#5f6b7a';
// WinAnsi (the standard fonts' encoding) is Latin-1 plus a few punctuation marks.
const latin1 = /^[\u0020-\u00ff\u2013\u2014\u2018\u2019\u201c\u201d\u2022\u2026\u20ac]*$/;

/** 1234567.5 → "1,234,567.50" in the currency's decimals. Integer arithmetic only. */
export function formatAmount(minor: bigint, decimals: number): string {
  const plain = formatMinorUnits(minor, decimals);
  const negative = plain.startsWith('-');
  const [whole, fraction] = (negative ? plain.slice(1) : plain).split('.');
  const grouped = whole!.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${negative ? '-' : ''}${grouped}${fraction !== undefined ? `.${fraction}` : ''}`;
}

function trimZeros(number: string): string {
  return number.replace(/^0+(?=\d)/, '');
}

function isoToUs(isoDate: string): string {
  const [year, month, day] = isoDate.split('-');
  return `${month}/${day}/${year}`;
}

export async function renderInvoicesPdf(invoices: PdfInvoice[], options: InvoicePdfOptions): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margin: 50,
    autoFirstPage: false,
    info: { Title: invoices.length === 1 ? `Invoice ${trimZeros(numberOf(invoices[0]!))}` : 'Invoices', Author: '' },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  let unicodeRegistered = false;
  const useFont = (text: string, bold = false) => {
    if (!latin1.test(text) && options.unicodeFont) {
      if (!unicodeRegistered) {
        // PDFKit accepts a parsed fontkit font (its types only list the byte forms).
        doc.registerFont('unicode', options.unicodeFont.font as unknown as Buffer);
        unicodeRegistered = true;
      }
      doc.font('unicode');
    } else {
      doc.font(bold ? 'Helvetica-Bold' : 'Helvetica');
    }
    return doc;
  };

  for (const invoice of invoices) renderOne(doc, invoice, options, useFont);
  doc.end();
  return done;
}

function numberOf(invoice: PdfInvoice): string {
  return invoice.document.billingDocumentNumber || invoice.document.documentNumberFinance;
}

type UseFont = (text: string, bold?: boolean) => PDFKit.PDFDocument;

function renderOne(doc: PDFKit.PDFDocument, invoice: PdfInvoice, options: InvoicePdfOptions, useFont: UseFont) {
  const { document, company, soldto, payer, items } = invoice;
  const scale = options.decimals.get(document.currencyKey) ?? 2;
  const money = (value: bigint) => `${formatAmount(value, scale)} ${document.currencyKey}`;
  const credit = document.totalAmount < 0n;
  const left = 50;
  const right = 545;
  doc.addPage();

  // Supplier header: logo (a drawn mark with the supplier's initials) and the company code's name.
  doc.roundedRect(left, 45, 46, 46, 8).fill(brand);
  const initials = company.name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => word[0]!.toUpperCase())
    .join('');
  useFont(initials, true).fontSize(18).fillColor('#ffffff').text(initials, left, 59, { width: 46, align: 'center' });
  useFont(company.name, true)
    .fontSize(14)
    .fillColor('#000000')
    .text(company.name, left + 58, 50);
  doc
    .font('Helvetica')
    .fontSize(9)
    .fillColor(muted)
    .text(`Company code ${company.companyCode} · ${company.country}`, left + 58, 69);

  const title = credit ? 'CREDIT MEMO' : 'INVOICE';
  doc
    .font('Helvetica-Bold')
    .fontSize(18)
    .fillColor(brand)
    .text(title, 330, 48, { width: right - 330, align: 'right' });
  const facts: [string, string][] = [
    [credit ? 'Credit memo no.' : 'Invoice no.', trimZeros(numberOf(invoice))],
    ['Document date', isoToUs(document.documentDate)],
    ['Due date', isoToUs(document.dueDate)],
    ['Customer no.', trimZeros(document.customerNumber || document.soldtoNumber)],
    ['PO number', document.customFields.customer_purchase_order_nubmer ?? ''],
    ['Currency', document.currencyKey],
  ];
  let y = 76;
  for (const [label, value] of facts) {
    if (!value) continue;
    doc.font('Helvetica').fontSize(9).fillColor(muted).text(label, 330, y, { width: 100 });
    useFont(value)
      .fontSize(9)
      .fillColor('#000000')
      .text(value, 430, y, { width: right - 430, align: 'right' });
    y += 13;
  }

  // Addresses: spec §2, company codes starting with JP show name_2 instead of the name.
  const japanese = document.companyCode.startsWith('JP');
  const addressTop = Math.max(y, 140) + 14;
  const address = (heading: string, customer: CustomerRow, x: number) => {
    const name = japanese && customer.name2 ? customer.name2 : customer.name;
    const lines = [
      name,
      customer.street,
      [customer.postalCode, customer.city].filter(Boolean).join(' '),
      [customer.region, customer.country].filter(Boolean).join(' '),
    ].filter(Boolean);
    doc.font('Helvetica-Bold').fontSize(9).fillColor(brand).text(heading, x, addressTop);
    let lineY = addressTop + 14;
    for (const line of lines) {
      useFont(line).fontSize(10).fillColor('#000000').text(line, x, lineY, { width: 230 });
      lineY += 13;
    }
    return lineY;
  };
  const bottom = Math.max(
    address(`Customer (${trimZeros(soldto.customerNumber)})`, soldto, left),
    address(`Invoice recipient (${trimZeros(payer.customerNumber)})`, payer, 315),
  );

  // Items.
  const columns = [
    { label: 'Item', x: left, width: 35, align: 'left' as const },
    { label: 'Material', x: 88, width: 80, align: 'left' as const },
    { label: 'Description', x: 170, width: 160, align: 'left' as const },
    { label: 'Quantity', x: 332, width: 55, align: 'right' as const },
    { label: 'Unit price', x: 390, width: 75, align: 'right' as const },
    { label: 'Amount', x: 468, width: right - 468, align: 'right' as const },
  ];
  y = bottom + 24;
  const header = () => {
    doc.rect(left, y - 4, right - left, 18).fill('#eef2f7');
    for (const column of columns) {
      doc
        .font('Helvetica-Bold')
        .fontSize(9)
        .fillColor('#000000')
        .text(column.label, column.x, y, { width: column.width, align: column.align });
    }
    y += 20;
  };
  header();
  for (const item of items) {
    if (y > 740) {
      doc.addPage();
      y = 60;
      header();
    }
    const cells = [
      trimZeros(item.itemNumber),
      item.materialNumber,
      item.description,
      item.billedQuantity.replace(/\.?0+$/, ''),
      formatAmount(item.unitPrice, options.decimals.get(item.currencyKey) ?? scale),
      formatAmount(item.totalAmount, options.decimals.get(item.currencyKey) ?? scale),
    ];
    columns.forEach((column, index) => {
      const text = cells[index] ?? '';
      useFont(text).fontSize(9).fillColor('#000000').text(text, column.x, y, {
        width: column.width,
        align: column.align,
        lineBreak: false,
        ellipsis: true,
        height: 12,
      });
    });
    y += 16;
  }
  if (items.length === 0) {
    doc.font('Helvetica').fontSize(9).fillColor(muted).text('No items.', left, y);
    y += 16;
  }

  // Totals.
  if (y > 700) {
    doc.addPage();
    y = 60;
  }
  doc
    .moveTo(330, y + 4)
    .lineTo(right, y + 4)
    .strokeColor('#c5ced9')
    .stroke();
  y += 12;
  const totals: [string, string, boolean][] = [
    ['Total', money(document.totalAmount), true],
    ['Paid', money(document.paidAmount), false],
    ['Open amount', money(document.openAmount), true],
  ];
  for (const [label, value, bold] of totals) {
    doc
      .font(bold ? 'Helvetica-Bold' : 'Helvetica')
      .fontSize(10)
      .fillColor('#000000')
      .text(label, 330, y, { width: 100 });
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').text(value, 430, y, { width: right - 430, align: 'right' });
    y += 15;
  }
  if (document.documentStatus === '02') {
    doc
      .font('Helvetica-Bold')
      .fontSize(10)
      .fillColor('#2e7d32')
      .text('PAID', 330, y + 6);
  }
}

/**
 * Several PDFs as one file, in order (a download of several documents, some of them the supplier's own PDFs). A PDF
 * that cannot be read (encrypted, damaged) is left out rather than failing the others.
 */
export async function mergePdfs(files: Buffer[]): Promise<Buffer> {
  if (files.length === 1) return files[0]!;
  const merged = await PdfLibDocument.create();
  for (const file of files) {
    try {
      const source = await PdfLibDocument.load(file);
      const pages = await merged.copyPages(source, source.getPageIndices());
      for (const page of pages) merged.addPage(page);
    } catch {
      // Unreadable: the other documents still go out.
    }
  }
  return Buffer.from(await merged.save());
}
