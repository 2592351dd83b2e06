// POST /api/disputes/:id/attachments and GET /api/disputes/:id/attachments/:attachmentId (issue 39, ADR 0034). The
// upload is multipart/form-data as a browser's FormData sends it (field "file", one or more files), read part by part:
// a file is never held past disputeAttachmentLimits.maxBytes (busboy stops it there: 413), and each is checked as it
// arrives; the files that passed are stored only once every file of the request has. A download is always an
// attachment of its stored type, nosniff and sandboxed, whatever the browser asked.
import type { Readable } from 'node:stream';
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { disputeAttachmentLimits, downloadDisputeAttachment, uploadDisputeAttachments } from '@portal/contracts';
import { AppError } from '../../errors';
import { clientInfo } from '../../http/client-info';
import { addRoute } from '../../http/routes';
import { requireActor } from '../../plugins/auth';
import { attachmentTooLarge, checkAttachment, type CheckedAttachment } from './attachment-checks';
import {
  addDisputeAttachments,
  attachmentCountExceeded,
  openAttachmentUpload,
  readDisputeAttachment,
} from './dispute-attachments';

const { maxBytes, maxFiles } = disputeAttachmentLimits;
/** Room for the multipart framing around maxFiles files of maxBytes: a body declared larger is refused unread. */
const maxRequestBytes = maxFiles * maxBytes + 1024 * 1024;

/** The headers of every download: nothing in the file may run, load or be sniffed into another type. */
const downloadHeaders = {
  'x-content-type-options': 'nosniff',
  'content-security-policy': "sandbox; default-src 'none'",
  'cache-control': 'private, no-store',
  'cross-origin-resource-policy': 'same-origin',
} as const;

export async function disputeAttachmentsRoutes(app: FastifyInstance): Promise<void> {
  const { ctx } = app;
  // Text fields are read (and ignored) up to 1 KB each; files stop at maxBytes, the sixth file ends the request.
  await app.register(multipart, {
    limits: { fileSize: maxBytes, files: maxFiles, fields: 10, fieldSize: 1024, parts: maxFiles + 10 },
  });

  addRoute(app, uploadDisputeAttachments, async ({ params, request }) => {
    const actor = requireActor(request.actor);
    // Who may add to this dispute is known before the body is read: a 404 or a refusal reads none of it.
    const target = await openAttachmentUpload(ctx, actor, params.id);
    if (!request.isMultipart()) {
      throw new AppError('UNSUPPORTED_MEDIA_TYPE', {
        messageKey: 'validation.disputes.attachment_type',
        details: { fields: ['file'] },
      });
    }
    if (Number(request.headers['content-length'] ?? 0) > maxRequestBytes) throw attachmentTooLarge();
    const files = await receiveAttachments(request, target.room);
    if (files.length === 0) throw new AppError('VALIDATION_FAILED', { details: { fields: ['file'] } });
    request.log.info({ disputeId: params.id, files: files.length }, 'dispute attachments checked');
    return { attachments: await addDisputeAttachments(ctx, actor, target, files, clientInfo(request)) };
  });

  addRoute(app, downloadDisputeAttachment, async ({ params, request, reply }) => {
    const file = await readDisputeAttachment(ctx, requireActor(request.actor), params.id, params.attachmentId);
    return reply
      .type(file.contentType)
      .headers({ ...downloadHeaders, 'content-disposition': attachmentDisposition(file.fileName) })
      .send(file.content);
  });
}

/**
 * The request's files, each read up to maxBytes and checked as it arrives. Any refusal stops the reading: the rest of
 * the body is let through to nothing (never buffered), so that the answer goes and the connection stays usable.
 */
async function receiveAttachments(request: FastifyRequest, room: number): Promise<CheckedAttachment[]> {
  const checked: CheckedAttachment[] = [];
  try {
    for await (const part of request.files()) {
      if (part.fieldname !== 'file') {
        throw new AppError('VALIDATION_FAILED', { details: { fields: [part.fieldname.slice(0, 100)] } });
      }
      if (checked.length >= room) throw attachmentCountExceeded();
      const bytes = await readAtMost(part.file as Readable & { truncated?: boolean }, maxBytes);
      checked.push(await checkAttachment({ fileName: part.filename ?? '', bytes }));
    }
  } catch (error) {
    discardRest(request);
    throw asAppError(error);
  }
  return checked;
}

/** The stream's bytes, or 413 once there are more than `limit` (busboy cuts a file at its fileSize limit: truncated). */
async function readAtMost(stream: Readable & { truncated?: boolean }, limit: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > limit) throw attachmentTooLarge();
    chunks.push(chunk);
  }
  if (stream.truncated) throw attachmentTooLarge();
  return Buffer.concat(chunks, size);
}

/** The rest of the request body read and dropped: the parser let go of it, the socket drains into nothing. */
function discardRest(request: FastifyRequest): void {
  request.raw.unpipe();
  request.raw.resume();
}

/** The multipart parser's refusals in the one error shape: a file over the limit 413, a sixth file the count rule. */
function asAppError(error: unknown): unknown {
  if (error instanceof AppError) return error;
  const failure = error as { code?: string; statusCode?: number; message?: string };
  if (failure.code === 'FST_REQ_FILE_TOO_LARGE') return attachmentTooLarge();
  if (failure.code === 'FST_FILES_LIMIT') return attachmentCountExceeded();
  // Too many parts or fields, a malformed body, a client that went away mid-file: the caller's, not a bug.
  if (
    (failure.statusCode !== undefined && failure.statusCode >= 400 && failure.statusCode < 500) ||
    failure.code === 'ERR_STREAM_PREMATURE_CLOSE' ||
    /multipart|boundary|unexpected end|terminated early|aborted/i.test(failure.message ?? '')
  ) {
    return new AppError('VALIDATION_FAILED', { details: { fields: ['file'] }, cause: error });
  }
  return error;
}

/**
 * `attachment` with the name twice (RFC 6266): an ASCII fallback, and the name itself as UTF-8 in filename*
 * (RFC 5987/8187), which every current browser prefers.
 */
export function attachmentDisposition(fileName: string): string {
  const fallback = fileName.replace(/[^\x20-\x7e]|["\\%]/g, '_');
  const encoded = encodeURIComponent(fileName).replace(
    /['()*]/g,
    (character) => `%${character.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}
