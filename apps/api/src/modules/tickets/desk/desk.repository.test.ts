/**
 * The queue's keywords: looked for through the character triples of the titles and threads (a rare keyword) or
 * ticket by ticket along the page's order (a common one, see DeskRepository `probe`); both find the
 * same tickets in the same order, whatever the case and script of the keyword.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDeskApp, openTicket, questionOf } from '../../../../test/desk-steps.ts';
import { loginTestMember } from '../../../../test/member-session.ts';
import { foldCase } from '../../../db/text-search.ts';
import { WorkOrderService } from '../work-order.service.ts';
import { eq, sql } from 'drizzle-orm';
import { csWorkOrder, csWorkOrderMessage, csWorkOrderSearch } from '../../../db/schema/cs.schema.ts';
import { textSearchTotalCap } from '@gp/contracts';
import { DeskRepository, type TicketFilter, type TicketOrder } from './desk.repository.ts';

let t: Awaited<ReturnType<typeof createDeskApp>>;
const agent = { staffId: 9, name: 'Agent Search' };
/** Each ticket's question and the reply it got (none when empty). */
const threads: { id: number; question: string; reply: string }[] = [];
const questions = [
  'Đăng nhập lỗi',
  'game crash on start',
  'รหัสผ่านหาย',
  '公会兑换码无效',
  'ĐĂNG NHẬP KHÔNG ĐƯỢC',
];
const replies = ['', 'Please send a REFUND form', 'ลองใหม่อีกครั้ง', '', 'Đã hoàn tiền'];

beforeAll(async () => {
  t = await createDeskApp();
  const member = await loginTestMember(t.db);
  const tickets = new WorkOrderService(t.db, { now: () => new Date(), portalOrigin: 'https://portal.test' });
  for (let i = 0; i < 15; i++) {
    const question = `${questions[i % questions.length]!} #${i}`;
    const id = await openTicket(
      t.app,
      member,
      questionOf(t.ids, { question_content: question, question_title: `Q${i}: ${question}`.slice(0, 50) }),
    );
    const reply = replies[((i + i / 5) % replies.length) | 0] ?? '';
    if (reply) await tickets.reply(id, agent, reply, 2);
    threads.push({ id, question, reply });
  }
});
afterAll(() => t.close());

const order: TicketOrder = { key: 'last_asked_at', type: 'desc' };

describe('thread keywords', () => {
  it('find the same tickets ticket by ticket as through the character triples', async () => {
    const reads = new DeskRepository(t.db);
    const mine = new Set(threads.map((th) => th.id));
    // The last field: whether some ticket has it (a keyword of the other side of the thread has none).
    const cases: [keyof TicketFilter, string, 'question' | 'reply', boolean][] = [
      ['contentKeyword', 'đăng nhập', 'question', true],
      ['contentKeyword', 'CRASH', 'question', true],
      ['contentKeyword', 'หาย', 'question', true],
      ['contentKeyword', '兑换', 'question', true],
      ['contentKeyword', 'refund', 'question', false],
      ['answerKeyword', 'refund', 'reply', true],
      ['answerKeyword', 'HOÀN', 'reply', true],
      ['answerKeyword', 'ใหม่', 'reply', true],
      ['answerKeyword', 'crash', 'reply', false],
      ['questionKeyword', 'đăng nhập', 'question', true],
      ['questionKeyword', 'รหัส', 'question', true],
      ['questionKeyword', 'refund', 'question', false],
    ];
    for (const [field, keyword, part, some] of cases) {
      const expected = threads
        .filter((th) => foldCase(th[part]).includes(foldCase(keyword)))
        .map((th) => th.id)
        .reverse();
      const found = async (search: 'walk' | 'triples') =>
        (await reads.rows({ [field]: keyword }, order, 'en', 0, 100, search))
          .map((r) => r.row.id)
          .filter((id) => mine.has(id));
      expect(await found('walk'), `${field} ${keyword} (walk)`).toEqual(expected);
      expect(await found('triples'), `${field} ${keyword} (triples)`).toEqual(expected);
      expect(expected.length > 0, `${field} ${keyword}`).toBe(some);
    }
  });
});

