import { useTranslation } from 'react-i18next';
import {
  editLanguages,
  onlineStates,
  type EditLanguage,
  type OnlineState,
  type QuestionTypeAdminItem,
} from '@gp/contracts/catalog-admin';
import { optionOf } from '@gp/i18n/languages';
import { FilterBar, type FilterField } from '../../../lib/filter-bar.tsx';
import type { FaqFilters } from '../model/faq-filters.ts';
import type { FaqGame } from '../api/list-faq-games.ts';

interface FilterValues {
  game?: number;
  type?: number;
  state?: OnlineState;
  keyword?: string;
  language?: EditLanguage;
}

/**
 * The FAQ list's filters: game (or the entries about every game), question type, what players see now, words in
 * the title or answer, and the language titles are shown and searched in. Applying goes back to the first page.
 */
export function FaqFiltersForm({
  filters,
  games,
  types,
  onApply,
}: {
  filters: FaqFilters;
  games: FaqGame[];
  types: QuestionTypeAdminItem[];
  onApply: (next: FaqFilters) => void;
}) {
  const { t } = useTranslation('ops');
  const initial: FilterValues = {
    game: filters.game,
    type: filters.type,
    state: filters.state,
    keyword: filters.keyword,
    language: filters.language,
  };

  const apply = (values: FilterValues) => {
    const keyword = values.keyword?.trim();
    onApply({
      page: 1,
      ...(values.game !== undefined && values.game !== null ? { game: values.game } : {}),
      ...(values.type ? { type: values.type } : {}),
      ...(values.state ? { state: values.state } : {}),
      ...(keyword ? { keyword } : {}),
      ...(values.language ? { language: values.language } : {}),
    });
  };

  const fields: FilterField<FilterValues>[] = [
    {
      kind: 'select',
      name: 'game',
      label: t('faq.game'),
      placeholder: t('faq.anyGame'),
      searchable: true,
      width: 200,
      options: [
        { value: 0, label: t('faq.allGamesEntries') },
        ...games.map((g) => ({ value: g.game_base_id, label: g.game_name })),
      ],
    },
    {
      kind: 'select',
      name: 'type',
      label: t('faq.questionType'),
      placeholder: t('faq.anyType'),
      searchable: true,
      width: 180,
      options: types.map((type) => ({ value: type.question_type, label: type.question_type_name })),
    },
    {
      kind: 'select',
      name: 'state',
      label: t('faq.online'),
      placeholder: t('faq.anyState'),
      width: 160,
      options: onlineStates.map((state) => ({ value: state, label: t(`faq.state.${state}`) })),
    },
    { kind: 'text', name: 'keyword', label: t('faq.keyword'), maxLength: 100, width: 200 },
    {
      kind: 'select',
      name: 'language',
      label: t('faq.language'),
      placeholder: t('faq.consoleLanguage'),
      width: 160,
      options: editLanguages.map((lang) => ({ value: lang, label: optionOf(lang).label })),
    },
  ];
  return (
    <FilterBar<FilterValues>
      label={t('faq.filters')}
      fields={fields}
      initialValues={initial}
      onApply={apply}
      onReset={() => onApply({ page: 1 })}
      submitText={t('common.search')}
      resetText={t('common.reset')}
    />
  );
}
