/**
 * The top-up history (spec 3 "Recharge order"): pay time, order number, character, item, amount, status
 * (in progress / successful / failed, spec 4) and, for a failed top-up, why. A table on desktop, cards on H5;
 * an order still in progress links to its payment page.
 */
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { OrderStatus, PayOrderItem, PayOrderPage } from '@gp/contracts/pay';
import { currentLanguage, errorText } from '@gp/i18n';
import { dateTime, formatDate, formatMoney } from '@gp/i18n/format';
import { OrderNumber } from '@gp/ui/order-number';
import { VisuallyHidden, visuallyHidden } from '@gp/ui/visually-hidden';
import { ItemName } from './item-name.tsx';
import { OrderHelpLink } from './order-help-link.tsx';
import { isRefunded, RefundReason } from './refund-note.tsx';
import { orderPath, type TopupPlace } from '../model/place.ts';
import styles from './order-history.module.css';

const statusClass: Record<OrderStatus, string | undefined> = {
  pending: styles.pending,
  success: styles.success,
  failed: styles.failed,
};

function Status({ order }: { order: PayOrderItem }) {
  const { t } = useTranslation('pay');
  if (isRefunded(order))
    return (
      <>
        <span className={styles.status}>{t('refunds.status')}</span>
        <span className={styles.reason}>
          <VisuallyHidden>{t('history.reason')}: </VisuallyHidden>
          <RefundReason order={order} />
        </span>
      </>
    );
  return (
    <>
      <span className={`${styles.status} ${statusClass[order.status] ?? ''}`}>
        {t(`status.${order.status}`)}
      </span>
      {order.status === 'failed' && (
        <span className={styles.reason}>
          <VisuallyHidden>{t('history.reason')}: </VisuallyHidden>
          {order.reason_code !== null ? errorText(t, 'pay', order.reason_code) : t('order.failedGeneric')}
        </span>
      )}
    </>
  );
}

function PayTime({ order }: { order: PayOrderItem }) {
  const { t } = useTranslation('pay');
  return order.pay_time ? (
    <time dateTime={order.pay_time}>
      {formatDate(order.pay_time, currentLanguage(), { style: dateTime })}
    </time>
  ) : (
    <span className={styles.muted}>{t('history.notPaid')}</span>
  );
}

function OrderNo({ order, place }: { order: PayOrderItem; place: TopupPlace }) {
  const { t } = useTranslation('pay');
  return (
    <>
      <span className={styles.orderNo}>
        <OrderNumber value={order.order_no} />
      </span>
      {order.status === 'pending' && (
        <Link className={styles.check} to={orderPath(place, order)}>
          {t('history.check')} <VisuallyHidden>{order.order_no}</VisuallyHidden>
        </Link>
      )}
      <OrderHelpLink order={order} className={styles.help} />
    </>
  );
}

export function OrderHistory({ page, place }: { page: PayOrderPage; place: TopupPlace }) {
  const { t } = useTranslation('pay');
  if (page.list.length === 0)
    return (
      <div className={styles.empty}>
        <p>{t('history.empty')}</p>
        <Link className={styles.action} to={place.home}>
          {t('history.topUp')}
        </Link>
      </div>
    );
  if (place.h5)
    return (
      <ul className={styles.cards} aria-label={t('history.caption')}>
        {page.list.map((order) => (
          <li key={order.order_no} className={styles.card}>
            <div className={styles.cardHead}>
              <strong>
                <ItemName name={order.product_name} />
              </strong>
              <span className={styles.amount}>
                {formatMoney(order.product_price, order.currency, order.exponent, currentLanguage())}
              </span>
            </div>
            <dl className={styles.fields}>
              <dt>{t('history.status')}</dt>
              <dd>
                <Status order={order} />
              </dd>
              <dt>{t('history.character')}</dt>
              <dd>
                {order.role_name} · {order.server_name}
              </dd>
              <dt>{t('history.payTime')}</dt>
              <dd>
                <PayTime order={order} />
              </dd>
              <dt>{t('history.orderNo')}</dt>
              <dd>
                <OrderNo order={order} place={place} />
              </dd>
            </dl>
          </li>
        ))}
      </ul>
    );
  return (
    <table className={styles.table}>
      <caption className={visuallyHidden}>{t('history.caption')}</caption>
      <thead>
        <tr>
          <th scope="col">{t('history.payTime')}</th>
          <th scope="col">{t('history.orderNo')}</th>
          <th scope="col">{t('history.character')}</th>
          <th scope="col">{t('history.product')}</th>
          <th scope="col" className={styles.numeric}>
            {t('history.amount')}
          </th>
          <th scope="col">{t('history.status')}</th>
        </tr>
      </thead>
      <tbody>
        {page.list.map((order) => (
          <tr key={order.order_no}>
            <td>
              <PayTime order={order} />
            </td>
            <td>
              <OrderNo order={order} place={place} />
            </td>
            <td>
              {order.role_name}
              <span className={styles.sub}>{order.server_name}</span>
            </td>
            <td>
              <ItemName name={order.product_name} />
              <span className={styles.sub}>{order.game_name}</span>
            </td>
            <td className={styles.numeric}>
              {formatMoney(order.product_price, order.currency, order.exponent, currentLanguage())}
            </td>
            <td>
              <Status order={order} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** Previous / next between history pages (`?page=N`), with where the reader is. */
export function HistoryPager({
  page,
  pageCount,
  hrefFor,
}: {
  page: number;
  pageCount: number;
  hrefFor: (page: number) => string;
}) {
  const { t } = useTranslation('pay');
  if (pageCount <= 1) return null;
  return (
    <nav className={styles.pager} aria-label={t('history.pager.label')}>
      {page > 1 ? (
        <Link to={hrefFor(page - 1)} rel="prev" className={styles.pageLink}>
          {t('history.pager.previous')}
        </Link>
      ) : (
        <span />
      )}
      <span aria-current="page">{t('history.pager.position', { page, total: pageCount })}</span>
      {page < pageCount ? (
        <Link to={hrefFor(page + 1)} rel="next" className={styles.pageLink}>
          {t('history.pager.next')}
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}
