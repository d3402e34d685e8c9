/** Export jobs of the desk (cs_export_job): created by a call, claimed and finished by the export worker. */
import { and, asc, eq, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../../../db/database.ts';
import { csExportJob } from '../../../db/schema/cs.schema.ts';

export type ExportJobRow = typeof csExportJob.$inferSelect;

/** A job without its bytes. */
const summary = {
  id: csExportJob.id,
  staffId: csExportJob.staffId,
  lang: csExportJob.lang,
  filters: csExportJob.filters,
  status: csExportJob.status,
  attempts: csExportJob.attempts,
  rowCount: csExportJob.rowCount,
  error: csExportJob.error,
  createdAt: csExportJob.createdAt,
  finishedAt: csExportJob.finishedAt,
};

export class DeskExportRepository {
  constructor(private readonly db: Db) {}

  async insert(values: {
    id: string;
    staffId: number;
    lang: string;
    filters: Record<string, unknown>;
    createdAt: Date;
  }) {
    await this.db.insert(csExportJob).values(values);
  }

  /** The job, if this staff member started it (nobody else learns it exists). */
  async findOwn(id: string, staffId: number) {
    const [row] = await this.db
      .select(summary)
      .from(csExportJob)
      .where(and(eq(csExportJob.id, id), eq(csExportJob.staffId, staffId)));
    return row;
  }

  /** A finished job's workbook, if this staff member started it. */
  async file(id: string, staffId: number) {
    const [row] = await this.db
      .select({ bytes: csExportJob.bytes, createdAt: csExportJob.createdAt })
      .from(csExportJob)
      .where(and(eq(csExportJob.id, id), eq(csExportJob.staffId, staffId), eq(csExportJob.status, 'done')));
    return row?.bytes ? { bytes: row.bytes, createdAt: row.createdAt } : undefined;
  }

  /**
   * Takes up to `limit` pending jobs nobody holds (FOR UPDATE SKIP LOCKED, so several API processes never make
   * the same export), counts the attempt and leases them until `leaseUntil`: a worker that dies mid-way leaves
   * the job to be taken again after it.
   */
  async claim(now: Date, leaseUntil: Date, limit: number) {
    const due = this.db.$with('due').as(
      this.db
        .select({ id: csExportJob.id })
        .from(csExportJob)
        .where(
          and(
            eq(csExportJob.status, 'pending'),
            or(isNull(csExportJob.leaseUntil), lte(csExportJob.leaseUntil, now)),
          ),
        )
        .orderBy(asc(csExportJob.createdAt), asc(csExportJob.id))
        .limit(limit)
        .for('update', { skipLocked: true }),
    );
    return this.db
      .with(due)
      .update(csExportJob)
      .set({ attempts: sql`${csExportJob.attempts} + 1`, leaseUntil })
      .from(due)
      .where(eq(csExportJob.id, due.id))
      .returning(summary);
  }

  async done(id: string, result: { rowCount: number; bytes: Uint8Array; now: Date }) {
    await this.db
      .update(csExportJob)
      .set({
        status: 'done',
        rowCount: result.rowCount,
        bytes: result.bytes,
        finishedAt: result.now,
        leaseUntil: null,
      })
      .where(and(eq(csExportJob.id, id), eq(csExportJob.status, 'pending')));
  }

  /** A failed attempt: tried again after `retryAt`, or failed for good when null. */
  async failed(id: string, result: { error: string; retryAt: Date | null; now: Date }) {
    await this.db
      .update(csExportJob)
      .set(
        result.retryAt
          ? { error: result.error, leaseUntil: result.retryAt }
          : { status: 'failed', error: result.error, finishedAt: result.now, leaseUntil: null },
      )
      .where(and(eq(csExportJob.id, id), eq(csExportJob.status, 'pending')));
  }

  /** Deletes jobs (and their bytes) made before `before`; answers how many. */
  async deleteMadeBefore(before: Date): Promise<number> {
    const rows = await this.db
      .delete(csExportJob)
      .where(lt(csExportJob.createdAt, before))
      .returning({ id: csExportJob.id });
    return rows.length;
  }
}
