// What HTML an administrator may write (sign-in banners, and any other admin-entered HTML; issue 15), applied with
// DOMPurify on save (the server, through jsdom) and again on render (the browser). One policy for both places:
// - formatting, headings, lists, tables, quotes and images are kept;
// - links keep only http, https, mailto or a same-site path, and open safely;
// - images keep http, https, a same-site path, or a data: URL of a raster image;
// - scripts, event handlers, frames, forms, and styles with url(), expression() or javascript: are dropped.

export const htmlPolicy = {
  ALLOWED_TAGS: [
    'a',
    'abbr',
    'b',
    'blockquote',
    'br',
    'caption',
    'code',
    'div',
    'em',
    'h1',
    'h2',
    'h3',
    'h4',
    'h5',
    'h6',
    'hr',
    'i',
    'img',
    'li',
    'ol',
    'p',
    'pre',
    's',
    'small',
    'span',
    'strong',
    'sub',
    'sup',
    'table',
    'tbody',
    'td',
    'tfoot',
    'th',
    'thead',
    'tr',
    'u',
    'ul',
  ],
  ALLOWED_ATTR: [
    'href',
    'title',
    'alt',
    'src',
    'width',
    'height',
    'style',
    'target',
    'rel',
    'colspan',
    'rowspan',
    'lang',
    'dir',
  ],
  /**
   * Every attribute value DOMPurify reads as an address: http(s), mailto, a path on this site (not protocol-relative),
   * or a value with no scheme at all (a relative path, a width, a target name). Anything else with a scheme is dropped.
   */
  ALLOWED_URI_REGEXP: /^(?:https?:|mailto:|\/(?!\/)|[^a-z/]|[a-z0-9+.-]+(?:[^a-z0-9+.\-:]|$))/i,
  ALLOW_DATA_ATTR: false,
  ALLOW_UNKNOWN_PROTOCOLS: false,
  RETURN_TRUSTED_TYPE: false,
} as const;

/** A data: URL that an <img> may keep: a raster image (SVG may carry script in other contexts). */
const rasterDataUrl = /^data:image\/(?:png|jpe?g|gif|webp);base64,[a-z0-9+/=\s]+$/i;
/** Style values that can fetch, run or escape: dropped with the whole style attribute. */
const dangerousStyle = /url\s*\(|expression\s*\(|javascript:|behaviou?r\s*:|-moz-binding|@import|\\/i;

/** The part of a DOM element the hooks use (this package has no DOM types). */
type PolicyElement = {
  nodeName: string;
  getAttribute(name: string): string | null;
  setAttribute(name: string, value: string): void;
  removeAttribute(name: string): void;
};
type AttributeHookData = { attrName: string; attrValue: string; keepAttr: boolean };
type Hookable = {
  addHook(name: 'uponSanitizeAttribute', hook: (node: PolicyElement, data: AttributeHookData) => void): void;
  addHook(name: 'afterSanitizeAttributes', hook: (node: PolicyElement) => void): void;
};

/** Installs the policy's hooks on a DOMPurify instance (once per instance). */
export function installHtmlPolicyHooks(purify: Hookable): void {
  purify.addHook('uponSanitizeAttribute', (node, data) => {
    const name = data.attrName.toLowerCase();
    if (name === 'style' && dangerousStyle.test(data.attrValue)) data.keepAttr = false;
    if (name === 'src' && /^\s*data:/i.test(data.attrValue)) {
      data.keepAttr = node.nodeName.toLowerCase() === 'img' && rasterDataUrl.test(data.attrValue.trim());
    }
  });
  purify.addHook('afterSanitizeAttributes', (node) => {
    if (node.nodeName.toLowerCase() !== 'a') return;
    // A link opening elsewhere cannot reach back into the portal's window.
    if (node.getAttribute('target')) {
      node.setAttribute('target', '_blank');
      node.setAttribute('rel', 'noopener noreferrer');
    } else {
      node.removeAttribute('rel');
    }
  });
}
