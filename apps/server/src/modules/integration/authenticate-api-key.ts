// A call made with an API key (issue 27, docs/adr/0023-api-keys.md): the key is looked up by its SHA-256 on every
// call, so that a revocation holds at once on every instance; it reaches only the routes that name one of its
// scopes. Every refusal is in the audit trail with the key's prefix, never the key.
import { createHash } from 'node:crypto';
import { apiKeyPrefix, type ApiKeyScope } from '@portal/contracts';
import type { AppContext } from '../../app-context';
import { AppError } from '../../errors';
import type { ClientInfo } from '../../http/client-info';
import { recordAuditEvent } from '../audit/audit.repository';
import { apiKeyTouchIntervalMs, findApiKeyByHash, touchApiKey } from './api-keys.repository';

/** The key a call was authenticated with (request.apiKey). */
export type ApiKey = { id: number; name: string; scopes: readonly ApiKeyScope[] };

/** The key has 256 bits of randomness: a plain SHA-256 cannot be reversed or guessed, and is fast to look up. */
export function apiKeyHash(key: string): string {
  return createHash('sha256').update(key, 'utf8').digest('hex');
}

/** How many characters of the random part the prefix shows (list, audit, logs). */
const prefixLength = 8;

/**
 * `arp_` and the next 8 characters: what lists and the audit trail show of a key. A value that is not a key's shape
 * (anything a caller sends) is cut to the key alphabet, so that no text of the caller's lands in the trail.
 */
export function apiKeyPrefixOf(key: string): string {
  const visible = key.slice(apiKeyPrefix.length, apiKeyPrefix.length + prefixLength).replace(/[^A-Za-z0-9_-]/g, '');
  return `${apiKeyPrefix}${visible}`;
}

export type KeyedRoute = { scope: ApiKeyScope | undefined; method: string; url: string };

export async function authenticateApiKey(
  ctx: AppContext,
  presented: string,
  route: KeyedRoute,
  client: ClientInfo,
): Promise<ApiKey> {
  const prefix = apiKeyPrefixOf(presented);
  const refuse = async (reason: string, error: AppError): Promise<never> => {
    await recordAuditEvent(ctx.db, {
      at: ctx.now(),
      event: 'api_key_refused',
      subject: prefix,
      ip: client.ip,
      userAgent: client.userAgent,
      requestId: client.requestId,
      details: { key_prefix: prefix, method: route.method, route: route.url, reason },
    });
    throw error;
  };

  const found = await findApiKeyByHash(ctx.db, apiKeyHash(presented));
  // One answer for a key that never existed and one revoked: the caller learns only that it does not work.
  const invalid = new AppError('AUTH_REQUIRED', { reason: 'api_key_invalid' });
  if (!found) return refuse('unknown_key', invalid);
  if (found.revokedAt) return refuse('revoked_key', invalid);
  // A route without a scope is a user's route: no key reaches it, whatever its scopes.
  if (!route.scope) return refuse('route_not_for_api_keys', new AppError('FORBIDDEN', { reason: 'api_key_scope' }));
  if (!found.scopes.includes(route.scope))
    return refuse(
      'scope_missing',
      new AppError('FORBIDDEN', { reason: 'api_key_scope', details: { scope: route.scope } }),
    );

  const now = ctx.now();
  if (!found.lastUsedAt || now.getTime() - found.lastUsedAt.getTime() >= apiKeyTouchIntervalMs)
    await touchApiKey(ctx.db, found.id, now);
  return { id: found.id, name: found.name, scopes: found.scopes };
}
