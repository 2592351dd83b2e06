// What an API key may do (issue 27). Its own file because both the route contract (route.ts: the scope a route
// accepts) and the key management calls (integration.ts, which defines its routes with route.ts) name it: kept in
// integration.ts, the two would import each other.
import { z } from 'zod';

/** Write into the built-in ledger (imports), read the payments feed, read the disputes feed (issue 39). */
export const apiKeyScopes = ['ledger:write', 'payments:read', 'disputes:read'] as const;
export const ApiKeyScope = z.enum(apiKeyScopes);
export type ApiKeyScope = z.infer<typeof ApiKeyScope>;
