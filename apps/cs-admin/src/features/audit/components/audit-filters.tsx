import { useTranslation } from 'react-i18next';
import dayjs, { type Dayjs } from 'dayjs';
import { Button, DatePicker, Flex, Form, Input, Select } from 'antd';
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

/** Picking only dates covers whole days: the start at 00:00, the end through 23:59. */
const rangeDefaultTimes: [Dayjs, Dayjs] = [dayjs('00:00', 'HH:mm'), dayjs('23:59', 'HH:mm')];

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
  const [form] = Form.useForm<FilterValues>();
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

  return (
    <Form<FilterValues>
      form={form}
      layout="vertical"
      initialValues={initial}
      onFinish={apply}
      role="search"
      aria-label={t('audit.filters')}
    >
      <Flex gap={16} wrap align="flex-end">
        <Form.Item name="actor" label={t('audit.actor')} style={{ marginBottom: 0 }}>
          <Input maxLength={64} allowClear autoComplete="off" style={{ width: 180 }} />
        </Form.Item>
        <Form.Item name="action" label={t('audit.action')} style={{ marginBottom: 0 }}>
          <Select
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            placeholder={t('audit.anyAction')}
            style={{ width: 240 }}
            options={auditActions.map((a) => ({ value: a, label: actionLabel(t, a) }))}
          />
        </Form.Item>
        <Form.Item name="target_type" label={t('audit.targetType')} style={{ marginBottom: 0 }}>
          <Select
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            placeholder={t('audit.anyTarget')}
            style={{ width: 180 }}
            options={auditTargetTypes.map((type) => ({ value: type, label: targetTypeLabel(t, type) }))}
          />
        </Form.Item>
        <Form.Item name="target_id" label={t('audit.targetId')} style={{ marginBottom: 0 }}>
          <Input maxLength={128} allowClear autoComplete="off" style={{ width: 180 }} />
        </Form.Item>
        <Form.Item name="range" label={t('audit.time')} style={{ marginBottom: 0 }}>
          <DatePicker.RangePicker
            allowEmpty={[true, true]}
            showTime={{ format: 'HH:mm', defaultValue: rangeDefaultTimes }}
            format="YYYY-MM-DD HH:mm"
            aria-label={t('audit.time')}
          />
        </Form.Item>
        <Flex gap={8}>
          <Button type="primary" htmlType="submit">
            {t('audit.apply')}
          </Button>
          <Button
            onClick={() => {
              form.setFieldsValue({
                actor: undefined,
                action: undefined,
                target_type: undefined,
                target_id: undefined,
                range: null,
              });
              onApply({ page: 1 });
            }}
          >
            {t('audit.reset')}
          </Button>
        </Flex>
      </Flex>
    </Form>
  );
}
