// spec (Header and footer): a footer link without http gets https prefixed; an empty link is not shown.

export function footerLinkHref(link: string | null | undefined): string | null {
  const value = link?.trim();
  if (!value) return null;
  if (/^https?:\/\//i.test(value)) return value;
  // A value starting with "http" but not a full scheme (e.g. "httpbin.org") is still a bare host name.
  return `https://${value.replace(/^\/+/, '')}`;
}
