// A statement as PDF (issue 29): the theme's logo and the company name, the account and the period, then per
// currency the opening balance, every movement with its running balance, the closing balance and the aging. Texts,
// dates and amounts in the reader's language. Written page by page as the movements stream in (PDFKit without
// bufferPages writes each page out when the next begins), waiting for the reader to take the bytes before the next
// batch: a 12-month statement of a 100k-document account keeps memory flat.
import { once } from 'node:events';
import { PassThrough, type Readable } from 'node:stream';
import PDFDocument from 'pdfkit';
import { formatMoney } from '@portal/domain';
import { toLocaleTag, translate } from '@portal/i18n';
import type { UnicodeFont } from '../../connectors/erp/ledger/invoice-pdf';
import type { StatementSource } from './build-statement';
import type { StatementBranding } from './statement-branding';
import type { StatementLocale } from './statement-files';

export type StatementPdfOptions = StatementLocale & {
  branding: StatementBranding;
  /** The font for text outside Latin-1 (Russian, Japanese); null: none installed (such text then shows as boxes). */
  unicodeFont: UnicodeFont | null;
};

// WinAnsi (the standard fonts' encoding) is Latin-1 plus a few punctuation marks.
const latin1 = /^[\u0020-\u00ff\u2013\u2014\u2018\u2019\u201c\u201d\u2022\u2026\u20ac]*$/;
const left = 40;
const right = 555;
const pageBottom = 800;
const rowHeight = 14;
const muted = '#5f6b7a';
/** The widest glyph of Helvetica (and of the bold face) in ems: a text of n glyphs is never wider than n of these. */
const widestGlyph = 1.015;
/** The movements table's font size. */
const tableFontSize = 8;

type Column = { key: 'date' | 'kind' | 'number' | 'reference' | 'due_date' | 'amount' | 'balance'; width: number };
const columns: Column[] = [
  { key: 'date', width: 64 },
  { key: 'kind', width: 62 },
  { key: 'number', width: 84 },
  { key: 'reference', width: 95 },
  { key: 'due_date', width: 64 },
  { key: 'amount', width: 73 },
  { key: 'balance', width: 73 },
];
const rightAligned = new Set<Column['key']>(['amount', 'balance']);

/** What fastRow uses of PDFKit's standard (AFM) font: its resource id, metrics and WinAnsi encoding. */
type StandardFont = { id: string; ascender: number; ref: () => unknown; encode: (text: string) => [string[], unknown] };

/** The standard fonts' kerning off in this document (see cell in statementPdf). */
function withoutKerning(doc: PDFKit.PDFDocument): void {
  for (const name of ['Helvetica', 'Helvetica-Bold']) {
    doc.font(name);
    const standard = (doc as unknown as { _font?: { font?: { getKernPair?: unknown } } })._font?.font;
    if (standard && typeof standard.getKernPair === 'function') standard.getKernPair = () => 0;
  }
}

