// Identifiers shaped like Stripe's (`pi_…`, `cus_…`, `<id>_secret_…`) so that code checking prefixes or lengths
// behaves as it will in production, and fingerprints that identify a card or account without storing its number.
import { createHmac, randomBytes } from 'node:crypto';

const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

// Per process, as Stripe's fingerprints are per account: the same number always gives the same fingerprint here,
// and nothing outside this process can turn a fingerprint back into a number by trying candidates.
const FINGERPRINT_KEY = randomBytes(32);

export type IdPrefix = 'pi' | 'seti' | 'cus' | 'pm' | 're' | 'ch' | 'evt' | 'mandate' | 'du' | 'req' | 'src' | 'txn';

// Stripe's customer and request ids are shorter than its other ids.
const LENGTHS: Partial<Record<IdPrefix, number>> = { cus: 14, req: 14 };

export function newId(prefix: IdPrefix): string {
  return `${prefix}_${randomText(LENGTHS[prefix] ?? 24)}`;
}

export function newClientSecret(id: string): string {
  return `${id}_secret_${randomText(25)}`;
}

export function randomText(length: number): string {
  const bytes = randomBytes(length);
  let text = '';
  for (const byte of bytes) text += ALPHABET[byte % ALPHABET.length];
  return text;
}

export function fingerprint(kind: 'card' | 'us_bank_account' | 'sepa_debit', value: string): string {
  const digest = createHmac('sha256', FINGERPRINT_KEY).update(`${kind}:${value}`).digest();
  let text = '';
  for (const byte of digest.subarray(0, 16)) text += ALPHABET[byte % ALPHABET.length];
  return text;
}
