import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { Alert, Button, Flex, Spin, Tabs, Typography } from 'antd';
import { site } from '@gp/config';
import type { PayAdminGameItem } from '@gp/contracts/pay-admin';
import {
  authoringCalls,
  CatalogTransfer,
  ChannelTable,
  CurrencyEditor,
  GameTopupEditor,
  payCalls,
  payErrorText,
  PayGamesTable,
  PaySwitch,
  ProductTable,
  ServerTable,
  TopupPreview,
} from '../features/pay-ops/index.ts';
import { settle } from '../lib/settle.ts';
import { PageFrame } from '../lib/page-frame.tsx';
import { useListPage } from '../lib/use-list-page.ts';
import layout from '../lib/layout.module.css';

type CatalogTab = 'currencies' | 'servers' | 'products' | 'channels';

/** The region and game in the URL (`?region=&game=`): the region as asked, the site's own when left out. */
interface CatalogFilters {
  region?: number | undefined;
  game?: number | undefined;
}

function catalogSearch({ region, game }: CatalogFilters): URLSearchParams {
  const search = new URLSearchParams();
  if (region !== undefined) search.set('region', String(region));
  if (game !== undefined) search.set('game', String(game));
  return search;
}

function positiveParam(value: string | null): number | undefined {
  const n = Number(value);
  return value && Number.isInteger(n) && n >= 1 && n <= 2_147_483_647 ? n : undefined;
}

export async function loader({ request }: LoaderFunctionArgs) {
  const p = new URL(request.url).searchParams;
  const asked = positiveParam(p.get('region'));
  const region = asked ?? site.distributionRegion;
  const game = positiveParam(p.get('game'));
  const [paySwitch, games, catalog] = await Promise.all([
    settle(payCalls.paySwitch({ distribution_region: region })),
    settle(payCalls.games({ distribution_region: region })),
    game === undefined
      ? null
      : Promise.all([
          settle(authoringCalls.currencies({ game_base_id: game })),
          settle(payCalls.servers({ game_base_id: game })),
          settle(payCalls.products({ game_base_id: game })),
          settle(payCalls.channels({ game_base_id: game })),
        ]).then(([currencies, servers, products, channels]) => ({ currencies, servers, products, channels })),
  ]);
  // Each load is new data for the tables below, which keep their own copy while staff change it.
  return { filters: { region: asked, game }, region, game, paySwitch, games, catalog, loadedAt: Date.now() };
}

/**
 * The top-up catalog (catalog privilege): the pay switch of a distribution region, the region's games (a portal
 * game is turned on for top-up here), and per game its currencies, servers (maintenance), products and prices
 * (created and edited here; sale, price for new orders) and payment channels, with a preview of the top-up page as
 * players see it, and the game's whole catalog exported as .xlsx and imported back (dry run first). Region and game
 * live in the URL.
 */
