import { useTranslation } from 'react-i18next';
import dayjs, { type Dayjs } from 'dayjs';
import { Button, DatePicker, Flex, Form, Input, Select } from 'antd';
import { orderStates, type OrderState } from '@gp/contracts/pay';
import { payOrderFilters, type PayAdminGameItem } from '@gp/contracts/pay-admin';
import { zodRule } from '../../../lib/zod-rule.ts';
import { orderStateLabel } from '../model/labels.ts';
import { rangeFilters, rangeValues, type OrderFilters } from '../model/order-query.ts';

interface FilterValues {
  order_no?: string;
  uid?: string;
  game?: number;
  server?: string;
  role?: string;
  state?: OrderState;
  range?: [Dayjs | null, Dayjs | null] | null;
}

/** Picking only dates covers whole days: the start at 00:00, the end through 23:59. */
const rangeDefaultTimes: [Dayjs, Dayjs] = [dayjs('00:00', 'HH:mm'), dayjs('23:59', 'HH:mm')];

/**
 * The order search: our order number or the provider's payment number, the member (UID), the character (with
 * game and server to narrow), the state and when the order was made (local time; the end minute is included).
 */
export function OrderFiltersForm({
  filters,
  games,
  onApply,
}: {
  filters: OrderFilters;
  games: PayAdminGameItem[];
  onApply: (next: OrderFilters) => void;
}) {
  const { t } = useTranslation('ops');
  const [form] = Form.useForm<FilterValues>();
  const initial: FilterValues = {
    order_no: filters.order_no,
    uid: filters.uid ? String(filters.uid) : undefined,
    game: filters.game,
    server: filters.server,
    role: filters.role,
    state: filters.state,
    range: rangeValues(filters),
  };

  const apply = (values: FilterValues) => {
    const [start, end] = values.range ?? [null, null];
    const next: OrderFilters = { page: 1 };
    if (values.order_no?.trim()) next.order_no = values.order_no.trim();
    if (values.uid?.trim()) next.uid = Number(values.uid.trim());
    if (values.game) next.game = values.game;
    if (values.server?.trim()) next.server = values.server.trim();
    if (values.role?.trim()) next.role = values.role.trim();
    if (values.state) next.state = values.state;
    onApply({ ...next, ...rangeFilters(start ?? null, end ?? null) });
  };

  const item = { style: { marginBottom: 0 } };
  return (
    <Form<FilterValues>
      form={form}
      layout="vertical"
      initialValues={initial}
      onFinish={apply}
      role="search"
      aria-label={t('pay.order.filters')}
    >
      <Flex gap={16} wrap align="flex-start">
        <Form.Item name="order_no" label={t('pay.order.orderNo')} {...item}>
          <Input maxLength={64} allowClear autoComplete="off" spellCheck={false} style={{ width: 240 }} />
        </Form.Item>
        <Form.Item
          name="uid"
          label={t('pay.order.uid')}
          rules={[
            {
              validator: (_rule: unknown, value: unknown) =>
                typeof value !== 'string' || value.trim() === ''
                  ? Promise.resolve()
                  : zodRule(payOrderFilters.shape.uid, t('pay.order.uidRule')).validator(_rule, value.trim()),
            },
          ]}
          {...item}
        >
          <Input inputMode="numeric" maxLength={10} allowClear autoComplete="off" style={{ width: 140 }} />
        </Form.Item>
        <Form.Item name="role" label={t('pay.order.role')} {...item}>
          <Input maxLength={64} allowClear autoComplete="off" spellCheck={false} style={{ width: 160 }} />
        </Form.Item>
        <Form.Item name="game" label={t('pay.order.game')} {...item}>
          <Select
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            placeholder={t('pay.order.anyGame')}
            style={{ width: 180 }}
            options={games.map((g) => ({ value: g.game_base_id, label: g.game_name }))}
          />
        </Form.Item>
        <Form.Item name="server" label={t('pay.order.server')} {...item}>
          <Input maxLength={64} allowClear autoComplete="off" spellCheck={false} style={{ width: 140 }} />
        </Form.Item>
        <Form.Item name="state" label={t('pay.order.state')} {...item}>
          <Select
            allowClear
            placeholder={t('pay.order.anyState')}
            style={{ width: 170 }}
            options={orderStates.map((s) => ({ value: s, label: orderStateLabel(t, s) }))}
          />
        </Form.Item>
        <Form.Item name="range" label={t('pay.order.time')} {...item}>
          <DatePicker.RangePicker
            allowEmpty={[true, true]}
            showTime={{ format: 'HH:mm', defaultValue: rangeDefaultTimes }}
            format="YYYY-MM-DD HH:mm"
            aria-label={t('pay.order.time')}
          />
        </Form.Item>
        <Flex gap={8} style={{ alignSelf: 'flex-end' }}>
          <Button type="primary" htmlType="submit">
            {t('common.search')}
          </Button>
          <Button
            onClick={() => {
              form.resetFields();
              form.setFieldsValue({
                order_no: undefined,
                uid: undefined,
                game: undefined,
                server: undefined,
                role: undefined,
                state: undefined,
                range: null,
              });
              onApply({ page: 1 });
            }}
          >
            {t('common.reset')}
          </Button>
        </Flex>
      </Flex>
    </Form>
  );
}
