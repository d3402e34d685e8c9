/** The shared rate-limit counts (`rate_limit_hit`): one statement per merge, one per purge. */
import { lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { rateLimitHit } from '../../db/schema/rate-limit.schema.ts';

export interface HitCount {
  key: string;
  /** Epoch ms when the key's window ends. */
  expiresAt: number;
  hits: number;
}

export class RateLimitRepository {
  constructor(private readonly db: Db) {}

  /**
   * Adds each key's hits to its shared window and answers every key's window end and total across processes.
   * A window that has ended by `now` starts again with these hits and this process's window end. Keys are
   * written in key order, so two processes merging overlapping keys cannot deadlock.
   */
  async merge(counts: HitCount[], now: number): Promise<HitCount[]> {
    if (counts.length === 0) return [];
    const rows = JSON.stringify(counts.map((c) => ({ key: c.key, expires_ms: c.expiresAt, hits: c.hits })));
    const at = sql`to_timestamp(${now / 1000}::float8)`;
    const result = await this.db.execute<{ key: string; expires_ms: number; hits: number }>(sql`
      insert into ${rateLimitHit} as r (key, expires_at, hits)
      select x.key, to_timestamp(x.expires_ms / 1000), x.hits
      from jsonb_to_recordset(${rows}::jsonb) as x(key text, expires_ms float8, hits integer)
      order by x.key
      on conflict (key) do update set
        expires_at = case when r.expires_at <= ${at} then excluded.expires_at else r.expires_at end,
        hits = case when r.expires_at <= ${at} then excluded.hits else r.hits + excluded.hits end
      returning r.key, (extract(epoch from r.expires_at) * 1000)::float8 as expires_ms, r.hits`);
    return (result as unknown as { rows: { key: string; expires_ms: number; hits: number }[] }).rows.map(
      (row) => ({ key: row.key, expiresAt: Number(row.expires_ms), hits: Number(row.hits) }),
    );
  }

  /** Deletes the rows whose window ended before `before`; answers how many. */
  async purge(before: number): Promise<number> {
    const rows = await this.db
      .delete(rateLimitHit)
      .where(lt(rateLimitHit.expiresAt, new Date(before)))
      .returning({ key: rateLimitHit.key });
    return rows.length;
  }
}
