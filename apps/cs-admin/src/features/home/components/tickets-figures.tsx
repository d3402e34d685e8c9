/** The home's ticket figures (tickets.read): open tickets by state and game, the longest waiting, per hour. */
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Col, Row } from 'antd';
import type { HomeTicketsData } from '@gp/contracts/console-home';
import { formatDate, formatNumber, mediumDateTime } from '@gp/i18n/format';
import { Figure, HourlyFigure, TableCard } from './figure.tsx';

const stateKeys = { 0: 'noReply', 1: 'processing', 2: 'replied', 3: 'closed' } as const;

export function TicketsFigures({ data }: { data: HomeTicketsData }) {
  const { t, i18n } = useTranslation('admin');
  const n = (value: number) => formatNumber(value, i18n.language);
  const stateName = (status: keyof typeof stateKeys) => t(`consoleHome.status.${stateKeys[status]}`);

  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} lg={12}>
        <Figure
          title={t('consoleHome.tickets.byState')}
          chart={{
            kind: 'column',
            data: data.open_by_state.map((s) => ({ x: stateName(s.status), y: s.count })),
          }}
          columns={[
            { header: t('consoleHome.tickets.state'), cell: (s) => stateName(s.status) },
            { header: t('consoleHome.tickets.count'), cell: (s) => n(s.count) },
          ]}
          rows={data.open_by_state}
          rowKey={(s) => s.status}
          empty={t('consoleHome.tickets.noneOpen')}
        />
      </Col>
      <Col xs={24} lg={12}>
        <Figure
          title={t('consoleHome.tickets.byGame')}
          chart={{
            kind: 'column',
            data: data.open_by_game.map((g) => ({ x: g.game_name || String(g.game_base_id), y: g.count })),
          }}
          columns={[
            { header: t('consoleHome.tickets.game'), cell: (g) => g.game_name || g.game_base_id },
            { header: t('consoleHome.tickets.count'), cell: (g) => n(g.count) },
          ]}
          rows={data.open_by_game}
          rowKey={(g) => g.game_base_id}
          empty={t('consoleHome.tickets.noneOpen')}
        />
      </Col>
      <Col xs={24} lg={12}>
        <HourlyFigure
          title={t('consoleHome.tickets.perHour')}
          kind="line"
          series={[t('consoleHome.tickets.today'), t('consoleHome.tickets.lastWeek')]}
          counts={[data.today, data.last_week]}
          empty={t('consoleHome.tickets.noneOpen')}
        />
      </Col>
      <Col xs={24} lg={12}>
        <TableCard
          id="home-waiting"
          title={t('consoleHome.tickets.oldest')}
          note={t('consoleHome.tickets.waitingTotal', { count: data.waiting_total })}
          columns={[
            {
              header: t('consoleHome.tickets.ticket'),
              cell: (w) => <Link to={`/tickets/${w.work_order_id}`}>{w.question_title}</Link>,
            },
            { header: t('consoleHome.tickets.game'), cell: (w) => w.game_name },
            { header: t('consoleHome.tickets.state'), cell: (w) => stateName(w.work_order_status) },
            {
              header: t('consoleHome.tickets.waitingSince'),
              cell: (w) => formatDate(w.last_asked_at, i18n.language, { style: mediumDateTime }),
            },
          ]}
          rows={data.oldest_waiting}
          rowKey={(w) => w.work_order_id}
          empty={t('consoleHome.tickets.noneWaiting')}
        />
      </Col>
    </Row>
  );
}
