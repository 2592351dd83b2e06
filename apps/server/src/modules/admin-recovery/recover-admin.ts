// POST /api/admin/recovery — the way back in for a locked-out administrator (access spec §2, §3, §5, §7; issue 13).
// The story: recovery exists only with ADMIN_RECOVERY_KEY (else 404); tries are limited per client address (the
// route); the fields pass spec §5 in its order and the password policy; the key is compared in constant time. Mode
// R resets an existing administrator's password and activates the account (ending its sessions); mode C creates an
// administrator. Every use is audited and mailed to the administrators, in the same transaction.
import { createHash, timingSafeEqual } from 'node:crypto';
import { AdminRecoveryRequest, permissions } from '@portal/contracts';
import { validateAdminRecovery } from '@portal/domain';
import { translate, type Language } from '@portal/i18n';
import type { z } from 'zod';
import type { AppContext } from '../../app-context';
import { AppError } from '../../errors';
import type { ClientInfo } from '../../http/client-info';
import { recordAuditEvent } from '../audit/audit.repository';
import { assertPasswordPolicy } from '../auth/password-policy';
import { hashPassword } from '../auth/passwords';
import { revokeUserSessions } from '../auth/sessions.repository';
import { queueMail } from '../mail/queue-mail';
import {
  findUserByLogin,
  insertUser,
  listActiveAdmins,
  setUserPassword,
  setUserStatus,
} from '../users/users.repository';

type Input = z.output<typeof AdminRecoveryRequest>;

export function assertRecoveryConfigured(ctx: AppContext): string {
  const key = ctx.config.ADMIN_RECOVERY_KEY;
  if (!key) throw new AppError('RECOVERY_NOT_CONFIGURED', { messageKey: 'auth.admin_recovery.not_configured' });
  return key;
}

function sameKey(given: string, expected: string): boolean {
  // Hashing first gives equal lengths, so the comparison takes the same time whatever was typed.
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(given), digest(expected));
}

export async function recoverAdmin(
  ctx: AppContext,
  input: Input,
  client: ClientInfo & { language: Language },
): Promise<{ message: string }> {
  const expected = assertRecoveryConfigured(ctx);
  const problem = validateAdminRecovery(input);
  if (problem) throw new AppError('VALIDATION_FAILED', { messageKey: problem });
  const now = ctx.now();
  const login = input.user.trim().toLowerCase();
  const audit = { subject: login, ip: client.ip, userAgent: client.userAgent, requestId: client.requestId };
  if (!sameKey(input.key, expected)) {
    await recordAuditEvent(ctx.db, {
      ...audit,
      at: now,
      event: 'admin_recovery_failed',
      details: { mode: input.mode },
    });
    throw new AppError('FORBIDDEN', { messageKey: 'auth.admin_recovery.wrong_key' });
  }
  const email = input.mode === 'C' ? input.email.trim().toLowerCase() : undefined;
  assertPasswordPolicy(input.password, 'password', { email: email ?? login });
  const passwordHash = await hashPassword(input.password);
  const existing = await findUserByLogin(ctx.db, login);
  if (input.mode === 'R' && existing?.userRole !== 'admin')
    throw new AppError('NOT_FOUND', { messageKey: 'auth.admin_recovery.no_admin' });
  if (input.mode === 'C' && (existing || (email && (await findUserByLogin(ctx.db, email)))))
    throw new AppError('VALIDATION_FAILED', { messageKey: 'auth.admin_recovery.exists' });

  const userId = await ctx.db.transaction(async (tx) => {
    let id: number;
    if (input.mode === 'R') {
      id = existing!.userId;
      await setUserPassword(tx, id, passwordHash, now);
      await setUserStatus(tx, id, 'active', now);
      await revokeUserSessions(tx, { userId: id, reason: 'admin_recovery', now });
    } else {
      id = await insertUser(
        tx,
        {
          login,
          email: email!,
          firstName: input.firstname,
          lastName: input.lastname,
          company: input.company,
          passwordHash,
          status: 'active',
          userRole: 'admin',
          primaryAccountTypeId: input.accountType,
          permissions: [...permissions],
          lastPasswordChange: now,
          language: client.language,
        },
        [],
      );
    }
    for (const admin of await listActiveAdmins(tx)) {
      await queueMail(tx, ctx, {
        template: 'admin_recovery',
        recipient: admin.email,
        language: admin.language,
        payload: { mode: input.mode, user: login, address: client.ip, at: now.toISOString() },
      });
    }
    return id;
  });
  ctx.mail.kick();
  await recordAuditEvent(ctx.db, { ...audit, at: now, event: 'admin_recovery', userId, details: { mode: input.mode } });
  return {
    message: translate(
      client.language,
      undefined,
      input.mode === 'R' ? 'auth.admin_recovery.recovered' : 'auth.admin_recovery.created',
    ),
  };
}
