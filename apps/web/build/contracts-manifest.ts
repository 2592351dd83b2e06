// The browser's view of @portal/contracts (issue 17, ADR 0018). The web app needs of a route only its method, path
// and flags: the server writes every answer from the route's schema (fast-json-stringify) and the API tests parse
// every answer with zod, so the browser does not check answers again. This plugin replaces the package, in the web
// build and dev server only, with modules generated from the package itself, one per export: routes without their
// zod schemas, constants and self-contained helpers as they are. zod and the schemas (35 KB gzipped) stay out of the
// bundle; the package stays the one source of the API's types, which the web code still imports from it.
//
// A schema has no place in the browser: importing one as a value (Theme.safeParse, say) fails the build with
// rolldown's "not exported" error naming the schema.
import { isDeepStrictEqual } from 'node:util';
import { fileURLToPath } from 'node:url';
import { tsImport } from 'tsx/esm/api';
import type { Plugin } from 'vite';

const contractsEntry = fileURLToPath(new URL('../../../packages/contracts/src/index.ts', import.meta.url));
const manifestId = '\0portal-contracts-manifest';

type Exported = Record<string, unknown>;

const isSchema = (value: unknown): boolean =>
  typeof value === 'object' && value !== null && typeof (value as { safeParse?: unknown }).safeParse === 'function';

const isRoute = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && 'method' in value && 'path' in value && 'response' in value;

/** A route as the browser needs it: its scalar fields (method, path, public, permission, download, …). */
function routeEntry(route: Record<string, unknown>): Record<string, unknown> {
  const entry: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(route)) {
    if (field !== 'summary' && ['string', 'boolean', 'number'].includes(typeof value)) entry[field] = value;
  }
  return entry;
}

/**
 * The browser's module of each export that has one (schemas have none): `export const <name> = …;`. Each is a module
 * of its own, so that a chunk carries only the routes and constants its code uses.
 */
export function manifestModules(contracts: Exported): Map<string, string> {
  const modules = new Map<string, string>();
  for (const [name, value] of Object.entries(contracts).sort(([a], [b]) => a.localeCompare(b))) {
    if (isSchema(value)) continue;
    if (typeof value === 'function') {
      // Helpers of the contracts must be self-contained: their source is copied as it is.
      modules.set(name, `export const ${name} = ${value.toString()};`);
    } else if (isRoute(value)) {
      modules.set(name, `export const ${name} = ${JSON.stringify(routeEntry(value))};`);
    } else {
      const json = JSON.stringify(value);
      if (json === undefined || !isDeepStrictEqual(JSON.parse(json), value)) {
        throw new Error(
          `@portal/contracts exports ${name}, which is not plain data: the browser manifest cannot hold it`,
        );
      }
      modules.set(name, `export const ${name} = ${json};`);
    }
  }
  return modules;
}

const exportPrefix = 'virtual:portal-contracts/';
const resolvedExportPrefix = '\0portal-contracts/';

export function contractsManifest(): Plugin {
  let modules: Promise<Map<string, string>> | undefined;
  const loadModules = () =>
    (modules ??= tsImport(contractsEntry, import.meta.url).then((contracts) => manifestModules(contracts as Exported)));
  return {
    name: 'portal-contracts-manifest',
    enforce: 'pre',
    resolveId(source) {
      if (source === '@portal/contracts') return manifestId;
      if (source.startsWith(exportPrefix)) return resolvedExportPrefix + source.slice(exportPrefix.length);
      return null;
    },
    async load(id) {
      if (id === manifestId) {
        const names = [...(await loadModules()).keys()];
        return names.map((name) => `export { ${name} } from '${exportPrefix}${name}';`).join('\n') + '\n';
      }
      if (!id.startsWith(resolvedExportPrefix)) return null;
      return (await loadModules()).get(id.slice(resolvedExportPrefix.length)) ?? null;
    },
  };
}
