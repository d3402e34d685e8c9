/**
 * The top-up order a ticket is about, beside its thread: its state and timeline for everyone who may
 * read the ticket; the payment details (amount, provider, delivery, refund; the pay console's own detail) and the
 * two actions only with the “Top-up catalog” privilege (`catalog`), which the server checks again. Each action adds a
 * note to the thread that the player reads in their language; the screen reloads to show it.
 */
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { Alert, Button, Card, Descriptions, Space, Tag, Timeline, Typography } from 'antd';
import { ApiError } from '@gp/api-client';
import type { OrderNote } from '@gp/contracts/cs';
import type { DeskLinkedOrder, DeskTicketDetail, OrderAction } from '@gp/contracts/desk';
import { timelineStepOf } from '@gp/contracts/pay';
import { codes } from '@gp/errors';
import { formatDate, formatMoney, mediumDateTime } from '@gp/i18n/format';
import { useStaffSession } from '../../../lib/staff-session.ts';
import { deskCalls } from '../api/tickets.calls.ts';
import { deskErrorText } from '../model/desk-errors.ts';
import { Facts } from '../../../lib/facts.tsx';
import layout from '../../../lib/layout.module.css';

/** An order note in the console's language (the player reads the same note in theirs). */
export function orderNoteText(t: TFunction, note: OrderNote, lang: string): string {
  const time = note.at ? formatDate(note.at, lang, { style: mediumDateTime }) : '';
  return t(`common:orderHelp.note.${note.code}`, { time });
}

/** What a refused action says: the pay console's retry refusals by field code, else the desk's texts. */
function actionError(t: TFunction, error: unknown): string {
  if (error instanceof ApiError && error.code === codes.badRequest) {
    const code = error.fields[0]?.code;
    if (code === 'not_dead' || code === 'not_owed' || code === 'no_delivery' || code === 'no_order')
      return t(`desk:orderHelp.refused.${code}`);
  }
  return deskErrorText(t, error);
}

function PayDetails({ order }: { order: DeskLinkedOrder }) {
  const { t, i18n } = useTranslation('desk');
  const pay = order.pay;
  if (!pay) return <Alert type="info" showIcon title={t('orderHelp.noPayPrivilege')} />;
  const when = (at: string | null) => (at ? formatDate(at, i18n.language, { style: mediumDateTime }) : '—');
  const items = [
    {
      key: 'amount',
      label: t('orderHelp.amount'),
      children: formatMoney(pay.product_price, pay.currency, pay.exponent, i18n.language),
    },
    { key: 'provider', label: t('orderHelp.provider'), children: `${pay.provider} · ${pay.channel_name}` },
    { key: 'payOrderNo', label: t('orderHelp.payOrderNo'), children: pay.pay_order_no || '—' },
    { key: 'paid', label: t('orderHelp.paidAt'), children: when(pay.pay_time) },
    { key: 'delivered', label: t('orderHelp.deliveredAt'), children: when(pay.delivered_at) },
    {
      key: 'delivery',
      label: t('orderHelp.delivery'),
      children: pay.delivery
        ? t('orderHelp.deliveryState', { status: pay.delivery.status, count: pay.delivery.attempts })
        : '—',
    },
    ...(pay.delivery?.last_error
      ? [{ key: 'lastError', label: t('orderHelp.lastError'), children: pay.delivery.last_error }]
      : []),
    ...(pay.refund
      ? [
          {
            key: 'refund',
            label: t('orderHelp.refund'),
            // The pay console's words for the reason code (a lost dispute, the provider, staff's choice).
            children: `${when(pay.refund.refunded_at)} · ${t(`ops:refunds.reasonLabel.${pay.refund.reason}`)}`,
          },
        ]
      : []),
  ];
  return <Facts items={items} />;
}

export function LinkedOrder({ ticket, onChanged }: { ticket: DeskTicketDetail; onChanged: () => void }) {
  const { t, i18n } = useTranslation('desk');
  const heading = useId();
  const { can } = useStaffSession();
  const [busy, setBusy] = useState<OrderAction | null>(null);
  const [result, setResult] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  if (!ticket.order_no) return null;
  const order = ticket.order;
  const canAct = can('tickets.reply') && can('catalog') && order?.pay != null;

  const act = (action: OrderAction) => {
    setBusy(action);
    setResult(null);
    deskCalls
      .orderAction({ work_order_id: ticket.work_order_id, action })
      .then(
        (done) => {
          setResult({
            tone: 'success',
            text: t('orderHelp.noted', { text: orderNoteText(t, done.note, i18n.language) }),
          });
          onChanged();
        },
        (error: unknown) => setResult({ tone: 'error', text: actionError(t, error) }),
      )
      .finally(() => setBusy(null));
  };

  return (
    <section aria-labelledby={heading}>
      <Card
        title={
          <Typography.Title level={2} id={heading} className={layout.sectionTitle}>
            {t('orderHelp.heading')}
          </Typography.Title>
        }
      >
        {order ? (
          <Space orientation="vertical" size="middle" className={layout.fullWidth}>
            <Descriptions
              size="small"
              column={1}
              items={[
                { key: 'no', label: t('orderHelp.orderNo'), children: order.order_no },
                {
                  key: 'state',
                  label: t('orderHelp.state'),
                  children: <Tag>{t(`common:orderTimeline.steps.${timelineStepOf(order.state)}`)}</Tag>,
                },
                { key: 'game', label: t('orderHelp.game'), children: order.game_name },
                {
                  key: 'character',
                  label: t('orderHelp.character'),
                  children: `${order.role_name} (${order.cp_role_id}) · ${order.server_name}`,
                },
                { key: 'item', label: t('orderHelp.item'), children: order.product_name },
              ]}
            />
            <section aria-label={t('orderHelp.timeline')}>
              <Timeline
                items={order.timeline.map((entry) => ({
                  key: `${entry.step}-${entry.at}`,
                  color: entry.step === 'failed' || entry.step === 'expired' ? 'red' : 'blue',
                  children: (
                    <>
                      {t(`common:orderTimeline.steps.${entry.step}`)}{' '}
                      <time dateTime={entry.at}>
                        {formatDate(entry.at, i18n.language, { style: mediumDateTime })}
                      </time>
                    </>
                  ),
                }))}
              />
            </section>
            <PayDetails order={order} />
            {canAct && (
              <Space wrap>
                <Button
                  loading={busy === 'ask_provider'}
                  disabled={busy !== null}
                  onClick={() => act('ask_provider')}
                >
                  {t('orderHelp.askProvider')}
                </Button>
                <Button
                  type="primary"
                  loading={busy === 'retry_delivery'}
                  disabled={busy !== null || order.pay?.delivery?.status !== 'dead'}
                  onClick={() => act('retry_delivery')}
                >
                  {t('orderHelp.retryDelivery')}
                </Button>
              </Space>
            )}
            <div role="status">
              {result?.tone === 'success' && <Alert type="success" showIcon title={result.text} />}
            </div>
            {result?.tone === 'error' && <Alert type="error" showIcon role="alert" title={result.text} />}
          </Space>
        ) : (
          <Alert type="warning" showIcon title={t('orderHelp.gone', { orderNo: ticket.order_no })} />
        )}
      </Card>
    </section>
  );
}
