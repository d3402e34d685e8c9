import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../../test/test-app.ts';
import type { Database } from '../../db/database.ts';
import { csFaq, csFaqI18n, csQuestionType } from '../../db/schema/cs.schema.ts';
import { FaqRepository } from './faq.repository.ts';
import { FaqSearchIndex, type FaqCorpusEntry, type FaqCorpusSource } from './faq-search.index.ts';

const at = (iso: string) => new Date(iso);
const entry = (
  id: number,
  title: string,
  content: string,
  more: Partial<FaqCorpusEntry> = {},
): FaqCorpusEntry => ({
  id,
  gameBaseId: null,
  questionTypeId: 1,
  onlineTime: at('2026-01-01T00:00:00Z'),
  title,
  content,
  ...more,
});

/** A source whose texts and number the test sets, counting what it is asked. */
class FakeSource implements FaqCorpusSource {
  entries: FaqCorpusEntry[] = [];
  number = 1;
  versions = 0;
  reads: string[] = [];
  failNext = false;
  version() {
    this.versions++;
    return Promise.resolve(this.number);
  }
  corpus(lang: string) {
    this.reads.push(lang);
    if (this.failNext) {
      this.failNext = false;
      return Promise.reject(new Error('connection lost'));
    }
    return Promise.resolve(this.entries.map((e) => ({ ...e, title: `${lang}:${e.title}` })));
  }
}

const now = at('2026-06-01T00:00:00Z');
const search = (
  keyword: string,
  more: { gameBaseId?: number; questionTypeId?: number; now?: Date } = {},
) => ({
  lang: 'en',
  keyword,
  now,
  ...more,
});

