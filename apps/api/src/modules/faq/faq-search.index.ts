/**
 * The players' FAQ keyword search, answered from memory. In the database each search tested entry after entry
 * (or the candidates of character-pair indexes, which narrow nothing for a word of common letters): 0.1-0.6 s
 * a search with 20,000 entries in five languages. Here a language's listed texts are one folded string in the
 * listing's order, and a search looks along it (entries whose filter rules the keyword out skipped) until the
 * page and the capped count are found - what the database's walk did, at the speed of a string scan, with
 * exactly its answer (`foldText` folds as `containsText` does; a title or a content holds the keyword, never
 * the two together).
 *
 * The texts follow the database: before a search, at most once per `freshForMs` (the public cache's TTL) and at
 * once after the public cache's clear (a staff write in any process: `recheck`), the number cs_faq_version holds
 * is read - the triggers of migration 0036 bump it at every statement that changes entries, their texts or
 * question types, whoever runs it - and every language's copy is dropped when it moved.
 * A language is read when first searched (one statement; its texts in memory: about 2 bytes a character, plus
 * 512 bytes an entry for its filter of character runs, which lets a search skip most entries without a look at
 * their text: the count to `textSearchTotalCap` of a word in one entry in thirty read 1.2 MB of English text).
 * The filters are stored bit-sliced - per bit, one bit per entry - so a search ANDs the keyword's few bits for 32
 * entries at a time instead of testing entry after entry (0.5 ms -> tens of microseconds a search at 20,000).
 */
import type { Clock } from '../../config/clock.ts';
import { foldCase, foldText } from '../../db/text-search.ts';

/** An entry as the FAQ can list it in a language: its text there, else en's (faq.repository.ts `listing`). */
export interface FaqCorpusEntry {
  id: number;
  gameBaseId: number | null;
  questionTypeId: number;
  onlineTime: Date;
  title: string;
  content: string;
}

export interface FaqCorpusSource {
  /** cs_faq_version's number. */
  version(): Promise<number>;
  /**
   * Every entry the FAQ may list in `lang` (online, of an online question type, with a text in the language or en),
   * whatever its online time, in the listing's order.
   */
  corpus(lang: string): Promise<FaqCorpusEntry[]>;
}

export interface FaqSearch {
  lang: string;
  keyword: string;
  gameBaseId?: number | undefined;
  questionTypeId?: number | undefined;
  /** Entries scheduled after this are not listed yet. */
  now: Date;
}

/** Ends every title and every content in a corpus' text: no stored text holds it (PostgreSQL text cannot). */
const end = '\u0000';

/**
 * Bits of an entry's filter of the runs of three and of four characters of its text (a Bloom filter with one hash:
 * a third of them set for 600 characters). Runs of four tell Vietnamese apart, whose runs of three are mostly
 * inside common syllables; runs of three serve keywords of three characters.
 */
const filterBits = 4096;

/**
 * The filter bits of the runs of three and four UTF-16 code units of `text` (a substring holds its runs, so their
 * bits too), passed to `set`.
 */
function runBits(text: string, set: (bit: number) => void): void {
  for (let i = 0; i + 2 < text.length; i++) {
    let h =
      Math.imul(text.charCodeAt(i), 0x9e3779b1) ^
      Math.imul(text.charCodeAt(i + 1), 0x85ebca77) ^
      Math.imul(text.charCodeAt(i + 2), 0xc2b2ae3d);
    set((h ^ (h >>> 15)) & (filterBits - 1));
    if (i + 3 < text.length) {
      h = Math.imul(h ^ text.charCodeAt(i + 3), 0x27d4eb2f);
      set((h ^ (h >>> 15)) & (filterBits - 1));
    }
  }
}

interface Corpus {
  /** The folded title and content of every entry, each followed by `end`, in the listing's order. */
  text: string;
  /**
   * The entries' filters, bit-sliced: for each of the `filterBits` bits a row of `rowWords` words, bit i of a row
   * set when entry i's text has a run (`runBits`) with that bit.
   */
  filters: Uint32Array;
  rowWords: number;
  /** Where each entry starts in `text`, and the text's length last. */
  starts: Float64Array;
  ids: Int32Array;
  /** -1: about every game. */
  games: Int32Array;
  types: Int32Array;
  onlineTimes: Float64Array;
}

/** Entries folded between two turns of the event loop while a corpus is built. */
const buildChunk = 500;
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * The corpus of `entries`, built `buildChunk` entries per turn of the event loop: a language of 20,000 entries
 * takes a few hundred milliseconds of CPU, which other requests should not wait for.
 */
