// Demo data of the sandbox gateway: the vault knows the demo payer's saved card and e-check, so that a newcomer
// can pay with them at once. The tokens are the ones its frame gives for the same test numbers.
import { randomBytes } from 'node:crypto';
import type { Db } from '../../../db/client';
import { readOrInitSetting } from '../../../modules/system/app-settings.repository';
import { SANDBOX_TOKEN_KEY_SETTING, sandboxTokenFor } from './sandbox-gateway';
import { sandboxTokens } from './sandbox.schema';

export type DemoSandboxTokens = { visa: string; echeck: string };

/** Visa 4111 1111 1111 1111 and the e-check 011000015 / 123456789 (README test numbers). */
export async function seedSandboxTokens(db: Db, now: Date): Promise<DemoSandboxTokens> {
  const secret = await readOrInitSetting(db, SANDBOX_TOKEN_KEY_SETTING, () => randomBytes(32).toString('base64url'));
  const visa = sandboxTokenFor(secret, 'VISA', '4111111111111111', '1111');
  const echeck = sandboxTokenFor(secret, 'EC', '011000015|123456789', '6789');
  await db
    .insert(sandboxTokens)
    .values([
      { token: visa, kind: 'card', brand: 'VISA', lastFour: '1111', behaviour: 'approve', createdAt: now },
      { token: echeck, kind: 'echeck', brand: 'EC', lastFour: '6789', behaviour: 'approve', createdAt: now },
    ])
    .onConflictDoNothing();
  return { visa, echeck };
}
