// Settings → Integration, Create API key (issue 27 §1): 256 random bits behind `arp_`, shown to the administrator
// once. Only the SHA-256 and the prefix are written; the key is neither stored nor logged.
import { randomBytes } from 'node:crypto';
import { apiKeyPrefix, type CreateApiKeyRequest, type CreatedApiKey } from '@portal/contracts';
import type { AppContext } from '../../app-context';
import type { ClientInfo } from '../../http/client-info';
import type { Actor } from '../../plugins/auth';
import { recordAuditEvent } from '../audit/audit.repository';
import { insertApiKey } from './api-keys.repository';
import { apiKeyHash, apiKeyPrefixOf } from './authenticate-api-key';

/** A new key: `arp_` and 32 random bytes in base64url (43 characters). */
export function newApiKey(): string {
  return `${apiKeyPrefix}${randomBytes(32).toString('base64url')}`;
}

export async function createApiKey(
  ctx: AppContext,
  actor: Actor,
  input: CreateApiKeyRequest,
  client: ClientInfo,
): Promise<CreatedApiKey> {
  // The contract trimmed the name and checked the scopes (known, at least one, each once).
  const name = input.name.trim();
  const scopes = [...input.scopes];
  const key = newApiKey();
  const keyPrefix = apiKeyPrefixOf(key);
  const at = ctx.now();
  // The person really signed in, while working as another user too.
  const admin = actor.impersonator ?? actor;
  const id = await ctx.db.transaction(async (tx) => {
    const created = await insertApiKey(tx, {
      name,
      scopes,
      keyHash: apiKeyHash(key),
      keyPrefix,
      createdByUserId: admin.userId,
      createdByLogin: admin.login,
      createdAt: at,
    });
    await recordAuditEvent(tx, {
      at,
      event: 'api_key_created',
      userId: admin.userId,
      subject: name,
      ip: client.ip,
      userAgent: client.userAgent,
      requestId: client.requestId,
      details: { key_id: created, name, key_prefix: keyPrefix, scopes },
    });
    return created;
  });
  return { id, name, scopes, key };
}
