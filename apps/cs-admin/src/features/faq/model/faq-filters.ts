import {
  editLanguages,
  onlineStates,
  type EditLanguage,
  type OnlineState,
} from '@gp/contracts/catalog-admin';

export const faqPageSize = 20;

/** The list's filters as the screen's URL carries them. */
export interface FaqFilters {
  /** A game's own entries; 0: the entries about every game. */
  game?: number;
  type?: number;
  state?: OnlineState;
  keyword?: string;
  /** The language titles are shown (and searched) in; the console's when left out. */
  language?: EditLanguage;
  page: number;
}

const positive = (value: string | null, min = 1) => {
  const n = Number(value);
  return value !== null && value !== '' && Number.isInteger(n) && n >= min && n <= 2_147_483_647
    ? n
    : undefined;
};

export function faqFiltersFromUrl(url: URL): FaqFilters {
  const p = url.searchParams;
  const game = positive(p.get('game'), 0);
  const type = positive(p.get('type'));
  const state = p.get('state');
  const keyword = p.get('q')?.trim().slice(0, 100);
  const language = p.get('lang');
  return {
    page: positive(p.get('page')) ?? 1,
    ...(game !== undefined ? { game } : {}),
    ...(type !== undefined ? { type } : {}),
    ...((onlineStates as readonly string[]).includes(state ?? '') ? { state: state as OnlineState } : {}),
    ...(keyword ? { keyword } : {}),
    ...((editLanguages as readonly string[]).includes(language ?? '')
      ? { language: language as EditLanguage }
      : {}),
  };
}

export function faqFiltersToSearch(filters: FaqFilters): URLSearchParams {
  const p = new URLSearchParams();
  if (filters.game !== undefined) p.set('game', String(filters.game));
  if (filters.type !== undefined) p.set('type', String(filters.type));
  if (filters.state) p.set('state', filters.state);
  if (filters.keyword) p.set('q', filters.keyword);
  if (filters.language) p.set('lang', filters.language);
  if (filters.page > 1) p.set('page', String(Math.min(filters.page, 10_000)));
  return p;
}

/** The page call's query of the filters. */
export function faqQueryOf(filters: FaqFilters) {
  return {
    ...(filters.game !== undefined ? { game_base_id: filters.game } : {}),
    ...(filters.type !== undefined ? { question_type: filters.type } : {}),
    ...(filters.state ? { online_state: filters.state } : {}),
    ...(filters.keyword ? { keyword: filters.keyword } : {}),
    ...(filters.language ? { language: filters.language } : {}),
    page_num: filters.page,
    page_size: faqPageSize,
  };
}

/** Question types FAQ entries may be filed under: every game's, plus the game's own when one is given. */
export function faqTypesQueryOf(gameBaseId?: number) {
  return { usage: 1, ...(gameBaseId ? { game_base_id: gameBaseId } : {}) };
}
