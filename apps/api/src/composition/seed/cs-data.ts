/**
 * Demo customer-service content (seed step `cs-v1`): question types and FAQ entries, general and per demo game,
 * in the five languages (the data in cs/*.json, typed here). Games are named by their `game_id`; plain text with
 * line breaks kept.
 */
import questionTypes from './cs/question-types.json' with { type: 'json' };
import faqs from './cs/faqs.json' with { type: 'json' };

export type Lang = 'en' | 'th' | 'cn' | 'vi' | 'zh';
export type Texts = Record<Lang, string>;

export interface DemoQuestionType {
  slug: string;
  /** The game's `game_id`, or null for every game. */
  gameId: string | null;
  forFaq: boolean;
  forTicket: boolean;
  names: Texts;
}

export interface DemoFaq {
  slug: string;
  gameId: string | null;
  type: string;
  title: Texts;
  content: Texts;
}

export const demoQuestionTypes: DemoQuestionType[] = questionTypes;

export const demoFaqs: DemoFaq[] = faqs;
