// GET/PUT /api/configuration/blackout and the public GET /api/configuration/isBlackoutActive (access spec §3
// Blackout config, §5 "Maintenance form", §7; issue 15). Saving validates as the Maintenance tab does (turning the
// window off skips the checks) and is audited with the fields changed.
import type { BlackoutConfig, BlackoutStatus } from '@portal/contracts';
import { entryInLanguage, validateBlackout } from '@portal/domain';
import type { AppContext } from '../../app-context';
import { assertNoFieldErrors } from '../../errors';
import type { ClientInfo } from '../../http/client-info';
import type { Actor } from '../../plugins/auth';
import { recordAuditEvent } from '../audit/audit.repository';

export async function getBlackout(ctx: AppContext): Promise<BlackoutConfig> {
  return ctx.blackout.read();
}

export async function putBlackout(
  ctx: AppContext,
  actor: Actor,
  input: BlackoutConfig,
  client: ClientInfo,
): Promise<BlackoutConfig> {
  assertNoFieldErrors(validateBlackout(input));
  const before = await ctx.blackout.read();
  const instantOf = (value: string | null) => (value?.trim() ? new Date(value).toISOString() : null);
  const next: BlackoutConfig = {
    isEnabled: input.isEnabled,
    fromUtcDate: instantOf(input.fromUtcDate),
    toUtcDate: instantOf(input.toUtcDate),
    redirectUrl: input.redirectUrl.trim(),
    messages: input.messages
      .map((entry) => ({ language: entry.language, message: entry.message.trim() }))
      .filter(
        (entry, index, all) => entry.message !== '' && all.findIndex((e) => e.language === entry.language) === index,
      ),
  };
  await ctx.blackout.write(next);
  const changes = (Object.keys(next) as (keyof BlackoutConfig)[])
    .filter((field) => JSON.stringify(before[field]) !== JSON.stringify(next[field]))
    .map((field) => ({ field, from: before[field], to: next[field] }));
  if (changes.length) {
    await recordAuditEvent(ctx.db, {
      at: ctx.now(),
      event: 'configuration_changed',
      userId: actor.impersonator?.userId ?? actor.userId,
      subject: 'blackout',
      ip: client.ip,
      userAgent: client.userAgent,
      requestId: client.requestId,
      details: { changes },
    });
  }
  return next;
}

/** What a browser needs at start (and the 503 of a closed portal): on or off, and the notice for this reader. */
export async function blackoutStatus(
  ctx: AppContext,
  reader: { language: string; timeZone: string | undefined },
): Promise<BlackoutStatus> {
  const window = await ctx.blackout.activeNow();
  if (!window) return { active: false, from: null, to: null, message: '', redirectUrl: '' };
  return {
    active: true,
    from: window.fromUtcDate,
    to: window.toUtcDate,
    message: blackoutNotice(window, reader),
    redirectUrl: window.redirectUrl,
  };
}

/** The notice in the reader's language (else English, else any) with `{from}` and `{to}` in their format and zone. */
export function blackoutNotice(
  window: BlackoutConfig,
  reader: { language: string; timeZone: string | undefined },
): string {
  const text = entryInLanguage(window.messages, reader.language, (entry) => entry.message) ?? '';
  const format = dateTimeFormat(reader.language, reader.timeZone);
  const show = (value: string | null) => (value ? format.format(new Date(value)) : '');
  return text.replaceAll('{from}', show(window.fromUtcDate)).replaceAll('{to}', show(window.toUtcDate));
}

function dateTimeFormat(language: string, timeZone: string | undefined): Intl.DateTimeFormat {
  const options: Intl.DateTimeFormatOptions = {
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    timeZoneName: 'short',
  };
  try {
    return new Intl.DateTimeFormat(language, { ...options, timeZone: timeZone ?? 'UTC' });
  } catch {
    // An unknown time zone name from the browser: UTC, said as such.
    return new Intl.DateTimeFormat(language, { ...options, timeZone: 'UTC' });
  }
}
