/**
 * The member's tickets for the same game (`deskUserSubmitRecord`, newest first), beside the thread, so an agent
 * sees at once whether this is the third time they ask. Each opens its own detail.
 */
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Flex, Pagination, Spin, Typography } from 'antd';
import { formatDate, mediumDateTime } from '@gp/i18n/format';
import { deskCalls } from '../api/tickets.calls.ts';
import { deskErrorText } from '../model/desk-errors.ts';
import { useCallResult } from '../api/use-call-result.ts';
import { StatusTag } from './status-tag.tsx';
import { ToneText } from './tone-text.tsx';
import layout from '../../../lib/layout.module.css';
import desk from './desk.module.css';

const pageSize = 10;

export function MemberHistory({
  uid,
  gameBaseId,
  currentId,
}: {
  uid: number;
  gameBaseId: number;
  currentId: number;
}) {
  const { t, i18n } = useTranslation('desk');
  const headingId = useId();
  const [page, setPage] = useState(1);
  const history = useCallResult(`history:${uid}:${gameBaseId}:${page}`, () =>
    deskCalls.memberTickets({ uid, game_base_id: gameBaseId, page_num: page, page_size: pageSize }),
  );
  const data = history.data;
  return (
    <section aria-labelledby={headingId}>
      <Typography.Title level={2} id={headingId} className={layout.large}>
        {t('history.heading')}
      </Typography.Title>
      {history.error ? (
        <ToneText tone="danger">{deskErrorText(t, history.error)}</ToneText>
      ) : !data ? (
        <Spin />
      ) : data.list.length === 0 ? (
        <Typography.Text type="secondary">{t('history.empty')}</Typography.Text>
      ) : (
        <>
          <ul className={layout.plainList} aria-busy={history.loading}>
            {data.list.map((item) => {
              const current = item.work_order_id === currentId;
              return (
                <li key={item.work_order_id} className={desk.historyItem}>
                  <div>
                    {current ? (
                      <span aria-current="page">
                        <strong>
                          #{item.work_order_id} {item.question_title}
                        </strong>{' '}
                        ({t('history.current')})
                      </span>
                    ) : (
                      <Link to={`/tickets/${item.work_order_id}`}>
                        #{item.work_order_id} {item.question_title}
                      </Link>
                    )}
                  </div>
                  <Flex gap="small" align="center" className={desk.lineBelow}>
                    <StatusTag status={item.work_order_status} />
                    <time dateTime={item.created_at} className={layout.muted}>
                      {formatDate(item.created_at, i18n.language, { style: mediumDateTime })}
                    </time>
                  </Flex>
                </li>
              );
            })}
          </ul>
          {data.total > pageSize && (
            <Pagination
              simple
              size="small"
              className={layout.gapAboveTight}
              current={page}
              pageSize={pageSize}
              total={data.total}
              onChange={setPage}
            />
          )}
        </>
      )}
    </section>
  );
}
