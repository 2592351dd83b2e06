// Issue 39 (ADR 0034): what a dispute's file must be before it is stored. The type by the bytes alone; images written
// again (upright, no metadata, a pixel limit); PDFs with active content refused wherever it hides (raw, hex-escaped,
// in a compressed object stream); a display name that cannot lie about its type or reach a path.
import { deflateRawSync, deflateSync, inflateSync } from 'node:zlib';
import { PDFDocument, PDFName, PDFString } from 'pdf-lib';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../errors';
import { checkAttachment, maxImagePixels, pdfActiveContent, safeFileName } from './attachment-checks';

async function refusal(promise: Promise<unknown>): Promise<{ status: number; messageKey: string }> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(AppError);
  return { status: (error as AppError).status, messageKey: (error as AppError).messageKey };
}

function image(format: 'png' | 'jpeg', width = 6, height = 4): Promise<Buffer> {
  const blank = sharp({ create: { width, height, channels: 3, background: { r: 200, g: 30, b: 30 } } });
  return (format === 'png' ? blank.png() : blank.jpeg()).toBuffer();
}

async function pdf(change?: (document: PDFDocument) => void, useObjectStreams = true): Promise<Buffer> {
  const document = await PDFDocument.create();
  document.addPage([200, 200]).drawText('Delivery note 4711');
  change?.(document);
  return Buffer.from(await document.save({ useObjectStreams }));
}

const withJavaScript = (document: PDFDocument) =>
  document.catalog.set(
    PDFName.of('OpenAction'),
    document.context.obj({ S: 'JavaScript', JS: PDFString.of('app.alert(1)') }),
  );

describe('the type, by the bytes', () => {
  it('takes a PDF, a PNG and a JPEG whatever they are called', async () => {
    expect((await checkAttachment({ fileName: 'note', bytes: await pdf() })).contentType).toBe('application/pdf');
    expect((await checkAttachment({ fileName: 'x.jpg', bytes: await image('png') })).contentType).toBe('image/png');
    expect((await checkAttachment({ fileName: 'x.png', bytes: await image('jpeg') })).contentType).toBe('image/jpeg');
  });

  it('names a PNG sent as x.pdf x.png (the bytes decide, the name follows)', async () => {
    const checked = await checkAttachment({ fileName: 'x.pdf', bytes: await image('png') });
    expect(checked).toMatchObject({ contentType: 'image/png', fileName: 'x.png' });
  });

  it.each([
    ['an SVG with a script', 'a.svg', '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'],
    ['an SVG with a prolog', 'a.png', '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"/>'],
    ['an HTML page named .pdf', 'invoice.pdf', '<!doctype html><html><script>alert(1)</script></html>'],
    ['a text file named .pdf', 'invoice.pdf', 'Dear supplier, we will not pay.'],
    ['a GIF', 'a.png', 'GIF89a\u0001\u0000\u0001\u0000\u0000\u0000\u0000;'],
    ['an empty file', 'empty.pdf', ''],
  ])('refuses %s (415)', async (_what, fileName, content) => {
    expect(await refusal(checkAttachment({ fileName, bytes: Buffer.from(content, 'latin1') }))).toEqual({
      status: 415,
      messageKey: 'validation.disputes.attachment_type',
    });
  });
});

describe('images, written again', () => {
  it('turns a JPEG upright by its EXIF orientation and keeps none of its metadata', async () => {
    const photo = await sharp({ create: { width: 40, height: 20, channels: 3, background: '#3366cc' } })
      .jpeg()
      .withMetadata({ orientation: 6 })
      .withExif({ IFD0: { Copyright: 'Secret GPS and camera data', Artist: 'Pat Payer' } })
      .toBuffer();
    expect((await sharp(photo).metadata()).orientation).toBe(6);
    const checked = await checkAttachment({ fileName: 'photo.jpeg', bytes: photo });
    expect(checked.bytes.equals(photo)).toBe(false);
    expect(checked.fileName).toBe('photo.jpeg');
    const written = await sharp(checked.bytes).metadata();
    expect(written).toMatchObject({ format: 'jpeg', width: 20, height: 40 });
    expect(written.exif).toBeUndefined();
    expect(written.orientation).toBeUndefined();
    expect(checked.bytes.includes('Secret GPS')).toBe(false);
  });

  it('writes a PNG again without its text chunks', async () => {
    const original = await image('png');
    const tagged = Buffer.concat([
      original.subarray(0, 33),
      textChunk('Comment', '<script>x</script>'),
      original.subarray(33),
    ]);
    const checked = await checkAttachment({ fileName: 'shot.png', bytes: tagged });
    expect(checked.bytes.includes('<script>')).toBe(false);
    expect((await sharp(checked.bytes).metadata()).format).toBe('png');
  });

  it('refuses an image over the pixel limit from its header, without decoding it', async () => {
    const bomb = withDimensions(await image('png', 1, 1), 20_000, 20_000);
    expect(20_000 * 20_000).toBeGreaterThan(maxImagePixels);
    expect(await refusal(checkAttachment({ fileName: 'bomb.png', bytes: bomb }))).toEqual({
      status: 400,
      messageKey: 'validation.disputes.attachment_unreadable',
    });
  });

  it('refuses a JPEG that is only its magic number', async () => {
    const broken = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(64, 0x41)]);
    expect((await refusal(checkAttachment({ fileName: 'x.jpg', bytes: broken }))).messageKey).toBe(
      'validation.disputes.attachment_unreadable',
    );
  });
});

