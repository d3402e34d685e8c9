/**
 * H5 `payaffirm`: the confirm page. "Confirm and pay" makes the order and opens the checkout in a new window, then
 * payorder follows it; a refusal goes back to setoutpay with its message. Without a finished draft (a reload after
 * paying, a bookmark) the page sends the player back to the choices.
 */
import { useTranslation } from 'react-i18next';
import { redirect, useNavigate, type LoaderFunctionArgs } from 'react-router';
import {
  ConfirmOrder,
  isComplete,
  readDraft,
  useDraft,
  orderPath,
  placeOf,
  stepPath,
  TopupPage,
  useTopup,
} from '../features/topup/index.ts';
import type { SetoutState } from './pay-h5-setout.tsx';

export function loader({ request }: LoaderFunctionArgs) {
  const place = placeOf(new URL(request.url).pathname);
  const draft = readDraft(place.variant);
  if (isComplete(draft)) return null;
  return redirect(
    draft.game ? stepPath(place, 'setoutpay', { game: String(draft.game.game_base_id) }) : place.home,
  );
}

export default function PayH5Affirm() {
  const { t } = useTranslation(['pay', 'common']);
  const { place, api } = useTopup();
  const [draft] = useDraft(api.id);
  const navigate = useNavigate();
  const setout = draft.game
    ? stepPath(place, 'setoutpay', { game: String(draft.game.game_base_id) })
    : place.home;
  return (
    <TopupPage title={t('common:routes.payAffirm')} h5>
      <ConfirmOrder
        api={api}
        h5
        heading={false}
        onCreated={(order) => void navigate(orderPath(place, order, 'payorder'), { replace: true })}
        onRejected={(error) =>
          void navigate(setout, {
            state: { rejected: { code: error.code, domain: error.domain } } satisfies SetoutState,
          })
        }
        onBack={() => void navigate(setout)}
      />
    </TopupPage>
  );
}
