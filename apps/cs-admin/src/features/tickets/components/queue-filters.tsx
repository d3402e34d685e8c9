/**
 * The queue's filter form (every filter of `deskFilters`). Enter or "Search" applies it; the values come from and
 * go to the URL (the screen owns that), so what is shown is always what the list was asked for.
 */
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Col, DatePicker, Form, Input, Row, Select, Space } from 'antd';
import type { Dayjs } from 'dayjs';
import { questionTypeUsage, workOrderStatuses, workOrderStatusNames } from '@gp/contracts/cs';
import { deskFilters, deskPolicy } from '@gp/contracts/desk';
import { deskCalls } from '../api/tickets.calls.ts';
import { useCallResult } from '../api/use-call-result.ts';
import type { FilterValues } from '../model/queue-query.ts';
import { isDisabledDay, rangeToTimes, timesToRange } from '../model/time-range.ts';
import { optionalTextRule } from '../../../lib/zod-rule.ts';
import layout from '../../../lib/layout.module.css';

interface FormValues {
  work_order_id?: string;
  work_order_status?: number;
  game_base_id?: number;
  question_type?: number;
  reply_status?: number;
  character_id?: string;
  uid?: string;
  question_keyword?: string;
  content_keyword?: string;
  answer_keyword?: string;
  operator_name?: string;
  range?: [Dayjs, Dayjs] | null;
}

function toFormValues(filters: FilterValues): FormValues {
  return {
    work_order_id: filters.work_order_id === undefined ? undefined : String(filters.work_order_id),
    work_order_status: filters.work_order_status,
    game_base_id: filters.game_base_id,
    question_type: filters.question_type,
    reply_status: filters.reply_status,
    character_id: filters.character_id,
    uid: filters.uid === undefined ? undefined : String(filters.uid),
    question_keyword: filters.question_keyword,
    content_keyword: filters.content_keyword,
    answer_keyword: filters.answer_keyword,
    operator_name: filters.operator_name,
    range: timesToRange(filters.start_time, filters.end_time),
  };
}

const rangeIds = { start: 'queue-filters_range_start', end: 'queue-filters_range_end' };
const text = (value: string | undefined) => {
  const trimmed = value?.trim();
  return trimmed ? trimmed : undefined;
};

function toFilters(values: FormValues): Partial<FilterValues> {
  const uid = text(values.uid);
  const number = text(values.work_order_id);
  return {
    work_order_id: number === undefined ? undefined : Number(number),
    work_order_status: values.work_order_status as FilterValues['work_order_status'],
    game_base_id: values.game_base_id,
    question_type: values.question_type,
    reply_status: values.reply_status as FilterValues['reply_status'],
    character_id: text(values.character_id),
    uid: uid === undefined ? undefined : Number(uid),
    question_keyword: text(values.question_keyword),
    content_keyword: text(values.content_keyword),
    answer_keyword: text(values.answer_keyword),
    operator_name: text(values.operator_name),
    ...(values.range ? rangeToTimes(values.range) : {}),
  };
}

