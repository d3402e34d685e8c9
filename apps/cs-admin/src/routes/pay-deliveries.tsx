import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  useLoaderData,
  useNavigation,
  useRevalidator,
  useSearchParams,
  type LoaderFunctionArgs,
} from 'react-router';
import { Alert, Button, Card, Flex, Pagination, Select, Typography } from 'antd';
import { site } from '@gp/config';
import {
  DeadLetterTable,
  OrderDrawer,
  payCalls,
  payErrorText,
  settle,
  useRetry,
} from '../features/pay-ops/index.ts';

const pageSize = 20;

function positiveParam(value: string | null): number | undefined {
  const n = Number(value);
  return value && Number.isInteger(n) && n >= 1 && n <= 2_147_483_647 ? n : undefined;
}

export async function loader({ request }: LoaderFunctionArgs) {
  const p = new URL(request.url).searchParams;
  const game = positiveParam(p.get('game'));
  const pageNum = Math.min(positiveParam(p.get('page')) ?? 1, 10_000);
  const [page, games] = await Promise.all([
    settle(
      payCalls.deadDeliveries({
        ...(game ? { game_base_id: game } : {}),
        page_num: pageNum,
        page_size: pageSize,
      }),
    ),
    settle(payCalls.games({ distribution_region: site.distributionRegion })),
  ]);
  return { game, page, games: games.data ?? [] };
}

/**
 * Stuck deliveries (catalog privilege): the credits the delivery worker gave up on, by game, with "Retry
 * delivery" (asked first; the worker then credits the character once) and the delivery followed until done.
 */
export default function PayDeliveries() {
  const { t } = useTranslation('ops');
  const { game, page, games } = useLoaderData<typeof loader>();
  const [params, setParams] = useSearchParams();
  const navigation = useNavigation();
  const revalidator = useRevalidator();
  const [open, setOpen] = useState<string | null>(null);
  const { retry, watched, busy } = useRetry();
  const loading = navigation.state === 'loading' || revalidator.state === 'loading';

  const go = (next: { game?: number | null; page?: number }) => {
    const search = new URLSearchParams(params);
    if (next.game !== undefined) {
      if (next.game === null) search.delete('game');
      else search.set('game', String(next.game));
      search.delete('page');
    }
    if (next.page !== undefined) {
      if (next.page > 1) search.set('page', String(next.page));
      else search.delete('page');
    }
    setParams(search);
  };

  return (
    <Card
      title={
        <Typography.Title level={1} style={{ fontSize: 20, margin: 0 }}>
          {t('pay.dead.title')}
        </Typography.Title>
      }
      extra={
        <Button onClick={() => void revalidator.revalidate()} loading={revalidator.state === 'loading'}>
          {t('common.refresh')}
        </Button>
      }
    >
      <Flex vertical gap={16}>
        <Typography.Paragraph style={{ margin: 0 }}>{t('pay.dead.intro')}</Typography.Paragraph>
        <Flex gap={8} align="center" wrap>
          <label htmlFor="dead-game">{t('pay.order.game')}</label>
          <Select
            id="dead-game"
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            value={game}
            placeholder={t('pay.order.anyGame')}
            style={{ width: 220 }}
            onChange={(value?: number) => go({ game: value ?? null })}
            options={games.map((g) => ({ value: g.game_base_id, label: g.game_name }))}
          />
        </Flex>
        {page.error ? (
          <Alert type="error" showIcon title={payErrorText(t, page.error)} />
        ) : (
          <>
            <DeadLetterTable
              items={page.data?.list ?? []}
              watched={watched}
              busyOrder={busy}
              busy={loading}
              onRetry={retry}
              onOpen={setOpen}
            />
            {page.data && (
              <Pagination
                current={page.data.page_num}
                pageSize={page.data.page_size}
                total={page.data.total}
                showSizeChanger={false}
                disabled={loading}
                showTotal={(total) => t('pay.dead.total', { count: total })}
                onChange={(next) => go({ page: next })}
                align="end"
              />
            )}
          </>
        )}
      </Flex>
      <OrderDrawer
        orderNo={open}
        watched={open ? watched[open] : undefined}
        retrying={busy !== null && busy === open}
        onRetry={retry}
        onClose={() => setOpen(null)}
      />
    </Card>
  );
}