describe('FaqSearchIndex', () => {
  it('finds a keyword in the title or the content, ignoring case, once per entry, in the listing order', async () => {
    const source = new FakeSource();
    source.entries = [
      entry(7, 'Reset your PASSWORD', 'Open the login page. Password rules apply; password again.'),
      entry(3, 'Top-up', 'Pay with your card'),
      entry(9, 'Đăng nhập', 'Mật khẩu BANG HỘI'),
      entry(4, '公会兑换码', 'รหัสผ่านของบัญชี'),
      entry(5, 'Password, again', 'x'),
    ];
    const index = new FaqSearchIndex(source, { now: () => now, freshForMs: 60_000 });
    expect(await index.matches(search('password'), 10)).toEqual([7, 5]);
    expect(await index.matches(search('PASS'), 1)).toEqual([7]);
    expect(await index.matches(search('bang hội'), 10)).toEqual([9]);
    expect(await index.matches(search('ĐĂNG'), 10)).toEqual([9]);
    expect(await index.matches(search('兑换'), 10)).toEqual([4]);
    expect(await index.matches(search('ผ่านข'), 10)).toEqual([4]);
    // The title's end and the content's start, or two entries, never make one text.
    expect(await index.matches(search('passwordopen'), 10)).toEqual([]);
    expect(await index.matches(search('apply; password again.top'), 10)).toEqual([]);
    expect(await index.matches(search('x'), 10)).toEqual([5]);
    expect(await index.matches(search('\u0000'), 10)).toEqual([]);
    // Read once for all these searches.
    expect(source.reads).toEqual(['en']);
  });

  it('finds every holder across many entries in the listing order, and stops at what is needed', async () => {
    // More than one 32-entry word of the bit-sliced filters, holders at the words' edges and inside them.
    const holds = (i: number) => i % 7 === 0 || [31, 32, 33, 63, 64, 95, 99, 129].includes(i);
    const source = new FakeSource();
    source.entries = Array.from({ length: 130 }, (_, i) =>
      entry(1000 - i, `Question ${i}`, holds(i) ? `about the golden gate ${i}` : `about the garden ${i}`),
    );
    const expected = source.entries.flatMap((e, i) => (holds(i) ? [e.id] : []));
    const index = new FaqSearchIndex(source, { now: () => now, freshForMs: 60_000 });
    expect(await index.matches(search('golden gate'), 1000)).toEqual(expected);
    expect(await index.matches(search('golden gate'), 11)).toEqual(expected.slice(0, 11));
    // Every entry's filter has the runs of "about the g": every entry is looked at.
    expect(await index.matches(search('about the g'), 1000)).toHaveLength(130);
  });

  it('lists only what the filter lists: the game (or every game), the type, online by now', async () => {
    const source = new FakeSource();
    source.entries = [
      entry(1, 'Refund', 'a', { gameBaseId: 10 }),
      entry(2, 'Refund', 'b', { gameBaseId: 11 }),
      entry(3, 'Refund', 'c'),
      entry(4, 'Refund', 'd', { gameBaseId: 10, questionTypeId: 2 }),
      entry(5, 'Refund', 'e', { onlineTime: at('2026-07-01T00:00:00Z') }),
    ];
    const index = new FaqSearchIndex(source, { now: () => now, freshForMs: 60_000 });
    expect(await index.matches(search('refund'), 10)).toEqual([1, 2, 3, 4]);
    expect(await index.matches(search('refund', { gameBaseId: 10 }), 10)).toEqual([1, 3, 4]);
    expect(await index.matches(search('refund', { questionTypeId: 2 }), 10)).toEqual([4]);
    expect(await index.matches(search('refund', { now: at('2026-07-02T00:00:00Z') }), 10)).toEqual([
      1, 2, 3, 4, 5,
    ]);
  });

  it("reads each language's texts apart, and again only once the database's number moved", async () => {
    const source = new FakeSource();
    source.entries = [entry(1, 'Refund', 'a')];
    let clock = now.getTime();
    const index = new FaqSearchIndex(source, { now: () => new Date(clock), freshForMs: 1_000 });
    expect(await index.matches({ ...search('en:refund') }, 10)).toEqual([1]);
    expect(await index.matches({ ...search('th:refund'), lang: 'th' }, 10)).toEqual([1]);
    expect(source.reads).toEqual(['en', 'th']);
    expect(source.versions).toBe(1);
    // Changed behind the app's back: unseen within the freshness, seen after it.
    source.entries = [entry(1, 'Refund', 'a'), entry(2, 'Refund policy', 'b')];
    source.number = 2;
    clock += 999;
    expect(await index.matches(search('refund'), 10)).toEqual([1]);
    expect(source.versions).toBe(1);
    clock += 1;
    expect(await index.matches(search('refund'), 10)).toEqual([1, 2]);
    expect(source.versions).toBe(2);
    expect(source.reads).toEqual(['en', 'th', 'en']);
    // The number unchanged: nothing read again.
    clock += 5_000;
    expect(await index.matches(search('refund'), 10)).toEqual([1, 2]);
    expect(source.reads).toEqual(['en', 'th', 'en']);
  });

  it('builds a large language in turns of the event loop, so other requests go on meanwhile', async () => {
    const source = new FakeSource();
    source.entries = Array.from({ length: 1_200 }, (_, i) => entry(i + 1, `Entry ${i}`, 'text'));
    const index = new FaqSearchIndex(source, { now: () => now, freshForMs: 60_000 });
    const order: string[] = [];
    const searched = index
      .matches(search('entry 1199'), 10)
      .then((ids) => order.push(`search ${ids.join()}`));
    setImmediate(() => order.push('other request'));
    await searched;
    expect(order).toEqual(['other request', 'search 1200']);
  });

  it('does not keep a failed read', async () => {
    const source = new FakeSource();
    source.entries = [entry(1, 'Refund', 'a')];
    source.failNext = true;
    const index = new FaqSearchIndex(source, { now: () => now, freshForMs: 60_000 });
    await expect(index.matches(search('refund'), 10)).rejects.toThrow('connection lost');
    expect(await index.matches(search('refund'), 10)).toEqual([1]);
  });
});

describe("cs_faq_version (migration 0036's triggers)", () => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(() => database.close());

  it('moves with every statement that changes entries, their texts or question types', async () => {
    const { db } = database;
    const repo = new FaqRepository(db);
    const [type] = await db.select().from(csQuestionType).limit(1);
    let last = await repo.version();
    const moved = async (what: string) => {
      const next = await repo.version();
      expect(next, what).toBeGreaterThan(last);
      last = next;
    };
    const [faq] = await db
      .insert(csFaq)
      .values({ slug: `version-${Date.now()}`, questionTypeId: type!.id })
      .returning({ id: csFaq.id });
    await moved('an entry added');
    await db.insert(csFaqI18n).values({ faqId: faq!.id, lang: 'en', title: 'T', content: 'C' });
    await moved('a text added');
    await db.update(csFaqI18n).set({ title: 'T2' }).where(eq(csFaqI18n.faqId, faq!.id));
    await moved('a text changed');
    await db.update(csQuestionType).set({ isOnline: type!.isOnline }).where(eq(csQuestionType.id, type!.id));
    await moved('a question type changed');
    await db.delete(csFaq).where(eq(csFaq.id, faq!.id));
    await moved('an entry deleted (its texts with it)');
    await db.execute(sql`select 1`);
    expect(await repo.version()).toBe(last);
  });
});
