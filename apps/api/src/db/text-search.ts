/**
 * "Contains, ignoring case" for keyword searches, the same on PGlite and on PostgreSQL. Both run with the C locale
 * (`initdb --no-locale`), where ILIKE and lower() fold ASCII letters only, so a Vietnamese player typing "HỘI" would
 * not find "hội". Here the column is folded by lower() (ASCII) and translate() (every other letter with a one-to-one
 * lower case in the Latin, Greek and Cyrillic blocks, Vietnamese included), the keyword the same way in JS, and the
 * two compared with LIKE. Thai and Chinese have no case and pass through unchanged.
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
/** What translate() maps from and to; also the body of the SQL function gp_fold (migration 0025). */
export const fromChars = [...table.keys()].join('');
export const toChars = [...table.values()].join('');

/** The keyword folded as `containsText` folds the column: ASCII and the table above, NFC first. */
export function foldCase(text: string): string {
  return [...text.normalize('NFC')]
    .map((ch) => table.get(ch) ?? (ch >= 'A' && ch <= 'Z' ? ch.toLowerCase() : ch))
    .join('');
}

/** A LIKE pattern that finds `text` literally (its %, _ and \ escaped). */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** `column` contains `keyword`, ignoring case in any of the scripts above. */
export function containsText(column: SQLWrapper, keyword: string): SQL {
  return sql`translate(lower(${column}), ${fromChars}, ${toChars}) like ${containsPattern(foldCase(keyword))}`;
}

/**
 * A necessary condition of `containsText(column, keyword)` that a GIN index on `gp_bigrams(column)` answers
 * (migration 0025): the column's folded text holds every character pair of the folded keyword. Put it beside
 * containsText, never instead of it (pairs say nothing of their order). Undefined for a keyword of one character,
 * which has no pair: only containsText can tell then.
 */
export function mayContainText(column: SQLWrapper, keyword: string): SQL | undefined {
  const folded = foldCase(keyword);
  if ([...folded].length < 2) return undefined;
  return sql`gp_bigrams(${column}) @> gp_bigrams(${folded})`;
}
