// What routes and the app may use of this feature; everything else stays inside it.
export { faqCalls } from './api/faq.calls.ts';
export { listFaqGames } from './api/list-faq-games.ts';
export { useAnswer } from './api/use-answer.ts';
export { FaqEditor } from './components/faq-editor.tsx';
export { FaqFiltersForm } from './components/faq-filters.tsx';
export { type FaqActions, FaqTable } from './components/faq-table.tsx';
export { OnlineStateTag } from './components/online-state.tsx';
export { faqErrorText } from './model/faq-errors.ts';
export {
  type FaqFilters,
  faqFiltersFromUrl,
  faqFiltersToSearch,
  faqQueryOf,
  faqTypesQueryOf,
} from './model/faq-filters.ts';
