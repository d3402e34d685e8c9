/** The public customer-service reads: games, question types, and the FAQ search by game, type and keyword. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { textSearchTotalCap } from '@gp/contracts';
import { csGameItem, faqPageData, questionTypeItem, type FaqPageData } from '@gp/contracts/cs';
import { caller, demoIds } from '../../../test/cs-fixtures.ts';
import { createTestApp } from '../../../test/test-app.ts';
import { csFaq, csFaqI18n } from '../../db/schema/cs.schema.ts';
import { containsPattern } from '../../db/text-search.ts';

let t: Awaited<ReturnType<typeof createTestApp>>;
let call: ReturnType<typeof caller>;
let ids: Awaited<ReturnType<typeof demoIds>>;
beforeAll(async () => {
  t = await createTestApp();
  call = caller(t.app);
  ids = await demoIds(t.db);
});
afterAll(() => t.close());

async function ok(url: string) {
  const { status, body, headers } = await call.get(url);
  expect(status, JSON.stringify(body)).toBe(200);
  expect(body.code).toBe(0);
  return { data: body.data, headers };
}

async function faq(query: string): Promise<FaqPageData> {
  return faqPageData.parse((await ok(`/cs/komoe/api/common/faq/page?${query}`)).data);
}
const titles = (page: FaqPageData) => page.list.map((f) => f.question_title);

describe('common/game/list', () => {
  it('lists the online games with names in the page language and icons', async () => {
    const { data, headers } = await ok('/cs/komoe/api/common/game/list?lang=vi');
    const games = csGameItem.array().parse(data);
    expect(games.map((g) => g.game_name)).toEqual([
      'Huyền Thoại Sao Băng',
      'Liên Hoa Kiếm',
      'Tay Đua Gió Mùa',
      'Bến Cảng Rồng',
    ]);
    expect(games[0]!.game_icon).toMatch(/^http:\/\/localhost:8090\/upload\/media\//);
    expect(headers['cache-control']).toContain('public');
  });
});

describe('common/question_type/list', () => {
  const types = async (query: string) =>
    questionTypeItem.array().parse((await ok(`/cs/komoe/api/common/question_type/list?${query}`)).data);

  it('answers the types of every game for a usage, in the page language', async () => {
    const ticket = await types('usage=2&lang=th');
    expect(ticket.map((x) => x.question_type_name)).toEqual([
      'บัญชีและการเข้าสู่ระบบ',
      'การเติมเงินและการชำระเงิน',
      'บั๊กและข้อผิดพลาด',
      'วิธีการเล่น',
      'กิจกรรมและของรางวัล',
      'ข้อเสนอแนะ',
      'อื่น ๆ',
    ]);
    expect(ticket.every((x) => x.game_base_id === null)).toBe(true);
    const forFaq = await types('usage=1');
    expect(forFaq.map((x) => x.question_type)).not.toContain(ids.type('other'));
    expect(forFaq.map((x) => x.question_type)).toContain(ids.type('account'));
  });

  it("adds a game's own types when the game is given", async () => {
    const sfl = await types(`usage=2&game_base_id=${ids.sfl}&lang=cn`);
    expect(sfl.at(-1)).toEqual({
      question_type: ids.type('sfl-guild'),
      question_type_name: '公会',
      game_base_id: ids.sfl,
      slug: 'sfl-guild',
    });
    expect(sfl.map((x) => x.question_type)).not.toContain(ids.type('ltb-sect'));
    expect((await types('')).length).toBeGreaterThanOrEqual(7);
  });

  it('refuses an unknown usage with -400', async () => {
    expect((await call.get('/cs/komoe/api/common/question_type/list?usage=3')).status).toBe(400);
  });
});

describe('common/faq/page', () => {
  it('pages through every online entry', async () => {
    const first = await faq('page_num=1&page_size=5');
    expect(first).toMatchObject({ total: 11, page_num: 1, page_size: 5 });
    expect(first.list).toHaveLength(5);
    const last = await faq('page_num=3&page_size=5');
    expect(last.list).toHaveLength(1);
    const all = await faq('page_size=50');
    expect(new Set(all.list.map((f) => f.question_id)).size).toBe(11);
    expect(all.list[0]).toMatchObject({
      question_title: 'How do I reset my password?',
      question_type: ids.type('account'),
      question_type_name: 'Account & login',
      game_base_id: null,
    });
  });

  it('filters by game (its entries plus those of every game) and by question type', async () => {
    const sfl = await faq(`game_base_id=${ids.sfl}&page_size=50`);
    expect(sfl.total).toBe(5);
    expect(sfl.list.every((f) => f.game_base_id === null || f.game_base_id === ids.sfl)).toBe(true);
    const bugs = await faq(`question_type=${ids.type('bug')}&page_size=50`);
    expect(bugs.total).toBe(3);
    const msrBugs = await faq(`question_type=${ids.type('bug')}&game_base_id=${ids.msr}`);
    expect(titles(msrBugs)).toEqual([
      'What should I include in a bug report?',
      'My race result was not recorded',
    ]);
  });

  it('finds a keyword in the title or content in the page language, ignoring case', async () => {
    expect(titles(await faq('question_keyword=PASSWORD'))).toEqual(['How do I reset my password?']);
    expect(titles(await faq('question_keyword=receipt'))).toEqual(["I paid but my credit hasn't arrived"]);
    expect(titles(await faq('lang=th&question_keyword=รหัสผ่าน'))).toEqual(['จะรีเซ็ตรหัสผ่านได้อย่างไร']);
    expect(titles(await faq(`lang=cn&question_keyword=${encodeURIComponent('公会')}`))).toEqual([
      '如何加入公会？',
    ]);
    expect(
      titles(await faq(`lang=zh&question_keyword=${encodeURIComponent('公會')}&game_base_id=${ids.ltb}`)),
    ).toEqual([]);
    expect(titles(await faq('lang=vi&question_keyword=bang%20h%E1%BB%99i'))).toEqual([
      'Làm sao để gia nhập bang hội?',
    ]);
    // Capitals outside ASCII too (the databases fold only ASCII by themselves).
    expect(titles(await faq(`lang=vi&question_keyword=${encodeURIComponent('BANG HỘI')}`))).toEqual([
      'Làm sao để gia nhập bang hội?',
    ]);
    // The page language is searched, not the others.
    expect((await faq('lang=th&question_keyword=password')).total).toBe(0);
  });

  it('takes % and _ in a keyword literally', async () => {
    expect((await faq('question_keyword=%25')).total).toBe(0);
    expect((await faq('question_keyword=_')).total).toBe(0);
    expect(containsPattern('50%_off\\')).toBe('%50\\%\\_off\\\\%');
  });

  it('shows an entry without the page language in en, and searches that en text', async () => {
    const [entry] = await t.db
      .insert(csFaq)
      .values({ slug: 'en-only', gameBaseId: ids.hod, questionTypeId: ids.type('gameplay'), sort: 99 })
      .returning({ id: csFaq.id });
    await t.db.insert(csFaqI18n).values({
      faqId: entry!.id,
      lang: 'en',
      title: 'Naval battle basics',
      content: 'Line up your frigates before the storm.',
    });
    const vi = await faq(`lang=vi&game_base_id=${ids.hod}&question_keyword=frigates`);
    expect(vi.list).toEqual([
      expect.objectContaining({ question_title: 'Naval battle basics', question_type_name: 'Lối chơi' }),
    ]);
  });

  it('hides entries switched off or scheduled for later', async () => {
    const type = ids.type('gameplay');
    const rows = await t.db
      .insert(csFaq)
      .values([
        { slug: 'off', questionTypeId: type, isOnline: false },
        { slug: 'later', questionTypeId: type, onlineType: 2, onlineTime: new Date(Date.now() + 86_400_000) },
      ])
      .returning({ id: csFaq.id });
    await t.db
      .insert(csFaqI18n)
      .values(rows.map((r) => ({ faqId: r.id, lang: 'en', title: 'Hidden tide secret', content: 'Secret' })));
    expect((await faq('question_keyword=tide%20secret')).total).toBe(0);
  });

  it('finds common, rarer and single-character keywords among many entries in the listing order, counting to the cap', async () => {
    // 1,100 entries of one game: every one holds "harbour" and every third "lantern" (both more than a text search's
    // count cap, 100), every twelfth "kraken" (92, walked: the first entries hold it), every fifth of the last
    // hundred "nautilus" (20: none of the first entries does, so found through the bigram indexes), every
    // thirteenth the character 灯 (85, zh).
    const base = Date.now() - 86_400_000;
    const entries = await t.db
      .insert(csFaq)
      .values(
        Array.from({ length: 1100 }, (_, i) => ({
          slug: `many-${i}`,
          gameBaseId: ids.hod,
          questionTypeId: ids.type('gameplay'),
          // Three sort groups, and within one the newest first: the expected order is not the insertion order.
          sort: 200 + (i % 3),
          onlineTime: new Date(base - i * 60_000),
        })),
      )
      .returning({ id: csFaq.id, sort: csFaq.sort, onlineTime: csFaq.onlineTime });
    const text = (i: number) =>
      [
        'Harbour',
        i % 3 === 0 ? 'LANTERN' : 'lamp',
        i % 12 === 0 ? 'kraken' : 'squid',
        i >= 1000 && i % 5 === 0 ? 'nautilus' : 'shell',
      ].join(' ');
    await t.db
      .insert(csFaqI18n)
      .values(
        entries.flatMap((e, i) => [
          { faqId: e.id, lang: 'en', title: `Entry ${i}`, content: text(i) },
          ...(i % 13 === 0 ? [{ faqId: e.id, lang: 'zh', title: `條目 ${i}`, content: '燈塔的灯' }] : []),
        ]),
      );
    const ordered = entries
      .map((e, i) => ({ ...e, i }))
      .sort((a, b) => a.sort - b.sort || b.onlineTime.getTime() - a.onlineTime.getTime() || b.id - a.id);
    const expected = (keep: (i: number) => boolean, from: number, title = (i: number) => `Entry ${i}`) =>
      ordered
        .filter((e) => keep(e.i))
        .slice(from, from + 10)
        .map((e) => title(e.i));
    const search = (keyword: string, page = 1, lang = 'en') =>
      faq(
        `lang=${lang}&game_base_id=${ids.hod}&page_num=${page}&page_size=10&question_keyword=${encodeURIComponent(keyword)}`,
      );

    const common = await search('harbour', 3);
    expect(common).toMatchObject({ total: textSearchTotalCap, total_capped: true });
    expect(titles(common)).toEqual(expected(() => true, 20));
    const third = await search('lantern', 2);
    expect(third).toMatchObject({ total: textSearchTotalCap, total_capped: true });
    expect(titles(third)).toEqual(expected((i) => i % 3 === 0, 10));
    for (const lang of ['en', 'th']) {
      // th has no text of these entries: the en text is shown and searched.
      const rare = await search('KRAKEN', 4, lang);
      expect(rare.total).toBe(92);
      expect(rare.total_capped).toBeUndefined();
      expect(titles(rare)).toEqual(expected((i) => i % 12 === 0, 30));
    }
    const late = await search('NAUTILUS', 2);
    expect(late.total).toBe(20);
    expect(titles(late)).toEqual(expected((i) => i >= 1000 && i % 5 === 0, 10));
    const one = await search('灯', 2, 'zh');
    expect(one.total).toBe(85);
    expect(titles(one)).toEqual(
      expected(
        (i) => i % 13 === 0,
        10,
        (i) => `條目 ${i}`,
      ),
    );
    expect((await search('燈塔', 1, 'zh')).total).toBe(85);
  });

  it('refuses a bad page size or keyword with -400', async () => {
    expect((await call.get('/cs/komoe/api/common/faq/page?page_size=0')).status).toBe(400);
    expect((await call.get('/cs/komoe/api/common/faq/page?page_size=51')).status).toBe(400);
    expect((await call.get(`/cs/komoe/api/common/faq/page?question_keyword=${'k'.repeat(51)}`)).status).toBe(
      400,
    );
  });
});
