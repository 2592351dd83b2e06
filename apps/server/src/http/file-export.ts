// Streamed file answers (exports): CSV and .xlsx written batch by batch with back-pressure, so memory stays flat
// whatever the number of rows. Cells come already neutralised against formula injection (export-format.ts).
import { once } from 'node:events';
import { PassThrough, Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { csvField, type Cell } from '../modules/invoices/export-format';

export type ExportFormat = 'xlsx' | 'csv';

/** A header row, then one string of finished CSV lines per batch (a batch of rows turned into text by the caller). */
export function csvStream<T>(labels: string[], batches: AsyncIterable<T>, csvRows: (batch: T) => string): Readable {
  return Readable.from(
    (async function* () {
      // A byte-order mark so that spreadsheet programs read the file as UTF-8.
      yield `\uFEFF${labels.map((label) => csvField({ kind: 'text', value: label })).join(',')}\r\n`;
      // Readable.from pulls the next batch only when the response has taken the last one (back-pressure).
      for await (const batch of batches) yield csvRows(batch);
    })(),
  );
}

/** CSV lines of rows of cells. */
export function csvLines(rows: readonly Cell[][]): string {
  return rows.map((cells) => `${cells.map(csvField).join(',')}\r\n`).join('');
}

export type XlsxColumn = {
  header: string;
  width: number;
  /** number cells keep their decimals as a format */ amount: boolean;
};

export function xlsxStream(sheetName: string, columns: XlsxColumn[], rows: AsyncIterable<Cell[][]>): Readable {
  const output = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: output, useStyles: true, useSharedStrings: false });
  const sheet = workbook.addWorksheet(sheetName, { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = columns.map((column, index) => ({ header: column.header, key: String(index), width: column.width }));
  sheet.getRow(1).font = { bold: true };
  sheet.getRow(1).commit();
  void (async () => {
    for await (const batch of rows) {
      for (const cells of batch) {
        const row = sheet.addRow(cells.map(excelValue));
        cells.forEach((cell, index) => {
          // Amounts keep the currency's decimals (the digits after the point of the decimal string).
          if (cell.kind === 'number' && columns[index]?.amount) {
            const decimals = cell.value.split('.')[1]?.length ?? 0;
            row.getCell(index + 1).numFmt = decimals > 0 ? `#,##0.${'0'.repeat(decimals)}` : '#,##0';
          }
        });
        row.commit();
      }
      // Back-pressure: wait for the client to take the bytes before reading the next batch.
      if (output.writableNeedDrain) await once(output, 'drain');
    }
    sheet.commit();
    await workbook.commit();
  })().catch((error: unknown) => output.destroy(error instanceof Error ? error : new Error(String(error))));
  return output;
}

/**
 * A spreadsheet number from the wire's decimal string. Written to the file as its shortest decimal text, which is
 * exactly the string's value for amounts up to 15 significant digits; money is never computed with it.
 */
function excelValue(cell: Cell): string | number | null {
  if (cell.kind === 'empty') return null;
  return cell.kind === 'number' ? Number(cell.value) : cell.value;
}

/** The Content-Type of each export format (the exports' routes set it with the file name). */
export const exportContentTypes = {
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  csv: 'text/csv; charset=utf-8',
} as const;
