// What a guest visit keeps in web storage (spec invoices-and-payments §2, §4 Guest flow and 3-D Secure):
// - session storage: the guest tokens this visit holds (sent with every lookup: the server's duplicate check and
//   four-account cap), the invoice looked up last (a reload shows its card again), and across the 3-D Secure
//   redirect the request being paid (no card data: the card is a token; removed as soon as the return reads it), its
//   Idempotency-Key and the guest token;
// - local storage: the answer the status page shows (spec §2: "Guest result, read from local storage").
import {
  maxGuestAccounts,
  type GuestPaymentRequest,
  type GuestPaymentResponse,
  type ValidateGuestPaymentResponse,
} from '@portal/contracts';
import { withoutLeadingZeros } from '../../../lib/account-selection';
import { localStore, sessionStore } from '../../../lib/browser-storage';
import { createOutcomeStore, createPendingStore, readJson, type PaymentOutcome } from '../../../lib/payment-outcome';

const tokensKey = 'portal.guest.tokens';
const lookupKey = 'portal.guest.lookup';
const pendingKey = 'portal.guest.pending3ds';
const outcomeKey = 'portal.guest.result';
const receiptKey = 'portal.guest.receiptEmail';

/** One guest token of this visit: the account it was looked up for and when it expires. */
export type HeldToken = { token: string; account: string; expiresAt: string };

/** The unexpired tokens (the server ignores expired ones anyway; keeping them would only fill the cap). */
export function activeTokens(tokens: readonly HeldToken[], now: Date): HeldToken[] {
  return tokens.filter((held) => Date.parse(held.expiresAt) > now.getTime());
}

/** Accounts are counted as the server counts them: without leading zeros. */
export function heldAccountCount(tokens: readonly HeldToken[]): number {
  return new Set(tokens.map((held) => withoutLeadingZeros(held.account).toUpperCase())).size;
}

export function atAccountCap(tokens: readonly HeldToken[]): boolean {
  return heldAccountCount(tokens) >= maxGuestAccounts;
}

export const guestTokens = {
  list(now: Date = new Date()): HeldToken[] {
    return activeTokens(readJson<HeldToken[]>(sessionStore, tokensKey) ?? [], now);
  },
  add(held: HeldToken): void {
    const others = guestTokens.list().filter((entry) => entry.token !== held.token);
    sessionStore.set(tokensKey, JSON.stringify([...others, held]));
  },
  remove(token: string): void {
    sessionStore.set(tokensKey, JSON.stringify(guestTokens.list().filter((entry) => entry.token !== token)));
  },
};

/** The invoice on screen, so that a reload does not look it up again (which would answer "already added"). */
export const currentLookup = {
  save(lookup: ValidateGuestPaymentResponse): void {
    sessionStore.set(lookupKey, JSON.stringify(lookup));
  },
  read(now: Date = new Date()): ValidateGuestPaymentResponse | null {
    const lookup = readJson<ValidateGuestPaymentResponse>(sessionStore, lookupKey);
    if (!lookup || Date.parse(lookup.guest_token_expires_at) <= now.getTime()) return null;
    return lookup;
  },
  clear(): void {
    sessionStore.remove(lookupKey);
  },
};

export type PendingGuestPayment = {
  /** The TO access token: the 3-D Secure return carries it as ?id=. */
  accessToken: string;
  idempotencyKey: string;
  guestToken: string;
  request: GuestPaymentRequest;
};

export const pendingGuestPayment = createPendingStore<PendingGuestPayment>(pendingKey);

export const guestOutcome = createOutcomeStore(localStore, outcomeKey);

/** Where the receipt went, for the status page's note. */
export const guestReceipt = {
  save: (email: string): void => localStore.set(receiptKey, email),
  read: (): string | null => localStore.get(receiptKey),
};

/** spec §3: a guest answer carries a paymentStatus list; the status page reads the invoice payments' shape. */
export function guestPaymentOutcome(response: GuestPaymentResponse): PaymentOutcome {
  return { kind: 'answer', response: { status: response.paymentStatus, payment: response.payment } };
}
