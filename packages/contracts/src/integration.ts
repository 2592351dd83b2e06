// Integration with the supplier's systems (issue 27): API keys for machine clients (an ERP, a file drop). An
// administrator (CanEditSystemConfig) creates a key with scopes in Settings → Integration; the key is shown once and
// kept only as a hash. A machine client sends it as `Authorization: Bearer arp_…` and reaches only the routes whose
// contract names one of its scopes (`apiKeyScope`), never a user's routes (docs/adr/0023-api-keys.md).
import { z } from 'zod';
import { ApiKeyScope, apiKeyScopes } from './api-key-scopes';
import { defineRoute } from './route';

/** Every key starts with it, so that a bearer value is known for a key (not a session's token) at a glance. */
export const apiKeyPrefix = 'arp_';
export const apiKeyNameMaxLength = 100;

export const CreateApiKeyRequest = z.object({
  name: z.string().trim().min(1).max(apiKeyNameMaxLength),
  scopes: z
    .array(ApiKeyScope)
    .min(1)
    .max(apiKeyScopes.length)
    .refine((scopes) => new Set(scopes).size === scopes.length, { message: 'scopes must be unique' }),
});
export type CreateApiKeyRequest = z.input<typeof CreateApiKeyRequest>;

export const CreatedApiKey = z.object({
  id: z.number().int(),
  name: z.string(),
  scopes: z.array(ApiKeyScope),
  /** The key itself: answered this once, never stored (only its SHA-256) and never shown again. */
  key: z.string(),
});
export type CreatedApiKey = z.infer<typeof CreatedApiKey>;

export const ApiKeyItem = z.object({
  id: z.number().int(),
  name: z.string(),
  scopes: z.array(ApiKeyScope),
  /** `arp_` and the key's next 8 characters: enough to tell keys apart, far too little to use one. */
  key_prefix: z.string(),
  /** The login of the administrator who created it. */
  created_by: z.string(),
  created_at: z.string(),
  /** Updated at most once a minute. */
  last_used_at: z.string().nullable(),
  revoked_at: z.string().nullable(),
  /** The login of the administrator who revoked it; '' while the key is active. */
  revoked_by: z.string(),
});
export type ApiKeyItem = z.infer<typeof ApiKeyItem>;

const ApiKeyIdParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });

export const createApiKey = defineRoute({
  method: 'POST',
  path: '/api/integration/keys',
  permission: 'CanEditSystemConfig',
  successStatus: 201,
  summary:
    'Create an API key for a machine client with the scopes named. The answer holds the key, once: only its hash is kept.',
  body: CreateApiKeyRequest,
  response: CreatedApiKey,
});

export const listApiKeys = defineRoute({
  method: 'GET',
  path: '/api/integration/keys',
  permission: 'CanEditSystemConfig',
  summary: 'The API keys, active and revoked, newest first, with their prefix, scopes and last use (never a key).',
  response: z.object({ keys: z.array(ApiKeyItem) }),
});

export const revokeApiKey = defineRoute({
  method: 'DELETE',
  path: '/api/integration/keys/:id',
  permission: 'CanEditSystemConfig',
  summary: 'Revoke an API key: refused at once on every instance. Revoking a revoked key answers its first revocation.',
  params: ApiKeyIdParams,
  response: z.object({ id: z.number().int(), revoked_at: z.string() }),
});
