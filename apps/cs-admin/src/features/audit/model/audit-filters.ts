import dayjs from 'dayjs';
import { auditActions, type AuditAction } from '@gp/contracts/staff';
import type { AuditQuery } from '../api/audit.calls.ts';

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

function isAction(value: string | null): value is AuditAction {
  return value !== null && (auditActions as readonly string[]).includes(value);
}

function isoOrUndefined(value: string | null): string | undefined {
  if (!value) return undefined;
  const time = dayjs(value);
  return time.isValid() ? time.toISOString() : undefined;
}

function text(value: string | null, max: number): string | undefined {
  const trimmed = value?.trim();
  return trimmed ? trimmed.slice(0, max) : undefined;
}

export function auditFiltersFromUrl(url: URL): AuditFilters {
  const p = url.searchParams;
  const page = Number(p.get('page'));
  const action = p.get('action');
  const filters: AuditFilters = { page: Number.isInteger(page) && page >= 1 && page <= 10_000 ? page : 1 };
  const actor = text(p.get('actor'), 64);
  const targetType = text(p.get('target_type'), 64);
  const targetId = text(p.get('target_id'), 128);
  const from = isoOrUndefined(p.get('from'));
  const to = isoOrUndefined(p.get('to'));
  if (actor) filters.actor = actor;
  if (isAction(action)) filters.action = action;
  if (targetType) filters.target_type = targetType;
  if (targetId) filters.target_id = targetId;
  if (from) filters.from = from;
  if (to) filters.to = to;
  return filters;
}

export function auditFiltersToSearch(filters: AuditFilters): URLSearchParams {
  const p = new URLSearchParams();
  if (filters.actor) p.set('actor', filters.actor);
  if (filters.action) p.set('action', filters.action);
  if (filters.target_type) p.set('target_type', filters.target_type);
  if (filters.target_id) p.set('target_id', filters.target_id);
  if (filters.from) p.set('from', filters.from);
  if (filters.to) p.set('to', filters.to);
  if (filters.page > 1) p.set('page', String(filters.page));
  return p;
}

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
