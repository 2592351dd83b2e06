// npm run erp:openapi: writes docs/erp-api.yaml from the contract (erp-openapi.ts).
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { erpOpenApiYaml } from './erp-openapi';

export const erpOpenApiFile = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../../docs/erp-api.yaml',
);

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  writeFileSync(erpOpenApiFile, erpOpenApiYaml());
  process.stdout.write(`wrote ${erpOpenApiFile}\n`);
}