describe('keyword counts', () => {
  it(`count to ${textSearchTotalCap} ("${textSearchTotalCap}+"), and the other filters to the page cap`, async () => {
    const reads = new DeskRepository(t.db);
    const [model] = await t.db.select().from(csWorkOrder).where(eq(csWorkOrder.id, threads[0]!.id));
    const { id: _id, ...fields } = model!;
    await t.db.insert(csWorkOrder).values(
      Array.from({ length: textSearchTotalCap + 5 }, (_, i) => ({
        ...fields,
        title: `Capped lighthouse ${i}`,
      })),
    );
    const keyword = await reads.page({ questionKeyword: 'LIGHTHOUSE' }, order, 'en', 0, 20);
    expect(keyword.counted).toEqual({ total: textSearchTotalCap, capped: true });
    expect(keyword.rows).toHaveLength(20);
    const all = await reads.page({ mid: model!.mid }, order, 'en', 0, 20);
    const total = threads.length + textSearchTotalCap + 5;
    expect(all.counted).toEqual({ total, capped: false });
    // Past the last page: no ticket, the total all the same (no row carries it there).
    expect(await reads.page({ mid: model!.mid }, order, 'en', 500, 20)).toEqual({
      rows: [],
      counted: { total, capped: false },
    });
  });
});

describe('one pass for the page and its count', () => {
  it('pages and counts alike whether the probe holds them all, the keywords are walked or looked up by triples', async () => {
    const reads = new DeskRepository(t.db);
    const [model] = await t.db.select().from(csWorkOrder).where(eq(csWorkOrder.id, threads[0]!.id));
    const { id: _id, ...fields } = model!;
    const made = async (title: string, n: number) =>
      (
        await t.db
          .insert(csWorkOrder)
          .values(Array.from({ length: n }, (_, i) => ({ ...fields, title: `${title} ${i}` })))
          .returning({ id: csWorkOrder.id })
      )
        .map((r) => r.id)
        // The tickets share their last asked time: the id breaks the tie, the newest first.
        .reverse();
    // 130 hits: the probe holds the first page and the 101 the count needs. 30: walked (10 or more in the probe).
    // 3: looked up by triples.
    const cases: [string, number[]][] = [
      ['HARBOUR', await made('Harbour pass', 130)],
      ['beacon', await made('Beacon code', 30)],
      ['ÉCLAT', await made('Éclat gem', 3)],
    ];
    for (const [keyword, ids] of cases) {
      for (const [offset, limit] of [
        [0, 20],
        [20, 20],
        [100, 20],
      ] as const) {
        const page = await reads.page({ questionKeyword: keyword }, order, 'en', offset, limit);
        expect(
          page.rows.map((r) => r.row.id),
          `${keyword} ${offset}+${limit}`,
        ).toEqual(ids.slice(offset, offset + limit));
        expect(page.counted, keyword).toEqual(
          ids.length > textSearchTotalCap
            ? { total: textSearchTotalCap, capped: true }
            : { total: ids.length, capped: false },
        );
      }
    }
  });
});

