// Issue 39: a dispute's file before it is stored (ADR 0034, "Attachments: every byte is hostile"). The type is the
// bytes' (file-type): the name and the part's Content-Type are never believed. An image is decoded with a pixel limit
// and written again by sharp (orientation applied, metadata gone): what is stored is what sharp wrote. A PDF is kept
// as sent, but refused when it names active content anywhere a reader looks for it (pdfActiveContent).
import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { constants as zlibConstants, inflate } from 'node:zlib';
import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
import { disputeAttachmentLimits } from '@portal/contracts';
import { AppError } from '../../errors';

export type AttachmentType = (typeof disputeAttachmentLimits.types)[number];

export type CheckedAttachment = {
  /** For display and the download's name only: see safeFileName. */
  fileName: string;
  contentType: AttachmentType;
  /** What is stored and served: the PDF as sent, an image as sharp wrote it. */
  bytes: Buffer;
  sha256: string;
};

/** An image may decode to at most this many pixels (a small file can declare a huge canvas: a decompression bomb). */
export const maxImagePixels = 40_000_000;
export const maxFileNameLength = 120;

const extensions: Record<AttachmentType, string> = {
  'application/pdf': '.pdf',
  'image/png': '.png',
  'image/jpeg': '.jpg',
};

/** The checks of one uploaded file, in order; throws the AppError that refuses it. */
export async function checkAttachment(upload: { fileName: string; bytes: Buffer }): Promise<CheckedAttachment> {
  const contentType = await sniffAttachmentType(upload.bytes, upload.fileName);
  const fileName = safeFileName(upload.fileName, contentType);
  let bytes: Buffer;
  if (contentType === 'application/pdf') {
    const active = await pdfActiveContent(upload.bytes);
    if (active === 'unchecked') throw refused('attachment_unreadable', fileName);
    if (active.length > 0) throw refused('attachment_active_content', fileName, { names: active });
    bytes = upload.bytes;
  } else {
    bytes = await reencodeImage(upload.bytes, contentType, fileName);
  }
  // A re-encoded image may come out larger than it went in (a JPEG saved at a low quality).
  if (bytes.length > disputeAttachmentLimits.maxBytes) throw attachmentTooLarge(fileName);
  return { fileName, contentType, bytes, sha256: createHash('sha256').update(bytes).digest('hex') };
}

/** PDF, PNG or JPEG by the file's first bytes; anything else (SVG, HTML, text, an empty file) is refused. */
export async function sniffAttachmentType(bytes: Buffer, fileName = ''): Promise<AttachmentType> {
  const detected = bytes.length > 0 ? await fileTypeFromBuffer(bytes) : undefined;
  const allowed: readonly string[] = disputeAttachmentLimits.types;
  if (!detected || !allowed.includes(detected.mime)) {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', {
      messageKey: 'validation.disputes.attachment_type',
      details: { fields: ['file'], file_name: safeFileName(fileName) },
    });
  }
  return detected.mime as AttachmentType;
}

/**
 * The image decoded (at most maxImagePixels, first frame or page only) and written again in its own format:
 * turned upright by its EXIF orientation, in sRGB, with no metadata (EXIF, GPS, XMP, ICC, comments) kept.
 */
export async function reencodeImage(
  bytes: Buffer,
  type: Exclude<AttachmentType, 'application/pdf'>,
  fileName = '',
): Promise<Buffer> {
  try {
    const image = sharp(bytes, { limitInputPixels: maxImagePixels, failOn: 'error', animated: false }).rotate();
    return await (type === 'image/png' ? image.png() : image.jpeg({ quality: 85 })).toBuffer();
  } catch {
    // Not decodable, truncated, or over the pixel limit: nothing to show the other side.
    throw refused('attachment_unreadable', safeFileName(fileName));
  }
}

// ---------------------------------------------------------------------------------------------------------------
// PDFs
// ---------------------------------------------------------------------------------------------------------------

/**
 * Names of the PDF dictionaries that make a reader run, open, play or send something: JavaScript (the action and
 * the document's name tree), launching a program, embedded files (the name tree, file specifications, attachment
 * annotations, going to an embedded document), rich media and old multimedia, XML forms (XFA, which script), form
 * submission and data import, and actions on events (AA: page open, field focus…).
 */
const activeNames = new Set([
  'JavaScript',
  'JS',
  'Launch',
  'EmbeddedFile',
  'EmbeddedFiles',
  'EF',
  'FileAttachment',
  'GoToE',
  'RichMedia',
  'RichMediaContent',
  'RichMediaSettings',
  'RichMediaExecute',
  'Rendition',
  'Movie',
  'Sound',
  'XFA',
  'SubmitForm',
  'ImportData',
  'AA',
]);

