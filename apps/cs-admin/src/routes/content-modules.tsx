import type { TFunction } from 'i18next';
import { createColumnHelper } from '@tanstack/react-table';
import { Typography } from 'antd';
import type { ModuleAdminSummary } from '@gp/contracts/content-admin';
import {
  moduleCalls,
  ModuleForm,
  moduleInputOf,
  type RowColumns,
  simpleListRoute,
} from '../features/content/index.ts';

const column = createColumnHelper<ModuleAdminSummary>();

const route = simpleListRoute(moduleCalls, {
  scope: 'module',
  rowId: (m) => String(m.id),
  nameOf: (m) => m.title,
  keyOf: (m) => ({ id: m.id }),
  inputOf: moduleInputOf,
  columns: (t: TFunction) =>
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
  form: (item, close, saved) => <ModuleForm item={item} onClose={close} onSaved={saved} />,
});

export const loader = route.loader;

/** Home modules (content): the sections of the home page, in order, and what each shows. */
export default route.Screen;
