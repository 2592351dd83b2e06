// Issue 16, part 7: the headers and cookies of every kind of answer, tried as an outside tester would. The app's
// HTML, API JSON (signed in, public, refused), a PDF, an export, the sandbox gateway's frame and an uploaded file:
// a CSP without inline script and with frame-ancestors, nosniff, Referrer-Policy and Permissions-Policy, HSTS
// behind https, no-store on every API answer but public static files, and the refresh cookie HttpOnly,
// SameSite=Strict and Secure behind https.
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, ne } from 'drizzle-orm';
import { documents } from '../db/schema';
import { createTestApp, signInAs, type TestApp } from '../test/test-app';

let t: TestApp;
let token: string;
beforeAll(async () => {
  const webDist = mkdtempSync(path.join(os.tmpdir(), 'portal-web-'));
  writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><html lang="en"><title>Portal</title></html>');
  t = await createTestApp({ ledgerDocuments: 50, settings: { WEB_DIST: webDist } });
  token = (await signInAs(t.app, 'payer@example.com')).token;
});
afterAll(async () => {
  await t?.close();
});

const auth = () => ({ authorization: `Bearer ${token}` });
const payer = { customer_number: '100001', company_code: '1000' };

function csp(response: LightMyRequestResponse): Map<string, string> {
  const header = String(response.headers['content-security-policy'] ?? '');
  return new Map(
    header
      .split(';')
      .map((part) => part.trim())
      .filter(Boolean)
      .map((part) => {
        const [name, ...values] = part.split(/\s+/);
        return [name!.toLowerCase(), values.join(' ')] as const;
      }),
  );
}

/** What every answer carries, whatever its kind. */
function expectBaseHeaders(response: LightMyRequestResponse, kind: string) {
  expect(response.headers['x-content-type-options'], kind).toBe('nosniff');
  // The gateway's frame sends none at all; everything else stays on the portal's origin.
  expect(['same-origin', 'no-referrer'], kind).toContain(response.headers['referrer-policy']);
  expect(String(response.headers['permissions-policy']), kind).toMatch(
    /camera=\(\).*geolocation=\(\).*microphone=\(\)/,
  );
  const policy = csp(response);
  expect(policy.size, `${kind} has a CSP`).toBeGreaterThan(0);
  const scripts = policy.get('script-src') ?? policy.get('default-src') ?? '';
  expect(scripts, `${kind} allows no inline script`).not.toMatch(/unsafe-inline|unsafe-eval/);
  // Framing: only by the portal itself, or (a file in a sandbox) nothing that can run anyway.
  expect(policy.has('frame-ancestors') || policy.has('sandbox'), `${kind} limits framing`).toBe(true);
}

describe('every kind of answer', () => {
  it('the web app', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/invoices' });
    expect(response.statusCode).toBe(200);
    expectBaseHeaders(response, 'app');
    expect(csp(response).get('frame-ancestors')).toBe("'self'");
    expect(csp(response).get('object-src')).toBe("'none'");
  });

  it('API answers: signed in, public, refused and unknown, all no-store', async () => {
    const answers = {
      'signed in': await t.app.inject({ method: 'GET', url: '/api/configuration/payment-settings', headers: auth() }),
      public: await t.app.inject({ method: 'GET', url: '/api/config' }),
      refused: await t.app.inject({ method: 'GET', url: '/api/configuration/payment-settings' }),
      forbidden: await t.app.inject({ method: 'GET', url: '/api/configuration', headers: auth() }),
      unknown: await t.app.inject({ method: 'GET', url: '/api/no-such-route' }),
    };
    expect(answers['signed in'].statusCode).toBe(200);
    expect(answers.refused.statusCode).toBe(401);
    expect(answers.forbidden.statusCode).toBe(403);
    for (const [kind, response] of Object.entries(answers)) {
      expectBaseHeaders(response, kind);
      expect(response.headers['cache-control'], kind).toBe('no-store');
    }
  });

  it('an export and a PDF', async () => {
    const exported = await t.app.inject({
      method: 'POST',
      url: '/api/invoice/invoice-csv',
      headers: auth(),
      payload: { payer_data: payer, soldto_data: ['200001'], search_parameters: { status: '03' } },
    });
    expect(exported.statusCode, exported.body).toBe(200);
    expectBaseHeaders(exported, 'export');
    expect(exported.headers['cache-control']).toBe('private, no-store');

    const [invoice] = await t.database.db
      .select({ number: documents.billingDocumentNumber })
      .from(documents)
      .where(
        and(
          eq(documents.payerNumber, '0000100001'),
          eq(documents.companyCode, '1000'),
          eq(documents.pdfDocumentAvailable, true),
          eq(documents.itemIsAPayment, false),
          ne(documents.billingDocumentNumber, ''),
        ),
      )
      .limit(1);
    const link = await t.app.inject({
      method: 'POST',
      url: '/api/Invoice/pdf-request',
      headers: auth(),
      payload: {
        payer_data: payer,
        soldto_data: [],
        search_parameters: { filter: [{ filter_type: '01', value: invoice!.number.replace(/^0+/, '') }] },
      },
    });
    expect(link.statusCode, link.body).toBe(200);
    const pdf = await t.app.inject({ method: 'GET', url: link.json().url });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expectBaseHeaders(pdf, 'pdf');
    expect(pdf.headers['cache-control']).toBe('private, no-store');
  });

  it("the sandbox gateway's frame", async () => {
    const frame = await t.app.inject({ method: 'GET', url: '/sandbox-gateway/frame?access_token=unknown' });
    expect(frame.headers['content-type']).toMatch(/^text\/html/);
    expectBaseHeaders(frame, 'gateway frame');
  });

  it('an uploaded file: public and immutable, sandboxed, nothing loads', async () => {
    const admin = (await signInAs(t.app, 'admin@example.com')).token;
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
      'base64',
    );
    const boundary = 'headers-test';
    const stored = await t.app.inject({
      method: 'POST',
      url: '/api/configuration/upload',
      headers: { authorization: `Bearer ${admin}`, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`,
        ),
        png,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]),
    });
    expect(stored.statusCode).toBe(200);
    expect(stored.headers['cache-control']).toBe('no-store');
    const file = await t.app.inject({ method: 'GET', url: stored.json().url });
    expectBaseHeaders(file, 'upload');
    expect(csp(file).get('default-src')).toBe("'none'");
    expect(csp(file).has('sandbox')).toBe(true);
    expect(file.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });
});

describe('HSTS and cookies', () => {
  it('the refresh cookie is HttpOnly and SameSite=Strict, on a path of its own', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/token/login',
      payload: { login: 'payer@example.com', password: 'Portal-Demo-2026' },
    });
    const cookie = response.cookies.find((c) => c.name === 'portal_rt')!;
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api/token' });
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('behind https: HSTS, and the cookie is Secure', async () => {
    const secure = await createTestApp({
      demoUsers: true,
      settings: { PUBLIC_URL: 'https://portal.example.com', TRUST_PROXY: 'true' },
    });
    try {
      const response = await secure.app.inject({
        method: 'POST',
        url: '/api/token/login',
        headers: { 'x-forwarded-proto': 'https' },
        payload: { login: 'payer@example.com', password: 'Portal-Demo-2026' },
      });
      expect(response.statusCode).toBe(200);
      expect(String(response.headers['strict-transport-security'])).toMatch(/max-age=31536000/);
      expect(response.cookies.find((c) => c.name === 'portal_rt')).toMatchObject({
        secure: true,
        httpOnly: true,
        sameSite: 'Strict',
      });
    } finally {
      await secure.close();
    }
  });
});
