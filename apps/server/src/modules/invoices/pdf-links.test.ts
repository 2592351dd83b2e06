import { describe, expect, it } from 'vitest';
import { signPdfLink, verifyPdfLink } from './pdf-links';

const key = Buffer.alloc(32, 7);
const content = {
  userId: 4,
  customerNumber: '0000100001',
  companyCode: '1000',
  soldTos: [],
  documentNumbers: ['90001234'],
};
const now = new Date('2026-11-02T09:00:00Z');

describe('signed PDF links', () => {
  it('carries the user and the documents until it expires', () => {
    const token = signPdfLink(key, content, new Date(now.getTime() + 120_000));
    expect(verifyPdfLink(key, token, now)).toEqual(content);
    expect(verifyPdfLink(key, token, new Date(now.getTime() + 119_000))).not.toBeNull();
    expect(verifyPdfLink(key, token, new Date(now.getTime() + 120_000))).toBeNull();
  });

  it('refuses a changed payload, a changed signature, another key and garbage', () => {
    const token = signPdfLink(key, content, new Date(now.getTime() + 120_000));
    const [payload, signature] = token.split('.') as [string, string];
    const forged = Buffer.from(
      JSON.stringify({ ...JSON.parse(Buffer.from(payload, 'base64url').toString()), u: 1 }),
    ).toString('base64url');
    expect(verifyPdfLink(key, `${forged}.${signature}`, now)).toBeNull();
    const flipped = signature.startsWith('A') ? `B${signature.slice(1)}` : `A${signature.slice(1)}`;
    expect(verifyPdfLink(key, `${payload}.${flipped}`, now)).toBeNull();
    expect(verifyPdfLink(Buffer.alloc(32, 8), token, now)).toBeNull();
    expect(verifyPdfLink(key, 'not-a-token', now)).toBeNull();
    expect(verifyPdfLink(key, `${token}.x`, now)).toBeNull();
  });
});