describe("the tickets' triples (migration 0044)", () => {
  it('follow each ticket: its title, its messages by who wrote them, its last question', async () => {
    const [model] = await t.db.select().from(csWorkOrder).where(eq(csWorkOrder.id, threads[0]!.id));
    const { id: _id, ...fields } = model!;
    const [made] = await t.db
      .insert(csWorkOrder)
      .values({ ...fields, title: 'Nebula pass' })
      .returning({ id: csWorkOrder.id });
    const id = made!.id;
    const row = async () => {
      const [found] = await t.db
        .select({
          title: sql<boolean>`${csWorkOrderSearch.title} @@ ${"'neb' & 'pas'"}::tsquery`,
          asked: sql<boolean>`${csWorkOrderSearch.asked} @@ ${"'ori'"}::tsquery`,
          replied: sql<boolean>`${csWorkOrderSearch.replied} @@ ${"'zen'"}::tsquery`,
          lastAskedAt: csWorkOrderSearch.lastAskedAt,
        })
        .from(csWorkOrderSearch)
        .where(eq(csWorkOrderSearch.workOrderId, id));
      return found;
    };
    expect(await row()).toMatchObject({ title: true, asked: false, replied: false });
    const message = { workOrderId: id, mid: model!.mid, statusAfter: 0 };
    await t.db.insert(csWorkOrderMessage).values({ ...message, kind: 'reply', content: 'Zenith', mid: null });
    expect(await row()).toMatchObject({ asked: false, replied: true });
    const later = new Date(Date.UTC(2027, 0, 2));
    await t.db.insert(csWorkOrderMessage).values({ ...message, kind: 'follow_up', content: 'Orion' });
    await t.db.update(csWorkOrder).set({ lastAskedAt: later }).where(eq(csWorkOrder.id, id));
    expect(await row()).toMatchObject({ title: true, asked: true, replied: true, lastAskedAt: later });
  });
});

describe('rare keywords, by their rarest triples', () => {
  it('are told by the statistics and the index, without the probe, and found as the walk finds them', async () => {
    const reads = new DeskRepository(t.db);
    const [model] = await t.db.select().from(csWorkOrder).where(eq(csWorkOrder.id, threads[0]!.id));
    const { id: _id, ...fields } = model!;
    const titled = (title: string, n: number) =>
      t.db
        .insert(csWorkOrder)
        .values(Array.from({ length: n }, (_, i) => ({ ...fields, title: `${title} ${i}` })));
    await titled('Marble gate', 60);
    await titled('Zephyr lantern', 1);
    await titled('Zephyrine', 1);
    await t.db.execute(sql`analyze cs_work_order_search`);
    // In 2 of about 250 tickets: rarer than 1% by the statistics. "Marble" is in a quarter of them; "ze" has pairs only.
    const rare = ['ZEPHYR', 'zephyr lan'];
    for (const keyword of rare) {
      expect(await reads.rareKeyword({ questionKeyword: keyword }), keyword).toBeDefined();
    }
    for (const keyword of ['marble', 'ze']) {
      expect(await reads.rareKeyword({ questionKeyword: keyword }), keyword).toBeUndefined();
    }
    for (const keyword of [...rare, 'marble']) {
      const filter: TicketFilter = { questionKeyword: keyword };
      const walked = (await reads.rows(filter, order, 'en', 0, 200, 'walk')).map((r) => r.row.id);
      const page = await reads.page(filter, order, 'en', 0, 20);
      expect(
        page.rows.map((r) => r.row.id),
        keyword,
      ).toEqual(walked.slice(0, 20));
      expect(page.counted.total, keyword).toBe(Math.min(walked.length, textSearchTotalCap));
    }
  });
});

