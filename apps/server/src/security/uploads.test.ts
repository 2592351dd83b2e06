// Issue 16, part 6: uploads attacked. A polyglot (a real PNG with HTML and script after its end) is kept as a PNG
// and served so that it cannot run (image type, nosniff, sandbox); HTML or script under an image name or type is
// refused; SVG loses script, handlers and external references; a file over 512 KB is refused while it is read; a
// small PNG that declares a huge canvas (a decompression bomb for every browser that shows it) is refused.
import { deflateSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signInAs, type TestApp } from '../test/test-app';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp({ ledgerDocuments: 20 });
  admin = (await signInAs(t.app, 'admin@example.com')).token;
});
afterAll(async () => {
  await t?.close();
});

function upload(bytes: Buffer, filename: string, contentType: string) {
  const boundary = '----security-uploads';
  return t.app.inject({
    method: 'POST',
    url: '/api/configuration/upload',
    headers: { authorization: `Bearer ${admin}`, 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`,
      ),
      bytes,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
  });
}

/** A valid PNG of the given size, one grey pixel row repeated (tiny when compressed, whatever the canvas). */
function png(width: number, height: number): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (data: Buffer) => {
    let c = 0xffffffff;
    for (const byte of data) c = crcTable[(c ^ byte) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc(body));
    return Buffer.concat([length, body, sum]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 0; // greyscale
  // Only a few rows of pixel data: enough for the sniffers, which read headers, never the pixels.
  const rows = Buffer.alloc(Math.min(height, 4) * (width + 1), 0x80);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

describe('uploads under attack', () => {
  it('keeps a PNG polyglot as an image that cannot run: image/png, nosniff, sandboxed CSP', async () => {
    const polyglot = Buffer.concat([png(16, 16), Buffer.from('<html><script>alert(document.cookie)</script></html>')]);
    const stored = await upload(polyglot, 'logo.html', 'text/html');
    expect(stored.statusCode).toBe(200);
    const served = await t.app.inject({ method: 'GET', url: stored.json().url });
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['content-security-policy']).toMatch(/default-src 'none'.*sandbox/);
    expect(served.headers['content-disposition']).toBeUndefined();
  });

  it('refuses HTML, JavaScript and a GIF, whatever name and type they come with', async () => {
    for (const [bytes, name, type] of [
      [Buffer.from('<!doctype html><script>alert(1)</script>'), 'logo.png', 'image/png'],
      [Buffer.from('alert(1)//'), 'logo.jpg', 'image/jpeg'],
      [Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64'), 'logo.png', 'image/png'],
      [Buffer.from('%PDF-1.7\n1 0 obj<<>>endobj\n'), 'logo.webp', 'image/webp'],
    ] as const) {
      const response = await upload(bytes, name, type);
      expect(response.statusCode, name).toBe(400);
      expect(response.json().messageKey).toBe('validation.upload.type');
    }
  });

  it('strips script, handlers and external references from SVG, and stores one of nothing but script empty', async () => {
    const svg =
      '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 4 4">' +
      '<style>@import url(https://evil.example/x.css)</style><script>alert(1)</script>' +
      '<a xlink:href="javascript:alert(2)"><rect width="4" height="4" onclick="alert(3)"/></a>' +
      '<image xlink:href="https://evil.example/track.png"/><use href="https://evil.example/s.svg#x"/>' +
      '<foreignObject><iframe src="https://evil.example"/></foreignObject></svg>';
    const stored = await upload(Buffer.from(svg), 'logo.png', 'image/png');
    expect(stored.json().contentType).toBe('image/svg+xml');
    const body = (await t.app.inject({ method: 'GET', url: stored.json().url })).body;
    expect(body).toContain('<rect width="4" height="4"></rect>');
    expect(body).not.toMatch(/script|onclick|evil\.example|javascript:|foreignObject|iframe|@import/i);

    // Nothing but script: what is left is an empty drawing, harmless.
    const empty = await upload(
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
      'a.svg',
      'image/svg+xml',
    );
    expect(empty.statusCode).toBe(200);
    const served = (await t.app.inject({ method: 'GET', url: empty.json().url })).body;
    expect(served).not.toMatch(/script|alert/);
  });

  it('refuses a file over 512 KB while reading it', async () => {
    const response = await upload(Buffer.concat([png(16, 16), Buffer.alloc(600 * 1024)]), 'big.png', 'image/png');
    expect(response.statusCode).toBe(400);
    expect(response.json().messageKey).toBe('validation.upload.too_large');
  });

  it('refuses a small PNG declaring a huge canvas (decompression bomb), and keeps one at the limit', async () => {
    const bomb = png(50_000, 50_000);
    expect(bomb.length).toBeLessThan(2048);
    const refused = await upload(bomb, 'logo.png', 'image/png');
    expect(refused.statusCode).toBe(400);
    expect(refused.json().messageKey).toBe('validation.upload.dimensions');
    expect((await upload(png(4096, 32), 'wide.png', 'image/png')).statusCode).toBe(200);
  });
});
