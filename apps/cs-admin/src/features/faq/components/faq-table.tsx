import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { createColumnHelper, getCoreRowModel, useReactTable } from '@tanstack/react-table';
import { Button, Space, Switch, Tag, Typography } from 'antd';
import type { EditLanguage, FaqAdminItem } from '@gp/contracts/catalog-admin';
import { optionOf } from '@gp/i18n/languages';
import { DataTable, TimeCell } from '../../../lib/data-table.tsx';
import { OnlineStateTag } from './online-state.tsx';
import layout from '../../../lib/layout.module.css';

export interface FaqActions {
  setOnline(entry: FaqAdminItem, online: boolean): void;
  remove(entry: FaqAdminItem): void;
}

const column = createColumnHelper<FaqAdminItem>();

/**
 * One page of FAQ entries: the title (a link to the editor), game, type, languages, the online switch with what
 * players see now, and delete.
 */
export function FaqTable({
  entries,
  actions,
  busyEntry,
  busy,
  listSearch,
  language,
}: {
  entries: FaqAdminItem[];
  actions: FaqActions;
  /** The entry an action is running on: its switch and buttons wait. */
  busyEntry: number | null;
  busy: boolean;
  /** The list's search, so the editor comes back to the same page and filters. */
  listSearch: string;
  /** The language titles were asked in: a title in another one (en) says so. */
  language: EditLanguage;
}) {
  const { t } = useTranslation('ops');
  const columns = useMemo(
    () => [
      column.accessor('question_title', {
        header: () => t('faq.questionTitle'),
        cell: (c) => {
          const entry = c.row.original;
          return (
            <>
              <Link
                to={`/faq/${entry.question_id}`}
                state={{ listSearch }}
                lang={optionOf(entry.title_lang).lang}
              >
                {c.getValue()}
              </Link>
              {entry.title_lang !== language && (
                <div>
                  <Typography.Text type="secondary" className={layout.small}>
                    {t('faq.titleShownIn', { language: optionOf(entry.title_lang).label })}
                  </Typography.Text>
                </div>
              )}
            </>
          );
        },
      }),
      column.accessor('game_name', {
        header: () => t('faq.game'),
        cell: (c) => c.getValue() ?? <Typography.Text italic>{t('faq.allGames')}</Typography.Text>,
      }),
      column.accessor('question_type_name', { header: () => t('faq.questionType') }),
      column.accessor('languages', {
        header: () => t('faq.languages'),
        cell: (c) => (
          <Space size={[4, 4]} wrap>
            {c.getValue().map((lang) => (
              <Tag key={lang} lang={optionOf(lang).lang}>
                {optionOf(lang).label}
              </Tag>
            ))}
          </Space>
        ),
      }),
      column.accessor('is_online', {
        header: () => t('faq.online'),
        cell: (c) => {
          const entry = c.row.original;
          const waiting = busyEntry === entry.question_id;
          return (
            <Space size={8} align="start">
              <Switch
                checked={c.getValue() === 1}
                loading={waiting}
                disabled={waiting}
                aria-label={t('faq.onlineOf', { title: entry.question_title })}
                onChange={(on) => actions.setOnline(entry, on)}
              />
              <OnlineStateTag state={entry.online_state} time={entry.online_time} />
            </Space>
          );
        },
      }),
      column.accessor('updated_at', {
        header: () => t('faq.updated'),
        cell: (c) => <TimeCell iso={c.getValue()} />,
      }),
      column.display({
        id: 'actions',
        header: () => t('common.actions'),
        cell: (c) => {
          const entry = c.row.original;
          return (
            <Button
              size="small"
              danger
              disabled={busyEntry === entry.question_id}
              onClick={() => actions.remove(entry)}
              aria-label={t('faq.deleteOf', { title: entry.question_title })}
            >
              {t('common.delete')}
            </Button>
          );
        },
      }),
    ],
    [t, actions, busyEntry, listSearch, language],
  );
  // TanStack Table rebuilds its instance every render by design; nothing here is memoized on it.
  // eslint-disable-next-line react-hooks/incompatible-library
  const table = useReactTable({
    data: entries,
    columns,
    getCoreRowModel: getCoreRowModel(),
    getRowId: (row) => String(row.question_id),
  });
  return <DataTable table={table} caption={t('faq.title')} empty={t('faq.empty')} busy={busy} />;
}
