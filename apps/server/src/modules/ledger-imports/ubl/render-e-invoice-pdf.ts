// Renders an imported e-invoice that came without a PDF of its own (issue 27 §2: "otherwise the portal renders the
// PDF from the document's parties, lines, tax and totals, in the reader's language"). Labels come from the `ubl.pdf`
// messages; numbers, amounts and dates are formatted with Intl for the reader's language, amounts exactly (Intl
// formats the decimal string, never a float) in the currency's decimals. Fonts and layout follow the ledger's own
// invoice PDF (connectors/erp/ledger/invoice-pdf.ts): Helvetica for Latin-1 text, the Unicode font for the rest.
import { formatMoney } from '@portal/domain';
import { translate, type Language } from '@portal/i18n';
import PDFDocument from 'pdfkit';
import { loadUnicodeFont, type UnicodeFont } from '../../../connectors/erp/ledger/invoice-pdf';
import { compareDecimals, formatDecimal, parseDecimal } from './ubl-decimal';
import type { EInvoiceDetail, UblParty, UblPartyId } from './ubl-document';

export type { EInvoiceDetail } from './ubl-document';

export type RenderEInvoicePdfOptions = {
  language: Language;
  /** The document currency's decimals in the ledger (JPY 0, EUR 2, KWD 3). */
  decimals: number;
  /** The font for text outside Latin-1 (Japanese, Cyrillic); left out: the process's (loadUnicodeFont()). */
  unicodeFont?: UnicodeFont | null;
};

const brand = '#1f4e79';
const muted = '#5f6b7a';
const rule = '#c5ced9';
const shade = '#eef2f7';
// WinAnsi (the standard fonts' encoding) is Latin-1 plus a few punctuation marks.
const latin1 = /^[\u0020-\u00ff\u2013\u2014\u2018\u2019\u201c\u201d\u2022\u2026\u20ac\n]*$/;
const left = 50;
const right = 545;
const pageBottom = 790;
const codePattern = /^[A-Z0-9]{1,3}$/;

type Align = 'left' | 'right';
type Column = { x: number; width: number; align: Align };

