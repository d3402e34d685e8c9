/**
 * The word being typed in the reply, for the FAQ title match: the last word of the current line before the
 * cursor. Intl.Segmenter finds words in every console language, Thai and Chinese included (no spaces there).
 */
import { intlLocale } from '@gp/i18n/format';

/** Shorter words match too many titles to help. */
export const minKeywordLength = 2;

export function wordBeforeCaret(text: string, caret: number, lang: string): string {
  const end = Math.max(0, Math.min(caret, text.length));
  const line = text.slice(text.lastIndexOf('\n', end - 1) + 1, end);
  const segmenter = new Intl.Segmenter(intlLocale(lang), {
    granularity: 'word',
  });
  const words = [...segmenter.segment(line)].filter((s) => s.isWordLike).map((s) => s.segment);
  const last = words.at(-1) ?? '';
  return last.length >= minKeywordLength ? last.slice(0, 100) : '';
}
