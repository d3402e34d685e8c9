/**
 * The players' FAQ keyword search, answered from memory (issue 21). In the database each search tested entry after
 * entry (or the candidates of character-pair indexes, which narrow nothing for a word of common letters): 0.1-0.6 s
 * a search with 20,000 entries in five languages. Here a language's listed texts are one folded string in the
 * listing's order, and a search is `indexOf` along it until the page and the capped count are found - what the
 * database's walk did, at the speed of a string scan, with exactly its answer (`foldText` folds as
 * `containsText` does; a title or a content holds the keyword, never the two run together).
 *
 * The texts follow the database: before a search, at most once per `freshForMs` (the public cache's TTL), the
 * number cs_faq_version holds is read - the triggers of migration 0036 bump it at every statement that changes
 * entries, their texts or question types, whoever runs it - and every language's copy is dropped when it moved.
 * A language is read when first searched (one statement; its texts in memory: about 2 bytes a character).
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

interface Corpus {
  /** The folded title and content of every entry, each followed by `end`, in the listing's order. */
  text: string;
  /** Where each entry starts in `text`, and the text's length last. */
  starts: Float64Array;
  ids: Int32Array;
  /** -1: about every game. */
  games: Int32Array;
  types: Int32Array;
  onlineTimes: Float64Array;
}

function corpusOf(entries: readonly FaqCorpusEntry[]): Corpus {
  const n = entries.length;
  const corpus: Corpus = {
    text: '',
    starts: new Float64Array(n + 1),
    ids: new Int32Array(n),
    games: new Int32Array(n),
    types: new Int32Array(n),
    onlineTimes: new Float64Array(n),
  };
  const parts: string[] = [];
  let at = 0;
  entries.forEach((e, i) => {
    const part = `${foldText(e.title)}${end}${foldText(e.content)}${end}`;
    parts.push(part);
    corpus.starts[i] = at;
    at += part.length;
    corpus.ids[i] = e.id;
    corpus.games[i] = e.gameBaseId ?? -1;
    corpus.types[i] = e.questionTypeId;
    corpus.onlineTimes[i] = e.onlineTime.getTime();
  });
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
    const corpus = await this.corpus(search.lang);
    const keyword = foldCase(search.keyword);
    if (keyword === '' || keyword.includes(end)) return [];
    const now = search.now.getTime();
    const { text, starts, ids, games, types, onlineTimes } = corpus;
    const found: number[] = [];
    for (let at = text.indexOf(keyword); at >= 0 && found.length < need;) {
      const i = entryAt(starts, at);
      if (
        onlineTimes[i]! <= now &&
        (search.gameBaseId === undefined || games[i] === -1 || games[i] === search.gameBaseId) &&
        (search.questionTypeId === undefined || types[i] === search.questionTypeId)
      ) {
        found.push(ids[i]!);
      }
      // On from the next entry: one hit is enough for this one.
      at = text.indexOf(keyword, starts[i + 1]!);
    }
    return found;
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
    const check = this.check;
    if (!check || now < check.at || now - check.at >= this.options.freshForMs) {
      const next = { at: now, version: this.source.version() };
      this.check = next;
      next.version.catch(() => {
        if (this.check === next) this.check = undefined;
      });
    }
    const version = await this.check!.version;
    if (version !== this.version) {
      this.corpora.clear();
      this.version = version;
    }
  }
}
