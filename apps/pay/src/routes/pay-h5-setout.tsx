/**
 * H5 `setoutpay`: the member steps for the game of `?game=` (or the draft's): server, character, currency, payment
 * method, item, captcha, rules, "Pay now" -> payaffirm. A refused order comes back here with its message in the
 * navigation state and every choice still in the draft.
 */
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import {
  Link,
  redirect,
  useLoaderData,
  useLocation,
  useNavigate,
  type LoaderFunctionArgs,
} from 'react-router';
import { ApiError } from '@gp/api-client';
import { errorDomains, type ErrorDomain } from '@gp/errors';
import { surface } from '@gp/ui/surface';
import {
  topupApiOf,
  TopupForm,
  draftGameOf,
  readDraft,
  updateDraft,
  withGame,
  placeOf,
  stepPath,
  TopupPage,
  useTopup,
} from '../features/topup/index.ts';
import styles from './paygame.module.css';

export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const place = placeOf(url.pathname);
  const wanted = Number(url.searchParams.get('game')) || readDraft(place.variant).game?.game_base_id;
  const games = await topupApiOf(place.variant).games();
  const game = games.find((g) => g.game_base_id === wanted);
  if (!game) return redirect(place.home);
  updateDraft(place.variant, (d) => withGame(d, game));
  return { game };
}

/** The refusal the confirm page handed back (history state holds plain data only). */
export interface SetoutState {
  rejected?: { code: number; domain: ErrorDomain };
}

function rejectionOf(state: unknown): ApiError | undefined {
  const rejected = (state as SetoutState | null)?.rejected;
  if (!rejected || typeof rejected.code !== 'number' || !errorDomains.includes(rejected.domain))
    return undefined;
  return new ApiError(rejected.code, rejected.domain, 200);
}

export default function PayH5Setout() {
  const { t } = useTranslation(['pay', 'common']);
  const { game } = useLoaderData<typeof loader>();
  const { place, api } = useTopup();
  const navigate = useNavigate();
  const { state } = useLocation();
  const rejection = useMemo(() => rejectionOf(state), [state]);
  return (
    <TopupPage
      title={t('common:routes.paySetout')}
      h5
      aside={<Link to={place.home}>{t('game.change')}</Link>}
    >
      <div className={`${surface} ${styles.gameBar}`}>
        {game.game_icon && <img src={game.game_icon} alt="" width={40} height={40} loading="lazy" />}
        <strong>{t('game.selected', { game: game.game_name })}</strong>
      </div>
      <TopupForm
        key={game.game_base_id}
        api={api}
        game={draftGameOf(game)}
        rejection={rejection}
        onSubmit={() => void navigate(stepPath(place, 'payaffirm'))}
      />
    </TopupPage>
  );
}
