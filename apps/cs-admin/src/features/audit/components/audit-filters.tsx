import { useTranslation } from 'react-i18next';
import type { Dayjs } from 'dayjs';
import { FilterBar, type FilterField } from '../../../lib/filter-bar.tsx';
import { auditActions, type AuditAction } from '@gp/contracts/staff';
import { auditTargetTypes, rangeFilters, rangeValues, type AuditFilters } from '../model/audit-filters.ts';
import { actionLabel, targetTypeLabel } from './audit-labels.ts';

interface FilterValues {
  actor?: string;
  action?: AuditAction;
  target_type?: string;
  target_id?: string;
  range?: [Dayjs | null, Dayjs | null] | null;
}

/**
 * The audit log's filters: who, which action, which record, and when (local time; the end minute is included).
 * Applying goes back to the first page.
 */
export function AuditFiltersForm({
  filters,
  onApply,
}: {
  filters: AuditFilters;
  onApply: (next: AuditFilters) => void;
}) {
  const { t } = useTranslation('admin');
  const initial: FilterValues = {
    actor: filters.actor,
    action: filters.action,
    target_type: filters.target_type,
    target_id: filters.target_id,
    range: rangeValues(filters),
  };

  const apply = (values: FilterValues) => {
    const [start, end] = values.range ?? [null, null];
    const next: AuditFilters = { page: 1 };
    if (values.actor?.trim()) next.actor = values.actor.trim();
    if (values.action) next.action = values.action;
    if (values.target_type) next.target_type = values.target_type;
    if (values.target_id?.trim()) next.target_id = values.target_id.trim();
    onApply({ ...next, ...rangeFilters(start ?? null, end ?? null) });
  };

  const fields: FilterField<FilterValues>[] = [
    { kind: 'text', name: 'actor', label: t('audit.actor'), maxLength: 64, width: 180 },
    {
      kind: 'select',
      name: 'action',
      label: t('audit.action'),
      placeholder: t('audit.anyAction'),
      searchable: true,
      width: 240,
      options: auditActions.map((a) => ({ value: a, label: actionLabel(t, a) })),
    },
    {
      kind: 'select',
      name: 'target_type',
      label: t('audit.targetType'),
      placeholder: t('audit.anyTarget'),
      searchable: true,
      width: 180,
      options: auditTargetTypes.map((type) => ({ value: type, label: targetTypeLabel(t, type) })),
    },
    { kind: 'text', name: 'target_id', label: t('audit.targetId'), maxLength: 128, width: 180 },
    { kind: 'range', name: 'range', label: t('audit.time') },
  ];
  return (
    <FilterBar<FilterValues>
      label={t('audit.filters')}
      fields={fields}
      initialValues={initial}
      onApply={apply}
      onReset={() => onApply({ page: 1 })}
      submitText={t('audit.apply')}
      resetText={t('audit.reset')}
    />
  );
}
