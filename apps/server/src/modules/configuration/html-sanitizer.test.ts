// The HTML policy against a published vector list (OWASP XSS Filter Evasion Cheat Sheet, vendored under
// src/test/xss-vectors with its licence): whatever goes in, what comes out has no script, no event handler, no
// frame, form or object, no style that fetches or runs, and no link or image address outside http(s), mailto, a
// same-site path or a raster data: image. And what an administrator means to keep is kept.
import { readFileSync } from 'node:fs';
import { JSDOM } from 'jsdom';
import { describe, expect, it } from 'vitest';
import { sanitizeHtml, sanitizeSvg } from './html-sanitizer';

const vectors = readFileSync(new URL('../../test/xss-vectors/owasp-filter-evasion.txt', import.meta.url), 'utf8')
  .split('\n')
  .filter((line) => line.trim() !== '' && !line.startsWith('#'));

/** Every way the output could still run or load something, as a list of findings (empty when safe). */
export function unsafeParts(html: string): string[] {
  const { document } = new JSDOM(`<body>${html}</body>`).window;
  const findings: string[] = [];
  for (const element of document.body.querySelectorAll('*')) {
    const tag = element.tagName.toLowerCase();
    if (
      [
        'script',
        'iframe',
        'frame',
        'frameset',
        'object',
        'embed',
        'form',
        'button',
        'input',
        'style',
        'link',
        'meta',
        'base',
        'svg',
        'math',
        'template',
        'video',
        'audio',
        'details',
        'marquee',
      ].includes(tag)
    )
      findings.push(`<${tag}>`);
    for (const { name, value } of element.attributes) {
      if (name.startsWith('on')) findings.push(`${tag}[${name}]`);
      if (name === 'style' && /url\s*\(|expression|javascript:|-moz-binding|@import/i.test(value))
        findings.push(`${tag}[style=${value}]`);
      if (['href', 'src', 'background', 'dynsrc', 'lowsrc', 'action', 'formaction', 'xlink:href'].includes(name)) {
        const address = value.trim();
        const allowed =
          /^(https?:|mailto:)/i.test(address) ||
          /^\/(?!\/)/.test(address) ||
          // No scheme at all: a relative address on this site (`#`, `x`, `` `javascript:...` `` is a path).
          (!/^[a-z][a-z0-9+.-]*:/i.test(address) && !address.startsWith('//')) ||
          (name === 'src' && tag === 'img' && /^data:image\/(png|jpe?g|gif|webp);base64,/i.test(address));
        if (!allowed) findings.push(`${tag}[${name}=${address}]`);
      }
    }
  }
  return findings;
}

describe('the HTML policy', () => {
  it(`leaves nothing that runs or loads from ${vectors.length} published vectors`, async () => {
    expect(vectors.length).toBeGreaterThan(90);
    const failures: { vector: string; output: string; findings: string[] }[] = [];
    for (const vector of vectors) {
      const output = await sanitizeHtml(vector);
      const findings = unsafeParts(output);
      if (findings.length) failures.push({ vector, output, findings });
      // Sanitising is stable: the browser's second pass finds nothing more to remove.
      expect(await sanitizeHtml(output)).toBe(output);
    }
    expect(failures).toEqual([]);
  });

  it('keeps formatting, lists, images and web and mail links', async () => {
    const banner =
      '<h2>Welcome</h2><p><strong>Pay</strong> <em>online</em> <u>today</u>.</p><ul><li>one</li></ul><ol><li>two</li></ol>' +
      '<p><img src="https://cdn.example.com/banner.png" alt="Banner" width="200"> <img src="/api/files/9b1d" alt="Logo"></p>' +
      '<p style="color: #003366; text-align: center">Centred</p>' +
      '<p><a href="https://example.com/help" target="_blank">Help</a> <a href="mailto:ar@example.com">Mail us</a></p>';
    const output = await sanitizeHtml(banner);
    expect(output).toContain('<h2>Welcome</h2>');
    expect(output).toContain('<strong>Pay</strong> <em>online</em> <u>today</u>');
    expect(output).toContain('<ul><li>one</li></ul><ol><li>two</li></ol>');
    expect(output).toContain('<img src="https://cdn.example.com/banner.png" alt="Banner" width="200">');
    expect(output).toContain('<img src="/api/files/9b1d" alt="Logo">');
    expect(output).toContain('style="color: #003366; text-align: center"');
    expect(output).toContain('<a href="https://example.com/help" target="_blank" rel="noopener noreferrer">Help</a>');
    expect(output).toContain('<a href="mailto:ar@example.com">Mail us</a>');
  });

  it('keeps a raster data: image and drops an SVG or HTML data: address', async () => {
    const png =
      'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';
    expect(await sanitizeHtml(`<img src="${png}" alt="dot">`)).toBe(`<img src="${png}" alt="dot">`);
    expect(await sanitizeHtml('<img src="data:image/svg+xml;base64,PHN2Zz4=" alt="x">')).toBe('<img alt="x">');
    expect(await sanitizeHtml('<a href="data:text/html,<script>alert(1)</script>">x</a>')).toBe('<a>x</a>');
  });
});

describe('uploaded SVG', () => {
  it('keeps the drawing and drops script, handlers and external references', async () => {
    const svg =
      '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10" onload="alert(1)"><script>alert(2)</script>' +
      '<circle cx="5" cy="5" r="4" fill="#003366"/><image href="https://evil.example/x.png"/>' +
      '<foreignObject><body onload="alert(3)"/></foreignObject><use href="https://evil.example/s.svg#a"/></svg>';
    const clean = await sanitizeSvg(svg);
    expect(clean).toContain('<circle cx="5" cy="5" r="4" fill="#003366"></circle>');
    expect(clean).not.toMatch(/script|onload|evil\.example|foreignObject|alert/i);
  });

  it('is refused when nothing of an SVG image is left', async () => {
    expect(await sanitizeSvg('<html><script>alert(1)</script></html>')).toBeNull();
  });
});
