import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLoaderData, useRevalidator, type LoaderFunctionArgs } from 'react-router';
import { Alert, Button, Flex, Select, Typography } from 'antd';
import { site } from '@gp/config';
import layout from '../lib/layout.module.css';
import { ListPagination } from '../lib/list-pagination.tsx';
import { PageFrame } from '../lib/page-frame.tsx';
import { useListPage } from '../lib/use-list-page.ts';
import { DeadLetterTable, OrderDrawer, payCalls, payErrorText, useRetry } from '../features/pay-ops/index.ts';
import { settle } from '../lib/settle.ts';

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
  return { game, pageNum, page, games: games.data ?? [] };
}

/** The game and page in the URL (`?game=&page=`). */
function deliveriesSearch({ game, page }: { game?: number | undefined; page: number }): URLSearchParams {
  const search = new URLSearchParams();
  if (game) search.set('game', String(game));
  if (page > 1) search.set('page', String(page));
  return search;
}

/**
 * Stuck deliveries (catalog privilege): the credits the delivery worker gave up on, by game, with "Retry
 * delivery" (asked first; the worker then credits the character once) and the delivery followed until done.
 */
export default function PayDeliveries() {
  const { t } = useTranslation('ops');
  const { game, pageNum, page, games } = useLoaderData<typeof loader>();
  const revalidator = useRevalidator();
  const list = useListPage(deliveriesSearch);
  const filters = { game, page: pageNum };
  const [open, setOpen] = useState<string | null>(null);
  const retries = useRetry();
  const { retry, watched, busy } = retries;

  return (
    <PageFrame
      title={t('pay.dead.title')}
      toolbar={
        <Button onClick={() => void revalidator.revalidate()} loading={revalidator.state === 'loading'}>
          {t('common.refresh')}
        </Button>
      }
    >
      <Typography.Paragraph className={layout.flush}>{t('pay.dead.intro')}</Typography.Paragraph>
      <Flex gap={8} align="center" wrap>
        <label htmlFor="dead-game">{t('pay.order.game')}</label>
        <Select
          id="dead-game"
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          value={game}
          placeholder={t('pay.order.anyGame')}
          className={layout.controlWide}
          onChange={(value?: number) => list.apply({ game: value, page: 1 })}
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
            busy={list.loading}
            onRetry={retry}
            onOpen={setOpen}
          />
          {page.data && (
            <ListPagination
              {...list.pagination(page.data, filters)}
              totalText={(count) => t('pay.dead.total', { count })}
            />
          )}
        </>
      )}
      <OrderDrawer orderNo={open} retries={retries} onClose={() => setOpen(null)} />
    </PageFrame>
  );
}
