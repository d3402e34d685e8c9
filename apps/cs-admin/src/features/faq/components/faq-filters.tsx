import { useTranslation } from 'react-i18next';
import {
  editLanguages,
  onlineStates,
  type faqAdminPage,
  type QuestionTypeAdminItem,
} from '@gp/contracts/catalog-admin';
import { optionOf } from '@gp/i18n/languages';
import { FilterBar, type FilterField, type FilterValues } from '../../../lib/filter-bar.tsx';
import type { FaqFilters } from '../model/faq-filters.ts';
import type { FaqGame } from '../api/list-faq-games.ts';

type FaqFilterValues = FilterValues<typeof faqAdminPage>;

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
  const apply = ({ game_base_id, question_type, ...rest }: FaqFilterValues) =>
    onApply({
      page: 1,
      ...rest,
      // 0 is a choice of its own: the entries about every game.
      ...(game_base_id !== undefined ? { game_base_id: Number(game_base_id) } : {}),
      ...(question_type ? { question_type: Number(question_type) } : {}),
    });

  const fields: FilterField<typeof faqAdminPage>[] = [
    {
      kind: 'select',
      name: 'game_base_id',
      label: t('faq.game'),
      placeholder: t('faq.anyGame'),
      searchable: true,
      size: 'wide',
      options: [
        { value: 0, label: t('faq.allGamesEntries') },
        ...games.map((g) => ({ value: g.game_base_id, label: g.game_name })),
      ],
    },
    {
      kind: 'select',
      name: 'question_type',
      label: t('faq.questionType'),
      placeholder: t('faq.anyType'),
      searchable: true,
      options: types.map((type) => ({ value: type.question_type, label: type.question_type_name })),
    },
    {
      kind: 'select',
      name: 'online_state',
      label: t('faq.online'),
      placeholder: t('faq.anyState'),
      options: onlineStates.map((state) => ({ value: state, label: t(`faq.state.${state}`) })),
    },
    { kind: 'text', name: 'keyword', label: t('faq.keyword'), maxLength: 100, size: 'wide' },
    {
      kind: 'select',
      name: 'language',
      label: t('faq.language'),
      placeholder: t('faq.consoleLanguage'),
      options: editLanguages.map((lang) => ({ value: lang, label: optionOf(lang).label })),
    },
  ];
  return (
    <FilterBar<typeof faqAdminPage>
      label={t('faq.filters')}
      fields={fields}
      initialValues={filters}
      onApply={apply}
      submitText={t('common.search')}
      resetText={t('common.reset')}
    />
  );
}
