// The built-in ERP ledger (schema "ledger"). Only connectors/erp/ledger reads these tables.
import { pgSchema } from 'drizzle-orm/pg-core';

export const ledger = pgSchema('ledger');
