import { useTranslation } from 'react-i18next';
import type { Dayjs } from 'dayjs';
import { orderStates, type OrderState } from '@gp/contracts/pay';
import { payOrderFilters, type PayAdminGameItem } from '@gp/contracts/pay-admin';
import { FilterBar, type FilterField } from '../../../lib/filter-bar.tsx';
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

  const fields: FilterField<FilterValues>[] = [
    { kind: 'text', name: 'order_no', label: t('pay.order.orderNo'), maxLength: 64, width: 240, code: true },
    {
      kind: 'text',
      name: 'uid',
      label: t('pay.order.uid'),
      maxLength: 10,
      width: 140,
      inputMode: 'numeric',
      rules: [
        {
          validator: (_rule: unknown, value: unknown) =>
            typeof value !== 'string' || value.trim() === ''
              ? Promise.resolve()
              : zodRule(payOrderFilters.shape.uid, t('pay.order.uidRule')).validator(_rule, value.trim()),
        },
      ],
    },
    { kind: 'text', name: 'role', label: t('pay.order.role'), maxLength: 64, width: 160, code: true },
    {
      kind: 'select',
      name: 'game',
      label: t('pay.order.game'),
      placeholder: t('pay.order.anyGame'),
      searchable: true,
      width: 180,
      options: games.map((g) => ({ value: g.game_base_id, label: g.game_name })),
    },
    { kind: 'text', name: 'server', label: t('pay.order.server'), maxLength: 64, width: 140, code: true },
    {
      kind: 'select',
      name: 'state',
      label: t('pay.order.state'),
      placeholder: t('pay.order.anyState'),
      width: 170,
      options: orderStates.map((s) => ({ value: s, label: orderStateLabel(t, s) })),
    },
    { kind: 'range', name: 'range', label: t('pay.order.time') },
  ];
  return (
    <FilterBar<FilterValues>
      label={t('pay.order.filters')}
      fields={fields}
      initialValues={initial}
      onApply={apply}
      onReset={() => onApply({ page: 1 })}
      submitText={t('common.search')}
      resetText={t('common.reset')}
    />
  );
}
