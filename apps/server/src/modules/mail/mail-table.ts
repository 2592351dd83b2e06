// The tables the server writes into an e-mail (a receipt's documents, AutoPay's payments and left invoices): one
// layout with inline styles, every header and cell HTML-escaped, so the result can go in as trusted MailHtml.
import { escapeHtml, type MailHtml } from './render-email';

export type MailColumn = { label: string; align?: 'left' | 'right' };
/** A cell's text, or a link (an http(s) address the server built). */
export type MailCell = string | { text: string; href: string };

export function mailTable(columns: readonly MailColumn[], rows: readonly (readonly MailCell[])[]): MailHtml {
  const header = columns
    .map(
      (column) =>
        `<th align="${column.align ?? 'left'}" style="padding:6px 8px;border-bottom:1px solid #d1d5db;">${escapeHtml(column.label)}</th>`,
    )
    .join('');
  const body = rows
    .map(
      (row) =>
        `<tr>${row
          .map(
            (cell, index) =>
              `<td align="${columns[index]?.align ?? 'left'}" style="padding:6px 8px;border-bottom:1px solid #e5e7eb;">${cellHtml(cell)}</td>`,
          )
          .join('')}</tr>`,
    )
    .join('');
  return {
    html: `<table role="presentation" cellpadding="0" cellspacing="0" border="0" style="width:100%;border-collapse:collapse;margin:0 0 14px;"><thead><tr>${header}</tr></thead><tbody>${body}</tbody></table>`,
  };
}

function cellHtml(cell: MailCell): string {
  if (typeof cell === 'string') return escapeHtml(cell);
  // Only a web address becomes a link: anything else (a javascript: or data: address) stays text.
  if (!/^https?:\/\//i.test(cell.href)) return escapeHtml(cell.text);
  return `<a href="${escapeHtml(cell.href)}">${escapeHtml(cell.text)}</a>`;
}

/** A sentence in place of a table that has no rows. */
export function mailParagraph(text: string): MailHtml {
  return { html: `<p>${escapeHtml(text)}</p>` };
}

/** A document number as people read it: the ERP's leading zeros dropped. */
export function displayDocumentNumber(number: string): string {
  return number.replace(/^0+(?=\d)/, '');
}

/**
 * The number an invoice is known by: its billing document's, or, for a finance-only item (a freight or interest
 * charge posted in finance, with no billing document: ADR 0029), its finance document's, as the portal's pages show it.
 */
export function displayInvoiceNumber(document: {
  billing_document_number: string;
  document_number_finance?: string;
}): string {
  return displayDocumentNumber(document.billing_document_number || (document.document_number_finance ?? ''));
}
