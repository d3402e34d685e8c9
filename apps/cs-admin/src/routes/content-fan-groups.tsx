import type { TFunction } from 'i18next';
import { createColumnHelper } from '@tanstack/react-table';
import { Flex, Typography } from 'antd';
import type { FansGroupAdminSummary } from '@gp/contracts/content-admin';
import {
  fansGroupCalls,
  FansGroupForm,
  fansGroupInputOf,
  type RowColumns,
  simpleListRoute,
} from '../features/content/index.ts';

const column = createColumnHelper<FansGroupAdminSummary>();

const route = simpleListRoute(fansGroupCalls, {
  scope: 'fansGroup',
  rowId: (g) => String(g.id),
  nameOf: (g) => g.name,
  keyOf: (g) => ({ id: g.id }),
  inputOf: fansGroupInputOf,
  columns: (t: TFunction) =>
    [
      column.accessor('name', {
        header: () => t('fansGroup.name'),
        cell: (c) => (
          <Flex vertical gap={2}>
            <Typography.Text strong>{c.getValue()}</Typography.Text>
            <Typography.Link href={c.row.original.url} target="_blank" rel="noopener noreferrer">
              {c.row.original.url}
            </Typography.Link>
          </Flex>
        ),
      }),
    ] as RowColumns<FansGroupAdminSummary>,
  form: (item, close, saved) => <FansGroupForm item={item} onClose={close} onSaved={saved} />,
});

export const loader = route.loader;

/** Fan groups (content): the communities of the portal's fan-groups menu, in order. */
export default route.Screen;
