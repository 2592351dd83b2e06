// Issue 38: a company code's reminder schedule (Settings → Collections). Until an administrator saves one the default
// applies, switched off: reminders start when someone decides they should. A save is checked (a known company code,
// each day once, an enabled schedule with a step on) and audited.
import {
  defaultReminderRepeatDays,
  defaultReminderSteps,
  SaveReminderScheduleRequest,
  type ReminderSchedule,
  type ReminderStep,
} from '@portal/contracts';
import { checkReminderSchedule } from '@portal/domain';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../app-context';
import type { Db } from '../../db/client';
import { reminderSchedules } from '../../db/schema';
import { AppError } from '../../errors';
import type { ClientInfo } from '../../http/client-info';
import type { Actor } from '../../plugins/auth';
import { recordAuditEvent } from '../audit/audit.repository';

export function defaultReminderSchedule(companyCode: string): ReminderSchedule {
  return {
    company_code: companyCode,
    enabled: false,
    steps: defaultReminderSteps.map((step) => ({ ...step })),
    repeat_every_days: defaultReminderRepeatDays,
    updated_at: null,
  };
}

/** Every saved schedule by company code (the job reads them once a round). */
export async function readReminderSchedules(db: Db): Promise<Map<string, ReminderSchedule>> {
  const rows = await db.select().from(reminderSchedules);
  return new Map(rows.map((row) => [row.companyCode, toSchedule(row)]));
}

export async function readReminderSchedule(ctx: AppContext, companyCode: string): Promise<ReminderSchedule> {
  await assertKnownCompanyCode(ctx, companyCode);
  const [row] = await ctx.db.select().from(reminderSchedules).where(eq(reminderSchedules.companyCode, companyCode));
  return row ? toSchedule(row) : defaultReminderSchedule(companyCode);
}

export async function saveReminderSchedule(
  ctx: AppContext,
  actor: Actor,
  companyCode: string,
  input: unknown,
  client: ClientInfo,
): Promise<ReminderSchedule> {
  const request = SaveReminderScheduleRequest.parse(input);
  await assertKnownCompanyCode(ctx, companyCode);
  const problem = checkReminderSchedule(request);
  if (problem) {
    throw new AppError('VALIDATION_FAILED', {
      messageKey: `validation.collections.${problem}`,
      details: { fields: ['steps'] },
    });
  }
  const steps: ReminderStep[] = [...request.steps].sort((a, b) => a.days_from_due - b.days_from_due);
  const now = ctx.now();
  const values = {
    companyCode,
    enabled: request.enabled,
    steps,
    repeatEveryDays: request.repeat_every_days,
    updatedAt: now,
    updatedBy: actor.impersonator?.userId ?? actor.userId,
  };
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(reminderSchedules)
      .values(values)
      .onConflictDoUpdate({ target: reminderSchedules.companyCode, set: values })
      .returning();
    await recordAuditEvent(tx, {
      event: 'reminder_schedule_saved',
      at: now,
      userId: actor.impersonator?.userId ?? actor.userId,
      subject: companyCode,
      ip: client.ip,
      userAgent: client.userAgent,
      requestId: client.requestId,
      details: {
        enabled: request.enabled,
        steps: steps.map((step) => `${step.days_from_due}:${step.template}${step.enabled ? '' : ':off'}`),
        repeat_every_days: request.repeat_every_days,
      },
    });
    return toSchedule(row!);
  });
}

/** A company code the ERP does not list answers 404, as an account would. */
export async function assertKnownCompanyCode(ctx: AppContext, companyCode: string): Promise<void> {
  const configuration = await ctx.erp.getBackendConfiguration();
  if (!configuration.company_codes.some((entry) => entry.company_code === companyCode)) {
    throw new AppError('NOT_FOUND');
  }
}

function toSchedule(row: typeof reminderSchedules.$inferSelect): ReminderSchedule {
  return {
    company_code: row.companyCode,
    enabled: row.enabled,
    steps: row.steps,
    repeat_every_days: row.repeatEveryDays,
    updated_at: row.updatedAt.toISOString(),
  };
}
