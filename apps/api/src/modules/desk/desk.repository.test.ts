/**
 * The queue's keywords (issue 21): looked for through the character pairs of the titles and messages (a rare
 * keyword) or ticket by ticket along the page's order (a common one, see DeskRepository `keywordSearch`); both find
 * the same tickets in the same order, whatever the case and script of the keyword.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDeskApp, openTicket, questionOf } from '../../../test/desk-steps.ts';
import { loginTestMember } from '../../../test/member-session.ts';
import { foldCase } from '../../db/text-search.ts';
import { WorkOrderService } from '../cs/index.ts';
import { eq } from 'drizzle-orm';
import { csWorkOrder } from '../../db/schema/cs.schema.ts';
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
  it('find the same tickets ticket by ticket as through the character pairs', async () => {
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
      const found = async (search: 'walk' | 'pairs') =>
        (await reads.rows({ [field]: keyword }, order, 'en', 0, 100, search))
          .map((r) => r.row.id)
          .filter((id) => mine.has(id));
      expect(await found('walk'), `${field} ${keyword} (walk)`).toEqual(expected);
      expect(await found('pairs'), `${field} ${keyword} (pairs)`).toEqual(expected);
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
