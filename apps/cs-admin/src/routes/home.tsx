import { useTranslation } from 'react-i18next';
import { Link, useLoaderData } from 'react-router';
import { Alert, Flex, Typography } from 'antd';
import { homeRatingsCall, homeTicketsCall, homeTopUpsCall } from '@gp/contracts/console-home';
import type { StaffRequirement } from '@gp/contracts/staff';
import {
  agentTimeZone,
  homeCalls,
  SatisfactionFigure,
  TicketsFigures,
  TopUpFigures,
} from '../features/home/index.ts';
import { settle, type Settled } from '../lib/settle.ts';
import { errorMessage } from '../lib/error-message.ts';
import { ensureSession, sessionAllows } from '../lib/staff-session.ts';
import layout from '../lib/layout.module.css';

/** Each figure group the session may read, loaded side by side; a group it may not read is not asked for. */
export async function loader() {
  const session = await ensureSession();
  const tz = agentTimeZone();
  // The privilege each call declares (the API refuses others with -401).
  const may = (call: { privilege: StaffRequirement }) =>
    call.privilege === 'self' ? session !== null : sessionAllows(session, call.privilege);
  const when = <T,>(allowed: boolean, call: () => Promise<T>): Promise<Settled<T> | null> =>
    allowed ? settle(call()) : Promise.resolve(null);
  const [tickets, ratings, topUps] = await Promise.all([
    when(may(homeTicketsCall), () => homeCalls.tickets({ tz })),
    when(may(homeRatingsCall), () => homeCalls.ratings({ tz, weeks: 1 })),
    when(may(homeTopUpsCall), () => homeCalls.topUps({ tz })),
  ]);
  return { tz, tickets, ratings, topUps };
}

/**
 * The console's home: the day at a glance, each group only for those with its privilege
 * (tickets for the ticket privilege, top-ups for the top-up one), times in the agent's time zone.
 */
export default function Home() {
  const { t } = useTranslation('admin');
  const { tz, tickets, ratings, topUps } = useLoaderData<typeof loader>();
  const failed = (error: unknown) => (
    <Alert type="error" showIcon title={t('consoleHome.loadFailed')} description={errorMessage(t, error)} />
  );
  return (
    <Flex vertical gap={24}>
      <div>
        <Typography.Title level={1} className={layout.pageTitle}>
          {t('consoleHome.title')}
        </Typography.Title>
        <Typography.Text type="secondary">{t('consoleHome.timeZone', { zone: tz })}</Typography.Text>
      </div>
      {!tickets && !topUps && (
        <Typography.Paragraph>
          {t('consoleHome.nothing')} <Link to="/status">{t('console.status')}</Link>
        </Typography.Paragraph>
      )}
      {tickets && (
        <section aria-labelledby="home-tickets">
          <Typography.Title level={2} id="home-tickets" className={layout.partTitle}>
            {t('consoleHome.tickets.heading')}
          </Typography.Title>
          <Flex vertical gap={16}>
            {tickets.data ? <TicketsFigures data={tickets.data} /> : failed(tickets.error)}
            {ratings && (ratings.data ? <SatisfactionFigure data={ratings.data} /> : failed(ratings.error))}
          </Flex>
        </section>
      )}
      {topUps && (
        <section aria-labelledby="home-top-ups">
          <Typography.Title level={2} id="home-top-ups" className={layout.partTitle}>
            {t('consoleHome.topUps.heading')}
          </Typography.Title>
          {topUps.data ? <TopUpFigures data={topUps.data} /> : failed(topUps.error)}
        </section>
      )}
    </Flex>
  );
}
