// Signed, short-lived PDF links. A new browser tab carries no bearer token, so the link itself is the
// authorisation: HMAC-SHA256 over the claims (purpose, user, account, sold-tos, documents, expiry). The download
// re-checks the user and the account, so a link stops working when the user loses the account.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';

const purpose = 'invoice-pdf';

const PdfLinkClaims = z.object({
  p: z.literal(purpose),
  /** The user whose accounts the documents belong to. */
  u: z.number().int(),
  /** Account number and company code. */
  c: z.string(),
  cc: z.string(),
  /** Sold-tos ([] all of the account's). */
  s: z.array(z.string()),
  /** Billing document numbers, in the PDF's order, without leading zeros. */
  d: z.array(z.string()).min(1),
  /** Expiry, seconds since the epoch. */
  e: z.number().int(),
});
export type PdfLinkClaims = z.infer<typeof PdfLinkClaims>;

export type PdfLinkContent = {
  userId: number;
  customerNumber: string;
  companyCode: string;
  soldTos: string[];
  documentNumbers: string[];
};

function mac(key: Buffer, payload: string): Buffer {
  return createHmac('sha256', key).update(`${purpose}.${payload}`).digest();
}

export function signPdfLink(key: Buffer, content: PdfLinkContent, expiresAt: Date): string {
  const claims: PdfLinkClaims = {
    p: purpose,
    u: content.userId,
    c: content.customerNumber,
    cc: content.companyCode,
    s: content.soldTos,
    d: content.documentNumbers.map((number) => number.replace(/^0+(?=\d)/, '')),
    e: Math.floor(expiresAt.getTime() / 1000),
  };
  const payload = Buffer.from(JSON.stringify(claims)).toString('base64url');
  return `${payload}.${mac(key, payload).toString('base64url')}`;
}

/** The link's content, or null when it is malformed, tampered with, for another purpose or expired. */
export function verifyPdfLink(key: Buffer, token: string, now: Date): PdfLinkContent | null {
  const [payload, signature, extra] = token.split('.');
  if (!payload || !signature || extra !== undefined) return null;
  const expected = mac(key, payload);
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  let decoded: unknown;
  try {
    decoded = JSON.parse(Buffer.from(payload, 'base64url').toString());
  } catch {
    return null;
  }
  const claims = PdfLinkClaims.safeParse(decoded);
  if (!claims.success || claims.data.e * 1000 <= now.getTime()) return null;
  return {
    userId: claims.data.u,
    customerNumber: claims.data.c,
    companyCode: claims.data.cc,
    soldTos: claims.data.s,
    documentNumbers: claims.data.d,
  };
}
