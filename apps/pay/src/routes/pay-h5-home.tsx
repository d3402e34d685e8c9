/**
 * H5 top-up start, `/pay_h5` and `/pays_h5`: choose the game (no login needed to look); the next page, setoutpay,
 * asks for login. An order number in the query (a desktop order page opened on a phone, or a wallet sending the
 * player back with our order number alone) goes to its payment page;
 * a game of the list in `?game=` to its setoutpay page.
 */
import { useTranslation } from 'react-i18next';
import { HydrateLater } from '@gp/ui/hydrate-later';
import { redirect, useLoaderData, type LoaderFunctionArgs } from 'react-router';
import {
  topupApiOf,
  GameLinks,
  orderOfQuery,
  orderPath,
  placeOf,
  stepPath,
  HistoryLink,
  TopupPage,
  useTopup,
  LookupLink,
  useOrderOfQuery,
} from '../features/topup/index.ts';
import styles from './paygame.module.css';

export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const place = placeOf(url.pathname);
  const api = topupApiOf(place.variant);
  const order = await orderOfQuery(url.search, (orderNo) => api.orderDetail(orderNo));
  if (order) return redirect(orderPath(place, order));
  const [open, games] = await Promise.all([api.isOpen(), api.games()]);
  // `?game=` (the console's preview, a game link; kept by the desktop -> H5 redirect) goes straight to that game's
  // payment step, as choosing it here does. An id not in the list (unknown, closed, malformed) stays on the list.
  const wanted = open && games.find((g) => String(g.game_base_id) === url.searchParams.get('game')?.trim());
  if (wanted) return redirect(stepPath(place, 'setoutpay', { game: String(wanted.game_base_id) }));
  return { open, games };
}

export default function PayH5Home() {
  const { t } = useTranslation('pay');
  const { open, games } = useLoaderData<typeof loader>();
  const { place, api } = useTopup();
  useOrderOfQuery(api, place);
  return (
    <TopupPage title={t('paygame.heading')} h5 aside={<HistoryLink to={place.history} />}>
      {!open ? (
        <p role="status" className={styles.notice}>
          {t('paygame.switchOff')}
        </p>
      ) : games.length === 0 ? (
        <p className={styles.notice}>{t('paygame.noGames')}</p>
      ) : (
        // Taken over in a task of its own on a server-rendered page (hydrate-later.tsx).
        <HydrateLater>
          <GameLinks
            games={games}
            hrefOf={(g) => stepPath(place, 'setoutpay', { game: String(g.game_base_id) })}
          />
        </HydrateLater>
      )}
      <p className={styles.notice}>
        <LookupLink />
      </p>
    </TopupPage>
  );
}
