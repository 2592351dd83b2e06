// Settings → Integration, the keys (issue 27 §1): what an administrator needs to tell them apart and to see which
// are in use. Never a key: only its prefix was kept.
import type { ApiKeyItem, ApiKeyScope } from '@portal/contracts';
import type { AppContext } from '../../app-context';
import { listApiKeys as listApiKeyRows } from './api-keys.repository';

export async function listApiKeys(ctx: AppContext): Promise<{ keys: ApiKeyItem[] }> {
  const rows = await listApiKeyRows(ctx.db);
  return {
    keys: rows.map((row) => ({
      id: row.id,
      name: row.name,
      scopes: row.scopes as ApiKeyScope[],
      key_prefix: row.keyPrefix,
      created_by: row.createdByLogin,
      created_at: row.createdAt.toISOString(),
      last_used_at: row.lastUsedAt?.toISOString() ?? null,
      revoked_at: row.revokedAt?.toISOString() ?? null,
      revoked_by: row.revokedByLogin,
    })),
  };
}