export default function PayCatalog() {
  const { t } = useTranslation('ops');
  const { filters, region, game, paySwitch, games, catalog, loadedAt } = useLoaderData<typeof loader>();
  // The tab is the screen's own state: switching it needs no new answers.
  const [tab, setTab] = useState<CatalogTab>('servers');
  /** The top-up settings dialog: undefined closed, null a game to add, else the game edited. */
  const [settings, setSettings] = useState<PayAdminGameItem | null | undefined>(undefined);
  const list = useListPage(catalogSearch);
  // The chosen game's currencies as the currency editor last answered (this load's), for the games table and
  // the price editor, without reading the whole catalog again.
  const [edited, setEdited] = useState<{ at: string; currencies: string[] } | null>(null);
  const editedNow = edited?.at === `${game}:${loadedAt}` ? edited.currencies : undefined;
  const gameList = (games.data ?? []).map((g) =>
    g.game_base_id === game && editedNow ? { ...g, currencies: editedNow } : g,
  );
  const chosen = gameList.find((g) => g.game_base_id === game);

  const section = (
    part: { data: unknown; error: unknown } | undefined,
    render: () => React.ReactNode,
  ): React.ReactNode =>
    part?.error ? <Alert type="error" showIcon title={payErrorText(t, part.error)} /> : render();

  return (
    <PageFrame title={t('pay.catalog.title')} plain>
      <Flex vertical gap={24}>
        <PaySwitch
          key={`${region}:${loadedAt}`}
          region={region}
          data={paySwitch.data}
          error={paySwitch.error}
          onRegion={(next) => list.apply({ region: next })}
        />
        <section aria-labelledby="pay-games-heading">
          <Flex justify="space-between" align="center" wrap gap={8}>
            <Typography.Title level={2} id="pay-games-heading" className={layout.large}>
              {t('pay.game.title', { region })}
            </Typography.Title>
            <Button type="primary" onClick={() => setSettings(null)}>
              {t('pay.authoring.game.add')}
            </Button>
          </Flex>
          {games.error ? (
            <Alert type="error" showIcon title={payErrorText(t, games.error)} />
          ) : (
            <PayGamesTable
              games={gameList}
              selected={game}
              onSelect={(g) => list.apply({ ...filters, game: g.game_base_id })}
            />
          )}
        </section>
        {game !== undefined && catalog && (
          <section aria-labelledby="pay-game-heading">
            <Flex justify="space-between" align="center" wrap gap={8}>
              <Typography.Title level={2} id="pay-game-heading" className={layout.large}>
                {t('pay.catalog.gameTitle', { name: chosen?.game_name ?? `#${game}` })}
              </Typography.Title>
              <Flex gap={8} wrap align="center">
                {chosen && (
                  <Button onClick={() => setSettings(chosen)}>{t('pay.authoring.game.edit')}</Button>
                )}
                <CatalogTransfer
                  gameBaseId={game}
                  gameName={chosen?.game_name ?? `#${game}`}
                  region={region}
                  onImported={() => list.refresh()}
                />
                <span className={layout.small}>{t('pay.authoring.preview.title')}</span>
                <TopupPreview gameBaseId={game} region={region} />
              </Flex>
            </Flex>
            {list.loading && <Spin />}
            <Tabs
              activeKey={tab}
              onChange={(key) => setTab(key as CatalogTab)}
              items={[
                {
                  key: 'currencies',
                  label: t('pay.authoring.currency.tab'),
                  children: section(catalog.currencies, () => (
                    <CurrencyEditor
                      key={`${game}:${loadedAt}`}
                      gameBaseId={game}
                      initial={catalog.currencies.data ?? []}
                      onChange={(currencies) => setEdited({ at: `${game}:${loadedAt}`, currencies })}
                    />
                  )),
                },
                {
                  key: 'servers',
                  label: t('pay.catalog.servers'),
                  children: section(catalog.servers, () => (
                    <ServerTable
                      key={`${game}:${loadedAt}`}
                      gameBaseId={game}
                      initial={catalog.servers.data ?? []}
                    />
                  )),
                },
                {
                  key: 'products',
                  label: t('pay.catalog.products'),
                  children: section(catalog.products, () => (
                    <ProductTable
                      key={`${game}:${loadedAt}`}
                      gameBaseId={game}
                      initial={catalog.products.data ?? []}
                      currencies={chosen?.currencies ?? []}
                    />
                  )),
                },
                {
                  key: 'channels',
                  label: t('pay.catalog.channels'),
                  children: section(catalog.channels, () => (
                    <ChannelTable
                      key={`${game}:${loadedAt}`}
                      gameBaseId={game}
                      currencies={chosen?.currencies ?? []}
                      initial={catalog.channels.data ?? []}
                    />
                  )),
                },
              ]}
            />
          </section>
        )}
      </Flex>
      {settings !== undefined && (
        <GameTopupEditor
          key={settings?.game_base_id ?? 'new'}
          region={region}
          game={settings}
          onClose={() => setSettings(undefined)}
          onSaved={(saved) => {
            setSettings(undefined);
            // Another game opens in the URL; the same one is read again.
            if (saved.game_base_id === game) list.refresh();
            else list.apply({ ...filters, game: saved.game_base_id });
          }}
        />
      )}
    </PageFrame>
  );
}
