import { useTranslation } from 'react-i18next';
import { useLoaderData, useNavigation, useSearchParams, type LoaderFunctionArgs } from 'react-router';
import { Alert, Flex, Select, Typography } from 'antd';
import { homePolicy } from '@gp/contracts/console-home';
import { agentTimeZone, homeCalls, RatingsView } from '../features/home/index.ts';
import { settle } from '../lib/settle.ts';
import { errorMessage } from '../lib/error-message.ts';
import layout from '../lib/layout.module.css';

const weekChoices = [4, 8, 12, homePolicy.maxWeeks] as const;

function weeksParam(value: string | null): number {
  const n = Number(value);
  return (weekChoices as readonly number[]).includes(n) ? n : 8;
}

export async function loader({ request }: LoaderFunctionArgs) {
  const weeks = weeksParam(new URL(request.url).searchParams.get('weeks'));
  const tz = agentTimeZone();
  return { weeks, ratings: await settle(homeCalls.ratings({ tz, weeks })) };
}

/**
 * Ratings (tickets.read): per week, agent and game, with the reasons players gave for ratings
 * of 1 and 2. Leads (the export privilege) see every agent's; the others their own tickets'.
 */
export default function Ratings() {
  const { t } = useTranslation('admin');
  const { weeks, ratings } = useLoaderData<typeof loader>();
  const [params, setParams] = useSearchParams();
  const navigation = useNavigation();
  return (
    <Flex vertical gap={16}>
      <Typography.Title level={1} className={layout.pageTitle}>
        {t('consoleHome.ratings.title')}
      </Typography.Title>
      <Flex gap={8} align="center">
        <label htmlFor="ratings-weeks">{t('consoleHome.ratings.weeks')}</label>
        <Select
          id="ratings-weeks"
          value={weeks}
          className={layout.control}
          loading={navigation.state === 'loading'}
          options={weekChoices.map((w) => ({
            value: w,
            label: t('consoleHome.ratings.lastWeeks', { count: w }),
          }))}
          onChange={(value: number) => {
            const next = new URLSearchParams(params);
            next.set('weeks', String(value));
            setParams(next);
          }}
        />
      </Flex>
      {ratings.data ? (
        <RatingsView data={ratings.data} />
      ) : (
        <Alert
          type="error"
          showIcon
          title={t('consoleHome.loadFailed')}
          description={errorMessage(t, ratings.error)}
        />
      )}
    </Flex>
  );
}