export function statementPdf(source: StatementSource, options: StatementPdfOptions): Readable {
  const { language, country, branding } = options;
  const t = (key: string, values?: Record<string, string | number>) =>
    translate(language, country, `statements.${key}`, values);
  const locale = toLocaleTag(language);
  const dates = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' });
  const day = (iso: string) => (iso ? dates.format(new Date(`${iso}T00:00:00Z`)) : '');
  // A statement's rows share a few hundred days: each is formatted once.
  const erpDays = new Map<string, string>();
  const erpDay = (erp: string) => {
    let shown = erpDays.get(erp);
    if (shown === undefined) {
      shown = erp ? day(`${erp.slice(6)}-${erp.slice(0, 2)}-${erp.slice(3, 5)}`) : '';
      erpDays.set(erp, shown);
    }
    return shown;
  };
  const kindLabels = new Map<string, string>();
  const kindLabel = (kind: string) => {
    let label = kindLabels.get(kind);
    if (label === undefined) kindLabels.set(kind, (label = t(`kinds.${kind}`)));
    return label;
  };
  const output = new PassThrough();
  const doc = new PDFDocument({
    size: 'A4',
    margin: left,
    info: { Title: `${t('pdf.title')} ${source.account.PrimaryAcct}`, Author: branding.companyName },
  });
  doc.pipe(output);

  let unicodeRegistered = false;
  const font = (text: string, bold = false) => {
    if (!latin1.test(text) && options.unicodeFont) {
      if (!unicodeRegistered) {
        // PDFKit accepts a parsed fontkit font (its types only list the byte forms).
        doc.registerFont('unicode', options.unicodeFont.font as unknown as Buffer);
        unicodeRegistered = true;
      }
      return doc.font('unicode');
    }
    return doc.font(bold ? 'Helvetica-Bold' : 'Helvetica');
  };
  const write = (text: string, x: number, y: number, opts: PDFKit.Mixins.TextOptions & { bold?: boolean } = {}) => {
    font(text, opts.bold).text(text, x, y, { lineBreak: false, ...opts });
  };

  /**
   * One table cell, the fast way (a 12-month statement has ~500k of them): no line wrapper (PDFKit's measures every
   * word again), one measurement at most, handed to PDFKit (textWidth) so that it does not measure again, and none
   * for a left-aligned text too short to overflow; a text too wide is cut with an ellipsis. Kerning is left out of the
   * table's standard font (tabular figures need none, and PDFKit's pair look-up was a fifth of the time).
   */
  const cell = (text: string, x: number, y: number, width: number, alignRight: boolean) => {
    if (!text) return;
    font(text);
    let shown = text;
    const mayOverflow = shown.length * widestGlyph * tableFontSize > width;
    let measured = alignRight || mayOverflow ? doc.widthOfString(shown) : 0;
    while (measured > width && shown.length > 1) {
      shown = `${shown.slice(0, Math.max(1, Math.floor((shown.length * width) / measured) - 1))}…`;
      measured = doc.widthOfString(shown);
    }
    // textWidth and wordCount: PDFKit's own fields for a text already measured (not in its published types).
    const options = { lineBreak: false, textWidth: measured, wordCount: 1 } as PDFKit.Mixins.TextOptions;
    doc.text(shown, alignRight ? x + width - measured : x, y, options);
  };
  withoutKerning(doc);

  // Widths in the table's font one glyph at a time (kerning is off: a text is as wide as its glyphs), each glyph's
  // measured once; and a text as a PDF literal string in the font's encoding (WinAnsi: ASCII as it is).
  const glyphWidths = new Map<string, number>();
  const widthOf = (text: string) => {
    let width = 0;
    for (const char of text) {
      let glyph = glyphWidths.get(char);
      if (glyph === undefined) glyphWidths.set(char, (glyph = doc.widthOfString(char)));
      width += glyph;
    }
    return width;
  };
  const literal = (text: string, standard: StandardFont) => {
    if (/^[\x20-\x7e]*$/.test(text)) return `(${text.replace(/[()\\]/g, (char) => `\\${char}`)})`;
    const escaped = standard.encode(text)[0].map((hex) => {
      const code = parseInt(hex, 16);
      const plain = code >= 0x20 && code < 0x7f && code !== 0x28 && code !== 0x29 && code !== 0x5c;
      return plain ? String.fromCharCode(code) : `\\${code.toString(8).padStart(3, '0')}`;
    });
    return `(${escaped.join('')})`;
  };

  /**
   * A movements row in one text object of the content stream, when its texts are all in Helvetica's encoding (an
   * English, French, German… statement; a Russian or Japanese one takes cell() for each cell): one font setting and one
   * positioned string per cell instead of PDFKit's save, transform, font and restore around each of the row's seven
   * texts, which was most of a long statement's time. The same operators PDFKit writes for a text (its _fragment), on
   * its standard font's own encoding; false: not drawn, draw it cell by cell.
   */
  const fastRow = (texts: string[], y: number): boolean => {
    if (!texts.every((text) => latin1.test(text))) return false;
    doc.font('Helvetica');
    const standard = (doc as unknown as { _font: StandardFont })._font;
    const page = doc.page as unknown as { height: number; fonts: Record<string, unknown> };
    page.fonts[standard.id] ??= standard.ref();
    const baseline = page.height - y - (standard.ascender / 1000) * tableFontSize;
    const parts = ['q', `1 0 0 -1 0 ${page.height} cm`, 'BT', `/${standard.id} ${tableFontSize} Tf`];
    let x = left;
    for (const [index, column] of columns.entries()) {
      const width = column.width - 4;
      let shown = texts[index]!;
      if (shown) {
        let measured = widthOf(shown);
        while (measured > width && shown.length > 1) {
          shown = `${shown.slice(0, Math.max(1, Math.floor((shown.length * width) / measured) - 1))}…`;
          measured = widthOf(shown);
        }
        const at = rightAligned.has(column.key) ? x + width - measured : x;
        parts.push(`1 0 0 1 ${at.toFixed(2)} ${baseline.toFixed(2)} Tm ${literal(shown, standard)} Tj`);
      }
      x += column.width;
    }
    parts.push('ET', 'Q');
    doc.addContent(parts.join('\n'));
    return true;
  };

  let page = 1;
  const footer = () => {
    doc.fontSize(8).fillColor(muted);
    write(t('pdf.page', { page }), left, pageBottom + 12, { width: right - left, align: 'right' });
    write(
      `${source.account.PrimaryAcct.replace(/^0+(?=\d)/, '')} · ${day(source.dateFrom)} – ${day(source.dateTo)}`,
      left,
      pageBottom + 12,
    );
    doc.fillColor('black');
  };
  const tableHeader = (y: number, currency: string) => {
    doc.fontSize(8).fillColor(muted);
    let x = left;
    for (const column of columns) {
      const label =
        column.key === 'amount' || column.key === 'balance'
          ? `${t(`columns.${column.key}`)} (${currency})`
          : t(`columns.${column.key}`);
      write(label, x, y, {
        width: column.width - 4,
        align: rightAligned.has(column.key) ? 'right' : 'left',
        bold: true,
      });
      x += column.width;
    }
    doc
      .moveTo(left, y + 11)
      .lineTo(right, y + 11)
      .lineWidth(0.5)
      .strokeColor('#c5ccd6')
      .stroke();
    doc.fillColor('black');
    return y + rowHeight + 2;
  };
  /** A new page when fewer than `needed` points are left; the table's header again when within a table. */
  const ensureRoom = (y: number, needed: number, currency?: string) => {
    if (y + needed <= pageBottom) return y;
    footer();
    doc.addPage();
    page += 1;
    return currency ? tableHeader(left, currency) : left;
  };
  const money = (amount: string, currency: string, decimals: number) =>
    formatMoney(amount, currency, locale, { decimals }).replace(/\u202f|\u00a0/g, ' ');

  const render = async () => {
    // Letterhead: the logo, the company name, the title, the account and the period.
    let y = left;
    if (branding.logo) {
      try {
        doc.image(branding.logo, left, y, { fit: [140, 48] });
      } catch {
        // A logo PDFKit cannot read (a PNG variant it does not know): the company name stands alone.
      }
    }
    doc.fontSize(16).fillColor(branding.primaryColor);
    write(branding.companyName, left + 160, y + 4, { width: right - left - 160, align: 'right', bold: true });
    doc.fillColor('black').fontSize(12);
    write(t('pdf.title'), left + 160, y + 26, { width: right - left - 160, align: 'right' });
    y += 64;
    doc.fontSize(10);
    write(
      `${t('pdf.account')}: ${source.account.PrimaryAcct.replace(/^0+(?=\d)/, '')} ${source.account.Name}`,
      left,
      y,
      { bold: true },
    );
    y += 14;
    write(t('pdf.period', { from: day(source.dateFrom), to: day(source.dateTo) }), left, y);
    y += 14;
    doc.fillColor(muted).fontSize(8);
    write(t('pdf.issued', { date: day(source.asOf) }), left, y);
    doc.fillColor('black');
    y += 22;
    if (source.sections.length === 0) {
      doc.fontSize(10);
      write(t('pdf.no_movements'), left, y);
    }

    for (const section of source.sections) {
      const currency = section.currencyKey;
      const amount = (value: string) => money(value, currency, section.decimals);
      y = ensureRoom(y, 80);
      doc.fontSize(12);
      write(t('pdf.currency_section', { currency }), left, y, { bold: true });
      y += 18;
      doc.fontSize(9);
      write(t('opening_balance'), left, y, { bold: true });
      write(amount(section.openingBalance), left, y, { width: right - left - 4, align: 'right', bold: true });
      y += rowHeight + 4;
      y = tableHeader(y, currency);
      let lines = 0;
      for await (const batch of section.lines()) {
        for (const line of batch) {
          y = ensureRoom(y, rowHeight, currency);
          doc.fontSize(tableFontSize);
          const cells: Record<Column['key'], string> = {
            date: erpDay(line.date),
            kind: kindLabel(line.kind),
            number: line.number,
            reference: line.reference,
            due_date: erpDay(line.due_date),
            amount: amount(line.amount),
            balance: amount(line.balance),
          };
          const texts = columns.map((column) => cells[column.key]);
          if (!fastRow(texts, y)) {
            let x = left;
            for (const [index, column] of columns.entries()) {
              cell(texts[index]!, x, y, column.width - 4, rightAligned.has(column.key));
              x += column.width;
            }
          }
          y += rowHeight;
          lines += 1;
        }
        // Back-pressure: the next batch waits until the reader has taken what was written.
        if (output.writableNeedDrain) await once(output, 'drain');
      }
      if (lines === 0) {
        doc.fontSize(8).fillColor(muted);
        write(t('pdf.no_movements'), left, y);
        doc.fillColor('black');
        y += rowHeight;
      }
      y = ensureRoom(y + 4, rowHeight * 9);
      doc.moveTo(left, y).lineTo(right, y).lineWidth(0.5).strokeColor('#c5ccd6').stroke();
      y += 4;
      doc.fontSize(9);
      write(t('closing_balance'), left, y, { bold: true });
      write(amount(section.closingBalance()), left, y, { width: right - left - 4, align: 'right', bold: true });
      y += rowHeight + 8;
      // The aging: five buckets side by side, each its label, amount and count.
      doc.fontSize(9);
      write(t('pdf.aging_as_of', { date: day(source.asOf) }), left, y, { bold: true });
      y += rowHeight;
      const width = (right - left) / section.aging.length;
      section.aging.forEach((bucket, index) => {
        const x = left + index * width;
        doc.fontSize(7).fillColor(muted);
        write(t(`aging.buckets.${bucket.bucket}`), x, y, { width: width - 6 });
        doc.fontSize(9).fillColor('black');
        write(amount(bucket.amount), x, y + 10, { width: width - 6 });
        doc.fontSize(7).fillColor(muted);
        write(t('aging.count', { count: bucket.count }), x, y + 22, { width: width - 6 });
        doc.fillColor('black');
      });
      y += 44;
    }
    footer();
    doc.end();
  };
  render().catch((error: unknown) => output.destroy(error instanceof Error ? error : new Error(String(error))));
  return output;
}
