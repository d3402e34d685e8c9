import { useTranslation } from 'react-i18next';
import { orderStates } from '@gp/contracts/pay';
import { payOrderFilters, type payAdminOrderPageCall, type PayAdminGameItem } from '@gp/contracts/pay-admin';
import { FilterBar, type FilterField, type FilterValues } from '../../../lib/filter-bar.tsx';
import { optionalTextRule } from '../../../lib/zod-rule.ts';
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
  // The bar takes the call's fields as they are; the UID is typed (a number to the filters, text to the bar).
  const apply = ({ uid, game_base_id, ...rest }: OrderFilterValues) =>
    onApply({
      page: 1,
      ...rest,
      ...(uid ? { uid: Number(uid) } : {}),
      ...(game_base_id ? { game_base_id: Number(game_base_id) } : {}),
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
      rules: [optionalTextRule(payOrderFilters.shape.uid, t('pay.order.uidRule'))],
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
      initialValues={filters}
      onApply={apply}
      submitText={t('common.search')}
      resetText={t('common.reset')}
    />
  );
}
