import { useTranslation } from 'react-i18next';
import { SiteLink } from '@gp/ui/site-link';
import { StateMessage } from '../../../components/state-message.tsx';
import { kinds, type ArticleKind } from '../utils/article-kinds.ts';

/**
 * An unknown id, an unpublished item, or a preview link without a valid token: all look the same, so a draft's
 * existence is never revealed. The page keeps its chrome and offers the list instead.
 */
export function ArticleNotFound({ kind }: { kind: ArticleKind }) {
  const { t } = useTranslation('portal');
  return (
    <StateMessage
      tone="empty"
      heading={1}
      title={t(`articles.${kind}.notFound`)}
      body={t('articles.notFoundBody')}
      action={<SiteLink to={kinds[kind].listPath}>{t(`articles.${kind}.browse`)}</SiteLink>}
    />
  );
}