/** At most this many bytes are inflated from a PDF's object streams (a deflate bomb is refused, not inflated). */
const maxInflatedBytes = 64 * 1024 * 1024;

const inflateAsync = promisify(inflate);

/**
 * The active-content names a PDF holds (empty: none), or 'unchecked' when a part that may hold dictionaries could not
 * be read (an object stream in a filter other than FlateDecode, with a predictor, encrypted, or inflating to more than
 * maxInflatedBytes): refused as well, since what is not read is not known to be safe.
 *
 * Where a reader finds a dictionary, and so an action: in the file's bytes (objects, incremental updates, whatever
 * follows %%EOF: the whole file is scanned as latin1, names with #hh escapes decoded, so /J#61vaScript is /JavaScript)
 * and in object streams (PDF 1.5), which are almost always compressed: each stream whose dictionary has /N and /First
 * (what a reader needs to parse one, whatever its /Type says) or /Type /ObjStm is inflated and scanned too.
 *
 * Not covered (the file is still only ever served as a download, nosniff, sandboxed: ADR 0034):
 * - Content, font, image and other non-object streams are not inflated (no reader takes actions from them, and their
 *   decoded bytes would find the names by chance); a reader that rebuilds a broken file from inside a compressed
 *   stream could see objects this scan does not.
 * - Where this scan and a reader split a stream differently (a /Length that lies, an `endstream` inside the data),
 *   the bytes are still scanned raw, but an object stream cut short here is inflated only as far as it goes.
 * - Links (/URI), /OpenAction without script, and plain AcroForm fields are allowed; strings and streams of an
 *   encrypted PDF are not decrypted (its names are not encrypted; its object streams are, and refuse it).
 * - Exploits of a reader's parsers themselves (fonts, JBIG2 and other image codecs, malformed structure) are not
 *   looked for: the file is not re-written, only refused when it names active content.
 * - Names are also matched inside strings and in uncompressed binary data: a rare false refusal, never a miss.
 */
export async function pdfActiveContent(bytes: Buffer): Promise<string[] | 'unchecked'> {
  const text = bytes.toString('latin1');
  const found = new Set<string>();
  collectActiveNames(text, found);
  let budget = maxInflatedBytes;
  for (const stream of pdfStreams(text, bytes)) {
    const names = namesOf(stream.dictionary);
    if (!((names.includes('N') && names.includes('First')) || names.includes('ObjStm'))) continue;
    const filters = names.filter((name) => filterNames.has(name));
    if (filters.length === 0) continue; // not compressed: its bytes were scanned with the file's
    if (filters.length > 1 || !['FlateDecode', 'Fl'].includes(filters[0]!) || hasPredictor(stream.dictionary))
      return 'unchecked';
    let inflated: Buffer;
    try {
      // Z_SYNC_FLUSH: a stream cut short inflates as far as it goes, as readers do.
      inflated = await inflateAsync(stream.data, {
        finishFlush: zlibConstants.Z_SYNC_FLUSH,
        maxOutputLength: Math.max(budget, 1),
      });
    } catch {
      return 'unchecked';
    }
    budget -= inflated.length;
    collectActiveNames(inflated.toString('latin1'), found);
  }
  return [...found].sort();
}

// A name: a solidus, then regular characters up to whitespace or a delimiter (ISO 32000-1 §7.2.2, §7.3.5).
// eslint-disable-next-line no-control-regex -- NUL, tab, LF, FF and CR are PDF whitespace: they end a name
const nameToken = /\/([^\u0000\t\n\f\r ()<>[\]{}/%]{1,127})/g;

