// The guest token (issue 6): what a guest gets from a successful lookup instead of a session. An HS256 JWT with its
// own key (derived from the portal's secret, so it can never pass as an access token), its own audience, a short
// life (guestTokenTtlSeconds) and exactly one document in its claims: every guest call after the lookup reads,
// tokenises for and pays that document only. Stateless, so any instance accepts it; the clock is the app's, so
// tests can expire it.
import { createHmac, randomUUID } from 'node:crypto';
import { guestTokenTtlSeconds } from '@portal/contracts';
import { SignJWT, jwtVerify } from 'jose';
import type { AppContext } from '../../app-context';

/** The one document a guest token is for, as the ledger knows it. */
export type GuestDocument = {
  company_code: string;
  document_number_finance: string;
  fiscal_year_of_the_relevant_invoice: string;
  line_item_in_the_relevant_invoice: string;
  billing_document_number: string;
  payer_number: string;
  soldto_number: string;
};

export type GuestClaims = {
  /** The token's id: its payments' idempotency scope (guest:<id>) and the gateway's merchant reference. */
  tokenId: string;
  /** The account number the guest typed, normalised (no leading zeros): the four-account cap counts these. */
  account: string;
  document: GuestDocument;
  expiresAt: Date;
};

const issuer = 'ar-portal';
const audience = 'guest-payment';

function keyOf(ctx: AppContext): Uint8Array {
  return createHmac('sha256', ctx.urlSigningKey).update('portal guest tokens v1').digest();
}

export async function signGuestToken(
  ctx: AppContext,
  input: { account: string; document: GuestDocument },
): Promise<{ token: string; claims: GuestClaims }> {
  const now = ctx.now();
  const expiresAt = new Date(Math.floor(now.getTime() / 1000) * 1000 + guestTokenTtlSeconds * 1000);
  const tokenId = randomUUID();
  const token = await new SignJWT({ acc: input.account, doc: input.document })
    .setProtectedHeader({ alg: 'HS256' })
    .setIssuer(issuer)
    .setAudience(audience)
    .setJti(tokenId)
    .setIssuedAt(Math.floor(now.getTime() / 1000))
    .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
    .sign(keyOf(ctx));
  return { token, claims: { tokenId, account: input.account, document: input.document, expiresAt } };
}

/** The claims of a valid, unexpired guest token; null for anything else (no detail: forged and expired look alike). */
export async function verifyGuestToken(ctx: AppContext, token: string): Promise<GuestClaims | null> {
  try {
    const { payload } = await jwtVerify(token, keyOf(ctx), {
      issuer,
      audience,
      algorithms: ['HS256'],
      currentDate: ctx.now(),
    });
    const document = payload.doc as GuestDocument | undefined;
    if (typeof payload.jti !== 'string' || typeof payload.acc !== 'string' || !document || !payload.exp) return null;
    if (typeof document.billing_document_number !== 'string' || typeof document.company_code !== 'string') return null;
    return { tokenId: payload.jti, account: payload.acc, document, expiresAt: new Date(payload.exp * 1000) };
  } catch {
    return null;
  }
}

/** The gateway's merchant reference of a guest: only this token reads what its frame tokenised. */
export function guestMerchantReference(claims: GuestClaims): string {
  return `guest:${claims.tokenId}`;
}

export function sameGuestDocument(a: GuestDocument, b: GuestDocument): boolean {
  return (
    a.company_code === b.company_code &&
    a.document_number_finance === b.document_number_finance &&
    a.fiscal_year_of_the_relevant_invoice === b.fiscal_year_of_the_relevant_invoice &&
    a.line_item_in_the_relevant_invoice === b.line_item_in_the_relevant_invoice
  );
}
