import { describe, expect, it } from 'vitest';
import { footerLinkHref } from './footer-link-href';

describe('footerLinkHref', () => {
  it('prefixes https:// to a link without a scheme', () => {
    expect(footerLinkHref('example.com/privacy')).toBe('https://example.com/privacy');
  });

  it('keeps http and https links as they are', () => {
    expect(footerLinkHref('http://example.com/terms')).toBe('http://example.com/terms');
    expect(footerLinkHref('HTTPS://example.com/contact')).toBe('HTTPS://example.com/contact');
  });

  it('treats a host name that merely starts with "http" as having no scheme', () => {
    expect(footerLinkHref('httpbin.org')).toBe('https://httpbin.org');
  });

  it('hides a link that is not configured', () => {
    expect(footerLinkHref('')).toBeNull();
    expect(footerLinkHref('   ')).toBeNull();
    expect(footerLinkHref(undefined)).toBeNull();
  });
});
