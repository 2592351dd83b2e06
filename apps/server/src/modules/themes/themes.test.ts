// Themes and uploads through the API (issue 15): the five templates, colours and URL overlaps refused with the
// fields named and nothing saved, banners sanitised on save and on the public call, matching by host (the default
// otherwise), uploads sniffed from their bytes (a PNG named .txt is a PNG; an HTML file named .png is refused; SVG
// sanitised), served with nosniff and a sandboxing CSP; and the refusals for a manager, a customer and nobody.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Theme, Themes } from '@portal/contracts';
import { createTestApp, signInAs, type TestApp } from '../../test/test-app';

let t: TestApp;
let admin: string;
let manager: string;
let payer: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = (await signInAs(t.app, 'admin@example.com')).token;
  manager = (await signInAs(t.app, 'manager@example.com')).token;
  payer = (await signInAs(t.app, 'payer@example.com')).token;
});
afterAll(async () => {
  await t?.close();
});

function call(token: string | null, method: 'GET' | 'PUT', url: string, payload?: object) {
  return t.app.inject({
    method,
    url,
    headers: token ? { authorization: `Bearer ${token}` } : {},
    ...(payload ? { payload } : {}),
  });
}

async function current(): Promise<Themes> {
  return (await call(admin, 'GET', '/api/configuration/themes')).json();
}

function edit(themes: Themes, name: Theme['name'], change: Partial<Theme>): Themes {
  return { themes: themes.themes.map((theme) => (theme.name === name ? { ...theme, ...change } : theme)) };
}

// A 1×1 PNG.
const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

