import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { createColumnHelper } from '@tanstack/react-table';
import { Typography } from 'antd';
import type { ModuleAdminData, ModuleAdminSummary } from '@gp/contracts/content-admin';
import {
  contentFiltersFromUrl,
  moduleCalls,
  ModuleForm,
  moduleInputOf,
  pageQueryOf,
  type RowColumns,
  type SimpleKind,
  SimpleList,
} from '../features/content/index.ts';

export async function loader({ request }: LoaderFunctionArgs) {
  const filters = contentFiltersFromUrl(new URL(request.url));
  return { filters, page: await moduleCalls.page(pageQueryOf(filters)) };
}

const kind: SimpleKind<ModuleAdminSummary, ModuleAdminData> = {
  scope: 'module',
  rowId: (m) => String(m.id),
  nameOf: (m) => m.title,
  detail: (m) => moduleCalls.detail({ id: m.id }),
  remove: (m) => moduleCalls.delete({ id: m.id }),
  setOnline: (m, online) => moduleCalls.save(moduleInputOf(m, online)),
};

const column = createColumnHelper<ModuleAdminSummary>();

/** Home modules (content): the sections of the home page, in order, and what each shows. */
export default function ContentModules() {
  const { t } = useTranslation('cms');
  const { filters, page } = useLoaderData<typeof loader>();
  const columns = useMemo(
    () =>
      [
        column.accessor('title', {
          header: () => t('module.heading'),
          cell: (c) => <Typography.Text strong>{c.getValue()}</Typography.Text>,
        }),
        column.accessor('type', {
          header: () => t('module.type'),
          cell: (c) => t(`moduleType.${c.getValue()}`),
        }),
      ] as RowColumns<ModuleAdminSummary>,
    [t],
  );
  return (
    <SimpleList
      kind={kind}
      filters={filters}
      page={page}
      columns={columns}
      renderForm={(editing, close, saved) => (
        <ModuleForm item={editing.item} onClose={close} onSaved={saved} />
      )}
    />
  );
}
