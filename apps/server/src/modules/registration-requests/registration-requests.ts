// Registration requests (access spec §3 Registration request; issue 14): where self-registration is off, a visitor
// asks for an account. The request is kept, mailed to registrationRequestEmail in the same transaction, and listed
// for those who create users from it; saving that user (manage-user.ts) or the explicit call completes it.
import { and, desc, eq, isNull } from 'drizzle-orm';
import type { RegistrationRequestInput, RegistrationRequestItem } from '@portal/contracts';
import { validateRegistrationRequestForm } from '@portal/domain';
import type { AppContext } from '../../app-context';
import { registrationRequests, users } from '../../db/schema';
import { AppError, assertNoFieldErrors } from '../../errors';
import type { ClientInfo } from '../../http/client-info';
import type { Actor } from '../../plugins/auth';
import { recordAuditEvent } from '../audit/audit.repository';
import { portalLink, queueMail } from '../mail/queue-mail';
import { readApplicationSettings } from '../system/application-settings';

type RequestRow = typeof registrationRequests.$inferSelect;

function toItem(row: RequestRow): RegistrationRequestItem {
  return {
    registrationRequestId: row.registrationRequestId,
    first_name: row.firstName,
    last_name: row.lastName,
    company: row.company,
    email: row.email,
    message: row.message,
    created_date: row.createdAt.toISOString(),
    completed_date: row.completedAt?.toISOString() ?? null,
  };
}

export async function submitRegistrationRequest(
  ctx: AppContext,
  input: RegistrationRequestInput,
  client: ClientInfo & { language: string },
): Promise<{ message: 'Success' }> {
  const errors = validateRegistrationRequestForm(input);
  assertNoFieldErrors(errors);
  const request = {
    firstName: input.first_name.trim(),
    lastName: input.last_name.trim(),
    company: input.company.trim(),
    email: input.email.trim().toLowerCase(),
    message: input.message.trim(),
  };
  const now = ctx.now();
  await ctx.db.transaction(async (tx) => {
    await tx
      .insert(registrationRequests)
      .values({ ...request, language: client.language, ip: client.ip, createdAt: now });
    const { registrationRequestEmail } = await readApplicationSettings(tx);
    if (!registrationRequestEmail) return;
    // The reviewer reads it in their own language when they are a user of the portal, else in English.
    const [reviewer] = await tx
      .select({ language: users.language })
      .from(users)
      .where(and(eq(users.email, registrationRequestEmail.toLowerCase()), isNull(users.deletedAt)))
      .limit(1);
    await queueMail(tx, ctx, {
      template: 'registration_request',
      recipient: registrationRequestEmail,
      language: reviewer?.language ?? 'en',
      // No token in this link: it opens the list for someone signed in with the permission.
      payload: { ...request, reviewUrl: portalLink(ctx, '/settings/registration-requests') },
    });
  });
  ctx.mail.kick();
  await recordAuditEvent(ctx.db, {
    at: now,
    event: 'registration_request',
    subject: request.email,
    ip: client.ip,
    userAgent: client.userAgent,
    requestId: client.requestId,
    details: { company: request.company },
  });
  return { message: 'Success' };
}

export async function listOpenRegistrationRequests(ctx: AppContext): Promise<{ items: RegistrationRequestItem[] }> {
  const rows = await ctx.db
    .select()
    .from(registrationRequests)
    .where(isNull(registrationRequests.completedAt))
    .orderBy(desc(registrationRequests.createdAt), desc(registrationRequests.registrationRequestId))
    .limit(500);
  return { items: rows.map(toItem) };
}

export async function getRegistrationRequest(ctx: AppContext, id: number): Promise<RegistrationRequestItem> {
  const [row] = await ctx.db
    .select()
    .from(registrationRequests)
    .where(eq(registrationRequests.registrationRequestId, id));
  if (!row) throw new AppError('NOT_FOUND');
  return toItem(row);
}

export async function completeRegistrationRequest(
  ctx: AppContext,
  actor: Actor,
  id: number,
  client: ClientInfo,
): Promise<{ message: 'Success' }> {
  const request = await getRegistrationRequest(ctx, id);
  await ctx.db
    .update(registrationRequests)
    .set({ completedAt: ctx.now(), completedBy: actor.impersonator?.userId ?? actor.userId })
    .where(and(eq(registrationRequests.registrationRequestId, id), isNull(registrationRequests.completedAt)));
  await recordAuditEvent(ctx.db, {
    at: ctx.now(),
    event: 'registration_request_completed',
    userId: actor.impersonator?.userId ?? actor.userId,
    subject: request.email,
    ip: client.ip,
    userAgent: client.userAgent,
    requestId: client.requestId,
  });
  return { message: 'Success' };
}
