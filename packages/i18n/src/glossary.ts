/**
 * The glossary check (GLOSSARY.md): one word per language for each of the product's key terms. A term's English
 * form in an en string means its translation must use the glossary's rendering for that language, or one of the
 * variants the glossary accepts. Pure functions: the test reads the files and hands the texts in.
 */

export interface GlossaryTerm {
  /** The English forms as written in the glossary ("top-up", "top up"…); plurals match too. */
  en: string[];
  /** English phrases that use a form in another sense ("display order"); `#` stands for a number. */
  notPhrases: string[];
  /** Keys (`namespace:path`) where the English word has another sense the phrases can't tell apart. */
  notKeys: string[];
  /** Per language, the rendering first, then the accepted variants. A language left out is not checked. */
  renderings: Record<string, string[]>;
}

export interface Drift {
  term: string;
  lang: string;
  key: string;
  source: string;
  translation: string;
  expected: string[];
}

const cellsOf = (line: string) =>
  line
    .trim()
    .replace(/^\||\|$/g, '')
    .split('|')
    .map((c) => c.trim());

/** Markdown emphasis and code marks around a cell's words mean nothing to the check. */
const plain = (text: string) => text.replace(/[*`]/g, '').trim();

const splitList = (text: string, separator: RegExp) =>
  text
    .split(separator)
    .map(plain)
    .filter((s) => s !== '');

const keyPattern = /^[a-z]+:[\w.]+$/i;

/**
 * Reads the terms table: the table whose header starts with `en` and names the languages; its other columns
 * (notes) are for people. A language cell lists renderings separated by ` / `; `—` leaves the language unchecked.
 * The en cell lists forms separated by ` / `, and may end with `(not: phrase, phrase, ns:key)`.
 */
export function parseGlossary(markdown: string, languages: readonly string[]): GlossaryTerm[] {
  const lines = markdown.split(/\r?\n/);
  const start = lines.findIndex((line) => {
    const cells = cellsOf(line).map(plain);
    return line.trim().startsWith('|') && cells[0] === 'en' && languages.every((l) => cells.includes(l));
  });
  if (start < 0) throw new Error(`GLOSSARY.md has no table with the columns en, ${languages.join(', ')}`);
  const header = cellsOf(lines[start]!).map(plain);
  const terms: GlossaryTerm[] = [];
  for (const line of lines.slice(start + 2)) {
    if (!line.trim().startsWith('|')) break;
    const cells = cellsOf(line);
    const enCell = cells[0] ?? '';
    const not = /\(not:([^)]*)\)\s*$/.exec(enCell);
    const exclusions = not ? splitList(not[1]!, /,/) : [];
    const term: GlossaryTerm = {
      en: splitList(not ? enCell.slice(0, not.index) : enCell, /\s\/\s/),
      notPhrases: exclusions.filter((e) => !keyPattern.test(e)),
      notKeys: exclusions.filter((e) => keyPattern.test(e)),
      renderings: {},
    };
    for (const lang of languages) {
      const cell = plain(cells[header.indexOf(lang)] ?? '');
      if (cell === '' || cell === '—' || cell === '-') continue;
      term.renderings[lang] = splitList(cell, /\s\/\s/);
    }
    if (term.en.length === 0) throw new Error(`GLOSSARY.md: a row without an English term: ${line}`);
    terms.push(term);
  }
  if (terms.length === 0) throw new Error('GLOSSARY.md: the terms table is empty');
  return terms;
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** "reply" also matches "replies", "order" "orders", "fan group" "fan groups"; spaces and hyphens are one. */
function formPattern(form: string): string {
  const words = form
    .toLowerCase()
    .split(/[\s-]+/)
    .filter(Boolean);
  const last = words.pop() ?? '';
  const plural = /[^aeiou]y$/.test(last)
    ? `${escape(last.slice(0, -1))}(?:y|ies)`
    : `${escape(last)}(?:s|es)?`;
  return [...words.map(escape), plural].join('[\\s-]+');
}

const number = String.raw`\d[\d.,]*(?:\s*(?:-|–|to)\s*\d[\d.,]*)?`;
const phrasePattern = (phrase: string) =>
  phrase
    .toLowerCase()
    .split(/[\s-]+/)
    .map((w) => (w === '#' ? number : escape(w)))
    .join('[\\s-]+');
const phraseRegex = (phrase: string) => new RegExp(`(?<![\\w-])${phrasePattern(phrase)}(?![\\w-])`, 'g');

/** Placeholders become a number (so `{{max}} characters` is `# characters`), markup tags go. */
const prose = (text: string) => text.replace(/{{\s*\w+\s*}}/g, '0').replace(/<\/?\w+>/g, ' ');

/** Whether an en string uses the term (in the glossary's sense). */
export function usesTerm(term: GlossaryTerm, key: string, source: string): boolean {
  if (term.notKeys.includes(key)) return false;
  let text = prose(source).toLowerCase();
  for (const phrase of term.notPhrases) text = text.replace(phraseRegex(phrase), ' ');
  return new RegExp(`\\b(?:${term.en.map(formPattern).join('|')})\\b`, 'i').test(text);
}

const normal = (text: string) => text.normalize('NFC').toLocaleLowerCase();

/** Whether a translation uses one of the accepted renderings (placeholders don't count). */
export function usesRendering(renderings: readonly string[], translation: string): boolean {
  const text = normal(translation.replace(/{{\s*\w+\s*}}/g, ' '));
  return renderings.some((r) => text.includes(normal(r)));
}

/**
 * Every (term, language, key) where the en string uses a glossary term and the translation uses neither the
 * glossary's rendering nor an accepted variant. Keys missing in a language are the completeness test's business.
 */
export function findDrift(
  terms: readonly GlossaryTerm[],
  source: ReadonlyMap<string, string>,
  translations: Readonly<Record<string, ReadonlyMap<string, string>>>,
): Drift[] {
  const drift: Drift[] = [];
  for (const term of terms) {
    for (const [key, text] of source) {
      if (!usesTerm(term, key, text)) continue;
      for (const [lang, renderings] of Object.entries(term.renderings)) {
        const translation = translations[lang]?.get(key);
        if (translation === undefined || usesRendering(renderings, translation)) continue;
        drift.push({ term: term.en[0]!, lang, key, source: text, translation, expected: renderings });
      }
    }
  }
  return drift;
}
