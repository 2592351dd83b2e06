// Bundles the server into dist/server.js. Workspace packages (@portal/*, TypeScript sources) are bundled in;
// npm dependencies stay external and load from node_modules.
import { readFileSync } from 'node:fs';
import { build } from 'esbuild';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
const external = Object.keys(pkg.dependencies ?? {}).filter((name) => !name.startsWith('@portal/'));

await build({
  entryPoints: ['src/server.ts', 'src/connectors/erp/ledger/seed-large.ts', 'src/erp-service/erp-serve.ts'],
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  external: [...external, ...external.map((name) => `${name}/*`)],
  logLevel: 'warning',
});
