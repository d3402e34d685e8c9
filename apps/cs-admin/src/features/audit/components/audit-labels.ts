import type { TFunction } from 'i18next';
import { privilegeLabel } from '../../../lib/privileges.ts';

const keyOf = (value: string) => value.replace(/\./g, '_');

/** An audit action's translated name (`staff.account.add` -> `admin:auditAction.staff_account_add`). */
export function actionLabel(t: TFunction, action: string): string {
  return t(`admin:auditAction.${keyOf(action)}`, { defaultValue: action });
}

export function targetTypeLabel(t: TFunction, type: string): string {
  return t(`admin:auditTarget.${keyOf(type)}`, { defaultValue: type });
}

export function fieldLabel(t: TFunction, field: string): string {
  return t(`admin:auditField.${keyOf(field)}`, { defaultValue: field });
}

/** A recorded value as an agent reads it: privileges and states translated, lists joined, the rest as JSON. */
export function valueText(t: TFunction, field: string, value: unknown): string {
  if (value === undefined || value === null) return t('admin:audit.none');
  if (typeof value === 'boolean') return value ? t('admin:audit.yes') : t('admin:audit.no');
  if (field === 'privileges' && Array.isArray(value)) {
    return value.length === 0
      ? t('admin:audit.none')
      : value.map((name) => privilegeLabel(t, String(name))).join(', ');
  }
  if ((field === 'status' || field === 'reason') && typeof value === 'string')
    return t(`admin:auditValue.${keyOf(value)}`, { defaultValue: value });
  if (typeof value === 'string' || typeof value === 'number') return String(value);
  if (Array.isArray(value) && value.every((v) => typeof v !== 'object')) return value.join(', ');
  return JSON.stringify(value);
}