describe('PDFs with active content', () => {
  it('lets a plain PDF through as it was sent', async () => {
    const plain = await pdf();
    const checked = await checkAttachment({ fileName: 'note.pdf', bytes: plain });
    expect(checked.bytes.equals(plain)).toBe(true);
    expect(await pdfActiveContent(await pdf(undefined, false))).toEqual([]);
  });

  it('finds JavaScript in the raw bytes and inside a compressed object stream', async () => {
    const raw = await pdf(withJavaScript, false);
    expect(raw.toString('latin1')).toContain('/JavaScript');
    expect(await pdfActiveContent(raw)).toEqual(['JS', 'JavaScript']);
    const packed = await pdf(withJavaScript, true);
    expect(packed.toString('latin1')).not.toContain('JavaScript');
    expect(await pdfActiveContent(packed)).toEqual(['JS', 'JavaScript']);
    expect(await refusal(checkAttachment({ fileName: 'x.pdf', bytes: packed }))).toEqual({
      status: 400,
      messageKey: 'validation.disputes.attachment_active_content',
    });
  });

  it('decodes hex-escaped names: /J#61vaScript is /JavaScript, /#4A#53 is /JS', async () => {
    const raw = (await pdf(withJavaScript, false)).toString('latin1');
    const escaped = raw.replace('/JavaScript', '/J#61vaScript').replace('/JS ', '/#4A#53 ');
    expect(escaped).not.toMatch(/\/JavaScript|\/JS\b/);
    expect(await pdfActiveContent(Buffer.from(escaped, 'latin1'))).toEqual(['JS', 'JavaScript']);
  });

  it.each([
    ['/Launch', '<< /S /Launch /F (calc.exe) >>'],
    ['/EmbeddedFiles', '<< /Names << /EmbeddedFiles 9 0 R >> >>'],
    ['/EmbeddedFile', '<< /Type /EmbeddedFile /Length 0 >>'],
    ['/RichMedia', '<< /Subtype /RichMedia >>'],
    ['/XFA', '<< /AcroForm << /XFA 7 0 R >> >>'],
    ['/AA', '<< /Type /Page /AA << /O 8 0 R >> >>'],
  ])('refuses %s', async (name, dictionary) => {
    const file = Buffer.from(`%PDF-1.7\n1 0 obj\n${dictionary}\nendobj\n%%EOF\n`, 'latin1');
    expect(await pdfActiveContent(file)).toContain(name.slice(1));
  });

  it('does not take a longer name for an active one (/JSON, /AAPL)', async () => {
    const file = Buffer.from('%PDF-1.7\n1 0 obj\n<< /JSON 1 /AAPL 2 /Launcher 3 >>\nendobj\n%%EOF\n', 'latin1');
    expect(await pdfActiveContent(file)).toEqual([]);
  });

  it('refuses an object stream it cannot read (another filter, a predictor, not deflate at all)', async () => {
    const objects = '1 0 2 0 << /S /JavaScript /JS (x) >> << >>';
    const stream = (dictionary: string, data: Buffer) =>
      Buffer.concat([
        Buffer.from(
          `%PDF-1.7\n5 0 obj\n<< /Type /ObjStm /N 2 /First 8 ${dictionary} /Length ${data.length} >>\nstream\n`,
        ),
        data,
        Buffer.from('\nendstream\nendobj\n%%EOF\n'),
      ]);
    const hex = Buffer.from(Buffer.from(objects).toString('hex') + '>');
    expect(await pdfActiveContent(stream('/Filter /ASCIIHexDecode', hex))).toBe('unchecked');
    expect(await pdfActiveContent(stream('/Filter [/ASCIIHexDecode /FlateDecode]', hex))).toBe('unchecked');
    const deflated = deflateSync(Buffer.from(objects));
    expect(await pdfActiveContent(stream('/Filter /FlateDecode /DecodeParms << /Predictor 12 >>', deflated))).toBe(
      'unchecked',
    );
    expect(await pdfActiveContent(stream('/Filter /FlateDecode', Buffer.alloc(40, 7)))).toBe('unchecked');
    expect(await pdfActiveContent(stream('/Filter /FlateDecode', deflated))).toEqual(['JS', 'JavaScript']);
    // Without /Type, as readers that go by the cross-reference stream accept it: /N and /First make it one.
    const untyped = Buffer.from(
      stream('/Filter /FlateDecode', deflated).toString('latin1').replace('/Type /ObjStm ', ''),
      'latin1',
    );
    expect(await pdfActiveContent(untyped)).toEqual(['JS', 'JavaScript']);
    expect(await refusal(checkAttachment({ fileName: 'x.pdf', bytes: stream('/Filter /LZWDecode', hex) }))).toEqual({
      status: 400,
      messageKey: 'validation.disputes.attachment_unreadable',
    });
  });

  it('reads an object stream whose /Length is an indirect reference, past an `endstream` inside its data', async () => {
    // Deflate data that holds the bytes `endstream` (a stored block) before the compressed objects.
    const decoy = Buffer.from('endstream ');
    const objects = Buffer.from('1 0 << /AA << /O 2 0 R >> >>');
    const stored = Buffer.alloc(5);
    stored.writeUInt16LE(decoy.length, 1);
    stored.writeUInt16LE(~decoy.length & 0xffff, 3);
    const adler = Buffer.alloc(4);
    adler.writeUInt32BE(adler32(Buffer.concat([decoy, objects])));
    const data = Buffer.concat([Buffer.from([0x78, 0x01]), stored, decoy, deflateRawSync(objects), adler]);
    expect(inflateSync(data).toString()).toBe(`${decoy.toString()}${objects.toString()}`);
    const file = Buffer.concat([
      Buffer.from('%PDF-1.7\n5 0 obj\n<< /N 1 /First 4 /Filter /FlateDecode /Length 6 0 R >>\nstream\n'),
      data,
      Buffer.from(`\nendstream\nendobj\n6 0 obj\n${data.length}\nendobj\n%%EOF\n`),
    ]);
    expect(file.toString('latin1')).not.toContain('/AA');
    expect(await pdfActiveContent(file)).toEqual(['AA']);
  });
});