async function corpusOf(entries: readonly FaqCorpusEntry[]): Promise<Corpus> {
  const n = entries.length;
  const rowWords = Math.ceil(n / 32);
  const corpus: Corpus = {
    text: '',
    filters: new Uint32Array(filterBits * rowWords),
    rowWords,
    starts: new Float64Array(n + 1),
    ids: new Int32Array(n),
    games: new Int32Array(n),
    types: new Int32Array(n),
    onlineTimes: new Float64Array(n),
  };
  const parts: string[] = [];
  let at = 0;
  for (let i = 0; i < n; i++) {
    if (i > 0 && i % buildChunk === 0) await nextTurn();
    const e = entries[i]!;
    const part = `${foldText(e.title)}${end}${foldText(e.content)}${end}`;
    parts.push(part);
    const word = i >>> 5;
    const mask = 1 << (i & 31);
    runBits(part, (bit) => {
      corpus.filters[bit * rowWords + word]! |= mask;
    });
    corpus.starts[i] = at;
    at += part.length;
    corpus.ids[i] = e.id;
    corpus.games[i] = e.gameBaseId ?? -1;
    corpus.types[i] = e.questionTypeId;
    corpus.onlineTimes[i] = e.onlineTime.getTime();
  }
  corpus.starts[n] = at;
  corpus.text = parts.join('');
  return corpus;
}

/** The entry whose text holds position `at`: the last one starting at or before it. */
function entryAt(starts: Float64Array, at: number): number {
  let low = 0;
  let high = starts.length - 2;
  while (low < high) {
    const mid = (low + high + 1) >> 1;
    if (starts[mid]! <= at) low = mid;
    else high = mid - 1;
  }
  return low;
}

export class FaqSearchIndex {
  private readonly corpora = new Map<string, Promise<Corpus>>();
  private version: number | undefined;
  private check: { at: number; version: Promise<number> } | undefined;

  constructor(
    private readonly source: FaqCorpusSource,
    private readonly options: { now: Clock; freshForMs: number },
  ) {}

  /**
   * The ids of the entries listed under the search whose title or content (in the language, else en) holds the
   * keyword, ignoring case, in the listing's order: the first `need`.
   */
  async matches(search: FaqSearch, need: number): Promise<number[]> {
    const keyword = foldCase(search.keyword);
    if (keyword === '' || keyword.includes(end)) return [];
    const corpus = await this.corpus(search.lang);
    const now = search.now.getTime();
    const { text, starts, filters, rowWords, ids, games, types, onlineTimes } = corpus;
    const bitSet = new Set<number>();
    runBits(keyword, (bit) => bitSet.add(bit));
    // Where each of the keyword's bits has its row.
    const rows = Int32Array.from(bitSet, (bit) => bit * rowWords);
    const listed = (i: number) =>
      onlineTimes[i]! <= now &&
      (search.gameBaseId === undefined || games[i] === -1 || games[i] === search.gameBaseId) &&
      (search.questionTypeId === undefined || types[i] === search.questionTypeId);
    const found: number[] = [];
    if (rows.length === 0) {
      // One or two characters have no run for the filters: along the whole text, entry after entry holding them.
      for (let at = text.indexOf(keyword); at >= 0 && found.length < need;) {
        const i = entryAt(starts, at);
        if (listed(i)) found.push(ids[i]!);
        at = text.indexOf(keyword, starts[i + 1]!);
      }
      return found;
    }
    for (let w = 0; w < rowWords && found.length < need; w++) {
      // The 32 entries of word w whose filters hold every bit of the keyword.
      let may = -1;
      for (let r = 0; r < rows.length && may !== 0; r++) may &= filters[rows[r]! + w]!;
      while (may !== 0 && found.length < need) {
        const bit = 31 - Math.clz32(may & -may);
        may &= may - 1;
        const i = w * 32 + bit;
        // Looked for in this entry's text only (a slice: no copy), so an entry the filter let through wrongly costs
        // its own text, not the text up to the next one holding the keyword.
        if (text.substring(starts[i]!, starts[i + 1]!).includes(keyword) && listed(i)) found.push(ids[i]!);
      }
    }
    return found;
  }

  /**
   * Asks the database's number before the next search, whatever `freshForMs` says: a staff write through the API
   * (the public cache's clear, in every process) shows at once; only writes behind the app's back wait for it.
   */
  recheck(): void {
    this.check = undefined;
  }

  private async corpus(lang: string): Promise<Corpus> {
    await this.fresh();
    const known = this.corpora.get(lang);
    if (known) return known;
    const read = this.source.corpus(lang).then(corpusOf);
    this.corpora.set(lang, read);
    // A failed read is not kept: the next search reads again.
    read.catch(() => {
      if (this.corpora.get(lang) === read) this.corpora.delete(lang);
    });
    return read;
  }

  /** Drops every language's texts when the database's number moved since they were read. */
  private async fresh(): Promise<void> {
    const now = this.options.now().getTime();
    let check = this.check;
    if (!check || now < check.at || now - check.at >= this.options.freshForMs) {
      const next = { at: now, version: this.source.version() };
      this.check = check = next;
      next.version.catch(() => {
        if (this.check === next) this.check = undefined;
      });
    }
    const version = await check.version;
    if (version !== this.version) {
      this.corpora.clear();
      this.version = version;
    }
  }
}
