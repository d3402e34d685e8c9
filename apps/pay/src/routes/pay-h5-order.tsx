/**
 * H5 pages that follow an order (`?order_no=...&pay_order_no=...`): payorder (pay, with the three actions),
 * paycomplete (paid, waiting for the credit; query later) and paysucceed (credited). The tracker moves between
 * them as the order's state changes; a failed order shows its reason on the page it is on.
 */
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import {
  OrderTracker,
  type OrderPage,
  orderFromSearch,
  HistoryLink,
  TopupPage,
  useTopup,
} from '../features/topup/index.ts';
import styles from './paygame.module.css';

const titles: Record<OrderPage, string> = {
  payorder: 'common:routes.payOrder',
  paycomplete: 'common:routes.payComplete',
  paysucceed: 'common:routes.paySucceed',
};

function pageOf(pathname: string): OrderPage {
  const last = pathname.split('/').filter(Boolean).at(-1);
  return last === 'paycomplete' || last === 'paysucceed' ? last : 'payorder';
}

export default function PayH5Order() {
  const { t } = useTranslation(['pay', 'common']);
  const { pathname, search } = useLocation();
  const { place, api } = useTopup();
  const page = pageOf(pathname);
  const order = useMemo(() => orderFromSearch(search), [search]);
  return (
    <TopupPage title={t(titles[page])} h5 aside={<HistoryLink to={place.history} />}>
      {order ? (
        <OrderTracker key={order.order_no} api={api} place={place} order={order} page={page} />
      ) : (
        <p className={styles.notice}>
          {t('order.none')} <Link to={place.home}>{t('order.backToTopup')}</Link>
        </p>
      )}
    </TopupPage>
  );
}
