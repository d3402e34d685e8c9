/**
 * Per-language replies: which text a ticket gets and its variables filled. A ticket gets the text in its own
 * language when the reply has one, else en. `{nickname}`, `{order_no}` and `{game}` are replaced by the
 * ticket's values (an unknown `{name}` stays as written, so a typo shows in the preview rather than
 * vanishing); a value is inserted as it is, never scanned for variables again.
 */
import { replyLanguages, type ReplyLanguage, type ReplyVariable } from '@gp/contracts/desk';

export type ReplyTextsByLanguage = { en: string } & Partial<Record<ReplyLanguage, string | undefined>>;

/** The language whose text a ticket in `ticketLang` gets. */
export function replyLanguageFor(texts: ReplyTextsByLanguage, ticketLang: string): ReplyLanguage {
  const lang = replyLanguages.find((l) => l === ticketLang);
  return lang && texts[lang] ? lang : 'en';
}

/** `text` with each known variable replaced by its value. */
export function fillReplyVariables(text: string, values: Record<ReplyVariable, string>): string {
  return text.replace(/\{(nickname|order_no|game)\}/g, (_, name: ReplyVariable) => values[name]);
}
