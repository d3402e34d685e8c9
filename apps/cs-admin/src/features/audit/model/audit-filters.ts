import { auditActions, type AuditAction } from '@gp/contracts/staff';
import type { AuditQuery } from '../api/audit.calls.ts';
import { readParam, urlFilters } from '../../../lib/url-filters.ts';

export const auditPageSize = 20;

/**
 * The record types the server writes as `target_type` (see the audit actions in @gp/contracts/staff), offered
 * by the filter; a type missing here still shows in the table, by its raw name.
 */
export const auditTargetTypes = [
  'staff_account',
  'work_order',
  'export',
  'cs_faq',
  'game',
  'news',
  'activity',
  'banner',
  'game_recommendation',
  'home_module',
  'fan_group',
  'nav_setting',
  'media',
  'pay_setting',
  'pay_server',
  'pay_product',
  'pay_channel',
  'pay_order',
] as const;

/** The filters as the screen's URL carries them, so a reload or a shared link shows the same rows. */
export interface AuditFilters {
  actor?: string;
  action?: AuditAction;
  target_type?: string;
  target_id?: string;
  /** ISO times: `from` inclusive, `to` exclusive. */
  from?: string;
  to?: string;
  page: number;
}

export const { fromUrl: auditFiltersFromUrl, toSearch: auditFiltersToSearch } = urlFilters<AuditFilters>({
  actor: ['actor', readParam.text(64)],
  action: ['action', readParam.oneOf(auditActions)],
  target_type: ['target_type', readParam.text(64)],
  target_id: ['target_id', readParam.text(128)],
  from: ['from', readParam.time],
  to: ['to', readParam.time],
});

/** The filter's time range (`from`, `to`) as picked and shown: the list filters' one range rule. */
export { rangeFilters, rangeValues } from '../../../lib/time-range.ts';

export function auditQueryOf(filters: AuditFilters): AuditQuery {
  return {
    // account_ids are stored lower-case; the server folds the case too, this keeps the query honest.
    ...(filters.actor ? { actor: filters.actor.toLowerCase() } : {}),
    ...(filters.action ? { action: filters.action } : {}),
    ...(filters.target_type ? { target_type: filters.target_type } : {}),
    ...(filters.target_id ? { target_id: filters.target_id } : {}),
    ...(filters.from ? { start_time: filters.from } : {}),
    ...(filters.to ? { end_time: filters.to } : {}),
    page_num: filters.page,
    page_size: auditPageSize,
  };
}
