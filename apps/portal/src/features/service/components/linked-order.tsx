/**
 * The order a ticket is about, on the player's ticket page: what was bought for which character, where
 * the order stands now and its timeline, in the page language and the reader's time zone. The page's `refresh()`
 * reloads it together with the thread.
 */
import { useTranslation } from 'react-i18next';
import type { WorkOrderDetailData } from '@gp/contracts/cs';
import { OrderNumber } from '@gp/ui/order-number';
import { OrderTimeline } from '@gp/ui/order-timeline';
import summary from './ticket-summary.module.css';
import pageStyles from './service-page.module.css';

export function LinkedOrder({ ticket }: { ticket: WorkOrderDetailData }) {
  const { t } = useTranslation('service');
  if (!ticket.order_no) return null;
  const order = ticket.order;
  const latest = order?.timeline.at(-1);
  return (
    <section aria-labelledby="linked-order-heading">
      <h2 id="linked-order-heading" className={pageStyles.sectionTitle}>
        {t('orderHelp.panel')}
      </h2>
      {order ? (
        <>
          <dl className={summary.summary}>
            <div className={summary.row}>
              <dt>{t('orderHelp.orderNo')}</dt>
              <dd>
                <OrderNumber value={order.order_no} />
              </dd>
            </div>
            <div className={summary.row}>
              <dt>{t('orderHelp.status')}</dt>
              <dd>{latest ? t(`common:orderTimeline.steps.${latest.step}`) : null}</dd>
            </div>
            <div className={summary.row}>
              <dt>{t('orderHelp.item')}</dt>
              <dd>{order.product_name}</dd>
            </div>
            <div className={summary.row}>
              <dt>{t('orderHelp.character')}</dt>
              <dd>
                {order.role_name} · {order.server_name}
              </dd>
            </div>
          </dl>
          <OrderTimeline timeline={order.timeline} />
        </>
      ) : (
        <p>
          {t('orderHelp.orderNo')}: {ticket.order_no}. {t('orderHelp.noOrder')}
        </p>
      )}
    </section>
  );
}
