// Imports into the built-in ledger (issue 27 §2): customers and documents as CSV, invoices and credit notes as UBL 2.1
// (Peppol BIS Billing 3.0), each record all or nothing, idempotent by its key, with a report of what was created,
// updated, left unchanged and rejected (with the reason, translated for the reader).
import { z } from 'zod';
import { defineRoute } from './route';

export const ledgerImportKinds = ['company_codes', 'customers', 'documents', 'ubl'] as const;
export type LedgerImportKind = (typeof ledgerImportKinds)[number];

/**
 * The columns of a company codes CSV: the supplier's company codes, the first file of a new portal (it also writes
 * the ledger's base configuration: currencies, payment types). enable_* and disable_* take true/false (or X/'').
 */
export const companyCodeCsvColumns = [
  'company_code',
  'name',
  'country',
  'currency_key',
  'enable_deposits',
  'enable_echeck',
  'disable_payments',
  'disable_3ds',
  'party_ids',
] as const;

/** The columns of a customers CSV (a header row names them, in any order). */
export const customerCsvColumns = [
  'customer_number',
  'name',
  'name_2',
  'street',
  'city',
  'region',
  'postal_code',
  'country',
  'phone',
  'company_code',
  'sales_organization',
  'distribution_channel',
  'division',
  'currency_key',
  'payer_number',
  'party_ids',
] as const;

/** The columns of a documents CSV. pdf_file names a PDF sent in the same multipart request. */
export const documentCsvColumns = [
  'company_code',
  'type',
  'number',
  'document_date',
  'due_date',
  'currency',
  'total_amount',
  'open_amount',
  'payer_number',
  'soldto_number',
  'reference',
  'purchase_order',
  'pdf_file',
] as const;

/** Limits of one import request (413 beyond them). */
export const ledgerImportLimits = {
  /** One request's bytes, all files together. */
  maxRequestBytes: 512 * 1024 * 1024,
  /** One UBL file (embedded PDFs included). */
  maxUblFileBytes: 20 * 1024 * 1024,
  /** One PDF sent beside a documents CSV. */
  maxPdfBytes: 20 * 1024 * 1024,
  /** Files in one multipart request. */
  maxFiles: 20_000,
  /** Rejections kept per import (the count is exact beyond it). */
  rejectionsKept: 1000,
} as const;

export const ImportRejection = z.object({
  /** The file, and the line for a CSV (`customers.csv:12`). */
  source: z.string(),
  /** The document or customer number, when it could be read. */
  document: z.string(),
  /** The column or the UBL element at fault ('' for the whole record). */
  field: z.string(),
  /** The reason, in the reader's language. */
  message: z.string(),
});
export type ImportRejection = z.infer<typeof ImportRejection>;

export const ImportCounts = z.object({
  created: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
  rejected: z.number().int(),
});

export const ImportSummary = z.object({
  id: z.string().uuid(),
  kind: z.enum(ledgerImportKinds),
  status: z.enum(['running', 'completed', 'failed']),
  /** browser, api or cli. */
  origin: z.string(),
  company_code: z.string(),
  files: z.array(z.string()),
  /** Who ran it: a login, or `key:<name>` for an API key. */
  actor: z.string(),
  started_at: z.string(),
  finished_at: z.string().nullable(),
  /** Records read so far, and how many there are when known (UBL files): the progress bar. */
  processed: z.number().int(),
  total: z.number().int().nullable(),
  counts: ImportCounts,
  /** Why the whole import failed (an unreadable file), translated; '' otherwise. */
  failure: z.string(),
});
export type ImportSummary = z.infer<typeof ImportSummary>;

export const ImportReport = ImportSummary.extend({
  rejected: z.array(ImportRejection),
  /** True when more were rejected than the report keeps (ledgerImportLimits.rejectionsKept). */
  rejected_truncated: z.boolean(),
});
export type ImportReport = z.infer<typeof ImportReport>;

export const StartImportQuery = z.object({
  /** company_codes, customers or documents for CSV; ubl is implied by XML. */
  kind: z.enum(ledgerImportKinds).optional(),
  /** The company code of UBL documents (else mapped from the seller's identifiers). */
  company_code: z.string().trim().max(10).optional(),
  /** Who sends it: the browser's page says so; the CLI says cli; an API client need not. */
  origin: z.enum(['browser', 'api', 'cli']).optional(),
});

export const startLedgerImport = defineRoute({
  method: 'POST',
  path: '/api/ledger/imports',
  permission: 'CanEditSystemConfig',
  apiKeyScope: 'ledger:write',
  successStatus: 201,
  summary:
    'Imports company codes (text/csv, kind=company_codes), customers (text/csv, kind=customers), documents (text/csv, kind=documents; multipart with the PDFs it names) ' +
    'or UBL invoices and credit notes (application/xml, or multipart for many). 201 with the report; with the header ' +
    '`Prefer: respond-async`, 202 as soon as the files are received, then GET the report.',
  querystring: StartImportQuery,
  response: ImportReport,
});

export const getLedgerImport = defineRoute({
  method: 'GET',
  path: '/api/ledger/imports/:id',
  permission: 'CanEditSystemConfig',
  apiKeyScope: 'ledger:write',
  summary: 'One import: its progress, counts and rejected records.',
  params: z.object({ id: z.string().uuid() }),
  response: ImportReport,
});

export const listLedgerImports = defineRoute({
  method: 'GET',
  path: '/api/ledger/imports',
  permission: 'CanEditSystemConfig',
  apiKeyScope: 'ledger:write',
  summary: 'The imports, newest first.',
  querystring: z.object({
    limit: z.coerce.number().int().min(1).max(200).default(50),
    /** The started_at of the last import of the page before (ISO). */
    before: z.string().datetime().optional(),
  }),
  response: z.object({ imports: z.array(ImportSummary), next_before: z.string().nullable() }),
});
