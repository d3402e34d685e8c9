import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { createColumnHelper } from '@tanstack/react-table';
import { Flex, Typography } from 'antd';
import type { FansGroupAdminData, FansGroupAdminSummary } from '@gp/contracts/content-admin';
import {
  contentFiltersFromUrl,
  fansGroupCalls,
  FansGroupForm,
  fansGroupInputOf,
  pageQueryOf,
  type RowColumns,
  type SimpleKind,
  SimpleList,
} from '../features/content/index.ts';

export async function loader({ request }: LoaderFunctionArgs) {
  const filters = contentFiltersFromUrl(new URL(request.url));
  return { filters, page: await fansGroupCalls.page(pageQueryOf(filters)) };
}

const kind: SimpleKind<FansGroupAdminSummary, FansGroupAdminData> = {
  scope: 'fansGroup',
  rowId: (g) => String(g.id),
  nameOf: (g) => g.name,
  detail: (g) => fansGroupCalls.detail({ id: g.id }),
  remove: (g) => fansGroupCalls.delete({ id: g.id }),
  setOnline: (g, online) => fansGroupCalls.save(fansGroupInputOf(g, online)),
};

const column = createColumnHelper<FansGroupAdminSummary>();

/** Fan groups (content): the communities of the portal's fan-groups menu, in order. */
export default function ContentFanGroups() {
  const { t } = useTranslation('cms');
  const { filters, page } = useLoaderData<typeof loader>();
  const columns = useMemo(
    () =>
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
    [t],
  );
  return (
    <SimpleList
      kind={kind}
      filters={filters}
      page={page}
      columns={columns}
      renderForm={(editing, close, saved) => (
        <FansGroupForm item={editing.item} onClose={close} onSaved={saved} />
      )}
    />
  );
}
