// fast-check arbitraries read from a route's zod schemas (issue 16 part 2): requests of the contract's shape with
// hostile values, and requests of other shapes. Bodies are generated as JSON text, so that they can carry what
// JSON.stringify cannot write: 1e309, -0, numbers past double precision, __proto__ keys and deep nesting.
import fc from 'fast-check';
import type { RouteContract } from '@portal/contracts';
import type { z } from 'zod';
import { defOf } from './contract-fields';

/** Strings an attacker sends: long, control and direction characters, NUL, injections, numbers in words. */
export const hostileStrings = [
  'A'.repeat(100_000),
  '\u0000',
  'a\u0000b',
  '\u202e\u200f\u200eevil\u202c',
  '\u0007\u001b[31m\u0008',
  '\ud83d\ude00\u{1d4b3}',
  '\ud800',
  "' OR '1'='1",
  '"; DROP TABLE portal.users; --',
  '../../../etc/passwd',
  '<img src=x onerror=alert(1)>',
  '${7*7}{{7*7}}',
  '%00%0d%0a',
  '\r\nSet-Cookie: x=1',
  '__proto__',
  'constructor',
  ' ',
  '',
  '-1',
  '1e309',
  'NaN',
  '99999999999999999999.999',
  '0x10',
];

/** Numbers as JSON tokens, written as they are: some are not doubles, some are not JSON at all (NaN). */
export const hostileNumberTokens = [
  '1e309',
  '-1e309',
  '-0',
  'NaN',
  '99999999999999999999.999',
  '9007199254740993',
  '-1',
  '0',
  '1e-400',
  '2147483648',
  '1e20',
  '9223372036854775808',
  '0.1',
  '1.5',
];

const json = (value: unknown) => JSON.stringify(value);

/** Any JSON of another shape: the wrong type in a field, or a hostile document of its own. */
const otherShape: fc.Arbitrary<string> = fc.oneof(
  fc.json({ maxDepth: 3 }),
  fc.constantFrom(...hostileNumberTokens),
  fc.constantFrom(...hostileStrings.map(json)),
  fc.constant(`${'{"a":'.repeat(5_000)}1${'}'.repeat(5_000)}`),
  fc.constant(`${'['.repeat(5_000)}${']'.repeat(5_000)}`),
  fc.constant(`[${new Array(10_000).fill('"x"').join(',')}]`),
  fc.constant(
    '{"__proto__":{"isAdmin":true,"permissions":["CanEditSystemConfig"]},"constructor":{"prototype":{"x":1}}}',
  ),
  fc.constant('null'),
);