export async function renderEInvoicePdf(detail: EInvoiceDetail, options: RenderEInvoicePdfOptions): Promise<Buffer> {
  const { language } = options;
  const unicodeFont = options.unicodeFont === undefined ? loadUnicodeFont() : options.unicodeFont;
  const t = (key: string, values?: Record<string, string>) => translate(language, undefined, `ubl.pdf.${key}`, values);
  /** "Label: value" with the language's punctuation ("Label : value" in French, "Label：value" in Japanese). */
  const labelled = (label: string, value: string) => t('labelled', { label, value });
  /** The label of a code (unit, tax category), or the code itself when there is none. */
  const codeLabel = (group: string, code: string | null) => {
    if (!code) return '';
    if (!codePattern.test(code)) return code;
    const key = `${group}.${code}`;
    const label = t(key);
    return label === `ubl.pdf.${key}` ? code : label;
  };
  const title = detail.kind === 'credit' ? t('credit_note') : t('invoice');

  const doc = new PDFDocument({
    size: 'A4',
    margin: 50,
    bufferPages: true,
    info: { Title: `${title} ${detail.number ?? ''}`.trim(), Author: partyName(detail.seller) ?? '' },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  let unicodeRegistered = false;
  /** Helvetica for Latin-1 text; the Unicode font for the rest, or for all the cells of a row that needs it. */
  const font = (text: string, bold = false, unicode = false) => {
    if ((unicode || !latin1.test(text)) && unicodeFont) {
      if (!unicodeRegistered) {
        // PDFKit accepts a parsed fontkit font (its types only list the byte forms).
        doc.registerFont('unicode', unicodeFont.font as unknown as Buffer);
        unicodeRegistered = true;
      }
      doc.font('unicode');
    } else {
      doc.font(bold ? 'Helvetica-Bold' : 'Helvetica');
    }
    return doc;
  };
  /** Writes `text` in a box and returns the height it took. */
  const write = (
    text: string,
    x: number,
    y: number,
    width: number,
    style: { size?: number; bold?: boolean; color?: string; align?: Align; unicode?: boolean } = {},
  ) => {
    font(text, style.bold, style.unicode)
      .fontSize(style.size ?? 9)
      .fillColor(style.color ?? '#000000');
    doc.text(text, x, y, { width, align: style.align ?? 'left' });
    return doc.heightOfString(text, { width });
  };
  const measure = (text: string, width: number, size = 9, bold = false, unicode = false) => {
    font(text, bold, unicode).fontSize(size);
    return doc.heightOfString(text, { width });
  };

  const formats = new Formats(language, detail.currency, options.decimals);
  let y = 50;
  const ensureSpace = (height: number) => {
    if (y + height > pageBottom) {
      doc.addPage();
      y = 50;
      return true;
    }
    return false;
  };
  const heading = (text: string) => {
    ensureSpace(40);
    y += 10;
    y += write(text, left, y, right - left, { size: 11, bold: true, color: brand }) + 4;
  };

  // Title and the document's facts.
  write(title, left, y, 260, { size: 22, bold: true, color: brand });
  if (detail.number) write(detail.number, left, y + 30, 260, { size: 12, bold: true });
  const facts: [string, string | null][] = [
    [t('issue_date'), formats.date(detail.issueDate)],
    [t('due_date'), formats.date(detail.dueDate)],
    [t('delivery_date'), formats.date(detail.deliveryDate)],
    [t('order_reference'), detail.orderReference],
    [t('buyer_reference'), detail.buyerReference],
    [t('billing_reference'), detail.billingReferences.join(', ') || null],
    [t('currency'), detail.currency],
  ];
  let factsY = y;
  for (const [label, value] of facts) {
    if (!value) continue;
    const height = Math.max(
      write(label, 320, factsY, 110, { color: muted }),
      write(value, 430, factsY, right - 430, { align: 'right' }),
    );
    factsY += height + 3;
  }
  y = Math.max(factsY, y + 52) + 16;

  // Parties, two by two.
  const partyBlock = (label: string, party: UblParty, x: number, top: number) => {
    let blockY = top;
    blockY += write(label, x, blockY, 235, { bold: true, color: brand }) + 3;
    const name = partyName(party);
    if (name) blockY += write(name, x, blockY, 235, { size: 10, bold: true }) + 2;
    if (party.name && party.registrationName && party.name !== party.registrationName) {
      blockY += write(party.name, x, blockY, 235, { color: muted }) + 2;
    }
    const { address } = party;
    const lines = [
      address.street,
      address.additionalStreet,
      [address.postalCode, address.city].filter(Boolean).join(' '),
      [address.region, address.country].filter(Boolean).join(' · '),
    ].filter((line): line is string => Boolean(line));
    for (const line of lines) blockY += write(line, x, blockY, 235) + 1;
    blockY += 3;
    if (party.vatId) blockY += write(labelled(t('vat_id'), party.vatId), x, blockY, 235, { color: muted }) + 1;
    for (const id of distinctIds(party.ids)) {
      // scheme:value, as party_ids are written in the customers CSV (0088:3015060012347).
      const value = id.scheme ? `${id.scheme}:${id.value}` : id.value;
      blockY += write(labelled(t(`ids.${id.source}`), value), x, blockY, 235, { color: muted }) + 1;
    }
    const contact = [party.contact.name, party.contact.phone, party.contact.email].filter(Boolean).join(' · ');
    if (contact) blockY += write(labelled(t('contact'), contact), x, blockY, 235, { color: muted }) + 1;
    return blockY;
  };
  const partyRow = (first: [string, UblParty] | null, second: [string, UblParty] | null) => {
    ensureSpace(120);
    const top = y;
    const bottoms = [top];
    if (first) bottoms.push(partyBlock(first[0], first[1], left, top));
    if (second) bottoms.push(partyBlock(second[0], second[1], 310, top));
    y = Math.max(...bottoms) + 14;
  };
  partyRow([t('seller'), detail.seller], [t('buyer'), detail.buyer]);
  if (detail.payee || detail.delivery) {
    partyRow(
      detail.payee ? [t('payee'), detail.payee] : null,
      detail.delivery ? [t('delivery'), detail.delivery] : null,
    );
  }
  if (detail.signReversed) {
    y += write(t('reversed'), left, y, right - left, { color: muted }) + 8;
  }

  // A table: a shaded header row, then rows whose height is that of their tallest cell.
  const table = (columns: Column[], header: string[], rows: string[][], bold: boolean[] = []) => {
    const headerHeight = Math.max(...header.map((label, index) => measure(label, columns[index]!.width, 9, true))) + 8;
    const drawHeader = () => {
      doc.rect(left, y - 3, right - left, headerHeight).fill(shade);
      header.forEach((label, index) => {
        const column = columns[index]!;
        write(label, column.x, y + 1, column.width, { bold: true, align: column.align });
      });
      y += headerHeight + 2;
    };
    ensureSpace(headerHeight + 20);
    drawHeader();
    rows.forEach((cells, rowIndex) => {
      // One font for the whole row, so that its cells share a baseline.
      const unicode = cells.some((cell) => !latin1.test(cell));
      const height =
        Math.max(...cells.map((cell, index) => measure(cell, columns[index]!.width, 9, false, unicode))) + 5;
      if (ensureSpace(height)) drawHeader();
      cells.forEach((cell, index) => {
        const column = columns[index]!;
        write(cell, column.x, y, column.width, { align: column.align, bold: bold[rowIndex] ?? false, unicode });
      });
      y += height;
    });
    doc.moveTo(left, y).lineTo(right, y).strokeColor(rule).lineWidth(0.5).stroke();
    y += 6;
  };

  // Lines.
  const lineColumns: Column[] = [
    { x: left, width: 26, align: 'left' },
    { x: 80, width: 190, align: 'left' },
    { x: 272, width: 70, align: 'right' },
    { x: 344, width: 70, align: 'right' },
    { x: 416, width: 40, align: 'right' },
    { x: 458, width: right - 458, align: 'right' },
  ];
  y += 4;
  table(
    lineColumns,
    [t('line_number'), t('description'), t('quantity'), t('unit_price'), t('vat_rate'), t('net_amount')],
    detail.lines.map((line) => {
      const description = [
        line.name ?? '',
        line.description,
        line.sellersItemId ? `${t('item_id')} ${line.sellersItemId}` : null,
        line.note,
      ]
        .filter(Boolean)
        .join('\n');
      const unit = codeLabel('units', line.unitCode);
      // A price per base quantity other than one (BT-149) says so: "12.00 / 100".
      const baseQuantity = parseDecimal(line.baseQuantity);
      const base =
        baseQuantity && compareDecimals(baseQuantity, { units: 1n, scale: 0 }) !== 0
          ? ` / ${formats.quantity(line.baseQuantity)}`
          : '';
      return [
        line.id ?? '',
        description,
        `${formats.quantity(line.quantity)}${unit ? ` ${unit}` : ''}`,
        `${formats.price(line.price)}${base}`,
        formats.percent(line.taxPercent),
        formats.money(line.lineAmount),
      ];
    }),
  );

  // Document-level allowances and charges.
  if (detail.allowanceCharges.length > 0) {
    heading(t('allowances_charges'));
    table(
      [
        { x: left, width: 300, align: 'left' },
        { x: 352, width: 100, align: 'right' },
        { x: 454, width: right - 454, align: 'right' },
      ],
      [t('description'), t('vat_rate'), t('net_amount')],
      detail.allowanceCharges.map((entry) => [
        entry.reason
          ? labelled(entry.charge ? t('charge') : t('allowance'), entry.reason)
          : entry.charge
            ? t('charge')
            : t('allowance'),
        [codeLabel('tax_categories', entry.taxCategory), formats.percent(entry.taxPercent)].filter(Boolean).join(' '),
        entry.charge ? formats.money(entry.amount) : formats.money(negate(entry.amount)),
      ]),
    );
  }

  // VAT breakdown.
  if (detail.taxSubtotals.length > 0) {
    heading(t('tax_breakdown'));
    table(
      [
        { x: left, width: 200, align: 'left' },
        { x: 252, width: 70, align: 'right' },
        { x: 324, width: 110, align: 'right' },
        { x: 436, width: right - 436, align: 'right' },
      ],
      [t('tax_category'), t('tax_rate'), t('taxable_amount'), t('tax_amount')],
      detail.taxSubtotals.map((subtotal) => [
        [
          `${codeLabel('tax_categories', subtotal.category)}${subtotal.category && codeLabel('tax_categories', subtotal.category) !== subtotal.category ? ` (${subtotal.category})` : ''}`,
          subtotal.exemptionReason ? labelled(t('exemption_reason'), subtotal.exemptionReason) : null,
        ]
          .filter(Boolean)
          .join('\n'),
        formats.percent(subtotal.percent),
        formats.money(subtotal.taxableAmount),
        formats.money(subtotal.taxAmount),
      ]),
    );
  }

  // Totals.
  const { totals } = detail;
  const totalRows: [string, string | null, boolean][] = [
    [t('line_total'), totals.lineExtension, false],
    [t('allowance_total'), totals.allowanceTotal === null ? null : negate(totals.allowanceTotal), false],
    [t('charge_total'), totals.chargeTotal, false],
    [t('tax_exclusive'), totals.taxExclusive, true],
    [t('tax_total'), detail.taxTotal, false],
    [t('tax_inclusive'), totals.taxInclusive, true],
    [t('prepaid'), totals.prepaid === null ? null : negate(totals.prepaid), false],
    [t('rounding'), totals.rounding, false],
    [detail.kind === 'credit' ? t('payable_credit') : t('payable'), totals.payable, true],
  ];
  const shown = totalRows.filter(([, value]) => value !== null);
  ensureSpace(shown.length * 15 + 18);
  y += 8;
  for (const [label, value, bold] of shown) {
    const last = label === shown.at(-1)![0];
    if (last) {
      doc
        .moveTo(300, y - 2)
        .lineTo(right, y - 2)
        .strokeColor(rule)
        .lineWidth(0.5)
        .stroke();
      y += 3;
    }
    const height = Math.max(
      write(label, 300, y, 140, { bold, size: last ? 11 : 9 }),
      write(formats.money(value), 440, y, right - 440, { bold, align: 'right', size: last ? 11 : 9 }),
    );
    y += height + 4;
  }

  // Payment terms and notes: free text that may run over pages (pdfkit flows it on; doc.y follows).
  const paragraph = (label: string, text: string) => {
    heading(label);
    font(text).fontSize(9).fillColor('#000000');
    doc.text(text, left, y, { width: right - left });
    y = doc.y + 4;
  };
  if (detail.paymentTermsNote) paragraph(t('payment_terms'), detail.paymentTermsNote);
  if (detail.notes.length > 0) paragraph(t('notes'), detail.notes.join('\n'));

  // Page numbers, written once every page exists. The bottom margin is lifted for the footer so that writing
  // below it does not start a new page.
  const pages = doc.bufferedPageRange();
  for (let index = 0; index < pages.count; index += 1) {
    doc.switchToPage(pages.start + index);
    const footer = t('page', { page: formats.integer(index + 1), pages: formats.integer(pages.count) });
    const margin = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    write(footer, left, 805, right - left, { size: 8, color: muted, align: 'right' });
    if (detail.number) write(detail.number, left, 805, 250, { size: 8, color: muted });
    doc.page.margins.bottom = margin;
  }
  doc.end();
  return done;
}

function partyName(party: UblParty): string | null {
  return party.registrationName ?? party.name;
}

/** Each scheme and value once, under the label of the first place it was read (an endpoint is often an id too). */
function distinctIds(ids: UblPartyId[]): UblPartyId[] {
  const seen = new Set<string>();
  return ids.filter((id) => {
    const key = `${id.scheme}\u0000${id.value}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

function negate(amount: string | null): string | null {
  const value = parseDecimal(amount);
  if (value === undefined) return amount;
  return value.units === 0n ? formatDecimal(value) : formatDecimal({ units: -value.units, scale: value.scale });
}

/** Intl formatting for one language; decimal strings are handed to Intl as strings, so nothing passes a float. */
class Formats {
  private readonly dates: Intl.DateTimeFormat;
  private readonly numbers: Intl.NumberFormat;
  private readonly percents: Intl.NumberFormat;

  constructor(
    private readonly language: Language,
    private readonly currency: string | null,
    private readonly decimals: number,
  ) {
    this.dates = new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeZone: 'UTC' });
    this.numbers = new Intl.NumberFormat(language, { maximumFractionDigits: 20 });
    this.percents = new Intl.NumberFormat(language, { style: 'percent', maximumFractionDigits: 20 });
  }

  date(value: string | null): string | null {
    if (!value) return null;
    const date = new Date(`${value}T00:00:00Z`);
    return /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(date.getTime())
      ? latinSpaces(this.dates.format(date))
      : value;
  }

  integer(value: number): string {
    return latinSpaces(this.numbers.format(value));
  }

  quantity(value: string | null): string {
    const parsed = parseDecimal(value);
    return parsed === undefined
      ? (value ?? '')
      : latinSpaces(this.numbers.format(formatDecimal(parsed) as `${number}`));
  }

  /** 20 → "20 %" (fr), "20%" (en): the rate is shifted two places as text, then formatted as a percentage. */
  percent(value: string | null): string {
    const parsed = parseDecimal(value);
    if (parsed === undefined) return value ?? '';
    return latinSpaces(
      this.percents.format(formatDecimal({ units: parsed.units, scale: parsed.scale + 2 }) as `${number}`),
    );
  }

  money(value: string | null): string {
    return this.amount(value, this.decimals);
  }

  /** A unit price keeps the extra decimals it was written with (0.125 EUR per unit stays 0.125). */
  price(value: string | null): string {
    const parsed = parseDecimal(value);
    return this.amount(value, Math.max(this.decimals, Math.min(parsed?.scale ?? 0, 10)));
  }

  private amount(value: string | null, decimals: number): string {
    const parsed = parseDecimal(value);
    if (parsed === undefined) return value ?? '';
    const plain = formatDecimal(parsed);
    if (this.currency) {
      try {
        return latinSpaces(formatMoney(plain, this.currency, this.language, { decimals }));
      } catch {
        // not a currency Intl knows how to write (a malformed code): the number and the code as sent
      }
    }
    const number = new Intl.NumberFormat(this.language, {
      minimumFractionDigits: decimals,
      maximumFractionDigits: decimals,
    }).format(plain as `${number}`);
    return latinSpaces(this.currency ? `${number} ${this.currency}` : number);
  }
}

/**
 * Intl separates French thousands and percent signs with a narrow no-break space (U+202F), which Helvetica's
 * encoding lacks: the Latin-1 no-break space keeps the number in Helvetica and on one line.
 */
function latinSpaces(text: string): string {
  return text.replace(/\u202f/g, '\u00a0');
}