function upload(token: string | null, bytes: Buffer, filename: string, contentType: string) {
  const boundary = '----portal-test-boundary';
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\n` +
        `Content-Type: ${contentType}\r\n\r\n`,
    ),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return t.app.inject({
    method: 'POST',
    url: '/api/configuration/upload',
    headers: {
      'content-type': `multipart/form-data; boundary=${boundary}`,
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    payload: body,
  });
}

describe('the five templates', () => {
  it('answers the built-in look for each template until one is saved', async () => {
    const { themes } = await current();
    expect(themes.map((theme) => theme.name)).toEqual([
      'theme_default',
      'theme_template1',
      'theme_template2',
      'theme_template3',
      'theme_template4',
    ]);
    expect(themes[0]).toMatchObject({ primaryColor: '#0b4f8a', urls: [], banners: [] });
  });

  it('refuses a colour that is not #rrggbb and a URL inside another theme URL, naming them, and saves nothing', async () => {
    const before = await current();
    const bad = edit(
      edit(before, 'theme_template1', { primaryColor: 'blue', urls: ['acme.example.com'] }),
      'theme_template2',
      {
        urls: ['portal.acme.example.com'],
      },
    );
    const response = await call(admin, 'PUT', '/api/configuration/themes', bad);
    expect(response.statusCode).toBe(400);
    expect(response.json().details.fields).toEqual(['theme_template1.primaryColor', 'theme_template2.urls.0']);
    expect(await current()).toEqual(before);

    const same = edit(before, 'theme_template3', { urls: ['one.example', 'ONE.example'] });
    expect((await call(admin, 'PUT', '/api/configuration/themes', same)).json().details.fields).toEqual([
      'theme_template3.urls.1',
    ]);
    const foreignLogo = edit(before, 'theme_template3', { brandLogo: 'https://evil.example/logo.png' });
    expect((await call(admin, 'PUT', '/api/configuration/themes', foreignLogo)).json().details.fields).toEqual([
      'theme_template3.brandLogo',
    ]);
    const missing = { themes: before.themes.slice(0, 4).concat(before.themes[0]!) };
    expect((await call(admin, 'PUT', '/api/configuration/themes', missing)).statusCode).toBe(400);
  });

  it('saves colours and URLs, sanitises banners, and answers the theme of a host', async () => {
    const before = await current();
    const saved = await call(
      admin,
      'PUT',
      '/api/configuration/themes',
      edit(before, 'theme_template1', {
        urls: ['https://Billing.Acme.example/'],
        primaryColor: '#7A1F1F',
        banners: [
          { language: 'en', content: '<p onclick="alert(1)">Welcome <b>Acme</b><script>alert(2)</script></p>' },
          { language: 'fr', content: '<img src=x onerror=alert(1)>' },
        ],
      }),
    );
    expect(saved.statusCode).toBe(200);
    const template = (saved.json() as Themes).themes[1]!;
    expect(template.urls).toEqual(['billing.acme.example']);
    expect(template.primaryColor).toBe('#7a1f1f');
    expect(template.banners).toEqual([
      { language: 'en', content: '<p>Welcome <b>Acme</b></p>' },
      { language: 'fr', content: '<img src="x">' },
    ]);

    const matched = await call(null, 'GET', '/api/configuration/theme?url=billing.acme.example:8443');
    expect(matched.statusCode).toBe(200);
    expect(matched.json()).toMatchObject({ name: 'theme_template1', primaryColor: '#7a1f1f' });
    const other = await call(null, 'GET', '/api/configuration/theme?url=portal.other.example');
    expect(other.json()).toMatchObject({ name: 'theme_default', primaryColor: '#0b4f8a' });

    const audit = (await call(admin, 'GET', '/api/audit-events?action=configuration_changed')).json().items as {
      subject: string;
      summary: { changes: { field: string }[] };
    }[];
    const fields = audit.filter((event) => event.subject === 'themes').flatMap((event) => event.summary.changes);
    expect(fields.map((change) => change.field)).toEqual(
      expect.arrayContaining(['theme_template1.urls', 'theme_template1.primaryColor', 'theme_template1.banners']),
    );
  });

  it('sanitises a banner stored before the policy tightened when it is read', async () => {
    const { themes } = await current();
    const { writeSetting } = await import('../system/app-settings.repository');
    await writeSetting(
      t.app.ctx.db,
      'themes',
      themes.map((theme) =>
        theme.name === 'theme_default'
          ? { ...theme, banners: [{ language: 'en', content: '<a href="javascript:alert(1)">Hi</a>' }] }
          : theme,
      ),
    );
    const answer = await call(null, 'GET', '/api/configuration/theme?url=anything.example');
    expect(answer.json().banners).toEqual([{ language: 'en', content: '<a>Hi</a>' }]);
  });

  it('is refused to a manager and a customer (403) and to nobody (401)', async () => {
    const themes = await current();
    for (const token of [manager, payer]) {
      expect((await call(token, 'GET', '/api/configuration/themes')).statusCode).toBe(403);
      expect((await call(token, 'PUT', '/api/configuration/themes', themes)).statusCode).toBe(403);
      expect((await upload(token, png, 'logo.png', 'image/png')).statusCode).toBe(403);
    }
    expect((await call(null, 'PUT', '/api/configuration/themes', themes)).statusCode).toBe(401);
    expect((await upload(null, png, 'logo.png', 'image/png')).statusCode).toBe(401);
  });
});

describe('uploads', () => {
  it('takes the type from the bytes and serves the file with nosniff and a sandboxing CSP', async () => {
    const stored = await upload(admin, png, 'notes.txt', 'text/plain');
    expect(stored.statusCode).toBe(200);
    expect(stored.json()).toMatchObject({ contentType: 'image/png', size: png.length });
    const served = await call(null, 'GET', stored.json().url);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['content-security-policy']).toBe("default-src 'none'; style-src 'unsafe-inline'; sandbox");
    expect(served.rawPayload.equals(png)).toBe(true);

    const themes = await current();
    const withLogo = edit(themes, 'theme_template4', { brandLogo: stored.json().url, brandIcon: stored.json().url });
    expect((await call(admin, 'PUT', '/api/configuration/themes', withLogo)).statusCode).toBe(200);
  });

  it('refuses HTML named .png, a GIF, an empty part and a file over 512 KB', async () => {
    const html = await upload(admin, Buffer.from('<html><script>alert(1)</script></html>'), 'logo.png', 'image/png');
    expect(html.statusCode).toBe(400);
    expect(html.json().message).toBe('Upload a PNG, JPEG, WebP or SVG image.');
    const gif = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');
    expect((await upload(admin, gif, 'logo.gif', 'image/gif')).statusCode).toBe(400);
    expect((await upload(admin, Buffer.alloc(0), 'logo.png', 'image/png')).statusCode).toBe(400);
    const big = Buffer.concat([png, Buffer.alloc(512 * 1024)]);
    const tooBig = await upload(admin, big, 'logo.png', 'image/png');
    expect(tooBig.statusCode).toBe(400);
    expect(tooBig.json().message).toBe('The image is larger than 512 KB.');
  });

  it('stores an SVG without its script and handlers', async () => {
    const svg =
      '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 8 8" onload="alert(1)">' +
      '<script>alert(2)</script><rect width="8" height="8" fill="#0b4f8a"/></svg>';
    const stored = await upload(admin, Buffer.from(svg), 'logo.svg', 'image/svg+xml');
    expect(stored.json().contentType).toBe('image/svg+xml');
    const served = await call(null, 'GET', stored.json().url);
    expect(served.body).toContain('<rect width="8" height="8" fill="#0b4f8a"></rect>');
    expect(served.body).not.toMatch(/script|onload|alert/);
  });

  it('answers 404 for a file that does not exist', async () => {
    expect((await call(null, 'GET', '/api/files/00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
  });
});
