import {
  editLanguages,
  onlineStates,
  type EditLanguage,
  type OnlineState,
} from '@gp/contracts/catalog-admin';
import { filtersSet, readParam, urlFilters } from '../../../lib/url-filters.ts';

export const faqPageSize = 20;

/** The list's filters as the screen's URL carries them: the page call's own fields. */
export interface FaqFilters {
  /** A game's own entries; 0: the entries about every game. */
  game_base_id?: number;
  question_type?: number;
  online_state?: OnlineState;
  keyword?: string;
  /** The language titles are shown (and searched) in; the console's when left out. */
  language?: EditLanguage;
  page: number;
}

export const { fromUrl: faqFiltersFromUrl, toSearch: faqFiltersToSearch } = urlFilters<FaqFilters>({
  game_base_id: ['game', readParam.id(0)],
  question_type: ['type', readParam.id()],
  online_state: ['state', readParam.oneOf(onlineStates)],
  keyword: ['q', readParam.text(100)],
  // Not `lang`: that is the page language a link carries, which the console adopts at start (main.tsx).
  language: ['language', readParam.oneOf(editLanguages)],
});

/** The page call's query of the filters. */
export function faqQueryOf(filters: FaqFilters) {
  return { ...filtersSet(filters), page_num: filters.page, page_size: faqPageSize };
}

/** Question types FAQ entries may be filed under: every game's, plus the game's own when one is given. */
export function faqTypesQueryOf(gameBaseId?: number) {
  return { usage: 1, ...(gameBaseId ? { game_base_id: gameBaseId } : {}) };
}
