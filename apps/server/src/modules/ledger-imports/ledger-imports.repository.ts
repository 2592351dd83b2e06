// The imports' own rows (portal.ledger_imports) and what they rejected (portal.ledger_import_rejections).
import { and, asc, desc, eq, lt, sql } from 'drizzle-orm';
import { ledgerImportLimits } from '@portal/contracts';
import type { Db } from '../../db/client';
import { ledgerImportRejections, ledgerImports } from '../../db/portal.schema';

export type ImportRow = typeof ledgerImports.$inferSelect;
export type RejectionRow = typeof ledgerImportRejections.$inferSelect;
export type NewRejection = Omit<RejectionRow, 'importId' | 'seq'>;

export async function insertImport(db: Db, row: typeof ledgerImports.$inferInsert): Promise<void> {
  await db.insert(ledgerImports).values(row);
}

export async function findImport(db: Db, id: string): Promise<ImportRow | undefined> {
  const [row] = await db.select().from(ledgerImports).where(eq(ledgerImports.id, id));
  return row;
}

export async function listImports(db: Db, query: { limit: number; before?: Date }): Promise<ImportRow[]> {
  return db
    .select()
    .from(ledgerImports)
    .where(query.before ? lt(ledgerImports.startedAt, query.before) : undefined)
    .orderBy(desc(ledgerImports.startedAt), desc(ledgerImports.id))
    .limit(query.limit);
}

export async function readRejections(db: Db, id: string): Promise<RejectionRow[]> {
  return db
    .select()
    .from(ledgerImportRejections)
    .where(eq(ledgerImportRejections.importId, id))
    .orderBy(asc(ledgerImportRejections.seq))
    .limit(ledgerImportLimits.rejectionsKept);
}

/**
 * Adds a batch's counts and rejections to the import in one transaction (the report never counts what it does not
 * list, up to the kept maximum).
 */
export async function recordProgress(
  db: Db,
  id: string,
  progress: {
    processed: number;
    created: number;
    updated: number;
    unchanged: number;
    rejections: NewRejection[];
    rejectedBefore: number;
  },
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .update(ledgerImports)
      .set({
        processed: sql`${ledgerImports.processed} + ${progress.processed}`,
        created: sql`${ledgerImports.created} + ${progress.created}`,
        updated: sql`${ledgerImports.updated} + ${progress.updated}`,
        unchanged: sql`${ledgerImports.unchanged} + ${progress.unchanged}`,
        rejected: sql`${ledgerImports.rejected} + ${progress.rejections.length}`,
      })
      .where(eq(ledgerImports.id, id));
    const room = ledgerImportLimits.rejectionsKept - progress.rejectedBefore;
    const kept = progress.rejections.slice(0, Math.max(0, room));
    if (kept.length > 0) {
      await tx
        .insert(ledgerImportRejections)
        .values(
          kept.map((rejection, index) => ({ ...rejection, importId: id, seq: progress.rejectedBefore + index + 1 })),
        );
    }
  });
}

export async function finishImport(
  db: Db,
  id: string,
  outcome: { status: 'completed' | 'failed'; failure?: string; at: Date; total?: number },
): Promise<ImportRow> {
  const [row] = await db
    .update(ledgerImports)
    .set({
      status: outcome.status,
      failure: outcome.failure ?? '',
      finishedAt: outcome.at,
      ...(outcome.total !== undefined ? { total: outcome.total } : {}),
    })
    .where(and(eq(ledgerImports.id, id), eq(ledgerImports.status, 'running')))
    .returning();
  return row ?? (await findImport(db, id))!;
}

export async function setImportTotal(db: Db, id: string, total: number): Promise<void> {
  await db.update(ledgerImports).set({ total }).where(eq(ledgerImports.id, id));
}

/** Imports left running by an instance that stopped (crash, deploy) end as failed after this long without progress. */
export async function failStaleImports(db: Db, olderThan: Date, at: Date): Promise<number> {
  const rows = await db
    .update(ledgerImports)
    .set({ status: 'failed', failure: 'imports.errors.interrupted', finishedAt: at })
    .where(and(eq(ledgerImports.status, 'running'), lt(ledgerImports.startedAt, olderThan)))
    .returning({ id: ledgerImports.id });
  return rows.length;
}
