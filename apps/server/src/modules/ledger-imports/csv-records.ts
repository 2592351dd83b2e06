// Reads a CSV file as a stream of records keyed by its header's column names (UTF-8, a BOM allowed, comma-separated,
// RFC 4180 quoting). Memory stays flat: one record at a time. A line that cannot be read (a broken quote, the wrong
// number of fields) is reported with its line number and the reading goes on.
import type { Readable } from 'node:stream';
import { parse, CsvError } from 'csv-parse';

export type CsvLine =
  { line: number; values: Record<string, string> } | { line: number; error: 'malformed' | 'column_count' };

/** A header that cannot be used: the whole file is refused before any row is written. */
export class CsvHeaderError extends Error {
  constructor(
    readonly messageKey: string,
    readonly values: Record<string, string>,
  ) {
    super(messageKey);
  }
}

/** Longest line accepted (a row with a long address is a few hundred bytes). */
const maxRecordBytes = 64 * 1024;

export async function* readCsvRecords(
  input: Readable,
  columns: { allowed: readonly string[]; required: readonly string[] },
): AsyncGenerator<CsvLine> {
  let header: string[] | undefined;
  const parser = input.pipe(
    parse({
      bom: true,
      relax_column_count: true,
      skip_empty_lines: true,
      skip_records_with_error: false,
      max_record_size: maxRecordBytes,
      info: true,
      trim: true,
    }),
  );
  input.on('error', (error) => parser.destroy(error));
  try {
    for await (const { record, info } of parser as AsyncIterable<{ record: string[]; info: { lines: number } }>) {
      if (!header) {
        header = record.map((name) => name.trim().toLowerCase());
        const unknown = header.filter((name) => !columns.allowed.includes(name));
        if (unknown.length > 0) {
          throw new CsvHeaderError('imports.errors.unknown_columns', {
            columns: unknown.join(', '),
            expected: columns.allowed.join(', '),
          });
        }
        const missing = columns.required.filter((name) => !header!.includes(name));
        if (missing.length > 0)
          throw new CsvHeaderError('imports.errors.missing_columns', { columns: missing.join(', ') });
        const duplicate = header.find((name, index) => header!.indexOf(name) !== index);
        if (duplicate) throw new CsvHeaderError('imports.errors.duplicate_column', { column: duplicate });
        continue;
      }
      if (record.length !== header.length) {
        yield { line: info.lines, error: 'column_count' };
        continue;
      }
      const values: Record<string, string> = {};
      header.forEach((name, index) => (values[name] = record[index] ?? ''));
      yield { line: info.lines, values };
    }
  } catch (error) {
    if (error instanceof CsvError) {
      // A broken quote ends what csv-parse can read of the file: the rest is refused as one.
      throw new CsvHeaderError('imports.errors.malformed_csv', {
        line: String((error as CsvError & { lines?: number }).lines ?? ''),
      });
    }
    throw error;
  }
  if (!header) throw new CsvHeaderError('imports.errors.empty_file', {});
}
