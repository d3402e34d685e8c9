import { useTranslation } from 'react-i18next';
import type { articleAdminCalls } from '@gp/contracts/content-admin';
import { contentLanguages, contentStatuses } from '@gp/contracts/content-admin';
import { articleCategories } from '@gp/contracts/web';
import { FilterBar, type FilterField } from '../../../lib/filter-bar.tsx';
import type { ContentFilters } from '../model/content-filters.ts';
import { languageName } from './language-marks.tsx';

/** Every content page call takes these filters; the article lists take the category too. */
type ContentPageCall = (typeof articleAdminCalls)['news']['page'];

/**
 * A content list's filters: what players get now, which languages are written or still missing (what needs a
 * Thai translation), a word of the title or slug; articles also by category. Applying goes back to page 1.
 */
export function ListFilters({
  filters,
  onApply,
  categories = false,
}: {
  filters: ContentFilters;
  onApply: (next: ContentFilters) => void;
  /** Articles: offer the category filter. */
  categories?: boolean;
}) {
  const { t } = useTranslation('cms');
  const languageOptions = contentLanguages.map((l) => ({ value: l, label: languageName(l) }));
  const fields: FilterField<ContentPageCall>[] = [
    {
      kind: 'select',
      name: 'status',
      label: t('list.status'),
      placeholder: t('list.anyStatus'),
      options: contentStatuses.map((s) => ({ value: s, label: t(`status.${s}`) })),
    },
    ...(categories
      ? [
          {
            kind: 'select',
            name: 'category',
            label: t('article.category'),
            placeholder: t('list.anyCategory'),
            options: articleCategories.map((c) => ({ value: c, label: t(`category.${c}`) })),
          } satisfies FilterField<ContentPageCall>,
        ]
      : []),
    {
      kind: 'select',
      name: 'missing_lang',
      label: t('list.missingLang'),
      placeholder: t('list.anyLanguage'),
      options: languageOptions,
    },
    {
      kind: 'select',
      name: 'has_lang',
      label: t('list.hasLang'),
      placeholder: t('list.anyLanguage'),
      options: languageOptions,
    },
    { kind: 'text', name: 'keyword', label: t('list.keyword'), maxLength: 100, size: 'wide' },
  ];
  return (
    <FilterBar<ContentPageCall>
      label={t('list.filters')}
      fields={fields}
      initialValues={filters}
      onApply={(values) => onApply({ page: 1, ...values })}
      submitText={t('list.apply')}
      resetText={t('list.reset')}
    />
  );
}
