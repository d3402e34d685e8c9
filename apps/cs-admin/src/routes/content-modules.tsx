import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { createColumnHelper } from '@tanstack/react-table';
import { Typography } from 'antd';
import type { ModuleAdminData, ModuleAdminSummary } from '@gp/contracts/content-admin';
import { contentFiltersFromUrl } from '../features/content/model/content-filters.ts';
import { getModulePage } from '../features/content/api/get-module-page.ts';
import { getModule } from '../features/content/api/get-module.ts';
import { saveModule } from '../features/content/api/save-module.ts';
import { deleteModule } from '../features/content/api/delete-module.ts';
import { ModuleForm } from '../features/content/components/module-form.tsx';
import { SimpleList, type RowColumns, type SimpleKind } from '../features/content/components/simple-list.tsx';
import { moduleInputOf } from '../features/content/model/item-values.ts';

export async function loader({ request }: LoaderFunctionArgs) {
  const filters = contentFiltersFromUrl(new URL(request.url));
  return { filters, page: await getModulePage(filters) };
}

const kind: SimpleKind<ModuleAdminSummary, ModuleAdminData> = {
  scope: 'module',
  rowId: (m) => String(m.id),
  nameOf: (m) => m.title,
  detail: (m) => getModule({ id: m.id }),
  remove: (m) => deleteModule({ id: m.id }),
  setOnline: (m, online) => saveModule(moduleInputOf(m, online)),
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
