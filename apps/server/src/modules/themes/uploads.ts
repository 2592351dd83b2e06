// POST /api/configuration/upload and GET /api/files/{id} (issue 15): a logo or icon for the themes. The type comes
// from the bytes (file-type), never from the name or the part's header: PNG, JPEG or WebP as they are, SVG only
// after sanitising (html-sanitizer.ts), anything else refused. Served with nosniff and a CSP that sandboxes the
// file and lets it load nothing, so that even a polyglot cannot run as a page of the portal.
import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { fileTypeFromBuffer } from 'file-type';
import { imageSize } from 'image-size';
import { uploadLimits, type UploadedFile } from '@portal/contracts';
import type { AppContext } from '../../app-context';
import { uploadedFiles } from '../../db/schema';
import { AppError } from '../../errors';
import type { Actor } from '../../plugins/auth';
import { sanitizeSvg } from '../configuration/html-sanitizer';

const rasterTypes = new Set<string>(['image/png', 'image/jpeg', 'image/webp']);

/** The stored bytes and their type, or the reason for refusing them. */
async function sniff(bytes: Buffer): Promise<{ contentType: string; bytes: Buffer }> {
  const detected = await fileTypeFromBuffer(bytes);
  if (detected && rasterTypes.has(detected.mime)) {
    assertSensibleDimensions(bytes);
    return { contentType: detected.mime, bytes };
  }
  // file-type knows no SVG: text, or XML by its prolog.
  if ((!detected || detected.mime === 'application/xml') && looksLikeSvg(bytes)) {
    const clean = await sanitizeSvg(bytes.toString('utf8'));
    if (clean) return { contentType: 'image/svg+xml', bytes: Buffer.from(clean, 'utf8') };
  }
  throw refused('validation.upload.type');
}

/**
 * A logo or icon is at most 4096 px a side: a small file can declare a huge canvas (a decompression bomb) that every
 * browser showing the sign-in page would try to allocate. The header is read, never the pixels.
 */
export const maxImageSide = 4096;

function assertSensibleDimensions(bytes: Buffer): void {
  let size: { width?: number; height?: number };
  try {
    size = imageSize(bytes);
  } catch {
    throw refused('validation.upload.type');
  }
  if (!size.width || !size.height || size.width > maxImageSide || size.height > maxImageSide) {
    throw refused('validation.upload.dimensions');
  }
}

function refused(messageKey: string): AppError {
  return new AppError('VALIDATION_FAILED', { messageKey, details: { fields: ['file'] } });
}

function looksLikeSvg(bytes: Buffer): boolean {
  const head = bytes
    .subarray(0, 2048)
    .toString('utf8')
    .replace(/^\uFEFF/, '');
  // An optional XML prolog, comments and doctype, then the svg root.
  return /^\s*(<\?xml[^>]*>\s*)?(<!--[\s\S]*?-->\s*|<!DOCTYPE[^>]*>\s*)*<svg[\s>]/i.test(head);
}

export async function storeUpload(ctx: AppContext, actor: Actor, upload: Buffer): Promise<UploadedFile> {
  if (upload.length === 0) {
    throw new AppError('VALIDATION_FAILED', { messageKey: 'validation.upload.missing', details: { fields: ['file'] } });
  }
  if (upload.length > uploadLimits.maxBytes) throw tooLarge();
  const { contentType, bytes } = await sniff(upload);
  const [row] = await ctx.db
    .insert(uploadedFiles)
    .values({
      contentType,
      bytes,
      size: bytes.length,
      sha256: createHash('sha256').update(bytes).digest('hex'),
      createdBy: actor.impersonator?.userId ?? actor.userId,
    })
    .returning({ id: uploadedFiles.id });
  return { url: `/api/files/${row!.id}`, contentType, size: bytes.length };
}

export function tooLarge(): AppError {
  return new AppError('VALIDATION_FAILED', {
    messageKey: 'validation.upload.too_large',
    details: { fields: ['file'] },
  });
}

export async function readUpload(ctx: AppContext, id: string): Promise<{ contentType: string; bytes: Buffer }> {
  const [row] = await ctx.db
    .select({ contentType: uploadedFiles.contentType, bytes: uploadedFiles.bytes })
    .from(uploadedFiles)
    .where(eq(uploadedFiles.id, id))
    .limit(1);
  if (!row) throw new AppError('NOT_FOUND');
  return row;
}

/** Headers of a served upload: its sniffed type, nothing else runs or loads, cached for good (ids never change). */
export const uploadHeaders = {
  'x-content-type-options': 'nosniff',
  'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; sandbox",
  'cache-control': 'public, max-age=31536000, immutable',
  'cross-origin-resource-policy': 'same-origin',
} as const;
