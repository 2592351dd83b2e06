// GET /api/configuration/system (issue 15, the System tab): version, database kind, migrations applied (drizzle's
// own table), the outbox by status, the payment reconciler's last finished round (any instance), this instance, and
// the ERP behind the portal (issue 28).
import { sql } from 'drizzle-orm';
import type { SystemStatus } from '@portal/contracts';
import type { AppContext } from '../../app-context';
import type { HttpErpConnector } from '../../connectors/erp/http/http-erp-connector';
import { mailOutbox } from '../../db/schema';
import { appVersion } from '../../version';
import { readSetting } from '../system/app-settings.repository';

type Rows<T> = { rows: T[] };

export async function getSystemStatus(ctx: AppContext): Promise<SystemStatus> {
  const [migrations, outbox, reconciler] = await Promise.all([
    ctx.db.execute(
      sql`select count(*)::int as applied, max(created_at)::text as latest from drizzle.__drizzle_migrations`,
    ),
    ctx.db
      .select({ status: mailOutbox.status, n: sql<number>`count(*)::int` })
      .from(mailOutbox)
      .groupBy(mailOutbox.status),
    readSetting<{ lastRunAt?: string; instanceId?: string }>(ctx.db, 'reconciler'),
  ]);
  const applied = (migrations as unknown as Rows<{ applied: number; latest: string | null }>).rows[0];
  const count = (status: string) => outbox.find((row) => row.status === status)?.n ?? 0;
  return {
    version: appVersion,
    database: ctx.config.DATABASE_URL ? 'postgres' : 'pglite',
    migrations: {
      applied: Number(applied?.applied ?? 0),
      // drizzle keeps each migration's folder time in milliseconds.
      latest: applied?.latest ? new Date(Number(applied.latest)).toISOString() : null,
    },
    outbox: { queued: count('queued'), failed: count('failed'), sent: count('sent') },
    reconciler: { lastRunAt: reconciler?.lastRunAt ?? null, instanceId: reconciler?.instanceId ?? null },
    instance: { id: ctx.instance.id, startedAt: ctx.instance.startedAt.toISOString() },
    erp: erpStatus(ctx),
  };
}

function erpStatus(ctx: AppContext): SystemStatus['erp'] {
  if (!('health' in ctx.erp)) return { kind: 'ledger', url: null, circuit: null, openedAt: null, lastError: null };
  const health = (ctx.erp as HttpErpConnector).health();
  return {
    kind: 'http',
    // The origin only: a path or query could hold credentials of a middleware.
    url: new URL(ctx.config.ERP_URL).origin,
    circuit: health.circuit,
    openedAt: health.openedAt === null ? null : new Date(health.openedAt).toISOString(),
    lastError: health.lastError,
  };
}
