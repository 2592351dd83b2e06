// GET /api/configuration/system (issue 15, the System tab): version, database kind, migrations applied (drizzle's
// own table), the outbox by status, the payment reconciler's last finished round (any instance), this instance, and
// the ERP behind the portal (issue 28).
import { desc, sql } from 'drizzle-orm';
import type { JobRun, SystemStatus } from '@portal/contracts';
import type { AppContext } from '../../app-context';
import type { HttpErpConnector } from '../../connectors/erp/http/http-erp-connector';
import { jobRuns, mailOutbox } from '../../db/schema';
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
    scheduler: await schedulerStatus(ctx),
  };
}

/** Runs kept on the tab: a page of them. */
const recentRuns = 20;

async function schedulerStatus(ctx: AppContext): Promise<SystemStatus['scheduler']> {
  const [last, recent] = await Promise.all([
    ctx.db.selectDistinctOn([jobRuns.job]).from(jobRuns).orderBy(jobRuns.job, desc(jobRuns.startedAt)),
    // The runs that did something (a count above zero) or failed: a quiet round every minute says nothing.
    ctx.db
      .select()
      .from(jobRuns)
      .where(
        sql`${jobRuns.outcome} = 'failed' OR EXISTS (SELECT 1 FROM jsonb_each_text(${jobRuns.summary}) AS s(k, v) WHERE s.v::numeric > 0)`,
      )
      .orderBy(desc(jobRuns.startedAt))
      .limit(recentRuns),
  ]);
  const wire = (run: typeof jobRuns.$inferSelect): JobRun => ({
    job: run.job as JobRun['job'],
    instance_id: run.instanceId,
    started_at: run.startedAt.toISOString(),
    finished_at: run.finishedAt?.toISOString() ?? null,
    outcome: run.outcome ?? null,
    summary: run.summary,
    error: run.error,
  });
  return { intervalSeconds: ctx.config.SCHEDULER_INTERVAL_SECONDS, last: last.map(wire), recent: recent.map(wire) };
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
