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

/** A term's patterns, built once: the check runs every term over every string of five languages. */
const compiled = new WeakMap<GlossaryTerm, { not: RegExp[]; forms: RegExp }>();
function patternsOf(term: GlossaryTerm) {
  let found = compiled.get(term);
  if (!found) {
    found = {
      not: term.notPhrases.map(phraseRegex),
      forms: new RegExp(`\\b(?:${term.en.map(formPattern).join('|')})\\b`, 'i'),
    };
    compiled.set(term, found);
  }
  return found;
}

/** Whether an en string uses the term (in the glossary's sense). */
export function usesTerm(term: GlossaryTerm, key: string, source: string): boolean {
  return usesTermIn(term, key, prose(source).toLowerCase());
}

function usesTermIn(term: GlossaryTerm, key: string, lowerProse: string): boolean {
  if (term.notKeys.includes(key)) return false;
  const { not, forms } = patternsOf(term);
  let text = lowerProse;
  for (const phrase of not) text = text.replace(phrase, ' ');
  return forms.test(text);
}

const normal = (text: string) => text.normalize('NFC').toLocaleLowerCase();

/**
 * The rows of a table under a `## heading` of GLOSSARY.md, as cells (markup marks removed), header and rule left
 * out: the machine-read sections below the terms table.
 */
function sectionTable(markdown: string, heading: string): { header: string[]; rows: string[][] } {
  const lines = markdown.split(/\r?\n/);
  const at = lines.findIndex((line) => line.trim() === `## ${heading}`);
  if (at < 0) throw new Error(`GLOSSARY.md has no section "## ${heading}"`);
  const rows: string[][] = [];
  let header: string[] = [];
  let seen = 0;
  for (const line of lines.slice(at + 1)) {
    if (line.startsWith('## ')) break;
    if (!line.trim().startsWith('|')) {
      if (seen > 0) break;
      continue;
    }
    seen += 1;
    if (seen === 1) header = cellsOf(line).map(plain);
    if (seen > 2) rows.push(cellsOf(line).map(plain)); // past the header and its rule
  }
  if (rows.length === 0) throw new Error(`GLOSSARY.md: the table of "## ${heading}" is empty`);
  return { header, rows };
}

export interface ForbiddenWord {
  lang: string;
  word: string;
  /** Longer words holding it in another sense (th คันโปรด "favourite car" is not a request). */
  notPhrases: string[];
  /** Keys (`namespace:path`) where the word is right, in another sense. */
  notKeys: string[];
  instead: string;
}

/** The "Forbidden words" table: `| language | word (not: phrase, ns:key, …) | write instead | why |`. */
export function parseForbidden(markdown: string, languages: readonly string[]): ForbiddenWord[] {
  return sectionTable(markdown, 'Forbidden words').rows.map((cells) => {
    const [lang = '', wordCell = '', instead = ''] = cells;
    if (!languages.includes(lang)) throw new Error(`GLOSSARY.md forbidden words: unknown language "${lang}"`);
    const not = /\(not:([^)]*)\)\s*$/.exec(wordCell);
    const word = plain(not ? wordCell.slice(0, not.index) : wordCell);
    if (word === '') throw new Error(`GLOSSARY.md forbidden words: a row without a word (${lang})`);
    const exclusions = not ? splitList(not[1]!, /,/) : [];
    return {
      lang,
      word,
      notPhrases: exclusions.filter((e) => !keyPattern.test(e)),
      notKeys: exclusions.filter((e) => keyPattern.test(e)),
      instead,
    };
  });
}

export interface Concept {
  concept: string;
  /** Per language, every name the texts have used for it; the first is the glossary's. */
  names: Record<string, string[]>;
}

/** The "One name per concept" table: `| concept | th | cn | vi | zh |`, each cell `name / other name / …`. */
export function parseConcepts(markdown: string, languages: readonly string[]): Concept[] {
  const { header, rows } = sectionTable(markdown, 'One name per concept');
  return rows.map((cells) => {
    const names: Record<string, string[]> = {};
    for (const lang of languages) {
      const cell = cells[header.indexOf(lang)] ?? '';
      if (header.includes(lang) && cell !== '' && cell !== '—') names[lang] = splitList(cell, /\s\/\s/);
    }
    return { concept: cells[0] ?? '', names };
  });
}

