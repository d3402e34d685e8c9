/**
 * The list screen of banners, recommended games, home modules and fan groups: the kind's own columns, then what
 * players get now, the languages, the order (`sort`, lower first; the list is in the players' order), an on/off
 * switch, edit and delete (asked first). Switching on or off saves the whole item with only `is_online` changed,
 * as the save call replaces the item.
 */
import { useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useRevalidator } from 'react-router';
import { createColumnHelper, getCoreRowModel, useReactTable, type ColumnDef } from '@tanstack/react-table';
import { App, Button, Space, Switch } from 'antd';
import type { ContentLanguage, ContentStatus } from '@gp/contracts/content-admin';
import { DataTable } from '../../../lib/data-table.tsx';
import { errorMessage } from '../../../lib/error-message.ts';
import type { ContentFilters } from '../model/content-filters.ts';
import { LanguageMarks } from './language-marks.tsx';
import { ListScreen } from './list-screen.tsx';
import { StatusTag } from './status-tag.tsx';

export interface SimpleSummary {
  status: ContentStatus;
  languages: ContentLanguage[];
  sort: number;
  is_online: 0 | 1;
}

/** A row's columns: they hold values of different types, which TanStack Table types as `any`. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the column list mixes value types (TanStack's own advice)
export type RowColumns<S> = ColumnDef<S, any>[];

/** What the list needs to know of a kind. */
export interface SimpleKind<S extends SimpleSummary, D> {
  /** cms.json key scope of its texts (title, intro, add, editTitle, ...). */
  scope: string;
  rowId: (item: S) => string;
  /** The item's name in confirmations and button labels. */
  nameOf: (item: S) => string;
  detail: (item: S) => Promise<D>;
  remove: (item: S) => Promise<unknown>;
  /** Saves the whole item with `is_online` set. */
  setOnline: (detail: D, online: boolean) => Promise<unknown>;
}

/** The open dialog: a new item, or the detail of the one being edited. */
export type Editing<D> = { item: D | null } | null;

export function SimpleList<S extends SimpleSummary, D>({
  kind,
  filters,
  page,
  columns: ownColumns,
  renderForm,
}: {
  kind: SimpleKind<S, D>;
  filters: ContentFilters;
  page: { list: S[]; total: number; page_num: number; page_size: number };
  /** The kind's own columns, first in the row. */
  columns: RowColumns<S>;
  renderForm: (editing: { item: D | null }, close: () => void, saved: () => void) => ReactNode;
}) {
  const { t } = useTranslation('cms');
  const { message, modal } = App.useApp();
  const revalidator = useRevalidator();
  const [editing, setEditing] = useState<Editing<D>>(null);
  const [busy, setBusy] = useState<string | null>(null);

  const actions = useMemo(() => {
    const run = async (item: S, work: () => Promise<unknown>, done?: string) => {
      setBusy(kind.rowId(item));
      try {
        await work();
        if (done) void message.success(t(done, { name: kind.nameOf(item) }));
        await revalidator.revalidate();
      } catch (error) {
        void message.error(errorMessage(t, error));
      } finally {
        setBusy(null);
      }
    };
    return {
      edit: (item: S) => void run(item, async () => setEditing({ item: await kind.detail(item) })),
      toggle: (item: S, online: boolean) =>
        void run(
          item,
          async () => kind.setOnline(await kind.detail(item), online),
          online ? 'list.shownDone' : 'list.hiddenDone',
        ),
      remove: (item: S) =>
        void modal.confirm({
          title: t('delete.confirmTitle', { name: kind.nameOf(item) }),
          content: t('delete.itemConfirm'),
          okText: t('actions.delete'),
          okButtonProps: { danger: true },
          cancelText: t('actions.cancel'),
          onOk: () => run(item, () => kind.remove(item), 'delete.done'),
        }),
    };
    // revalidator changes identity on every state change; its revalidate is what is needed, at call time.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [kind, t, message, modal]);

  const columns = useMemo(() => {
    const column = createColumnHelper<S>();
    return [
      ...ownColumns,
      column.display({
        id: 'status',
        header: () => t('list.status'),
        cell: (c) => <StatusTag status={c.row.original.status} />,
      }),
      column.display({
        id: 'languages',
        header: () => t('list.languages'),
        cell: (c) => <LanguageMarks languages={c.row.original.languages} />,
      }),
      column.display({ id: 'sort', header: () => t('list.sort'), cell: (c) => c.row.original.sort }),
      column.display({
        id: 'online',
        header: () => t('list.shown'),
        cell: (c) => (
          <Switch
            checked={c.row.original.is_online === 1}
            loading={busy === kind.rowId(c.row.original)}
            aria-label={t('list.shownOf', { name: kind.nameOf(c.row.original) })}
            onChange={(on) => actions.toggle(c.row.original, on)}
          />
        ),
      }),
      column.display({
        id: 'actions',
        header: () => t('list.actions'),
        cell: (c) => {
          const name = kind.nameOf(c.row.original);
          const rowBusy = busy === kind.rowId(c.row.original);
          return (
            <Space size={4} wrap>
              <Button
                size="small"
                disabled={rowBusy}
                onClick={() => actions.edit(c.row.original)}
                aria-label={t('actions.editOf', { name })}
              >
                {t('actions.edit')}
              </Button>
              <Button
                size="small"
                danger
                disabled={rowBusy}
                onClick={() => actions.remove(c.row.original)}
                aria-label={t('actions.deleteOf', { name })}
              >
                {t('actions.delete')}
              </Button>
            </Space>
          );
        },
      }),
    ] as RowColumns<S>;
  }, [ownColumns, t, busy, kind, actions]);

  // TanStack Table rebuilds its instance every render by design; nothing here is memoized on it.
  // eslint-disable-next-line react-hooks/incompatible-library
  const table = useReactTable({
    data: page.list,
    columns,
    getCoreRowModel: getCoreRowModel(),
    getRowId: kind.rowId,
  });

  return (
    <ListScreen
      title={t(`${kind.scope}.title`)}
      intro={t(`${kind.scope}.intro`)}
      action={
        <Button type="primary" onClick={() => setEditing({ item: null })}>
          {t(`${kind.scope}.add`)}
        </Button>
      }
      filters={filters}
      page={page}
    >
      {(loading) => (
        <>
          <DataTable
            table={table}
            caption={t(`${kind.scope}.title`)}
            empty={t('list.empty')}
            busy={loading}
          />
          {editing &&
            renderForm(
              editing,
              () => setEditing(null),
              () => {
                const added = editing.item === null;
                setEditing(null);
                void message.success(t(added ? 'form.created' : 'form.saved'));
                void revalidator.revalidate();
              },
            )}
        </>
      )}
    </ListScreen>
  );
}
