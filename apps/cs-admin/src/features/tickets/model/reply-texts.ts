/**
 * Checks a reply's texts per language (`replyTexts`, the rule the server applies) and a saved reply's title
 * before they are sent, each problem named in the agent's language.
 */
import type { TFunction } from 'i18next';
import {
  replyLanguages,
  replyTexts,
  savedReplyTitleRule,
  type ReplyLanguage,
  type SavedReplyItem,
} from '@gp/contracts/desk';
import { maxReplyLength } from './reply-validation.ts';

export type TextsDraft = Record<ReplyLanguage, string>;
export type TextsProblems = Partial<Record<ReplyLanguage, string>>;

/** A saved reply's texts as the fields edit them (no text: ''). */
export function draftOf(texts: SavedReplyItem['texts']): TextsDraft {
  return { en: texts.en, th: texts.th ?? '', cn: texts.cn ?? '', vi: texts.vi ?? '', zh: texts.zh ?? '' };
}

/** The languages that have a text, en first. */
export function languagesWithText(texts: SavedReplyItem['texts'] | TextsDraft): ReplyLanguage[] {
  return replyLanguages.filter((lang) => (texts[lang] ?? '').trim() !== '');
}

export function checkTexts(
  draft: TextsDraft,
  t: TFunction,
): { ok: true; value: TextsDraft } | { ok: false; problems: TextsProblems } {
  const parsed = replyTexts.safeParse(draft);
  if (parsed.success) return { ok: true, value: draft };
  const problems: TextsProblems = {};
  for (const issue of parsed.error.issues) {
    const lang = issue.path[0] as ReplyLanguage;
    if (problems[lang] !== undefined) continue;
    problems[lang] =
      lang === 'en' && draft.en.trim() === ''
        ? t('desk:replies.enRequired')
        : t('desk:replies.textInvalid', { max: maxReplyLength });
  }
  return { ok: false, problems };
}

export function checkTitle(title: string, t: TFunction): string | undefined {
  return savedReplyTitleRule.safeParse(title).success ? undefined : t('desk:replies.titleRequired');
}
