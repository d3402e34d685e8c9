import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { Alert, Col, Empty, Flex, Row, Select, Spin, Typography } from 'antd';
import type { GameServerDetail, GameServerTestResult } from '@gp/contracts/game-server-admin';
import {
  CheckResults,
  ConnectionForm,
  gameServerCalls,
  gameServerErrorText,
  ServersPanel,
} from '../features/game-servers/index.ts';
import { settle } from '../lib/settle.ts';
import { PageFrame } from '../lib/page-frame.tsx';
import { useListPage } from '../lib/use-list-page.ts';
import layout from '../lib/layout.module.css';

function gameSearch({ game }: { game?: number | undefined }): URLSearchParams {
  const search = new URLSearchParams();
  if (game !== undefined) search.set('game', String(game));
  return search;
}

export async function loader({ request }: LoaderFunctionArgs) {
  const asked = Number(new URL(request.url).searchParams.get('game'));
  const game = Number.isInteger(asked) && asked >= 1 && asked <= 2_147_483_647 ? asked : undefined;
  const [games, detail] = await Promise.all([
    settle(gameServerCalls.games({})),
    game === undefined ? null : settle(gameServerCalls.detail({ game_base_id: game })),
  ]);
  return { game, games, detail, loadedAt: Date.now() };
}

/** The panels of one game: its connection and test on one side, its health and servers on the other. */
function GamePanels({ game, initial }: { game: number; initial: GameServerDetail }) {
  const { t } = useTranslation('ops');
  const [detail, setDetail] = useState(initial);
  const [result, setResult] = useState<GameServerTestResult | null>(null);
  return (
    <Flex vertical gap={16}>
      <Alert type="info" showIcon title={t(`gameServer.source.${detail.source}`)} />
      {detail.unavailable && (
        <Alert type="warning" showIcon title={t(`gameServer.unavailable.${detail.unavailable}`)} />
      )}
      <Row gutter={[32, 16]}>
        <Col xs={24} xl={12}>
          <section aria-labelledby="game-server-connection">
            <Typography.Title level={2} id="game-server-connection" className={layout.large}>
              {t('gameServer.connection.title')}
            </Typography.Title>
            <ConnectionForm gameBaseId={game} detail={detail} onDetail={setDetail} onResult={setResult} />
            {result && <CheckResults result={result} />}
          </section>
        </Col>
        <Col xs={24} xl={12}>
          <ServersPanel gameBaseId={game} detail={detail} onDetail={setDetail} />
        </Col>
      </Row>
    </Flex>
  );
}

/**
 * Game servers (catalog privilege): per game, the connection to its studio's game server (URL, keys), "Test
 * connection" with each check's result, and its servers as the game server lists them. The game is in the URL.
 */
export default function PayGameServers() {
  const { t } = useTranslation('ops');
  const { game, games, detail, loadedAt } = useLoaderData<typeof loader>();
  const list = useListPage(gameSearch);
  return (
    <PageFrame title={t('gameServer.title')}>
      <Flex vertical gap={24}>
        {games.error ? (
          <Alert type="error" showIcon title={gameServerErrorText(t, games.error)} />
        ) : (games.data ?? []).length === 0 ? (
          <Empty description={t('gameServer.noGames')} />
        ) : (
          <label className={layout.nowrap}>
            <span style={{ marginInlineEnd: 8 }}>{t('gameServer.game')}</span>
            <Select
              style={{ minWidth: 280 }}
              aria-label={t('gameServer.game')}
              placeholder={t('gameServer.pickGame')}
              value={game}
              options={(games.data ?? []).map((g) => ({ value: g.game_base_id, label: g.game_name }))}
              onChange={(next: number) => list.apply({ game: next })}
            />
          </label>
        )}
        {list.loading && <Spin />}
        {game !== undefined &&
          detail &&
          (detail.error || !detail.data ? (
            <Alert type="error" showIcon title={gameServerErrorText(t, detail.error)} />
          ) : (
            <GamePanels key={`${game}:${loadedAt}`} game={game} initial={detail.data} />
          ))}
      </Flex>
    </PageFrame>
  );
}
