import { serviceCalls } from './service.calls.ts';

export interface FaqQuery {
  game?: number | undefined;
  type?: number | undefined;
  keyword?: string | undefined;
  page: number;
}

export const faqPageSize = 10;

/** Online FAQ entries for a game (and those of every game), a question type and a keyword. */
export function getFaqPage(query: FaqQuery) {
  return serviceCalls.faqPage({
    ...(query.game ? { game_base_id: query.game } : {}),
    ...(query.type ? { question_type: query.type } : {}),
    ...(query.keyword ? { question_keyword: query.keyword } : {}),
    page_num: query.page,
    page_size: faqPageSize,
  });
}
