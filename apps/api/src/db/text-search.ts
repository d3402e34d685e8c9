/**
 * "Contains, ignoring case" for keyword searches, the same on PGlite and on PostgreSQL. Both run with the C locale
 * (`initdb --no-locale`), where ILIKE and lower() fold ASCII letters only, so a Vietnamese player typing "HỘI" would
 * not find "hội". Here the column is folded by lower() (ASCII) and translate() (every other letter with a one-to-one
 * lower case in the Latin, Greek and Cyrillic blocks, Vietnamese included; in SQL only the capitals of the keyword's
 * own letters, see containsText), the keyword the same way in JS, and the two compared with LIKE. Thai and
 * Chinese have no case and pass through unchanged.
 */
import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';

const blocks: readonly [number, number][] = [
  [0x00c0, 0x024f], // Latin-1 Supplement, Latin Extended-A and -B
  [0x0370, 0x04ff], // Greek and Coptic, Cyrillic
  [0x1e00, 0x1eff], // Latin Extended Additional (Vietnamese)
];

function foldTable(): Map<string, string> {
  const table = new Map<string, string>();
  for (const [from, to] of blocks) {
    for (let cp = from; cp <= to; cp++) {
      const upper = String.fromCodePoint(cp);
      const lower = upper.toLowerCase();
      // One code point to one other: translate() maps characters one to one (İ -> i̇ is two, left alone).
      if (lower !== upper && [...lower].length === 1 && lower.toUpperCase() === upper)
        table.set(upper, lower);
    }
  }
  return table;
}

const table = foldTable();

/** The keyword folded as `containsText` folds the column: ASCII and the table above, NFC first. */
export function foldCase(text: string): string {
  return [...text.normalize('NFC')]
    .map((ch) => table.get(ch) ?? (ch >= 'A' && ch <= 'Z' ? ch.toLowerCase() : ch))
    .join('');
}

/** Every character `foldText` folds: ASCII capitals and the table's (none of them special in a character class). */
const foldable = new RegExp(`[A-Z${[...table.keys()].join('')}]`, 'g');

/**
 * A stored text folded as `containsText` folds the column (no NFC: the database does not normalize it either),
 * so that `foldText(text).includes(foldCase(keyword))` answers what `containsText` answers in SQL - folding every
 * capital of the table, not only the keyword's, changes nothing, since the folded keyword holds none of them.
 */
export function foldText(text: string): string {
  return text.replace(foldable, (ch) => table.get(ch) ?? ch.toLowerCase());
}

/** A LIKE pattern that finds `text` literally (its %, _ and \ escaped). */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** The capital each lower-case letter of the table comes from (one each: the table is one to one). */
const capitalOf = new Map([...table].map(([upper, lower]) => [lower, upper]));

/**
 * `column` contains `keyword`, ignoring case in any of the scripts above. translate() with the whole table costs
 * about a millisecond per kilobyte of text (it looks every character up in the 600-letter list), which an FAQ
 * search over thousands of entries cannot afford; only the capitals of the keyword's own letters can turn into
 * one of its characters, and translate() never maps anything onto a character outside the table's lower-case
 * letters, so folding just those gives the same answer at the cost of lower(). A keyword of caseless characters
 * and ASCII (Thai, Chinese, English) needs no translate() at all.
 */
export function containsText(column: SQLWrapper, keyword: string): SQL {
  const folded = foldCase(keyword);
  const uppers = new Map<string, string>();
  for (const ch of folded) {
    const upper = capitalOf.get(ch);
    if (upper) uppers.set(upper, ch);
  }
  const pattern = containsPattern(folded);
  if (uppers.size === 0) return sql`lower(${column}) like ${pattern}`;
  return sql`translate(lower(${column}), ${[...uppers.keys()].join('')}, ${[...uppers.values()].join('')}) like ${pattern}`;
}

/**
 * A character both sides see alike whatever the folding and the database's locale: no case at all (Thai,
 * Chinese, digits, spaces, punctuation) or an ASCII lower-case letter, which lower() gives on every locale.
 */
const foldProof = (ch: string) =>
  (ch >= 'a' && ch <= 'z') || (ch.toLowerCase() === ch && ch.toUpperCase() === ch);

/** A lexeme of a tsquery, quoted (its quotes doubled, its backslashes escaped). */
const lexeme = (text: string) => `'${text.replace(/\\/g, '\\\\').replace(/'/g, "''")}'`;

/**
 * The forms a folded keyword character can have in `lower(text)` where containsText finds it: itself when
 * `foldProof`; itself or its capital for a letter of the table (lower() folds it on a UTF-8 database, not under
 * the C locale); none it can be sure of otherwise.
 */
const formsOf = (ch: string): string[] | undefined => {
  if (foldProof(ch)) return [ch];
  const capital = capitalOf.get(ch);
  return capital ? [ch, capital] : undefined;
};

/** Every spelling of a run of characters from their forms; undefined when one has none. */
function spellings(forms: (string[] | undefined)[]): string[] | undefined {
  let out = [''];
  for (const options of forms) {
    if (!options) return undefined;
    out = out.flatMap((head) => options.map((ch) => head + ch));
  }
  return out;
}

/**
 * The terms of a necessary condition of `containsText(text, keyword)` over `gp_trigrams(text)` (migration 0044:
 * the character triples of `lower(text)`, the text's end marked by U+001F): every triple of the folded keyword,
 * each a group of the spellings `lower()` may have left it in (a Vietnamese "thá" is "thá" or "thÁ"); without a
 * triple (a keyword of two characters), its pairs as the start of a triple (`prefix`), which each pair of the text
 * is thanks to the end mark. Undefined when nothing is left (one character, or characters whose case no table
 * knows): only containsText can tell then.
 */
export function trigramTerms(keyword: string): TrigramTerms | undefined {
  const forms = [...foldCase(keyword)].map(formsOf);
  const runs = (length: number) => {
    const groups = new Map<string, string[]>();
    for (let i = 0; i + length <= forms.length; i++) {
      const spelled = spellings(forms.slice(i, i + length));
      if (spelled) groups.set(spelled.join('\u0000'), spelled);
    }
    return [...groups.values()];
  };
  const triples = runs(3);
  if (triples.length > 0) return { prefix: false, groups: triples };
  const pairs = runs(2);
  if (pairs.length > 0) return { prefix: true, groups: pairs };
  return undefined;
}

/** A keyword's triples (or pairs, as prefixes): each group's spellings, any of which the text may hold. */
export interface TrigramTerms {
  prefix: boolean;
  groups: readonly (readonly string[])[];
}

/** The tsquery that every one of `groups` (by default all of the terms') is in the text, in one of its spellings. */
export function termsQuery(terms: TrigramTerms, groups = terms.groups): string {
  return groups
    .map((spelled) => {
      const lexemes = spelled.map((w) => lexeme(w) + (terms.prefix ? ':*' : ''));
      return lexemes.length === 1 ? lexemes[0]! : `(${lexemes.join(' | ')})`;
    })
    .join(' & ');
}

/** The tsquery of every term of `trigramTerms(keyword)`; undefined where that is. */
export function trigramQuery(keyword: string): string | undefined {
  const terms = trigramTerms(keyword);
  return terms && termsQuery(terms);
}

/** `trigramQuery` as a condition on a column of triples (`cs_work_order_search`); undefined where it is. */
export function mayContainTriples(column: SQLWrapper, keyword: string): SQL | undefined {
  const query = trigramQuery(keyword);
  return query === undefined ? undefined : sql`${column} @@ ${query}::tsquery`;
}
