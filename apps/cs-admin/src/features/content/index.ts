// What routes and the app may use of this feature; everything else stays inside it.
export {
  articleCalls,
  bannerCalls,
  fansGroupCalls,
  moduleCalls,
  navCalls,
  recommendCalls,
} from './api/content.calls.ts';
export { ArticleEditor } from './components/article-editor.tsx';
export { ArticleList } from './components/article-list.tsx';
export { BannerForm } from './components/banner-form.tsx';
export { FansGroupForm } from './components/fans-group-form.tsx';
export { ModuleForm } from './components/module-form.tsx';
export { NavFlagsForm } from './components/nav-flags-form.tsx';
export { PreviewLinks } from './components/preview-links.tsx';
export { RecommendForm } from './components/recommend-form.tsx';
export { type RowColumns } from './components/simple-list.tsx';
export { articleListRoute, simpleListRoute } from './components/simple-list-route.tsx';
export { articleBasePath, articleKindOfPath } from './model/article-paths.ts';
export { articlePageQueryOf, contentFiltersFromUrl, pageQueryOf } from './model/content-filters.ts';
export { bannerInputOf, fansGroupInputOf, moduleInputOf, recommendInputOf } from './model/item-values.ts';
