import { useTranslation } from 'react-i18next';
import type { ArticleCategory } from '@gp/contracts/web';
import { FilterLinks } from '../../../components/filter-links.tsx';
import { kinds, listHref, type ArticleKind } from '../utils/article-kinds.ts';

/** The category filter of the news or the activities: all, then each category of the kind. */
export function CategoryTabs({ kind, current }: { kind: ArticleKind; current: ArticleCategory | undefined }) {
  const { t } = useTranslation('portal');
  const options: (ArticleCategory | undefined)[] = [undefined, ...kinds[kind].categories];
  return (
    <FilterLinks
      label={t('articles.filter')}
      options={options.map((category) => ({
        key: category ?? 'all',
        to: listHref(kind, { page: 1, category }),
        label: category ? t(`articles.category.${category}`) : t('articles.all'),
        current: category === current,
      }))}
    />
  );
}
