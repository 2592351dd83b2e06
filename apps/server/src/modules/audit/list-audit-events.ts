// The audit trail for administrators (issue 14): newest first, keyset-paged by id, filtered by a user (who acted
// or whom it concerned), an action and a date range (UTC days, inclusive); and the same filters as a CSV stream.
import type { Readable } from 'node:stream';
import { and, desc, eq, gte, lt, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { auditPageSize, type AuditEventItem } from '@portal/contracts';
import { translate, type Language } from '@portal/i18n';
import type { AppContext } from '../../app-context';
import { auditEvents, users } from '../../db/schema';
import { csvLines, csvStream } from '../../http/file-export';
import { neutralizeFormula, type Cell } from '../invoices/export-format';

export type AuditFilters = { user?: number; action?: string; from?: string; to?: string };

const actors = alias(users, 'actor');
const dayMs = 86_400_000;

function filtersOf(filters: AuditFilters, before?: number): SQL | undefined {
  return and(
    filters.user === undefined
      ? undefined
      : or(eq(auditEvents.userId, filters.user), eq(auditEvents.targetUserId, filters.user)),
    filters.action ? eq(auditEvents.event, filters.action) : undefined,
    filters.from ? gte(auditEvents.at, new Date(`${filters.from}T00:00:00Z`)) : undefined,
    filters.to ? lt(auditEvents.at, new Date(new Date(`${filters.to}T00:00:00Z`).getTime() + dayMs)) : undefined,
    before === undefined ? undefined : lt(auditEvents.id, before),
  );
}

async function page(ctx: AppContext, filters: AuditFilters, limit: number, before?: number): Promise<AuditEventItem[]> {
  const rows = await ctx.db
    .select({
      id: auditEvents.id,
      at: auditEvents.at,
      event: auditEvents.event,
      subject: auditEvents.subject,
      ip: auditEvents.ip,
      details: auditEvents.details,
      actorId: actors.userId,
      actorLogin: actors.login,
      actorName: sql<string>`trim(${actors.firstName} || ' ' || ${actors.lastName})`,
    })
    .from(auditEvents)
    .leftJoin(actors, eq(actors.userId, auditEvents.userId))
    .where(filtersOf(filters, before))
    .orderBy(desc(auditEvents.id))
    .limit(limit);
  return rows.map((row) => ({
    id: row.id,
    at: row.at.toISOString(),
    action: row.event,
    actor: row.actorId === null ? null : { user_id: row.actorId, login: row.actorLogin!, name: row.actorName },
    subject: row.subject,
    ip: row.ip,
    summary: (row.details as Record<string, unknown> | null) ?? null,
  }));
}

export async function listAuditEvents(
  ctx: AppContext,
  query: AuditFilters & { limit?: number; cursor?: number },
): Promise<{ items: AuditEventItem[]; nextCursor: number | null }> {
  const limit = query.limit ?? auditPageSize;
  const items = await page(ctx, query, limit + 1, query.cursor);
  const more = items.length > limit;
  const shown = more ? items.slice(0, limit) : items;
  return { items: shown, nextCursor: more ? shown.at(-1)!.id : null };
}

const columns = ['at', 'action', 'actor', 'subject', 'ip', 'summary'] as const;

export function exportAuditEvents(
  ctx: AppContext,
  filters: AuditFilters,
  locale: { language: Language; country: string | undefined },
): Readable {
  const labels = columns.map((column) => translate(locale.language, locale.country, `audit.columns.${column}`));
  const text = (value: string | null | undefined): Cell =>
    value ? { kind: 'text', value: neutralizeFormula(value) } : { kind: 'empty' };
  const batches = async function* (): AsyncIterable<Cell[][]> {
    let before: number | undefined;
    for (;;) {
      const items = await page(ctx, filters, 1000, before);
      yield items.map((item) => [
        text(item.at),
        text(item.action),
        text(item.actor?.login),
        text(item.subject),
        text(item.ip),
        text(item.summary ? JSON.stringify(item.summary) : null),
      ]);
      if (items.length < 1000) return;
      before = items.at(-1)!.id;
    }
  };
  return csvStream(labels, batches(), csvLines);
}
