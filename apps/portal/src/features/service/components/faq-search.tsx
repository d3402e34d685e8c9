/**
 * The FAQ filter: game, question type (the FAQ's types of every game plus the chosen game's own) and a keyword.
 * Searching puts the choice in the URL (`?game=&type=&q=`), so results have an address and back works.
 */
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { CsGameItem, QuestionTypeItem } from '@gp/contracts/cs';
import { SiteLink } from '@gp/ui/site-link';
import type { FaqQuery } from '../api/get-faq-page.ts';
import { getQuestionTypes } from '../api/get-question-types.ts';
import { servicePaths, withQuery } from '../model/query.ts';
import { useResource } from '@gp/ui/use-resource';
import form from './form.module.css';
import styles from './faq.module.css';

export function faqHref(query: FaqQuery): string {
  return withQuery(servicePaths.home, {
    game: query.game,
    type: query.type,
    q: query.keyword,
    page: query.page,
  });
}

export function FaqSearch({
  query,
  games,
  types,
}: {
  query: FaqQuery;
  games: readonly CsGameItem[];
  /** The types for `query.game`, as the page loaded them. */
  types: readonly QuestionTypeItem[];
}) {
  const { t } = useTranslation('service');
  const navigate = useNavigate();
  const id = useId();
  const [game, setGame] = useState(query.game ? String(query.game) : '');
  const [type, setType] = useState(query.type ? String(query.type) : '');
  const [keyword, setKeyword] = useState(query.keyword ?? '');
  const sameGame = game === (query.game ? String(query.game) : '');
  const other = useResource(sameGame ? null : `faqTypes:${game}`, () =>
    getQuestionTypes('faq', game ? Number(game) : undefined),
  );
  const options = sameGame ? types : (other.data ?? []);
  const filtered = query.game !== undefined || query.type !== undefined || !!query.keyword;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const typeId = options.some((o) => String(o.question_type) === type) ? Number(type) : undefined;
    const href = faqHref({
      game: game ? Number(game) : undefined,
      type: typeId,
      keyword: keyword.trim() || undefined,
      page: 1,
    });
    // Same page, new filter: only the search changes (the H5 path stays H5).
    void navigate({ search: href.slice(servicePaths.home.length) });
  };

  return (
    <form role="search" aria-label={t('faq.search')} className={styles.search} onSubmit={submit}>
      <div className={form.field}>
        <label htmlFor={`${id}-game`} className={form.label}>
          {t('faq.game')}
        </label>
        <select
          id={`${id}-game`}
          className={`${form.input} ${form.select}`}
          value={game}
          onChange={(e) => {
            setGame(e.target.value);
            setType('');
          }}
        >
          <option value="">{t('faq.allGames')}</option>
          {games.map((g) => (
            <option key={g.game_base_id} value={g.game_base_id}>
              {g.game_name}
            </option>
          ))}
        </select>
      </div>
      <div className={form.field}>
        <label htmlFor={`${id}-type`} className={form.label}>
          {t('faq.type')}
        </label>
        <select
          id={`${id}-type`}
          className={`${form.input} ${form.select}`}
          value={type}
          onChange={(e) => setType(e.target.value)}
          aria-busy={other.loading || undefined}
        >
          <option value="">{t('faq.allTypes')}</option>
          {options.map((q) => (
            <option key={q.question_type} value={q.question_type}>
              {q.question_type_name}
            </option>
          ))}
        </select>
      </div>
      <div className={`${form.field} ${styles.keyword}`}>
        <label htmlFor={`${id}-q`} className={form.label}>
          {t('faq.keyword')}
        </label>
        <input
          id={`${id}-q`}
          type="search"
          className={form.input}
          value={keyword}
          maxLength={50}
          enterKeyHint="search"
          placeholder={t('faq.keywordPlaceholder')}
          onChange={(e) => setKeyword(e.target.value)}
        />
      </div>
      <div className={styles.searchActions}>
        <button type="submit" className={form.primary}>
          {t('faq.submit')}
        </button>
        {filtered && (
          <SiteLink to={servicePaths.home} className={styles.clear}>
            {t('faq.clear')}
          </SiteLink>
        )}
      </div>
    </form>
  );
}
