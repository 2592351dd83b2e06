// Reads a decoded request the way Stripe validates one: every value arrives as a string, a parameter Stripe does not
// know is refused (so a typo in the portal fails here rather than being silently ignored), and errors name the
// parameter in Stripe's bracket form (`payment_method_data[card][exp_month]`). Values are never echoed back.
import { invalidRequest, missingParam, unknownParam } from './double-errors';
import type { FormObject, FormValue } from './form-encoding';

export class Params {
  constructor(
    readonly values: FormObject,
    private readonly prefix = '',
  ) {}

  name(key: string): string {
    return this.prefix ? `${this.prefix}[${key}]` : key;
  }

  has(key: string): boolean {
    return this.values[key] !== undefined;
  }

  keys(): string[] {
    return Object.keys(this.values);
  }

  /** Refuses what Stripe would not accept here; `expand` is accepted everywhere. */
  allowOnly(allowed: readonly string[]): this {
    for (const key of this.keys()) {
      if (key !== 'expand' && !allowed.includes(key)) throw unknownParam(this.name(key));
    }
    return this;
  }

  /** An empty string means "unset" in Stripe's form encoding: it reads as undefined (nullableString tells them apart). */
  string(key: string, options: { maxLength?: number } = {}): string | undefined {
    const value = this.values[key];
    if (value === undefined || value === '') return undefined;
    if (typeof value !== 'string') throw invalidRequest(`Invalid string: ${this.name(key)}`, { param: this.name(key) });
    if (options.maxLength !== undefined && value.length > options.maxLength) {
      throw invalidRequest(`Invalid ${this.name(key)}: must be at most ${options.maxLength} characters`, {
        param: this.name(key),
      });
    }
    return value;
  }

  /** For fields that can be cleared: undefined = not given, null = given empty. */
  nullableString(key: string, options: { maxLength?: number } = {}): string | null | undefined {
    if (this.values[key] === '') return null;
    return this.string(key, options);
  }

  requiredString(key: string, options: { maxLength?: number } = {}): string {
    const value = this.string(key, options);
    if (value === undefined) throw missingParam(this.name(key));
    return value;
  }

  integer(key: string, options: { min?: number; max?: number } = {}): number | undefined {
    const raw = this.string(key);
    if (raw === undefined) return undefined;
    if (!/^-?\d{1,15}$/.test(raw)) throw invalidRequest(`Invalid integer: ${echo(raw)}`, { param: this.name(key) });
    const value = Number(raw);
    if (options.min !== undefined && value < options.min) {
      throw invalidRequest(`Invalid ${this.name(key)}: must be at least ${options.min}`, { param: this.name(key) });
    }
    if (options.max !== undefined && value > options.max) {
      throw invalidRequest(`Invalid ${this.name(key)}: must be at most ${options.max}`, { param: this.name(key) });
    }
    return value;
  }

  boolean(key: string): boolean | undefined {
    const raw = this.string(key);
    if (raw === undefined) return undefined;
    if (raw === 'true') return true;
    if (raw === 'false') return false;
    throw invalidRequest(`Invalid boolean: ${echo(raw)}`, { param: this.name(key) });
  }

  oneOf<T extends string>(key: string, allowed: readonly T[]): T | undefined {
    const raw = this.string(key);
    if (raw === undefined) return undefined;
    if (!(allowed as readonly string[]).includes(raw)) {
      throw invalidRequest(`Invalid ${this.name(key)}: must be one of ${allowed.join(', ')}`, {
        param: this.name(key),
      });
    }
    return raw as T;
  }

  object(key: string): Params | undefined {
    const value = this.values[key];
    if (value === undefined || value === '') return undefined;
    if (typeof value === 'string' || Array.isArray(value)) {
      throw invalidRequest(`Invalid object: ${this.name(key)}`, { param: this.name(key) });
    }
    return new Params(value, this.name(key));
  }

  stringArray(key: string): string[] | undefined {
    const value = this.values[key];
    if (value === undefined) return undefined;
    if (value === '') return [];
    if (!Array.isArray(value) || !value.every((item): item is string => typeof item === 'string')) {
      throw invalidRequest(`Invalid array: ${this.name(key)}`, { param: this.name(key) });
    }
    return value;
  }

  /** Stripe's metadata rules; null = `metadata=` (clear all), a key given '' is removed by the caller. */
  metadata(key = 'metadata'): Record<string, string> | null | undefined {
    const value: FormValue | undefined = this.values[key];
    if (value === undefined) return undefined;
    if (value === '') return null;
    if (typeof value === 'string' || Array.isArray(value)) {
      throw invalidRequest('Invalid object: metadata must be a hash of keys and values.', { param: this.name(key) });
    }
    const entries = Object.entries(value);
    if (entries.length > 50) {
      throw invalidRequest('You can specify up to 50 keys in metadata.', { param: this.name(key) });
    }
    const result: Record<string, string> = {};
    for (const [name, item] of entries) {
      if (typeof item !== 'string') {
        throw invalidRequest(`Invalid value for metadata[${name}]: must be a string.`, {
          param: `${this.name(key)}[${name}]`,
        });
      }
      if (name.length > 40) {
        throw invalidRequest('Metadata keys can have a maximum length of 40 characters.', { param: this.name(key) });
      }
      if (item.length > 500) {
        throw invalidRequest('Metadata values can have a maximum length of 500 characters.', {
          param: `${this.name(key)}[${name}]`,
        });
      }
      result[name] = item;
    }
    return result;
  }

  expand(): string[] {
    const value = this.values.expand;
    if (value === undefined) return [];
    if (typeof value === 'string') return value === '' ? [] : [value];
    if (!Array.isArray(value) || !value.every((item): item is string => typeof item === 'string')) {
      throw invalidRequest('Invalid array: expand', { param: 'expand' });
    }
    return value;
  }
}

/**
 * A refused value as Stripe quotes it in its message, unless it could be a card or account number typed into the
 * wrong field: those are never echoed.
 */
export function echo(value: string): string {
  return value.length <= 20 && !/\d{6,}/.test(value) ? value : '(value not shown)';
}

/** Applies a metadata change the way Stripe merges it: keys set to '' are removed, `metadata=` clears everything. */
export function mergeMetadata(
  current: Record<string, string>,
  change: Record<string, string> | null | undefined,
): Record<string, string> {
  if (change === undefined) return current;
  if (change === null) return {};
  const merged = { ...current };
  for (const [key, value] of Object.entries(change)) {
    if (value === '') delete merged[key];
    else merged[key] = value;
  }
  return merged;
}
