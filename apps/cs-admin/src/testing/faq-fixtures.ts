/** FAQ entries, question types and games as the APIs answer them (tests only). */
import type { FaqAdminDetail, FaqAdminItem, QuestionTypeAdminItem } from '@gp/contracts/catalog-admin';

export function faqItem(overrides: Partial<FaqAdminItem> = {}): FaqAdminItem {
  return {
    question_id: 11,
    game_base_id: 3,
    game_name: 'Lotus Blade',
    question_type: 2,
    question_type_name: 'Top-up',
    question_title: 'Where is my top-up?',
    title_lang: 'en',
    languages: ['en', 'th'],
    online_type: 1,
    online_time: '2026-03-01T08:00:00.000Z',
    is_online: 1,
    online_state: 'online',
    sort: 0,
    created_at: '2026-02-01T00:00:00.000Z',
    updated_at: '2026-03-01T08:00:00.000Z',
    ...overrides,
  };
}

export function faqDetail(overrides: Partial<FaqAdminDetail> = {}): FaqAdminDetail {
  const { question_title: _title, title_lang: _lang, ...item } = faqItem();
  return {
    ...item,
    texts: {
      en: { question_title: 'Where is my top-up?', question_content: 'It arrives within 5 minutes.' },
      th: { question_title: 'เติมเงินแล้วไม่ได้รับ', question_content: 'จะได้รับภายใน 5 นาที' },
      cn: null,
      vi: null,
      zh: null,
    },
    ...overrides,
  };
}

export function questionType(overrides: Partial<QuestionTypeAdminItem> = {}): QuestionTypeAdminItem {
  return {
    question_type: 2,
    question_type_name: 'Top-up',
    game_base_id: null,
    for_faq: 1,
    for_ticket: 1,
    is_online: 1,
    ...overrides,
  };
}

/** The public game list (`/cs/komoe/api/common/game/list`) as staff without the games privilege read it. */
export const publicGames = [
  { game_base_id: 3, game_name: 'Lotus Blade', game_icon: '' },
  { game_base_id: 4, game_name: 'Moon Tale', game_icon: '' },
];