describe('the display name', () => {
  it.each([
    ['../../etc/passwd', 'application/pdf', 'passwd.pdf'],
    ['C:\\Users\\pat\\Desktop\\Rechnung März.pdf', 'application/pdf', 'Rechnung März.pdf'],
    ['invoice\u202Efdp.exe', 'application/pdf', 'invoicefdp.pdf'],
    ['line\r\nbreak\u0000.png', 'image/png', 'linebreak.png'],
    ['.hidden.png', 'image/png', 'hidden.png'],
    ['photo.JPEG', 'image/jpeg', 'photo.jpeg'],
    ['scan.jfif', 'image/jpeg', 'scan.jfif'],
    ['evil.svg', 'image/png', 'evil.png'],
    ['Q3.2026', 'application/pdf', 'Q3.2026.pdf'],
    ['', 'application/pdf', 'attachment.pdf'],
    ['...', 'image/png', 'attachment.png'],
  ] as const)('%j as %s is %j', (name, type, expected) => {
    expect(safeFileName(name, type)).toBe(expected);
  });

  it('is at most 120 characters, its extension kept, no surrogate pair cut in half', () => {
    const long = safeFileName(`${'😀'.repeat(200)}.pdf`, 'application/pdf');
    expect([...long]).toHaveLength(120);
    expect(long.endsWith('😀.pdf')).toBe(true);
    expect(safeFileName(`${'a'.repeat(300)}.txt`, 'image/png')).toBe(`${'a'.repeat(116)}.png`);
  });
});

/** A PNG tEXt chunk (keyword, NUL, text) with its CRC. */
function textChunk(keyword: string, text: string): Buffer {
  const data = Buffer.concat([
    Buffer.from('tEXt'),
    Buffer.from(keyword, 'latin1'),
    Buffer.from([0]),
    Buffer.from(text),
  ]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length - 4);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(data));
  return Buffer.concat([length, data, crc]);
}

/** The PNG with its IHDR's width and height changed (and its CRC made right): what a decompression bomb declares. */
function withDimensions(png: Buffer, width: number, height: number): Buffer {
  const copy = Buffer.from(png);
  copy.writeUInt32BE(width, 16);
  copy.writeUInt32BE(height, 20);
  copy.writeUInt32BE(crc32(copy.subarray(12, 29)), 29);
  return copy;
}

function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) {
    crc ^= byte;
    for (let bit = 0; bit < 8; bit++) crc = crc & 1 ? (crc >>> 1) ^ 0xedb88320 : crc >>> 1;
  }
  return (crc ^ 0xffffffff) >>> 0;
}

function adler32(bytes: Buffer): number {
  let a = 1;
  let b = 0;
  for (const byte of bytes) {
    a = (a + byte) % 65521;
    b = (b + a) % 65521;
  }
  return ((b << 16) | a) >>> 0;
}
