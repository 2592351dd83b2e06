import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app';

const script = 'export const answer = 42;\n'.repeat(100);
const page = '<!doctype html><html lang="en"><title>Portal</title><div id="root"></div></html>';

let t: TestApp;
beforeAll(async () => {
  // A built web app as apps/web/vite.config.ts writes it: each file beside its .br and .gz copies.
  const webDist = mkdtempSync(path.join(os.tmpdir(), 'portal-web-'));
  mkdirSync(path.join(webDist, 'assets'));
  for (const [file, content] of [
    ['assets/index-abc123.js', script],
    ['index.html', page],
  ] as const) {
    writeFileSync(path.join(webDist, file), content);
    writeFileSync(path.join(webDist, `${file}.br`), brotliCompressSync(content));
    writeFileSync(path.join(webDist, `${file}.gz`), gzipSync(content));
  }
  t = await createTestApp({ settings: { WEB_DIST: webDist } });
});
afterAll(async () => {
  await t?.close();
});

const get = (url: string, acceptEncoding?: string) =>
  t.app.inject({ method: 'GET', url, headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} });

describe('the built web app', () => {
  it("sends an asset's brotli copy to a browser that accepts it, cached for good", async () => {
    const response = await get('/assets/index-abc123.js', 'gzip, deflate, br');
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.rawPayload.length).toBeLessThan(script.length / 5);
    expect(response.headers['content-type']).toMatch(/javascript/);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.headers.vary).toMatch(/accept-encoding/i);
  });

  it('sends the gzip copy when brotli is not accepted, and the file itself when nothing is', async () => {
    const gzipped = await get('/assets/index-abc123.js', 'gzip');
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzipped.rawPayload).toString()).toBe(script);
    const plain = await get('/assets/index-abc123.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
    expect(plain.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('answers a client-side route with index.html, compressed and never cached', async () => {
    const response = await get('/invoices/detail/42', 'gzip');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(response.rawPayload).toString()).toBe(page);
    expect(response.headers['cache-control']).toBe('no-cache');
  });
});
