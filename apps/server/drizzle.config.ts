import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  schema: [
    './apps/server/src/db/portal.schema.ts',
    './apps/server/src/connectors/erp/ledger/ledger.schema.ts',
    './apps/server/src/connectors/gateway/sandbox/sandbox.schema.ts',
    './apps/server/src/connectors/gateway/stripe/stripe.schema.ts',
  ],
  out: './db/migrations',
  schemaFilter: ['portal', 'ledger', 'gateway_sandbox', 'gateway_stripe'],
});
