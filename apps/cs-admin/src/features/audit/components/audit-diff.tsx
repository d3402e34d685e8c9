import { useTranslation } from 'react-i18next';
import { Typography } from 'antd';
import type { AuditEntryData } from '@gp/contracts/staff';
import { fieldLabel, valueText } from './audit-labels.ts';

/** Before and after of one audit row as `field: before -> after`, one line per field that was recorded. */
export function AuditDiff({ entry }: { entry: AuditEntryData }) {
  const { t } = useTranslation('admin');
  const before = entry.before ?? {};
  const after = entry.after ?? {};
  const fields = [...new Set([...Object.keys(before), ...Object.keys(after)])];
  if (fields.length === 0) return <Typography.Text>{t('audit.noDetails')}</Typography.Text>;
  const onlyAfter = entry.before === null;
  const onlyBefore = entry.after === null;
  return (
    <dl className="audit-diff">
      {fields.map((field) => (
        <div key={field} className="audit-diff-row">
          <dt>{fieldLabel(t, field)}</dt>
          <dd>
            {!onlyAfter && (
              <span className="audit-diff-before">
                <span className="sr-only">{t('audit.before')}: </span>
                {valueText(t, field, before[field])}
              </span>
            )}
            {!onlyAfter && !onlyBefore && <span aria-hidden="true"> → </span>}
            {!onlyBefore && (
              <span className="audit-diff-after">
                <span className="sr-only">{t('audit.after')}: </span>
                {valueText(t, field, after[field])}
              </span>
            )}
          </dd>
        </div>
      ))}
    </dl>
  );
}
