// The server's half of the HTML policy (packages/domain html-policy.ts): DOMPurify on a jsdom window, applied to
// admin-entered HTML when it is saved (banners) and to uploaded SVG. The browser applies the same policy again when
// it renders. jsdom is loaded on first use: most processes never sanitise anything.
import { htmlPolicy, installHtmlPolicyHooks } from '@portal/domain';
import type { DOMPurify } from 'dompurify';

let instance: Promise<DOMPurify> | undefined;

async function purifier(): Promise<DOMPurify> {
  instance ??= (async () => {
    const [{ default: createDOMPurify }, { JSDOM }] = await Promise.all([import('dompurify'), import('jsdom')]);
    const purify = createDOMPurify(new JSDOM('').window as unknown as Window & typeof globalThis);
    installHtmlPolicyHooks(purify);
    return purify;
  })();
  return instance;
}

/** Admin-entered HTML with only what the policy keeps. */
export async function sanitizeHtml(html: string): Promise<string> {
  const purify = await purifier();
  return purify.sanitize(html, {
    ...htmlPolicy,
    ALLOWED_TAGS: [...htmlPolicy.ALLOWED_TAGS],
    ALLOWED_ATTR: [...htmlPolicy.ALLOWED_ATTR],
  });
}

/**
 * An uploaded SVG without script, event handlers, foreign objects or external references; null when what is left
 * is not an SVG image any more.
 */
export async function sanitizeSvg(svg: string): Promise<string | null> {
  const purify = await purifier();
  const clean = purify.sanitize(svg, {
    USE_PROFILES: { svg: true, svgFilters: true },
    FORBID_TAGS: ['foreignObject', 'use', 'image', 'a', 'script', 'style', 'animate', 'set'],
    FORBID_ATTR: ['href', 'xlink:href', 'style'],
  });
  return /^\s*<svg[\s>]/i.test(clean) ? clean : null;
}
