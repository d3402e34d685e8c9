/**
 * The scale generator's output satisfies the schema: a small scale (1/10000) loaded into PGlite with the same
 * statements as the bench, after the real migrations and the demo seed. Every insert goes through the check
 * and unique constraints, and the foreign keys are checked over all rows when the load adds them back (a
 * violation fails the load); the counts are the asked ones, the orders' state
 * changes and the tickets' threads are consistent with their rows, and the text is in every language.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../../apps/api/src/db/database.ts';
import { runSeed, seedSteps } from '../../../apps/api/src/composition/seed/seed.ts';
import {
  countsAt,
  loadScale,
  rareWordCount,
  rareWords,
  scaleLangs,
  scaleTables,
  vocabulary,
} from './scale-data.ts';

const counts = countsAt(1 / 10_000);
let database: Database;
let before: Record<string, number>;
let indexesBefore: string[];
let keysBefore: string[];

async function count(query: string): Promise<number> {
  const result = await database.db.execute(sql.raw(query));
  return Number((result as unknown as { rows: { n: number | string }[] }).rows[0]!.n);
}

/** Every foreign key of the filled tables with its definition. */
async function foreignKeys(): Promise<string[]> {
  const result = await database.db.execute(
    sql.raw(
      `select conrelid::regclass::text || ' ' || conname || ' ' || pg_get_constraintdef(oid) as d from pg_constraint
       where contype = 'f' and conrelid::regclass::text in (${scaleTables.map((t) => `'${t}'`).join(', ')})
       order by conname`,
    ),
  );
  return (result as unknown as { rows: { d: string }[] }).rows.map((r) => r.d);
}

/** Every index of the filled tables with its definition. */
async function indexes(): Promise<string[]> {
  const result = await database.db.execute(
    sql.raw(
      `select indexdef from pg_indexes where tablename in (${scaleTables.map((t) => `'${t}'`).join(', ')}) order by indexname`,
    ),
  );
  return (result as unknown as { rows: { indexdef: string }[] }).rows.map((r) => r.indexdef);
}

const tables = ['member', 'pay_order', 'cs_work_order', 'cs_faq', 'cs_faq_i18n', 'article', 'article_i18n'];

beforeAll(async () => {
  database = await openDatabase({ kind: 'pglite' });
  await database.migrate();
  await runSeed(database.db, seedSteps, { oneTimePasswords: [] });
  before = {};
  for (const t of tables) before[t] = await count(`select count(*) as n from ${t}`);
  indexesBefore = await indexes();
  keysBefore = await foreignKeys();
  await loadScale(database.db, counts, '$argon2id$v=19$m=19456,t=2,p=1$c2NhbGU$not-a-real-hash');
}, 120_000);

afterAll(async () => {
  await database?.close();
});