function decodeName(raw: string): string {
  return raw.includes('#')
    ? raw.replace(/#([0-9a-fA-F]{2})/g, (_match, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)))
    : raw;
}

function namesOf(text: string): string[] {
  return [...text.matchAll(nameToken)].map((match) => decodeName(match[1]!));
}

function collectActiveNames(text: string, found: Set<string>): void {
  for (const match of text.matchAll(nameToken)) {
    const name = decodeName(match[1]!);
    if (activeNames.has(name)) found.add(name);
  }
}

const filterNames = new Set([
  'FlateDecode',
  'Fl',
  'LZWDecode',
  'LZW',
  'ASCIIHexDecode',
  'AHx',
  'ASCII85Decode',
  'A85',
  'RunLengthDecode',
  'RL',
  'CCITTFaxDecode',
  'CCF',
  'DCTDecode',
  'DCT',
  'JBIG2Decode',
  'JPXDecode',
  'Crypt',
]);

function hasPredictor(dictionary: string): boolean {
  const match = /\/Predictor\s+(\d+)/.exec(dictionary);
  return match !== null && Number(match[1]) > 1;
}

/** Each stream of the file: the dictionary before its `stream` keyword and its raw data. */
function* pdfStreams(text: string, bytes: Buffer): Generator<{ dictionary: string; data: Buffer }> {
  const keyword = /(?<![A-Za-z])stream(?:\r\n|\n|\r)/g;
  let from = 0;
  for (let match = keyword.exec(text); match; match = keyword.exec(text)) {
    const objectStart = text.lastIndexOf('obj', match.index);
    const dictionary = text.slice(Math.max(objectStart, from), match.index);
    const dataStart = match.index + match[0].length;
    const length = streamLength(text, dictionary);
    let end: number;
    if (length !== undefined && /^\s*endstream/.test(text.slice(dataStart + length, dataStart + length + 12))) {
      end = dataStart + length;
    } else {
      end = text.indexOf('endstream', dataStart);
      if (end < 0) end = text.length;
    }
    yield { dictionary, data: bytes.subarray(dataStart, end) };
    from = end;
    keyword.lastIndex = Math.max(end, dataStart);
  }
}

/** /Length given directly, or by a reference to an object that is an integer (the last definition wins). */
function streamLength(text: string, dictionary: string): number | undefined {
  const match = /\/Length\s+(\d+)(?:\s+(\d+)\s+R)?/.exec(dictionary);
  if (!match) return undefined;
  if (match[2] === undefined) return Number(match[1]);
  const definition = new RegExp(`(?<!\\d)${match[1]}\\s+${match[2]}\\s+obj\\s*(\\d+)`, 'g');
  let value: number | undefined;
  for (const found of text.matchAll(definition)) value = Number(found[1]);
  return value;
}

// ---------------------------------------------------------------------------------------------------------------
// File names
// ---------------------------------------------------------------------------------------------------------------

/**
 * The name a file is shown and downloaded under: its last path part, without control or bidirectional-override
 * characters (a name that reads `invoice.pdf` but is `…fdp.exe`), leading dots or spaces, at most maxFileNameLength
 * characters, with the extension of the type its bytes are (a PNG sent as `x.pdf` is `x.png`).
 */
export function safeFileName(name: string, type?: AttachmentType): string {
  const lastPart = name.split(/[\\/]/).pop() ?? '';
  const cleaned = lastPart
    .normalize('NFC')
    // eslint-disable-next-line no-control-regex -- control characters are what is removed
    .replace(/[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069\ufeff]/g, '')
    .replace(/^[\s.]+/, '')
    .trim();
  if (!type) return truncate(cleaned || 'attachment', maxFileNameLength);
  const current = /\.(?=[a-z0-9]*[a-z])[a-z0-9]{1,5}$/i.exec(cleaned);
  const base = current ? cleaned.slice(0, current.index).trimEnd() : cleaned;
  const typed = current?.[0].toLowerCase();
  // The name's own extension is kept when it is one of the type's (.jpeg); any other is replaced.
  const extension = typed && sameExtensions[type].includes(typed) ? typed : extensions[type];
  return `${truncate(base || 'attachment', maxFileNameLength - extension.length)}${extension}`;
}

const sameExtensions: Record<AttachmentType, string[]> = {
  'application/pdf': ['.pdf'],
  'image/png': ['.png'],
  'image/jpeg': ['.jpg', '.jpeg', '.jpe', '.jfif'],
};

/** At most `max` characters, never half of a surrogate pair. */
function truncate(text: string, max: number): string {
  const characters = [...text];
  return characters.length <= max ? text : characters.slice(0, max).join('').trimEnd();
}

// ---------------------------------------------------------------------------------------------------------------
// Refusals
// ---------------------------------------------------------------------------------------------------------------

export function attachmentTooLarge(fileName?: string): AppError {
  return new AppError('PAYLOAD_TOO_LARGE', {
    messageKey: 'validation.disputes.attachment_too_large',
    details: {
      fields: ['file'],
      max_bytes: disputeAttachmentLimits.maxBytes,
      ...(fileName === undefined ? {} : { file_name: fileName }),
    },
  });
}

function refused(
  reason: 'attachment_unreadable' | 'attachment_active_content',
  fileName: string,
  details: Record<string, unknown> = {},
): AppError {
  return new AppError('VALIDATION_FAILED', {
    messageKey: `validation.disputes.${reason}`,
    details: { fields: ['file'], file_name: fileName, ...details },
  });
}
