/** The public customer-service pages: games to ask about, question types and the FAQ search. */
import type { CsGameItem, FaqPageData, QuestionTypeItem } from '@gp/contracts/cs';
import type { Clock } from '../../config/clock.ts';
import { languagesFor, pickLanguage } from '../site/index.ts';
import type { Db } from '../../db/database.ts';
import { textSearchTotalCap } from '@gp/contracts';
import { FaqRepository, type FaqFilter } from './faq.repository.ts';
import { FaqSearchIndex } from './faq-search.index.ts';
import { cappedTotal, totalFields } from '../../db/capped-count.ts';

export interface FaqServiceOptions {
  mediaUrl: (id: string) => string;
  now: Clock;
  /**
   * How long the in-memory keyword search may go without asking whether the FAQ changed (faq-search.index.ts):
   * the public cache's TTL; 0, before every search.
   */
  searchFreshForMs?: number;
}

export class FaqService {
  private readonly search: FaqSearchIndex;

  constructor(
    private readonly repo: FaqRepository,
    private readonly options: FaqServiceOptions,
  ) {
    this.search = new FaqSearchIndex(repo, { now: options.now, freshForMs: options.searchFreshForMs ?? 0 });
  }

  /** Something players read may have changed (the public cache's clear): the keyword search asks again. */
  publicDataChanged(): void {
    this.search.recheck();
  }

  async games(lang: string): Promise<CsGameItem[]> {
    const rows = await this.repo.onlineGames(languagesFor(lang));
    return pickLanguage(rows, lang, (r) => r.gameBaseId).map((r) => ({
      game_base_id: r.gameBaseId,
      game_name: r.name,
      game_icon: r.iconMediaId ? this.options.mediaUrl(r.iconMediaId) : '',
    }));
  }

  async questionTypes(
    filter: { usage?: 1 | 2 | undefined; game_base_id?: number | undefined },
    lang: string,
  ): Promise<QuestionTypeItem[]> {
    const rows = await this.repo.questionTypes({
      ...(filter.usage ? { usage: filter.usage } : {}),
      ...(filter.game_base_id !== undefined ? { gameBaseId: filter.game_base_id } : {}),
      langs: languagesFor(lang),
      online: true,
    });
    return pickLanguage(rows, lang, (r) => r.id).map((r) => ({
      question_type: r.id,
      question_type_name: r.name,
      game_base_id: r.gameBaseId,
      slug: r.slug,
    }));
  }

  async faqPage(
    query: {
      game_base_id?: number | undefined;
      question_type?: number | undefined;
      question_keyword?: string | undefined;
      page_num: number;
      page_size: number;
    },
    lang: string,
  ): Promise<FaqPageData> {
    const filter = {
      lang,
      ...(query.game_base_id !== undefined ? { gameBaseId: query.game_base_id } : {}),
      ...(query.question_type !== undefined ? { questionTypeId: query.question_type } : {}),
      now: this.options.now(),
      offset: (query.page_num - 1) * query.page_size,
      limit: query.page_size,
    };
    const { rows, counted } = query.question_keyword
      ? await this.keywordPage(filter, query.question_keyword)
      : await this.repo.faqPage(filter);
    return {
      list: rows.map((r) => ({
        question_id: r.id,
        game_base_id: r.gameBaseId,
        question_type: r.questionTypeId,
        question_type_name: r.typeName,
        question_title: r.title,
        question_content: r.content,
        online_time: r.onlineTime.toISOString(),
      })),
      ...totalFields(counted),
      page_num: query.page_num,
      page_size: query.page_size,
    };
  }

  /**
   * A keyword's page: the matching entries found in memory (as many as the page and the capped count need: a text
   * search counts to `textSearchTotalCap`, "100+ answers"), then the page's read from the database.
   */
  private async keywordPage(filter: FaqFilter, keyword: string) {
    const need = Math.max(textSearchTotalCap + 1, filter.offset + filter.limit);
    const matches = await this.search.matches({ ...filter, keyword }, need);
    const rows = await this.repo.entries(filter, matches.slice(filter.offset, filter.offset + filter.limit));
    return { rows, counted: cappedTotal(matches.length, textSearchTotalCap) };
  }
}

/** The FAQ as players read it, on `db`. */
export function createFaqService(db: Db, options: FaqServiceOptions) {
  return new FaqService(new FaqRepository(db), options);
}
