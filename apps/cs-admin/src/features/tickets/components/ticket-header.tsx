import { useTranslation } from 'react-i18next';
import { Descriptions, Space, Typography } from 'antd';
import type { DeskTicketDetail, LockHolderData } from '@gp/contracts/desk';
import { formatDate, mediumDateTime } from '@gp/i18n/format';
import { firstResponseItem } from './first-response.tsx';
import { LockHolder } from './lock-holder.tsx';
import { StatusTag } from './status-tag.tsx';
import layout from '../../../lib/layout.module.css';

/**
 * What an agent checks first: the title and state, then whose ticket it is and who is on it (`lock`: the holder
 * as this screen knows it now, null for nobody).
 */
export function TicketHeader({
  ticket,
  lock,
  ownStaffId,
}: {
  ticket: DeskTicketDetail;
  lock: LockHolderData | null;
  ownStaffId: number;
}) {
  const { t, i18n } = useTranslation('desk');
  const lang = i18n.language;
  return (
    <header>
      <Space align="center" wrap className={layout.gapBelowSmall}>
        <Typography.Title level={1} className={layout.frameTitle}>
          <span className={layout.muted}>#{ticket.work_order_id}</span> {ticket.question_title}
        </Typography.Title>
        <StatusTag status={ticket.work_order_status} />
      </Space>
      <Descriptions
        size="small"
        bordered
        column={{ xs: 1, md: 2, xl: 3 }}
        items={[
          { key: 'game', label: t('detail.game'), children: ticket.game_name },
          { key: 'type', label: t('detail.questionType'), children: ticket.question_type_name },
          {
            key: 'member',
            label: t('detail.member'),
            children: `${ticket.uid} · ${ticket.nickname}`,
          },
          {
            key: 'character',
            label: t('detail.character'),
            children: ticket.character_id
              ? `${ticket.character_name ?? ''} (${ticket.character_id})`
              : t('detail.none'),
          },
          { key: 'email', label: t('detail.email'), children: ticket.email },
          {
            key: 'created',
            label: t('detail.created'),
            children: (
              <time dateTime={ticket.created_at}>
                {formatDate(ticket.created_at, lang, { style: mediumDateTime })}
              </time>
            ),
          },
          {
            key: 'replied',
            label: t('detail.replied'),
            children: ticket.replied_at ? (
              <time dateTime={ticket.replied_at}>
                {formatDate(ticket.replied_at, lang, { style: mediumDateTime })}
              </time>
            ) : (
              t('detail.notYet')
            ),
          },
          firstResponseItem(ticket, t, lang),
          {
            key: 'operator',
            label: t('detail.operator'),
            children: ticket.operator_name ?? t('detail.none'),
          },
          {
            key: 'lock',
            label: t('detail.lock'),
            children: lock ? <LockHolder lock={lock} ownStaffId={ownStaffId} /> : t('detail.unlocked'),
          },
        ]}
      />
    </header>
  );
}
