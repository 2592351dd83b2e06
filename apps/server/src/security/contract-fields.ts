// The routes of the contracts and the fields of their requests, read from the zod schemas: the generated security
// tests (object access, fuzzing) start from here, so that a route added to the contracts is attacked at once.
import * as contracts from '@portal/contracts';
import type { RouteContract } from '@portal/contracts';
import type { z } from 'zod';

export function contractRoutes(): RouteContract[] {
  const isRoute = (value: unknown): value is RouteContract =>
    typeof value === 'object' &&
    value !== null &&
    typeof (value as RouteContract).method === 'string' &&
    typeof (value as RouteContract).path === 'string' &&
    (value as RouteContract).path.startsWith('/api/');
  return [...new Set((Object.values(contracts) as unknown[]).filter(isRoute))];
}

export const routeKey = (route: RouteContract) => `${route.method} ${route.path}`;

/** The request parts of a route as they are named in field paths. */
export const requestParts = [
  ['params', 'params'],
  ['query', 'querystring'],
  ['body', 'body'],
] as const;

/**
 * Every leaf field of a route's request, as a dotted path from its part (`params.id`, `query.user`,
 * `body.payer_data.customer_number`, `body.documents[].billing_document_number`).
 */
export function fieldPaths(route: RouteContract): string[] {
  const paths: string[] = [];
  for (const [name, property] of requestParts) {
    const schema = route[property];
    if (schema) collect(schema, name, paths);
  }
  return [...new Set(paths)];
}

/** A zod 4 schema's definition: its type name and the parts it is made of. */
export type Def = { type: string } & Record<string, unknown>;
export const defOf = (schema: unknown): Def | undefined => (schema as { _zod?: { def: Def } })?._zod?.def;

function collect(schema: z.ZodType, path: string, into: string[]): void {
  const def = defOf(schema);
  if (!def) return;
  switch (def.type) {
    case 'object':
      for (const [key, child] of Object.entries(def.shape as Record<string, z.ZodType>))
        collect(child, `${path}.${key}`, into);
      return;
    case 'array':
      collect(def.element as z.ZodType, `${path}[]`, into);
      return;
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'catch':
    case 'nonoptional':
      collect(def.innerType as z.ZodType, path, into);
      return;
    case 'pipe':
      collect(def.in as z.ZodType, path, into);
      return;
    case 'union':
      for (const option of def.options as z.ZodType[]) collect(option, path, into);
      return;
    case 'intersection':
      collect(def.left as z.ZodType, path, into);
      collect(def.right as z.ZodType, path, into);
      return;
    case 'lazy':
      collect((def.getter as () => z.ZodType)(), path, into);
      return;
    default:
      into.push(path);
  }
}
