/**
 * One ticket (`/tickets/:id`, tickets.read): header, the whole thread with attachments, the member's earlier
 * tickets beside it; with tickets.reply also the reply editor (editing lock, FAQ insert, draft kept until sent),
 * recall of one's own recent replies, and state / question type changes.
 */
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLoaderData, useLocation, useRevalidator, type LoaderFunctionArgs } from 'react-router';
import { Alert, Card, Col, Row, Space, Typography } from 'antd';
import { ApiError } from '@gp/api-client';
import { workOrderIdField } from '@gp/contracts/cs';
import type { DeskTicketDetail, LockHolderData } from '@gp/contracts/desk';
import { codes } from '@gp/errors';
import { useStaffSession } from '../lib/staff-session.ts';
import {
  deskCalls,
  deskErrorText,
  LinkedOrder,
  type LockState,
  MemberHistory,
  ReplyEditor,
  TicketHeader,
  TicketModify,
  TicketThread,
  useEditLock,
} from '../features/tickets/index.ts';
import layout from '../lib/layout.module.css';

export async function loader({ params }: LoaderFunctionArgs) {
  const id = workOrderIdField.safeParse(params.id);
  if (!id.success) return { ticket: null, error: new ApiError(codes.notFound, 'staff', 404) as unknown };
  try {
    return { ticket: await deskCalls.detail({ work_order_id: id.data }), error: null as unknown };
  } catch (error) {
    return { ticket: null, error };
  }
}

/** Who holds the ticket as far as this screen knows: its own lock first, else another agent's from the detail. */
function shownHolder(
  state: LockState,
  loaded: LockHolderData | null,
  me: { staff_id: number; account_name: string },
): LockHolderData | null {
  if (state.kind === 'held') return { ...me, expires_at: state.expiresAt };
  if (state.kind === 'other') return state.holder;
  // Given back, lapsed or being taken: a lock of our own the detail named is not (or not yet) ours any more.
  return loaded && loaded.staff_id !== me.staff_id ? loaded : null;
}

function TicketScreen({ ticket, onChanged }: { ticket: DeskTicketDetail; onChanged: () => void }) {
  const { t } = useTranslation('desk');
  const threadHeading = useId();
  const { session, can } = useStaffSession();
  const canReply = can('tickets.reply');
  const lock = useEditLock(ticket.work_order_id, ticket.lock, session.staff_id);
  const me = { staff_id: session.staff_id, account_name: session.account_name };
  return (
    <Row gutter={[24, 24]}>
      <Col xs={24} xl={17}>
        <Space orientation="vertical" size="large" className={layout.fullWidth}>
          <TicketHeader
            ticket={ticket}
            lock={shownHolder(lock.state, ticket.lock, me)}
            ownStaffId={session.staff_id}
          />
          <section aria-labelledby={threadHeading}>
            <Typography.Title level={2} id={threadHeading} className={layout.large}>
              {t('thread.heading')}
            </Typography.Title>
            <TicketThread
              workOrderId={ticket.work_order_id}
              messages={ticket.messages}
              ownStaffId={session.staff_id}
              canRecall={canReply}
              onChanged={onChanged}
            />
          </section>
          {canReply && (
            <Card
              title={
                <Typography.Title level={2} className={layout.sectionTitle}>
                  {t('editor.heading')}
                </Typography.Title>
              }
            >
              <ReplyEditor ticket={ticket} lock={lock} onSent={onChanged} onStale={onChanged} />
            </Card>
          )}
          {canReply && <TicketModify ticket={ticket} onChanged={onChanged} />}
        </Space>
      </Col>
      <Col xs={24} xl={7}>
        <LinkedOrder ticket={ticket} onChanged={onChanged} />
        <Card>
          <MemberHistory uid={ticket.uid} gameBaseId={ticket.game_base_id} currentId={ticket.work_order_id} />
        </Card>
      </Col>
    </Row>
  );
}

export default function TicketDetail() {
  const { t } = useTranslation('desk');
  const { ticket, error } = useLoaderData<typeof loader>();
  const revalidator = useRevalidator();
  const location = useLocation();
  const queue = (location.state as { queue?: unknown } | null)?.queue;
  const back = `/tickets${typeof queue === 'string' ? queue : ''}`;
  return (
    <Space orientation="vertical" size="middle" className={layout.fullWidth}>
      <Link to={back}>{t('detail.back')}</Link>
      {ticket ? (
        // A new ticket is a new screen: its editor, lock and draft start afresh.
        <TicketScreen
          key={ticket.work_order_id}
          ticket={ticket}
          onChanged={() => void revalidator.revalidate()}
        />
      ) : (
        <Alert
          type="error"
          showIcon
          title={
            error instanceof ApiError && error.code === codes.notFound
              ? t('detail.notFound')
              : deskErrorText(t, error)
          }
        />
      )}
    </Space>
  );
}