/**
 * Text a translation quotes rather than says: what a player or an agent wrote, a sample message. Its 你 or its
 * words are not ours, so the register and word checks skip what stands between quotation marks.
 */
export const withoutQuotes = (text: string) => text.replace(/「[^」]*」|『[^』]*』|“[^”]*”/g, ' ');

/**
 * Where a Chinese text calls the reader 你: cn and zh say 您 to players and staff alike (GLOSSARY.md, notes per
 * language). 你们 / 你們 count too: the texts address one reader; a group is 各位.
 */
export function findInformalYou(
  translations: Readonly<Record<string, ReadonlyMap<string, string>>>,
  languages: readonly string[] = ['cn', 'zh'],
): string[] {
  const found: string[] = [];
  for (const lang of languages) {
    for (const [key, text] of translations[lang] ?? []) {
      if (withoutQuotes(text).includes('你')) found.push(`${lang} ${key}: ${text.slice(0, 60)}`);
    }
  }
  return found;
}

/** Every translation using a word the glossary forbids in its language, outside quotations. */
export function findForbidden(
  words: readonly ForbiddenWord[],
  translations: Readonly<Record<string, ReadonlyMap<string, string>>>,
): string[] {
  const found: string[] = [];
  for (const w of words) {
    for (const [key, text] of translations[w.lang] ?? []) {
      if (w.notKeys.includes(key)) continue;
      let said = normal(withoutQuotes(text));
      for (const phrase of w.notPhrases) said = said.split(normal(phrase)).join(' ');
      if (said.includes(normal(w.word)))
        found.push(`${w.lang} ${key}: "${w.word}" (write ${w.instead}): ${text.slice(0, 60)}`);
    }
  }
  return found;
}

/**
 * Every concept a language names in more than one way across its texts, with the keys using each name: the
 * pages disagree, whichever name is right.
 */
export function findMixedNames(
  concepts: readonly Concept[],
  translations: Readonly<Record<string, ReadonlyMap<string, string>>>,
): string[] {
  const found: string[] = [];
  for (const c of concepts) {
    for (const [lang, names] of Object.entries(c.names)) {
      const used = new Map<string, string[]>();
      for (const [key, text] of translations[lang] ?? []) {
        let rest = normal(withoutQuotes(text));
        // Longest first, so a name inside a longer one ("验证器" in "身份验证器") counts once.
        for (const name of [...names].sort((a, b) => b.length - a.length)) {
          const n = normal(name);
          if (!rest.includes(n)) continue;
          rest = rest.split(n).join(' ');
          used.set(name, [...(used.get(name) ?? []), key]);
        }
      }
      if (used.size > 1)
        found.push(
          `${lang} ${c.concept}: ${[...used].map(([name, keys]) => `${name} (${keys.slice(0, 3).join(', ')}${keys.length > 3 ? ` +${keys.length - 3}` : ''})`).join(' / ')}`,
        );
    }
  }
  return found;
}

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
  const lowered = new Map([...source].map(([key, text]) => [key, prose(text).toLowerCase()]));
  for (const term of terms) {
    for (const [key, text] of source) {
      if (!usesTermIn(term, key, lowered.get(key)!)) continue;
      for (const [lang, renderings] of Object.entries(term.renderings)) {
        const translation = translations[lang]?.get(key);
        if (translation === undefined || usesRendering(renderings, translation)) continue;
        drift.push({ term: term.en[0]!, lang, key, source: text, translation, expected: renderings });
      }
    }
  }
  return drift;
}

/**
 * A capped count (en "{{total}}+": the list stopped counting) means at least that many; every translation says so
 * with the language's word for "at least" (the concept "at least" of the one-name table), not "more than".
 */
export function findCappedCounts(
  atLeast: Readonly<Record<string, string>>,
  source: ReadonlyMap<string, string>,
  translations: Readonly<Record<string, ReadonlyMap<string, string>>>,
): string[] {
  const found: string[] = [];
  for (const [key, text] of source) {
    if (!/}}\+/.test(text)) continue;
    for (const [lang, word] of Object.entries(atLeast)) {
      const translation = translations[lang]?.get(key);
      if (translation !== undefined && !normal(translation).includes(normal(word)))
        found.push(`${lang} ${key}: ${translation} (say ${word})`);
    }
  }
  return found;
}
