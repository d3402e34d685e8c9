/**
 * Desktop top-up, `/paygame/`: the whole wizard on one page (spec 2 "Top-up screen content"). Choose the game
 * (visitors see the games and a login prompt), then the member steps, then the confirm step; once the order is
 * made the page follows it at `?order_no=...&pay_order_no=...` (so a reload, or an H5 order page opened on a
 * desktop, lands on the same order).
 */
import { useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { redirect, useLoaderData, useLocation, useNavigate, type LoaderFunctionArgs } from 'react-router';
import type { ApiError } from '@gp/api-client';
import type { PayGameItem } from '@gp/contracts/pay';
import { useShellData } from '@gp/ui/shell-data';
import {
  topupApiOf,
  type TopupApi,
  ConfirmOrder,
  GameChoices,
  LoginPrompt,
  OrderTracker,
  TopupForm,
  draftGameOf,
  useDraft,
  withGame,
  orderFromSearch,
  orderOfQuery,
  orderPath,
  placeOf,
  type TopupPlace,
  HistoryLink,
  TopupPage,
  useTopup,
  useOrderOfQuery,
} from '../features/topup/index.ts';
import styles from './paygame.module.css';

export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const place = placeOf(url.pathname);
  const api = topupApiOf(place.variant);
  // A wallet that sends the player back with our order number alone: to the order with both numbers.
  if (!orderFromSearch(url.search) && url.searchParams.has('order_no')) {
    const order = await orderOfQuery(url.search, (orderNo) => api.orderDetail(orderNo));
    if (order) return redirect(orderPath(place, order));
  }
  const [open, games] = await Promise.all([api.isOpen(), api.games()]);
  // `?game=` (a game link, the console's preview) chooses the game, as the H5 setout page does.
  const wanted = games.find((g) => g.game_base_id === Number(url.searchParams.get('game')))?.game_base_id;
  return { open, games, wanted };
}

function Wizard({
  games,
  wanted,
  api,
  place,
}: {
  games: PayGameItem[];
  wanted: number | undefined;
  api: TopupApi;
  place: TopupPlace;
}) {
  const { user, userKnown } = useShellData();
  const navigate = useNavigate();
  const [draft, update] = useDraft(api.id);
  const [step, setStep] = useState<'choose' | 'confirm'>('choose');
  const [rejection, setRejection] = useState<ApiError>();
  const [returning, setReturning] = useState(false);
  // The server and the takeover draw the linked game from the address (there is no stored draft yet); once the tab's
  // draft is read, the link's game replaces the one it held, before the browser paints, once per link: a game
  // chosen on the page afterwards stays chosen.
  const applied = useRef<number>(undefined);
  useLayoutEffect(() => {
    const linked = games.find((g) => g.game_base_id === wanted);
    if (!linked || applied.current === linked.game_base_id) return;
    applied.current = linked.game_base_id;
    update((d) => withGame(d, linked));
  }, [games, wanted, update]);
  const game = games.find((g) => g.game_base_id === (draft.game?.game_base_id ?? wanted));

  if (step === 'confirm' && user)
    return (
      <ConfirmOrder
        api={api}
        h5={false}
        onCreated={(order) => {
          setStep('choose');
          setRejection(undefined);
          void navigate(orderPath(place, order));
        }}
        onRejected={(error) => {
          setRejection(error);
          setReturning(false);
          setStep('choose');
        }}
        onBack={() => {
          setReturning(true);
          setStep('choose');
        }}
      />
    );

  return (
    <>
      <GameChoices
        games={games}
        chosen={game?.game_base_id}
        onChoose={(chosen) => {
          setRejection(undefined);
          update((d) => withGame(d, chosen));
        }}
      />
      {game &&
        (user ? (
          <TopupForm
            key={game.game_base_id}
            api={api}
            game={draftGameOf(game)}
            rejection={rejection}
            returning={returning}
            onSubmit={() => {
              setRejection(undefined);
              setReturning(false);
              setStep('confirm');
            }}
          />
        ) : (
          <LoginPrompt pending={!userKnown} />
        ))}
    </>
  );
}

export default function Paygame() {
  const { t } = useTranslation('pay');
  const { open, games, wanted } = useLoaderData<typeof loader>();
  const { search } = useLocation();
  const { place, api } = useTopup();
  const order = useMemo(() => orderFromSearch(search), [search]);
  useOrderOfQuery(api, place);
  return (
    <TopupPage title={t('paygame.heading')} h5={false} aside={<HistoryLink to={place.history} />}>
      {order ? (
        <OrderTracker key={order.order_no} api={api} place={place} order={order} />
      ) : !open ? (
        <p role="status" className={styles.notice}>
          {t('paygame.switchOff')}
        </p>
      ) : games.length === 0 ? (
        <p className={styles.notice}>{t('paygame.noGames')}</p>
      ) : (
        <Wizard games={games} wanted={wanted} api={api} place={place} />
      )}
    </TopupPage>
  );
}
