// Stripe's idempotent requests: a POST with an Idempotency-Key answers the first result again (status and body,
// with `Idempotent-Replayed: true`) when the key comes back with the same parameters, and refuses it with an
// idempotency_error when they differ. Keys belong to the API key that sent them. Only a digest of the parameters
// is kept, never the parameters (they may hold card numbers).
import { createHash } from 'node:crypto';
import { DoubleError, invalidRequest } from './double-errors';
import type { FormValue } from './form-encoding';

export type SavedResult = { status: number; body: unknown; requestId: string };

type Entry = SavedResult & { endpoint: string; digest: string };

export class IdempotencyStore {
  private readonly entries = new Map<string, Entry>();

  /** The saved result to replay, null for a new key; throws when the key was used for another request. */
  find(apiKey: string, key: string, endpoint: string, params: FormValue): SavedResult | null {
    if (key.length > 255) {
      throw invalidRequest('Idempotency keys can be at most 255 characters long.', { param: 'Idempotency-Key' });
    }
    const entry = this.entries.get(scope(apiKey, key));
    if (!entry) return null;
    if (entry.endpoint !== endpoint) {
      throw idempotencyError(
        `Keys for idempotent requests can only be used for the same endpoint they were first used for ('${entry.endpoint}' vs '${endpoint}'). Try using a key other than '${key}' if you meant to execute a different request.`,
      );
    }
    if (entry.digest !== digest(params)) {
      throw idempotencyError(
        `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
      );
    }
    return entry;
  }

  save(apiKey: string, key: string, endpoint: string, params: FormValue, result: SavedResult): void {
    this.entries.set(scope(apiKey, key), { ...structuredClone(result), endpoint, digest: digest(params) });
  }
}

function scope(apiKey: string, key: string): string {
  return `${apiKey}\u0000${key}`;
}

function idempotencyError(message: string): DoubleError {
  return new DoubleError(400, { type: 'idempotency_error', message });
}

function digest(params: FormValue): string {
  return createHash('sha256').update(canonical(params)).digest('hex');
}

/** Key order does not make two requests different: `a=1&b=2` and `b=2&a=1` are the same parameters. */
function canonical(value: FormValue): string {
  if (typeof value === 'string') return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  const keys = Object.keys(value).sort();
  return `{${keys.map((key) => `${JSON.stringify(key)}:${canonical(value[key] as FormValue)}`).join(',')}}`;
}