describe('the scale data at 1/10000', () => {
  it('holds exactly the asked numbers of rows', async () => {
    const added = async (t: string) => (await count(`select count(*) as n from ${t}`)) - before[t]!;
    expect(counts).toEqual({ members: 100, orders: 500, tickets: 100, faqs: 2, news: 1 });
    expect(await added('member')).toBe(counts.members);
    expect(await added('pay_order')).toBe(counts.orders);
    expect(await added('cs_work_order')).toBe(counts.tickets);
    expect(await added('cs_faq')).toBe(counts.faqs);
    expect(await added('cs_faq_i18n')).toBe(counts.faqs * scaleLangs.length);
    expect(await added('article')).toBe(counts.news);
    expect(await added('article_i18n')).toBe(counts.news * scaleLangs.length);
  });

  it('gives every order the state changes that lead to its state, ending in it', async () => {
    expect(
      await count(`select count(*) as n from pay_order o where o.order_no like 'GP%' and o.id not in (
        select order_id from pay_order_event e where e.from_state is null)`),
    ).toBe(0);
    expect(
      await count(`select count(*) as n from pay_order o where not exists (select 1 from pay_order_event e
        where e.order_id = o.id and e.to_state = o.state)`),
    ).toBe(0);
    expect(
      await count(`select count(*) as n from pay_order where state in ('paid', 'delivered', 'refunded')
        and (paid_at is null or pay_order_no is null)`),
    ).toBe(0);
    expect(
      await count(`select count(*) as n from pay_order o where state in ('paid', 'delivering', 'delivered', 'refunded')
        and not exists (select 1 from pay_delivery_job j where j.order_id = o.id)`),
    ).toBe(0);
  });

  it('opens every ticket with its question and answers those that say they were answered', async () => {
    expect(
      await count(`select count(*) as n from cs_work_order w where not exists (select 1 from cs_work_order_message m
        where m.work_order_id = w.id and m.kind = 'question')`),
    ).toBe(0);
    expect(
      await count(`select count(*) as n from cs_work_order w where w.status in (2, 3) and not exists (
        select 1 from cs_work_order_message m where m.work_order_id = w.id and m.kind = 'reply')`),
    ).toBe(0);
    expect(
      await count(`select count(*) as n from cs_work_order where (status = 0) <> (replied_at is null)`),
    ).toBe(0);
    // The stored reply status is what the thread says (the triggers of migration 0032 are off during the load).
    expect(
      await count(`select count(*) as n from cs_work_order w where w.answered <> coalesce((
        select m.kind = 'reply' from cs_work_order_message m where m.work_order_id = w.id and m.recalled_at is null
        order by m.id desc limit 1), false)`),
    ).toBe(0);
    expect(
      await count(`select count(*) as n from pg_trigger where not tgisinternal and tgenabled = 'D'`),
    ).toBe(0);
    expect(
      await count(`select count(*) as n from cs_work_order where (status = 3) <> (closed_at is null)`),
    ).toBe(counts.tickets + before.cs_work_order!);
  });

  it('writes the FAQ in the five languages with their own words', async () => {
    for (const lang of scaleLangs) {
      const word = vocabulary[lang]!.words[0]!;
      const rows = await count(
        `select count(*) as n from cs_faq_i18n i join cs_faq f on f.id = i.faq_id
         where f.slug like 'scale-faq-%' and i.lang = '${lang}'`,
      );
      expect(rows, lang).toBe(counts.faqs);
      expect(word.length).toBeGreaterThan(0);
    }
    expect(
      await count(`select count(*) as n from cs_faq_i18n i join cs_faq f on f.id = i.faq_id
        where f.slug like 'scale-faq-%' and i.lang = 'th' and i.title !~ '[ก-๛]'`),
    ).toBe(0);
  });

  it("fills every ticket's search triples as migration 0044's triggers keep them", async () => {
    const thread = (kinds: string) => `coalesce((select gp_tsvector_union(gp_trigrams(m.content))
      from cs_work_order_message m where m.work_order_id = w.id and m.kind in (${kinds})), '')`;
    expect(await count(`select count(*) as n from cs_work_order_search`)).toBe(
      await count(`select count(*) as n from cs_work_order`),
    );
    expect(
      await count(`select count(*) as n from cs_work_order w join cs_work_order_search s on s.work_order_id = w.id
        where s.title <> gp_trigrams(w.title) or s.asked <> ${thread("'question', 'follow_up'")}
          or s.replied <> ${thread("'reply'")} or s.last_asked_at <> w.last_asked_at
          or s.created_at <> w.created_at`),
    ).toBe(0);
    expect(await count(`select count(*) as n from cs_work_order_search where replied <> ''`)).toBeGreaterThan(
      0,
    );
  });

  it('builds again every index and foreign key it dropped for the load', async () => {
    expect(indexesBefore.length).toBeGreaterThan(20);
    expect(await indexes()).toEqual(indexesBefore);
    expect(keysBefore.length).toBeGreaterThan(5);
    expect(await foreignKeys()).toEqual(keysBefore);
  });

  it('writes rare words too, so that a keyword can narrow the search', async () => {
    for (const lang of scaleLangs) {
      const rare = rareWords(lang);
      expect(new Set(rare).size, lang).toBe(rareWordCount);
      expect(
        rare.some((w) => vocabulary[lang]!.words.includes(w)),
        lang,
      ).toBe(false);
    }
    expect(rareWords('th')).toEqual(rareWords('th'));
  });

  it('leaves no helper behind', async () => {
    expect(
      await count(
        `select count(*) as n from pg_class where relname in ('scale_vocab', 'scale_pick', 'scale_text', 'scale_word')`,
      ),
    ).toBe(0);
  });
});
