import { useTranslation } from 'react-i18next';
import { auditActions, type auditPage } from '@gp/contracts/staff';
import { FilterBar, type FilterField, type FilterValues } from '../../../lib/filter-bar.tsx';
import { auditTargetTypes, type AuditFilters } from '../model/audit-filters.ts';
import { actionLabel, targetTypeLabel } from './audit-labels.ts';

type AuditFilterValues = FilterValues<typeof auditPage>;

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
  // The filters keep the call's time range as `from` and `to`, as the URL does.
  const initial: AuditFilterValues = {
    ...filters,
    start_time: filters.from,
    end_time: filters.to,
  };
  const apply = ({ start_time, end_time, ...rest }: AuditFilterValues) =>
    onApply({
      page: 1,
      ...rest,
      ...(start_time ? { from: start_time } : {}),
      ...(end_time ? { to: end_time } : {}),
    });

  const fields: FilterField<typeof auditPage>[] = [
    { kind: 'text', name: 'actor', label: t('audit.actor'), maxLength: 64 },
    {
      kind: 'select',
      name: 'action',
      label: t('audit.action'),
      placeholder: t('audit.anyAction'),
      searchable: true,
      size: 'wide',
      options: auditActions.map((a) => ({ value: a, label: actionLabel(t, a) })),
    },
    {
      kind: 'select',
      name: 'target_type',
      label: t('audit.targetType'),
      placeholder: t('audit.anyTarget'),
      searchable: true,
      options: auditTargetTypes.map((type) => ({ value: type, label: targetTypeLabel(t, type) })),
    },
    { kind: 'text', name: 'target_id', label: t('audit.targetId'), maxLength: 128 },
    { kind: 'range', name: 'start_time', end: 'end_time', label: t('audit.time') },
  ];
  return (
    <FilterBar<typeof auditPage>
      label={t('audit.filters')}
      fields={fields}
      initialValues={initial}
      onApply={apply}
      submitText={t('audit.apply')}
      resetText={t('audit.reset')}
    />
  );
}
