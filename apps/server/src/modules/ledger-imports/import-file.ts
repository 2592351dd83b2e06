// A file handed to an import by the API or the CLI. Its own file because both the run (run-ledger-import.ts) and the
// UBL reader (ubl-documents.ts) take it, and the run calls the reader: kept in either, it would make an import circle.
import type { Readable } from 'node:stream';

/** A file of the import: read as a stream (CSV), or whole up to a limit (UBL, PDFs). */
export type ImportFile = {
  name: string;
  open: () => Readable;
};
