import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLoaderData, useLocation, useNavigate, type LoaderFunctionArgs } from 'react-router';
import { Alert, App, Typography } from 'antd';
import { ApiError } from '@gp/api-client';
import { codes } from '@gp/errors';
import { useStaffSession } from '../lib/staff-session.ts';
import {
  faqCalls,
  FaqEditor,
  faqErrorText,
  faqTypesQueryOf,
  listFaqGames,
  OnlineStateTag,
  useAnswer,
} from '../features/faq/index.ts';
import { PageFrame } from '../lib/page-frame.tsx';
import layout from '../lib/layout.module.css';

/** `/faq/new` writes a new entry; `/faq/<question_id>` edits one. */
export async function loader({ params }: LoaderFunctionArgs) {
  if (params.id === 'new') return { entry: null, error: null as unknown };
  const id = Number(params.id);
  if (!Number.isInteger(id) || id < 1 || id > 2_147_483_647)
    return { entry: null, error: new ApiError(codes.notFound, 'staff', 404) as unknown };
  try {
    return { entry: await faqCalls.detail({ question_id: id }), error: null as unknown };
  } catch (error) {
    return { entry: null, error };
  }
}

/** The FAQ entry editor; saving goes back to the list as it was left. */
export default function FaqEdit() {
  const { t } = useTranslation('ops');
  const { entry, error } = useLoaderData<typeof loader>();
  const location = useLocation();
  const navigate = useNavigate();
  const { message } = App.useApp();
  const { can } = useStaffSession();
  const listSearch = (location.state as { listSearch?: string } | null)?.listSearch ?? '';
  const backTo = `/faq${listSearch.startsWith('?') ? listSearch : ''}`;
  const [game, setGame] = useState(entry?.game_base_id ?? 0);
  const allGames = can('games');
  const games = useAnswer(`games:${allGames}`, () => listFaqGames(allGames));
  const types = useAnswer(`types:${game}`, () => faqCalls.types(faqTypesQueryOf(game || undefined)));
  const failed = error !== null;
  const isNew = entry === null && !failed;

  return (
    <PageFrame
      title={isNew ? t('faq.newTitle') : t('faq.editTitle')}
      plain
      toolbar={entry && <OnlineStateTag state={entry.online_state} time={entry.online_time} />}
    >
      <Typography.Paragraph>
        <Link to={backTo}>{t('faq.backToList')}</Link>
      </Typography.Paragraph>
      {failed ? (
        <Alert type="error" showIcon title={faqErrorText(t, error)} />
      ) : (
        <>
          {(games.error !== undefined || types.error !== undefined) && (
            <Alert
              type="warning"
              showIcon
              title={faqErrorText(t, games.error ?? types.error)}
              className={layout.gapBelow}
            />
          )}
          <FaqEditor
            key={entry?.question_id ?? 'new'}
            saved={entry}
            games={games.data ?? []}
            // Without a game the server lists every type; an entry about every game takes only theirs.
            types={types.data?.filter((type) => type.game_base_id === null || type.game_base_id === game)}
            typesLoading={types.loading}
            onGameChange={setGame}
            onSaved={() => {
              void message.success(t(isNew ? 'faq.added' : 'faq.saved'));
              void navigate(backTo);
            }}
            onCancel={() => void navigate(backTo)}
          />
        </>
      )}
    </PageFrame>
  );
}
