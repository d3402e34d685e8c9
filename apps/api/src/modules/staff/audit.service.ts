/** Reading the audit log: filtered, newest first, for holders of `staff.accounts`. */
import type { AuditAction, AuditPageData } from '@gp/contracts/staff';
import type { Db } from '../../db/database.ts';
import { AuditRepository } from './audit.repository.ts';

export interface AuditPageInput {
  actor?: string | undefined;
  action?: AuditAction | undefined;
  target_type?: string | undefined;
  target_id?: string | undefined;
  start_time?: string | undefined;
  end_time?: string | undefined;
  page_num: number;
  page_size: number;
}

export class AuditService {
  constructor(private readonly db: Db) {}

  async page(input: AuditPageInput): Promise<AuditPageData> {
    const { rows, total } = await new AuditRepository(this.db).page({
      ...(input.actor !== undefined ? { actorAccountId: input.actor } : {}),
      ...(input.action !== undefined ? { action: input.action } : {}),
      ...(input.target_type !== undefined ? { targetType: input.target_type } : {}),
      ...(input.target_id !== undefined ? { targetId: input.target_id } : {}),
      ...(input.start_time !== undefined ? { from: new Date(input.start_time) } : {}),
      ...(input.end_time !== undefined ? { until: new Date(input.end_time) } : {}),
      offset: (input.page_num - 1) * input.page_size,
      limit: input.page_size,
    });
    return {
      list: rows.map((r) => ({
        id: r.id,
        created_at: r.createdAt.toISOString(),
        actor_staff_id: r.actorStaffId,
        actor_account_id: r.actorAccountId,
        action: r.action,
        target_type: r.targetType,
        target_id: r.targetId,
        before: r.before,
        after: r.after,
        ip: r.ip,
      })),
      total,
      page_num: input.page_num,
      page_size: input.page_size,
    };
  }
}
