// Stripe's wire format: application/x-www-form-urlencoded with bracket nesting (`metadata[order]=1`,
// `payment_method_types[0]=card`, `payment_method_types[]=card`, `payment_method_data[card][number]=…`), the same in
// GET query strings. The SDK sends indexed arrays, Stripe.js and curl users send `[]`: both decode to arrays.
export type FormValue = string | FormValue[] | FormObject;
export type FormObject = { [key: string]: FormValue };

export class FormEncodingError extends Error {}

// Far beyond anything Stripe's API nests or any client sends; a body past them is an attack or a bug.
const MAX_DEPTH = 8;
const MAX_PAIRS = 2000;
// Keys that would reach Object.prototype once the decoded tree is spread into ordinary objects.
const FORBIDDEN_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

type Node = { kind: 'leaf'; value: string } | { kind: 'branch'; children: Map<string, Node>; appended: number };

export function decodeForm(text: string): FormObject {
  const root: Node = { kind: 'branch', children: new Map(), appended: 0 };
  const pairs = text.split('&').filter((pair) => pair !== '');
  if (pairs.length > MAX_PAIRS) throw new FormEncodingError(`Too many parameters (at most ${MAX_PAIRS}).`);
  for (const pair of pairs) {
    const equals = pair.indexOf('=');
    const name = decodeComponent(equals === -1 ? pair : pair.slice(0, equals));
    const value = equals === -1 ? '' : decodeComponent(pair.slice(equals + 1));
    insert(root, parseName(name), value, name);
  }
  const tree = toValue(root);
  if (typeof tree === 'string' || Array.isArray(tree)) throw new FormEncodingError('Invalid request body.');
  return tree;
}

/** The JSON bodies the double's own /_double routes also accept, reduced to the same tree (scalars as strings). */
export function formFromJson(text: string): FormObject {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new FormEncodingError('Invalid JSON body.');
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) {
    throw new FormEncodingError('A JSON body must be an object.');
  }
  const converted = fromJson(parsed, 0);
  if (typeof converted === 'string' || Array.isArray(converted)) throw new FormEncodingError('Invalid JSON body.');
  return converted;
}

function fromJson(value: unknown, depth: number): FormValue {
  if (depth > MAX_DEPTH) throw new FormEncodingError('The body nests too deeply.');
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value)) return value.map((item) => fromJson(item, depth + 1));
  if (typeof value === 'object') {
    const result: FormObject = {};
    for (const [key, item] of Object.entries(value)) {
      if (FORBIDDEN_KEYS.has(key)) throw new FormEncodingError(`Invalid parameter name: ${key}`);
      result[key] = fromJson(item, depth + 1);
    }
    return result;
  }
  throw new FormEncodingError('Invalid JSON body.');
}

function decodeComponent(raw: string): string {
  try {
    return decodeURIComponent(raw.replace(/\+/g, ' '));
  } catch {
    throw new FormEncodingError('Invalid percent-encoding in the request.');
  }
}

/** `a[b][0][]` → ['a', 'b', '0', ''] ('' appends). */
function parseName(name: string): string[] {
  const match = /^([^[\]]+)((?:\[[^[\]]*\])*)$/.exec(name);
  if (!match?.[1]) throw new FormEncodingError(`Invalid parameter name: ${truncate(name)}`);
  const segments = [match[1]];
  for (const inner of (match[2] ?? '').matchAll(/\[([^[\]]*)\]/g)) segments.push(inner[1] ?? '');
  if (segments.length > MAX_DEPTH) throw new FormEncodingError(`Parameter nests too deeply: ${truncate(name)}`);
  for (const segment of segments) {
    if (FORBIDDEN_KEYS.has(segment)) throw new FormEncodingError(`Invalid parameter name: ${truncate(name)}`);
  }
  return segments;
}

function insert(root: Node, segments: string[], value: string, name: string): void {
  let node = root;
  segments.forEach((segment, index) => {
    if (node.kind !== 'branch') throw conflict(name);
    const key = segment === '' ? String(node.appended) : segment;
    if (segment === '' || /^\d+$/.test(segment)) node.appended = Math.max(node.appended, Number(key) + 1);
    const last = index === segments.length - 1;
    const existing = node.children.get(key);
    if (last) {
      if (existing?.kind === 'branch') throw conflict(name);
      // Repeated scalar names: the last one wins, as with Stripe's parser.
      node.children.set(key, { kind: 'leaf', value });
      return;
    }
    if (existing === undefined) {
      const branch: Node = { kind: 'branch', children: new Map(), appended: 0 };
      node.children.set(key, branch);
      node = branch;
    } else {
      node = existing;
    }
  });
}

function toValue(node: Node): FormValue {
  if (node.kind === 'leaf') return node.value;
  const keys = [...node.children.keys()];
  if (keys.length > 0 && keys.every((key) => /^\d+$/.test(key))) {
    return keys.sort((a, b) => Number(a) - Number(b)).map((key) => toValue(node.children.get(key) as Node));
  }
  const result: FormObject = {};
  for (const [key, child] of node.children) result[key] = toValue(child);
  return result;
}

function conflict(name: string): FormEncodingError {
  return new FormEncodingError(`Invalid parameter: ${truncate(name)} is given both as a value and as a hash.`);
}

// Parameter names are echoed in errors; values never are (they may be card or bank numbers).
function truncate(name: string): string {
  return name.length > 80 ? `${name.slice(0, 80)}…` : name;
}
