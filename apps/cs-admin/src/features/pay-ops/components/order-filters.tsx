import { useTranslation } from 'react-i18next';
import { orderStates } from '@gp/contracts/pay';
import { payOrderFilters, type payAdminOrderPageCall, type PayAdminGameItem } from '@gp/contracts/pay-admin';
import { FilterBar, type FilterField, type FilterValues } from '../../../lib/filter-bar.tsx';
import { zodRule } from '../../../lib/zod-rule.ts';
import { orderStateLabel } from '../model/labels.ts';
import type { OrderFilters } from '../model/order-query.ts';

type OrderFilterValues = FilterValues<typeof payAdminOrderPageCall>;

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
  const initial: OrderFilterValues = {
    order_no: filters.order_no,
    uid: filters.uid ? String(filters.uid) : undefined,
    game_base_id: filters.game,
    cp_server_id: filters.server,
    cp_role_id: filters.role,
    state: filters.state,
    start_time: filters.from,
    end_time: filters.to,
  };

  const apply = (values: OrderFilterValues) =>
    onApply({
      page: 1,
      ...(values.order_no ? { order_no: values.order_no } : {}),
      ...(values.uid ? { uid: Number(values.uid) } : {}),
      ...(values.game_base_id ? { game: Number(values.game_base_id) } : {}),
      ...(values.cp_server_id ? { server: values.cp_server_id } : {}),
      ...(values.cp_role_id ? { role: values.cp_role_id } : {}),
      ...(values.state ? { state: values.state } : {}),
      ...(values.start_time ? { from: values.start_time } : {}),
      ...(values.end_time ? { to: values.end_time } : {}),
    });

  const fields: FilterField<typeof payAdminOrderPageCall>[] = [
    {
      kind: 'text',
      name: 'order_no',
      label: t('pay.order.orderNo'),
      maxLength: 64,
      size: 'wide',
      code: true,
    },
    {
      kind: 'text',
      name: 'uid',
      label: t('pay.order.uid'),
      maxLength: 10,
      size: 'narrow',
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
    { kind: 'text', name: 'cp_role_id', label: t('pay.order.role'), maxLength: 64, code: true },
    {
      kind: 'select',
      name: 'game_base_id',
      label: t('pay.order.game'),
      placeholder: t('pay.order.anyGame'),
      searchable: true,
      options: games.map((g) => ({ value: g.game_base_id, label: g.game_name })),
    },
    {
      kind: 'text',
      name: 'cp_server_id',
      label: t('pay.order.server'),
      maxLength: 64,
      size: 'narrow',
      code: true,
    },
    {
      kind: 'select',
      name: 'state',
      label: t('pay.order.state'),
      placeholder: t('pay.order.anyState'),
      options: orderStates.map((s) => ({ value: s, label: orderStateLabel(t, s) })),
    },
    { kind: 'range', name: 'start_time', end: 'end_time', label: t('pay.order.time') },
  ];
  return (
    <FilterBar<typeof payAdminOrderPageCall>
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