export function QueueFilters({
  filters,
  onSearch,
}: {
  filters: FilterValues;
  onSearch: (filters: Partial<FilterValues>) => void;
}) {
  const { t } = useTranslation('desk');
  const [form] = Form.useForm<FormValues>();
  const game = Form.useWatch('game_base_id', form);
  const games = useCallResult('games', () => deskCalls.games({}));
  const types = useCallResult(`types:${game ?? ''}`, () =>
    deskCalls.types({ usage: questionTypeUsage.ticket, game_base_id: game }),
  );

  // Back / forward or a changed link: the form shows what the URL asks for.
  useEffect(() => {
    form.resetFields();
    form.setFieldsValue(toFormValues(filters));
  }, [form, filters]);

  // A type of another game cannot stay chosen once the game changes.
  useEffect(() => {
    const chosen = form.getFieldValue('question_type') as number | undefined;
    if (types.loading || !types.data || chosen === undefined) return;
    if (!types.data.some((q) => q.question_type === chosen)) form.setFieldValue('question_type', undefined);
  }, [form, types.data, types.loading]);

  /** A choice among a list the desk loads (games, question types); says so when the list could not load. */
  const listSelect = (
    name: 'game_base_id' | 'question_type',
    label: string,
    list: { loading: boolean; error?: unknown },
    options: { value: number; label: string }[],
  ) => (
    <Col xs={24} sm={12} lg={6}>
      <Form.Item name={name} label={label}>
        <Select
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          placeholder={list.error ? t('filters.listFailed') : t('filters.any')}
          loading={list.loading}
          options={options}
        />
      </Form.Item>
    </Col>
  );
  const keyword = (name: 'question_keyword' | 'content_keyword' | 'answer_keyword') => (
    <Col xs={24} sm={12} lg={6}>
      <Form.Item name={name} label={t(`filters.${name}`)}>
        <Input allowClear maxLength={100} />
      </Form.Item>
    </Col>
  );

  /** A number typed as text (a ticket's, a member's), checked by the queue call's own rule. */
  const numberField = (name: 'work_order_id' | 'uid', label: string, invalid: string, help?: string) => (
    <Col xs={24} sm={12} lg={6}>
      <Form.Item
        name={name}
        label={label}
        extra={help}
        rules={[optionalTextRule(deskFilters.shape[name], invalid)]}
      >
        <Input allowClear inputMode="numeric" maxLength={10} />
      </Form.Item>
    </Col>
  );

  return (
    <Form<FormValues>
      form={form}
      name="queue-filters"
      layout="vertical"
      aria-label={t('filters.label')}
      initialValues={toFormValues(filters)}
      onFinish={(values) => onSearch(toFilters(values))}
    >
      <Row gutter={16}>
        {numberField(
          'work_order_id',
          t('replies.number'),
          t('replies.numberInvalid'),
          t('replies.numberHelp'),
        )}
        <Col xs={24} sm={12} lg={6}>
          <Form.Item name="work_order_status" label={t('filters.status')}>
            <Select
              allowClear
              placeholder={t('filters.any')}
              options={workOrderStatuses.map((s) => ({
                value: s,
                label: t(`status.${workOrderStatusNames[s]}`),
              }))}
            />
          </Form.Item>
        </Col>
        {listSelect(
          'game_base_id',
          t('filters.game'),
          games,
          (games.data ?? []).map((g) => ({ value: g.game_base_id, label: g.game_name })),
        )}
        {listSelect(
          'question_type',
          t('filters.questionType'),
          types,
          (types.data ?? []).map((q) => ({ value: q.question_type, label: q.question_type_name })),
        )}
        <Col xs={24} sm={12} lg={6}>
          <Form.Item name="reply_status" label={t('filters.replyStatus')}>
            <Select
              allowClear
              placeholder={t('filters.any')}
              options={[
                { value: 0, label: t('replyStatus.waiting') },
                { value: 1, label: t('replyStatus.answered') },
              ]}
            />
          </Form.Item>
        </Col>
        {numberField('uid', t('filters.uid'), t('filters.uidInvalid'))}
        <Col xs={24} sm={12} lg={6}>
          <Form.Item name="character_id" label={t('filters.characterId')}>
            <Input allowClear maxLength={64} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12} lg={6}>
          <Form.Item name="operator_name" label={t('filters.operator')}>
            <Input allowClear maxLength={64} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12} lg={6}>
          <Form.Item
            name="range"
            label={t('filters.range')}
            htmlFor={rangeIds.start}
            extra={t('filters.rangeHelp', { months: deskPolicy.maxRangeMonths })}
          >
            <DatePicker.RangePicker
              id={rangeIds}
              className={layout.fullWidth}
              allowEmpty={[false, false]}
              placeholder={[t('filters.rangeStart'), t('filters.rangeEnd')]}
              disabledDate={(day, info) => isDisabledDay(day, info.from)}
            />
          </Form.Item>
          {/* The form label names the first date; the second needs its own. */}
          <label htmlFor={rangeIds.end} className="sr-only">
            {t('filters.rangeEndLabel')}
          </label>
        </Col>
        {keyword('question_keyword')}
        {keyword('content_keyword')}
        {keyword('answer_keyword')}
        <Col xs={24} sm={12} lg={6} className={layout.bottom}>
          <Form.Item>
            <Space>
              <Button type="primary" htmlType="submit">
                {t('filters.search')}
              </Button>
              <Button
                onClick={() => {
                  form.resetFields();
                  form.setFieldsValue(toFormValues({}));
                  onSearch({});
                }}
              >
                {t('filters.reset')}
              </Button>
            </Space>
          </Form.Item>
        </Col>
      </Row>
    </Form>
  );
}
