import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { App, Button, Flex, Input, Select } from 'antd';
import type { GameAdminItem, GameUsageData } from '@gp/contracts/catalog-admin';
import { codes } from '@gp/errors';
import { errorCode } from '../lib/error-message.ts';
import { ListPagination } from '../lib/list-pagination.tsx';
import { PageFrame } from '../lib/page-frame.tsx';
import { useListPage } from '../lib/use-list-page.ts';
import styles from './games.module.css';
import {
  type GameActions,
  gameCalls,
  gameErrorText,
  type GameFilters,
  gameFiltersFromUrl,
  gameFiltersToSearch,
  GameForm,
  GameInUse,
  GamesTable,
  gameUsageOf,
  listGames,
} from '../features/games/index.ts';

export async function loader({ request }: LoaderFunctionArgs) {
  const filters = gameFiltersFromUrl(new URL(request.url));
  return { filters, page: await listGames(filters) };
}

type Editing = { game: GameAdminItem | null } | null;

/**
 * Games (games privilege): search by name, slug or game_id and by online state, paging, add and edit (names per
 * language, icon), show on or hide from the site, and delete. A game still in use cannot be deleted: the answer
 * says what uses it and offers to take it offline instead. Filters and page live in the URL.
 */
export default function Games() {
  const { t } = useTranslation('ops');
  const { filters, page } = useLoaderData<typeof loader>();
  const list = useListPage(gameFiltersToSearch);
  const { message, modal } = App.useApp();
  const [editing, setEditing] = useState<Editing>(null);
  const [inUse, setInUse] = useState<{ game: GameAdminItem; usage: GameUsageData | null } | null>(null);
  const apply = (next: GameFilters) => list.apply(next);

  const errorText = (error: unknown) => gameErrorText(t, error);
  const actions: GameActions = {
    edit: (game) => setEditing({ game }),
    setOnline: (game, online) =>
      void list.run(
        game.game_base_id,
        () => gameCalls.switchOnline({ game_base_id: game.game_base_id, is_online: online ? 1 : 0 }),
        { done: t(online ? 'games.shownDone' : 'games.hiddenDone', { name: game.game_name }), errorText },
      ),
    remove: (game) =>
      void modal.confirm({
        title: t('games.deleteConfirmTitle', { name: game.game_name }),
        content: t('games.deleteConfirm', { name: game.game_name, gameId: game.game_id }),
        okText: t('common.delete'),
        okButtonProps: { danger: true },
        cancelText: t('common.cancel'),
        onOk: () =>
          list.run(game.game_base_id, () => gameCalls.delete({ game_base_id: game.game_base_id }), {
            done: t('games.deleted', { name: game.game_name }),
            // A game still in use is not an error to read: the dialog says what uses it and offers to hide it.
            errorText: (error) => {
              if (errorCode(error) !== codes.staffGameInUse) return errorText(error);
              setInUse({ game, usage: gameUsageOf(error) });
              return null;
            },
          }),
      }),
  };

  return (
    <PageFrame
      title={t('games.title')}
      toolbar={
        <Button type="primary" onClick={() => setEditing({ game: null })}>
          {t('games.add')}
        </Button>
      }
    >
      <form
        role="search"
        aria-label={t('games.filters')}
        key={gameFiltersToSearch(filters).toString()}
        onSubmit={(e) => {
          e.preventDefault();
          const data = new FormData(e.currentTarget);
          const keyword = String(data.get('q') ?? '').trim();
          const online = String(data.get('online') ?? '');
          apply({
            page: 1,
            ...(keyword ? { keyword } : {}),
            ...(online === '0' || online === '1' ? { online: Number(online) as 0 | 1 } : {}),
          });
        }}
      >
        <Flex gap={8} align="center" wrap>
          <label htmlFor="games-search">{t('games.search')}</label>
          <Input
            id="games-search"
            name="q"
            defaultValue={filters.keyword ?? ''}
            maxLength={100}
            allowClear
            placeholder={t('games.searchPlaceholder')}
            className={styles.search}
          />
          <label htmlFor="games-online">{t('games.onlineFilter')}</label>
          <OnlineSelect id="games-online" initial={filters.online} />
          <Button htmlType="submit">{t('common.search')}</Button>
        </Flex>
      </form>
      <GamesTable
        games={page.list}
        actions={actions}
        busyGame={typeof list.busyKey === 'number' ? list.busyKey : null}
        busy={list.loading}
      />
      <ListPagination
        {...list.pagination(page, filters)}
        totalText={(count) => t('games.total', { count })}
      />
      {editing && (
        <GameForm
          key={editing.game?.game_base_id ?? '+'}
          game={editing.game}
          onClose={() => setEditing(null)}
          onSaved={(saved) => {
            const added = editing.game === null;
            setEditing(null);
            void message.success(t(added ? 'games.added' : 'games.saved', { name: saved.game_name }));
            void list.refresh();
          }}
        />
      )}
      {inUse && (
        <GameInUse
          game={inUse.game}
          usage={inUse.usage}
          onClose={() => setInUse(null)}
          onTakenOffline={() => {
            void message.success(t('games.hiddenDone', { name: inUse.game.game_name }));
            setInUse(null);
            void list.refresh();
          }}
        />
      )}
    </PageFrame>
  );
}

/** The online filter: antd's Select is no form control of its own, so a hidden input carries its value. */
function OnlineSelect({ id, initial }: { id: string; initial: 0 | 1 | undefined }) {
  const { t } = useTranslation('ops');
  const [value, setValue] = useState<string>(initial === undefined ? '' : String(initial));
  return (
    <>
      <Select
        id={id}
        value={value}
        onChange={setValue}
        className={styles.onlineSelect}
        options={[
          { value: '', label: t('games.anyState') },
          { value: '1', label: t('games.shown') },
          { value: '0', label: t('games.hidden') },
        ]}
      />
      <input type="hidden" name="online" value={value} />
    </>
  );
}
