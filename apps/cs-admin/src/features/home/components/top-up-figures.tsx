/** The home's top-up figures (catalog): paid and credited per hour, money per currency, paid but not credited. */
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Col, Row } from 'antd';
import type { HomeTopUpsData } from '@gp/contracts/console-home';
import { formatDate, formatNumber, mediumDateTime } from '@gp/i18n/format';
import { Money } from '../../../lib/money.tsx';
import { HourlyFigure, TableCard } from './figure.tsx';

const stuckStateKeys = ['paid', 'delivering', 'failed'] as const;
type StuckState = (typeof stuckStateKeys)[number];

/** The order search showing this order with its drawer open. */
export function orderLink(orderNo: string): string {
  const q = new URLSearchParams({ order_no: orderNo, open: orderNo });
  return `/pay/orders?${q.toString()}`;
}

export function TopUpFigures({ data }: { data: HomeTopUpsData }) {
  const { t, i18n } = useTranslation('admin');
  const n = (value: number) => formatNumber(value, i18n.language);
  const stateName = (state: string) =>
    (stuckStateKeys as readonly string[]).includes(state)
      ? t(`consoleHome.topUps.states.${state as StuckState}`)
      : state;

  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} lg={12}>
        <HourlyFigure
          title={t('consoleHome.topUps.perHour')}
          kind="column"
          series={[t('consoleHome.topUps.paid'), t('consoleHome.topUps.credited')]}
          counts={[data.paid, data.credited]}
          empty={t('consoleHome.topUps.noMoney')}
        />
      </Col>
      <Col xs={24} lg={12}>
        <TableCard
          id="home-money"
          title={t('consoleHome.topUps.money')}
          columns={[
            { header: t('consoleHome.topUps.currency'), cell: (m) => m.currency },
            { header: t('consoleHome.topUps.paidOrders'), cell: (m) => n(m.paid_count) },
            {
              header: t('consoleHome.topUps.paidAmount'),
              cell: (m) => <Money minor={m.paid_minor} currency={m.currency} exponent={m.exponent} />,
            },
            { header: t('consoleHome.topUps.creditedOrders'), cell: (m) => n(m.credited_count) },
            {
              header: t('consoleHome.topUps.creditedAmount'),
              cell: (m) => <Money minor={m.credited_minor} currency={m.currency} exponent={m.exponent} />,
            },
          ]}
          rows={data.money}
          rowKey={(m) => m.currency}
          empty={t('consoleHome.topUps.noMoney')}
        />
      </Col>
      <Col xs={24}>
        <TableCard
          id="home-stuck"
          title={t('consoleHome.topUps.stuck')}
          note={t('consoleHome.topUps.stuckTotal', { count: data.stuck_total })}
          columns={[
            {
              header: t('consoleHome.topUps.order'),
              cell: (o) => <Link to={orderLink(o.order_no)}>{o.order_no}</Link>,
            },
            { header: t('consoleHome.topUps.state'), cell: (o) => stateName(o.state) },
            { header: t('consoleHome.tickets.game'), cell: (o) => o.game_name },
            { header: t('consoleHome.topUps.character'), cell: (o) => o.role_name },
            {
              header: t('consoleHome.topUps.price'),
              cell: (o) => <Money minor={o.price} currency={o.currency} exponent={o.exponent} />,
            },
            {
              header: t('consoleHome.topUps.paidAt'),
              cell: (o) => formatDate(o.paid_at, i18n.language, { style: mediumDateTime }),
            },
          ]}
          rows={data.stuck}
          rowKey={(o) => o.order_no}
          empty={t('consoleHome.topUps.noneStuck')}
        />
      </Col>
    </Row>
  );
}
