/** The articles feature's public file: src/app and src/routes reach the feature only through it. */
export { articlesCalls } from './api/articles.calls.ts';
export { ArticleList } from './components/article-list.tsx';
export { ArticleNotFound } from './components/article-not-found.tsx';
export { ArticleView } from './components/article-view.tsx';
export { CategoryTabs } from './components/category-tabs.tsx';
export { NewsHeadlines } from './components/news-headlines.tsx';
export {
  listHref,
  listPageSize,
  parseArticleId,
  parseListQuery,
  type ArticleKind,
  type ListQuery,
} from './utils/article-kinds.ts';
