import { useTranslation } from 'react-i18next';
import { currentLanguage } from '@gp/i18n';
import { dateTime, formatDate, formatMoney } from '@gp/i18n/format';
import { OrderNumber } from '@gp/ui/order-number';
import { ItemName } from './item-name.tsx';
import styles from './topup.module.css';

export interface SummaryLines {
  order_no?: string;
  game_name: string;
  server_name: string;
  role_name: string;
  product_name: string;
  marketing?: string;
  channel_name: string;
  product_price: number;
  currency: string;
  exponent: number;
  pay_time?: string | null;
}

/** What is being bought for whom, at what price: the confirm step and every page that follows an order. */
export function OrderSummary({ lines }: { lines: SummaryLines }) {
  const { t } = useTranslation('pay');
  return (
    <dl className={styles.summary}>
      {lines.order_no && (
        <>
          <dt>{t('confirm.orderNo')}</dt>
          <dd>
            <OrderNumber value={lines.order_no} />
          </dd>
        </>
      )}
      <dt>{t('confirm.game')}</dt>
      <dd>{lines.game_name}</dd>
      <dt>{t('confirm.server')}</dt>
      <dd>{lines.server_name}</dd>
      <dt>{t('confirm.character')}</dt>
      <dd>{lines.role_name}</dd>
      <dt>{t('confirm.product')}</dt>
      <dd>
        <ItemName name={lines.product_name} />
        {lines.marketing && <span className={styles.details}> ({lines.marketing})</span>}
      </dd>
      <dt>{t('confirm.method')}</dt>
      <dd>{lines.channel_name}</dd>
      {lines.pay_time && (
        <>
          <dt>{t('order.paidAt')}</dt>
          <dd>{formatDate(lines.pay_time, currentLanguage(), { style: dateTime })}</dd>
        </>
      )}
      <dt>{t('confirm.amount')}</dt>
      <dd className={styles.amount}>
        {formatMoney(lines.product_price, lines.currency, lines.exponent, currentLanguage())}
      </dd>
    </dl>
  );
}