describe('the newest first through RUM (PostgreSQL)', () => {
  it('is what the tests on PostgreSQL run on, GIN on PGlite', async () => {
    // CI's PostgreSQL has the extension (.ci/run installs it): this path is not left untested unnoticed.
    expect(await new DeskRepository(t.db).searchIndex()).toBe(process.env.DATABASE_URL ? 'rum' : 'gin');
  });

  // RUM's ordering operators exist on PostgreSQL only (the test above holds CI's server to having them).
  it.runIf(process.env.DATABASE_URL)(
    'answers as the whole order would, in both directions, ties at the cut included',
    async () => {
      const reads = new DeskRepository(t.db);
      const [model] = await t.db.select().from(csWorkOrder).where(eq(csWorkOrder.id, threads[0]!.id));
      const { id: _id, ...fields } = model!;
      const at = Date.UTC(2026, 2, 1);
      // Twelve asked at the same time, five later one by one, three earlier; others of the same time and title
      // without the keyword.
      const times = [
        ...Array.from({ length: 12 }, () => at),
        ...Array.from({ length: 5 }, (_, i) => at + (i + 1) * 60_000),
        ...Array.from({ length: 3 }, (_, i) => at - (i + 1) * 60_000),
      ];
      await t.db
        .insert(csWorkOrder)
        .values([
          ...times.map((time, i) => ({ ...fields, title: `Quasar key ${i}`, lastAskedAt: new Date(time) })),
          ...times.map((time, i) => ({ ...fields, title: `Quasi key ${i}`, lastAskedAt: new Date(time) })),
        ]);
      const filter: TicketFilter = { questionKeyword: 'QUASAR' };
      for (const type of ['desc', 'asc'] as const) {
        const by: TicketOrder = { key: 'last_asked_at', type };
        const whole = (await reads.rows(filter, by, 'en', 0, 100, 'walk')).map((r) => r.row.id);
        expect(whole).toHaveLength(times.length);
        for (const wanted of [3, 8, 10, 30]) {
          expect(await reads.newestFirstIds(filter, by, wanted), `${type} ${wanted}`).toEqual(
            whole.slice(0, wanted),
          );
        }
      }
    },
  );
});

describe('closed time ranges', () => {
  it('sorted by last asked or last updated, answer as the whole order would, page by page', async () => {
    const reads = new DeskRepository(t.db);
    const [model] = await t.db.select().from(csWorkOrder).where(eq(csWorkOrder.id, threads[0]!.id));
    const { id: _id, ...fields } = model!;
    const day = 86_400_000;
    const start = Date.UTC(2025, 5, 10, 17, 30);
    // 60 tickets over five days; asked and updated at times that interleave across days, some long after.
    const made = Array.from({ length: 60 }, (_, i) => {
      const created = start + ((i * 7919) % 60) * 2 * 3_600_000;
      return {
        ...fields,
        characterId: 'range-walks',
        createdAt: new Date(created),
        lastAskedAt: new Date(created + ((i * 104_729) % 97) * 3_600_000),
        updatedAt: new Date(created + ((i * 15_485_863) % 89) * 3_600_000 * (i % 3 === 0 ? 30 : 1)),
      };
    });
    const ids = (await t.db.insert(csWorkOrder).values(made).returning({ id: csWorkOrder.id })).map(
      (r) => r.id,
    );
    const rows = made.map((m, i) => ({ ...m, id: ids[i]! }));
    // From the middle of the first day to the middle of the fourth.
    const from = new Date(start + 5 * 3_600_000);
    const before = new Date(start + 3 * day + 2 * 3_600_000);
    for (const key of ['last_asked_at', 'updated_at'] as const) {
      for (const type of ['desc', 'asc'] as const) {
        const at = (r: (typeof rows)[number]) =>
          (key === 'updated_at' ? r.updatedAt : r.lastAskedAt).getTime();
        const sign = type === 'desc' ? -1 : 1;
        const expected = rows
          .filter((r) => r.createdAt >= from && r.createdAt < before)
          .sort((a, b) => sign * (at(a) - at(b) || a.id - b.id))
          .map((r) => r.id);
        expect(expected.length).toBeGreaterThan(25);
        for (const [offset, limit] of [
          [0, 10],
          [10, 10],
          [20, 20],
          [0, 100],
        ] as const) {
          const page = await reads.page(
            { characterId: 'range-walks', createdFrom: from, createdBefore: before },
            { key, type },
            'en',
            offset,
            limit,
          );
          expect(
            page.rows.map((r) => r.row.id),
            `${key} ${type} ${offset}+${limit}`,
          ).toEqual(expected.slice(offset, offset + limit));
          expect(page.counted).toEqual({ total: expected.length, capped: false });
        }
      }
    }
  });
});
