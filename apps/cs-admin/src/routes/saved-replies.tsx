/**
 * Saved replies (`/tickets/saved-replies`, tickets.reply): reusable answers with a text per
 * language that the batch reply sends in each player's language. Create, edit and delete (after a
 * confirmation); each change is audited by the server.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLoaderData } from 'react-router';
import { App, Button, Space, Table, Tag, Typography } from 'antd';
import type { SavedReplyItem } from '@gp/contracts/desk';
import { formatDate, mediumDateTime } from '@gp/i18n/format';
import {
  deskErrorText,
  languagesWithText,
  savedReplyCalls,
  SavedReplyForm,
} from '../features/tickets/index.ts';
import { PageFrame } from '../lib/page-frame.tsx';
import { useListPage } from '../lib/use-list-page.ts';
import layout from '../lib/layout.module.css';

export async function loader() {
  return savedReplyCalls.list({});
}

export default function SavedReplies() {
  const { t, i18n } = useTranslation('desk');
  const { list } = useLoaderData<typeof loader>();
  const replies = useListPage();
  const { message, modal } = App.useApp();
  /** The dialog: closed (undefined), a new saved reply (null) or one being edited. */
  const [editing, setEditing] = useState<SavedReplyItem | null | undefined>(undefined);

  const remove = (item: SavedReplyItem) =>
    void modal.confirm({
      title: t('replies.deleteLabel', { title: item.title }),
      content: t('replies.deleteConfirm', { title: item.title }),
      okText: t('replies.delete'),
      okButtonProps: { danger: true },
      cancelText: t('replies.cancel'),
      onOk: () =>
        replies.run(
          item.saved_reply_id,
          () => savedReplyCalls.delete({ saved_reply_id: item.saved_reply_id }),
          {
            done: t('replies.deleted'),
            errorText: (error) => deskErrorText(t, error),
          },
        ),
    });

  return (
    <PageFrame
      title={t('replies.savedTitle')}
      toolbar={
        <Button type="primary" onClick={() => setEditing(null)}>
          {t('replies.new')}
        </Button>
      }
    >
      <Typography.Paragraph className={layout.flush}>{t('replies.savedIntro')}</Typography.Paragraph>
      <Table<SavedReplyItem>
        aria-label={t('replies.listLabel')}
        rowKey="saved_reply_id"
        dataSource={list}
        pagination={false}
        loading={replies.loading}
        // antd's empty-table grey misses WCAG AA contrast on white; this one passes (7:1).
        locale={{ emptyText: <span className={layout.muted}>{t('replies.empty')}</span> }}
        columns={[
          { title: t('replies.colTitle'), dataIndex: 'title' },
          {
            title: t('replies.colLanguages'),
            key: 'languages',
            render: (_, item) => (
              <Space size={4} wrap>
                {languagesWithText(item.texts).map((lang) => (
                  <Tag key={lang}>{t(`replies.lang.${lang}`)}</Tag>
                ))}
              </Space>
            ),
          },
          {
            title: t('replies.colUpdated'),
            key: 'updated',
            render: (_, item) => {
              const time = formatDate(item.updated_at, i18n.language, { style: mediumDateTime });
              return item.updated_by ? t('replies.updatedBy', { time, name: item.updated_by }) : time;
            },
          },
          {
            title: t('replies.colActions'),
            key: 'actions',
            render: (_, item) => (
              <Space>
                <Button
                  size="small"
                  aria-label={t('replies.editLabel', { title: item.title })}
                  onClick={() => setEditing(item)}
                >
                  {t('replies.edit')}
                </Button>
                <Button
                  size="small"
                  danger
                  aria-label={t('replies.deleteLabel', { title: item.title })}
                  onClick={() => remove(item)}
                >
                  {t('replies.delete')}
                </Button>
              </Space>
            ),
          },
        ]}
      />

      {editing !== undefined && (
        <SavedReplyForm
          editing={editing}
          onClose={() => setEditing(undefined)}
          onSaved={() => {
            setEditing(undefined);
            void message.success(t('replies.saved'));
            void replies.refresh();
          }}
        />
      )}
    </PageFrame>
  );
}
