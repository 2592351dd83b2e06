// POST /api/ledger/imports and its reports (issue 27 §2): API keys of scope ledger:write or an administrator's
// session. The body is never read whole: a CSV streams into the import as it arrives; multipart files (many UBL
// files, a documents CSV with its PDFs) are spooled to a private temporary folder first, each size-capped, so that
// a CSV can name a PDF sent after it. With `Prefer: respond-async` (RFC 7240) every body is spooled, the answer is
// 202 with the report so far, and the import runs on; the browser polls its report for the progress bar.
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import * as contracts from '@portal/contracts';
import { ledgerImportLimits, type LedgerImportKind } from '@portal/contracts';
import { AppError } from '../../errors';
import { addRoute } from '../../http/routes';
import { requireCaller } from '../../plugins/auth';
import { toImportSummary } from './import-report';
import type { ImportFile } from './import-file';
import { listImports } from './ledger-imports.repository';
import { importFiles, openImport, readImportReport, runImport, type ImportInput } from './run-ledger-import';

const csvTypes = ['text/csv', 'application/csv', 'application/vnd.ms-excel'];
const xmlTypes = ['application/xml', 'text/xml'];

export async function ledgerImportsRoutes(app: FastifyInstance): Promise<void> {
  const { ctx } = app;
  // This plugin's own body readers: the request stream itself, read by the import.
  app.addContentTypeParser([...csvTypes, ...xmlTypes], (_request, payload, done) => done(null, payload));
  await app.register(multipart, {
    limits: {
      fileSize: ledgerImportLimits.maxRequestBytes,
      files: ledgerImportLimits.maxFiles,
      fields: 10,
      parts: ledgerImportLimits.maxFiles + 10,
    },
  });

  addRoute(app, contracts.startLedgerImport, async ({ query, request, reply }) => {
    const caller = requireCaller(request);
    // Issue 28: with ERP_URL the ERP is the source of documents; a copy imported beside it would never be read.
    if (ctx.config.ERP_URL) throw new AppError('CONFLICT', { messageKey: 'imports.errors.erp_connected' });
    const declared = Number(request.headers['content-length'] ?? 0);
    if (declared > ledgerImportLimits.maxRequestBytes) throw tooLarge();
    const background = /\brespond-async\b/i.test(String(request.headers.prefer ?? ''));
    const contentType = (request.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
    const spool =
      background || request.isMultipart() ? await mkdtemp(path.join(os.tmpdir(), 'portal-import-')) : undefined;
    try {
      const received = await receiveFiles(request, contentType, spool);
      const kind = kindOf(query.kind, received, contentType);
      const input: ImportInput = {
        kind,
        origin: query.origin ?? (caller.apiKeyId ? 'api' : 'browser'),
        companyCode: query.company_code ?? '',
        files: received.files,
        attachments: received.attachments,
        caller: { ...caller, ip: request.ip, requestId: request.id },
      };
      if (input.files.length === 0) throw new AppError('VALIDATION_FAILED', { messageKey: 'imports.errors.no_files' });
      if (!background) return await importFiles(ctx, input, request.language);

      const id = await openImport(ctx, input);
      const language = request.language;
      const folder = spool;
      // The import goes on after the answer; its report says how far it got (and `failed` if this process dies,
      // see failStaleImports).
      void runImport(ctx, id, input, language)
        .catch((error: unknown) => request.log.error({ err: error, importId: id }, 'ledger import failed'))
        .finally(() => folder && rm(folder, { recursive: true, force: true }));
      reply.code(202);
      return (await readImportReport(ctx, id, language))!;
    } finally {
      if (spool && !background) await rm(spool, { recursive: true, force: true });
    }
  });

  addRoute(app, contracts.getLedgerImport, async ({ params, request }) => {
    const report = await readImportReport(ctx, params.id, request.language);
    if (!report) throw new AppError('NOT_FOUND');
    return report;
  });

  addRoute(app, contracts.listLedgerImports, async ({ query, request }) => {
    const rows = await listImports(ctx.db, {
      limit: query.limit,
      before: query.before ? new Date(query.before) : undefined,
    });
    return {
      imports: rows.map((row) => toImportSummary(row, request.language)),
      next_before: rows.length === query.limit ? rows.at(-1)!.startedAt.toISOString() : null,
    };
  });
}

type Received = { files: ImportFile[]; attachments: Map<string, ImportFile> };

/** The request's files: streamed through when there is one and no spool, else written to the spool folder. */
async function receiveFiles(
  request: FastifyRequest,
  contentType: string,
  spool: string | undefined,
): Promise<Received> {
  const attachments = new Map<string, ImportFile>();
  if (request.isMultipart()) {
    const files: ImportFile[] = [];
    let total = 0;
    let index = 0;
    try {
      for await (const part of request.files()) {
        const name = safeName(part.filename || `file-${index + 1}`);
        const file = path.join(spool!, String(index++));
        await pipeline(
          part.file,
          countingStream((bytes) => {
            total += bytes;
            if (total > ledgerImportLimits.maxRequestBytes) throw tooLarge();
          }),
          createWriteStream(file, { mode: 0o600 }),
        );
        if (part.file.truncated) throw tooLarge();
        const entry: ImportFile = { name, open: () => createReadStream(file) };
        if (/\.pdf$/i.test(name) || part.mimetype === 'application/pdf') attachments.set(name, entry);
        else files.push(entry);
      }
    } catch (error) {
      if (error instanceof AppError) throw error;
      const multipartError = error as { code?: string; statusCode?: number };
      if (multipartError.statusCode === 413 || /LIMIT/.test(multipartError.code ?? '')) throw tooLarge();
      throw error;
    }
    return { files, attachments };
  }
  if (![...csvTypes, ...xmlTypes].includes(contentType)) throw new AppError('UNSUPPORTED_MEDIA_TYPE');
  const body = request.body as Readable;
  const name = safeName(fileNameOf(request) ?? (xmlTypes.includes(contentType) ? 'document.xml' : 'upload.csv'));
  let total = 0;
  const limited = countingStream((bytes) => {
    total += bytes;
    if (total > ledgerImportLimits.maxRequestBytes) throw tooLarge();
  });
  if (spool) {
    const file = path.join(spool, '0');
    await pipeline(body, limited, createWriteStream(file, { mode: 0o600 }));
    return { files: [{ name, open: () => createReadStream(file) }], attachments };
  }
  // Streamed straight into the import: read once.
  let opened = false;
  return {
    files: [
      {
        name,
        open: () => {
          if (opened) throw new Error('the request body is read once');
          opened = true;
          body.on('error', (error) => limited.destroy(error));
          return body.pipe(limited);
        },
      },
    ],
    attachments,
  };
}

/** A pass-through that counts bytes and lets `onBytes` throw (413) to stop the stream. */
function countingStream(onBytes: (bytes: number) => void): Transform {
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      try {
        onBytes(chunk.length);
        callback(null, chunk);
      } catch (error) {
        callback(error as Error);
      }
    },
  });
}

function kindOf(asked: LedgerImportKind | undefined, received: Received, contentType: string): LedgerImportKind {
  if (asked) return asked;
  if (xmlTypes.includes(contentType)) return 'ubl';
  if (received.files.length > 0 && received.files.every((file) => /\.xml$/i.test(file.name))) return 'ubl';
  throw new AppError('VALIDATION_FAILED', {
    messageKey: 'imports.errors.kind_required',
    details: { fields: ['kind'] },
  });
}

function fileNameOf(request: FastifyRequest): string | undefined {
  const disposition = String(request.headers['content-disposition'] ?? '');
  return /filename="?([^";]+)"?/i.exec(disposition)?.[1];
}

/** A file name as the report shows it: its last path part, printable, at most 200 characters. */
function safeName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? name;
  // eslint-disable-next-line no-control-regex -- control characters are what is removed
  return base.replace(/[\u0000-\u001f\u007f]/g, '').slice(0, 200) || 'file';
}

function tooLarge(): AppError {
  return new AppError('PAYLOAD_TOO_LARGE', {
    details: { max_bytes: ledgerImportLimits.maxRequestBytes },
  });
}