const hostileString: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...hostileStrings) },
  { weight: 2, arbitrary: fc.string({ maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
);

/** JSON text of a value of this schema's shape, with hostile values, and now and then of another shape. */
export function jsonOf(schema: z.ZodType | undefined, depth = 0): fc.Arbitrary<string> {
  return fc.oneof({ weight: 8, arbitrary: shaped(schema, depth) }, { weight: 1, arbitrary: otherShape });
}

function shaped(schema: z.ZodType | undefined, depth: number): fc.Arbitrary<string> {
  const def = defOf(schema);
  if (!def || depth > 8) return fc.json({ maxDepth: 2 });
  switch (def.type) {
    case 'object': {
      const shape = def.shape as Record<string, z.ZodType>;
      const keys = Object.keys(shape);
      const fields = keys.map((key) =>
        fc.option(
          jsonOf(shape[key], depth + 1).map((value) => `${json(key)}:${value}`),
          { freq: 6, nil: undefined },
        ),
      );
      // Keys the schema does not know, prototype keys among them.
      const extra = fc.option(
        fc.constantFrom('"__proto__":{"polluted":true}', '"constructor":{"prototype":{"polluted":true}}', '"x":1'),
        { freq: 4, nil: undefined },
      );
      return fc
        .tuple(fc.tuple(...fields), extra)
        .map(([parts, added]) => `{${[...parts, added].filter((part) => part !== undefined).join(',')}}`);
    }
    case 'array': {
      const element = jsonOf(def.element as z.ZodType, depth + 1);
      return fc.oneof(
        { weight: 5, arbitrary: fc.array(element, { maxLength: 4 }).map((items) => `[${items.join(',')}]`) },
        {
          weight: 1,
          arbitrary: element.map((item) => `[${new Array(10_000).fill(item.length > 200 ? '1' : item).join(',')}]`),
        },
      );
    }
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'catch':
    case 'nonoptional':
      return fc.oneof({ weight: 5, arbitrary: shaped(def.innerType as z.ZodType, depth) }, fc.constant('null'));
    case 'pipe':
      return shaped(def.in as z.ZodType, depth);
    case 'union':
      return fc.oneof(...(def.options as z.ZodType[]).map((option) => shaped(option, depth)));
    case 'intersection':
      return shaped(def.left as z.ZodType, depth);
    case 'lazy':
      return shaped((def.getter as () => z.ZodType)(), depth);
    case 'enum':
      return fc.oneof(
        { weight: 4, arbitrary: fc.constantFrom(...Object.values(def.entries as object)).map(json) },
        hostileString.map(json),
      );
    case 'literal':
      return fc.oneof(
        { weight: 4, arbitrary: fc.constantFrom(...(def.values as unknown[])).map(json) },
        hostileString.map(json),
      );
    case 'string':
      return fc.oneof({ weight: 2, arbitrary: fc.string({ maxLength: 12 }).map(json) }, hostileString.map(json));
    case 'number':
    case 'int':
    case 'bigint':
      return fc.oneof(
        fc.integer({ min: -5, max: 20 }).map(String),
        fc.constantFrom(...hostileNumberTokens),
        hostileString.map(json),
      );
    case 'boolean':
      return fc.oneof({ weight: 3, arbitrary: fc.boolean().map(String) }, fc.constantFrom('"true"', '1', '0'));
    case 'record':
      return fc
        .dictionary(
          fc.oneof(fc.string({ maxLength: 8 }), fc.constant('__proto__')),
          jsonOf(def.valueType as z.ZodType, depth + 1),
          {
            maxKeys: 3,
          },
        )
        .map(
          (record) =>
            `{${Object.entries(record)
              .map(([key, value]) => `${json(key)}:${value}`)
              .join(',')}}`,
        );
    default:
      return fc.json({ maxDepth: 2 });
  }
}

/** A path or query value: text, hostile text, or a number in words. */
export const hostileParameter: fc.Arbitrary<string> = fc.oneof(
  { weight: 2, arbitrary: fc.integer({ min: -2, max: 50 }).map(String) },
  { weight: 3, arbitrary: hostileString },
  { weight: 1, arbitrary: fc.constantFrom(...hostileNumberTokens) },
);

/** Values for the fields of a params or query schema (enum values now and then, so that the route is reached). */
export function parametersOf(schema: z.ZodType | undefined): fc.Arbitrary<Record<string, string>> {
  const def = defOf(unwrap(schema));
  if (!def || def.type !== 'object') return fc.constant({});
  const shape = def.shape as Record<string, z.ZodType>;
  const entries = Object.entries(shape).map(([key, field]) => {
    const fieldDef = defOf(unwrap(field));
    const known =
      fieldDef?.type === 'enum'
        ? Object.values(fieldDef.entries as object).map(String)
        : fieldDef?.type === 'literal'
          ? (fieldDef.values as unknown[]).map(String)
          : [];
    const value = known.length
      ? fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...known) }, hostileParameter)
      : hostileParameter;
    return fc.option(
      value.map((text) => [key, text] as const),
      { freq: 8, nil: undefined },
    );
  });
  return fc
    .tuple(...entries)
    .map((pairs) => Object.fromEntries(pairs.filter((pair): pair is readonly [string, string] => pair !== undefined)));
}

function unwrap(schema: z.ZodType | undefined): z.ZodType | undefined {
  let current = schema;
  for (let i = 0; i < 10; i++) {
    const def = defOf(current);
    if (!def) return current;
    if (['optional', 'nullable', 'default', 'prefault', 'readonly', 'catch'].includes(def.type))
      current = def.innerType as z.ZodType;
    else if (def.type === 'pipe') current = def.in as z.ZodType;
    else return current;
  }
  return current;
}

export type FuzzRequest = { url: string; body?: string };

/** One request of a route: path parameters filled (URL-encoded), a query, and a JSON body where the method has one. */
export function requestOf(route: RouteContract): fc.Arbitrary<FuzzRequest> {
  const hasBody = route.method === 'POST' || route.method === 'PUT';
  return fc
    .tuple(
      parametersOf(route.params),
      parametersOf(route.querystring),
      hasBody ? jsonOf(route.body) : fc.constant(undefined),
    )
    .map(([params, query, body]) => {
      const path = route.path.replace(/:(\w+)/g, (_, name: string) => encodePathValue(params[name] ?? '1'));
      const search = new URLSearchParams(query).toString();
      return { url: search ? `${path}?${search}` : path, body };
    });
}

/** URL-encoded; a lone surrogate (not encodable) goes as the bytes it would be, which are not UTF-8. */
function encodePathValue(value: string): string {
  try {
    return encodeURIComponent(value);
  } catch {
    return '%ED%A0%80';
  }
}
