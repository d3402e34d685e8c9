/**
 * The FAQ editor's values and what is sent: texts per language (en required; a language left blank has no text
 * and players read en there), the game (0: every game), "now" or a scheduled time.
 */
import dayjs, { type Dayjs } from 'dayjs';
import {
  editLanguages,
  faqOnlineType,
  type EditLanguage,
  type FaqAdminDetail,
  type FaqForm,
} from '@gp/contracts/catalog-admin';

export interface FaqText {
  question_title: string;
  question_content: string;
}

export interface FaqValues {
  /** 0: about every game. */
  game: number;
  question_type: number | undefined;
  sort: number | null;
  online_type: 1 | 2;
  online_time: Dayjs | null;
  texts: Record<EditLanguage, FaqText>;
}

const blank: FaqText = { question_title: '', question_content: '' };

export function faqValuesOf(detail: FaqAdminDetail | null): FaqValues {
  const texts = Object.fromEntries(
    editLanguages.map((lang) => [lang, detail?.texts[lang] ? { ...detail.texts[lang] } : { ...blank }]),
  ) as Record<EditLanguage, FaqText>;
  return {
    game: detail?.game_base_id ?? 0,
    question_type: detail?.question_type,
    sort: detail?.sort ?? 0,
    online_type: detail?.online_type ?? faqOnlineType.now,
    online_time:
      detail?.online_type === faqOnlineType.scheduled && detail.online_time
        ? dayjs(detail.online_time)
        : null,
    texts,
  };
}

/** Whether a language's text was left blank (both fields empty): it is sent as none. */
export function isBlankText(text: FaqText | undefined): boolean {
  return !text || (text.question_title.trim() === '' && text.question_content.trim() === '');
}

/** The languages that have text in `values`. */
export function filledLanguages(values: Pick<FaqValues, 'texts'>): EditLanguage[] {
  return editLanguages.filter((lang) => !isBlankText(values.texts[lang]));
}

/** The request of a save: every field, texts of the blank languages as null. */
export function faqFormOf(values: FaqValues, questionId?: number): FaqForm {
  const text = (lang: EditLanguage) => {
    const t = values.texts[lang];
    return isBlankText(t)
      ? null
      : { question_title: t.question_title.trim(), question_content: t.question_content.trim() };
  };
  const scheduled = values.online_type === faqOnlineType.scheduled;
  return {
    ...(questionId !== undefined ? { question_id: questionId } : {}),
    question_type: values.question_type ?? 0,
    game_base_id: values.game === 0 ? null : values.game,
    online_type: values.online_type,
    online_time: scheduled && values.online_time ? values.online_time.toISOString() : null,
    sort: values.sort ?? 0,
    texts: {
      en: text('en') ?? { question_title: '', question_content: '' },
      th: text('th'),
      cn: text('cn'),
      vi: text('vi'),
      zh: text('zh'),
    },
  };
}

/**
 * Whether a scheduled time must still lie ahead: a new time, or one changed from what was saved (the server
 * keeps an unchanged time that has passed, and refuses a new one).
 */
export function scheduleMustBeFuture(saved: FaqAdminDetail | null, picked: Dayjs): boolean {
  if (!saved || saved.online_type !== faqOnlineType.scheduled) return true;
  return !dayjs(saved.online_time).isSame(picked);
}
