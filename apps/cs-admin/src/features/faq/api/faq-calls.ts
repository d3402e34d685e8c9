/**
 * The FAQ calls (contracts in @gp/contracts/catalog-admin, behind the `faq` privilege) and the game list the
 * FAQ screens offer. Every answer is parsed by its contract in the client; refusals are `ApiError`s of the
 * staff domain.
 */
import {
  editLanguages,
  faqAdminDelete,
  faqAdminDetailCall,
  faqAdminOnlineSwitch,
  faqAdminPage,
  faqAdminSave,
  gameAdminPage,
  onlineStates,
  questionTypeAdminList,
  type EditLanguage,
  type FaqAdminPageData,
  type FaqForm,
  type OnlineState,
} from '@gp/contracts/catalog-admin';
import { csGameList } from '@gp/contracts/cs';
import { api } from '../../../lib/api-client.ts';

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

export function listFaq(filters: FaqFilters): Promise<FaqAdminPageData> {
  return api.call(faqAdminPage, {
    ...(filters.game !== undefined ? { game_base_id: filters.game } : {}),
    ...(filters.type !== undefined ? { question_type: filters.type } : {}),
    ...(filters.state ? { online_state: filters.state } : {}),
    ...(filters.keyword ? { keyword: filters.keyword } : {}),
    ...(filters.language ? { language: filters.language } : {}),
    page_num: filters.page,
    page_size: faqPageSize,
  });
}

export const getFaq = (questionId: number) => api.call(faqAdminDetailCall, { question_id: questionId });
export const saveFaq = (form: FaqForm) => api.call(faqAdminSave, form);
export const switchFaq = (questionId: number, online: boolean) =>
  api.call(faqAdminOnlineSwitch, { question_id: questionId, is_online: online ? 1 : 0 });
export const deleteFaq = (questionId: number) => api.call(faqAdminDelete, { question_id: questionId });

/** Question types FAQ entries may be filed under: every game's, plus the game's own when one is given. */
export const listFaqTypes = (gameBaseId?: number) =>
  api.call(questionTypeAdminList, { usage: 1, ...(gameBaseId ? { game_base_id: gameBaseId } : {}) });

export interface FaqGame {
  game_base_id: number;
  game_name: string;
  /** 0: hidden from players (its FAQ too). */
  is_online: 0 | 1;
}

/**
 * The games an FAQ entry can be about. Staff who may manage games see every game, offline ones too (an entry can
 * be written before its game goes online); the others see the games players can ask about.
 */
export async function listFaqGames(allGames: boolean): Promise<FaqGame[]> {
  if (!allGames) {
    const games = await api.call(csGameList, {});
    return games.map((g) => ({ game_base_id: g.game_base_id, game_name: g.game_name, is_online: 1 }));
  }
  const games: FaqGame[] = [];
  for (let page = 1; page <= 50; page++) {
    const answer = await api.call(gameAdminPage, { page_num: page, page_size: 100 });
    games.push(
      ...answer.list.map(({ game_base_id, game_name, is_online }) => ({
        game_base_id,
        game_name,
        is_online,
      })),
    );
    if (games.length >= answer.total || answer.list.length === 0) break;
  }
  return games;
}
