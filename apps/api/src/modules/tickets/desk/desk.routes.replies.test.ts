/**
 * Replies in each player's language: saved replies with a text per language (who may manage them, the audit
 * rows) and the per-language batch reply: each ticket gets its language's text (else en) with `{nickname}`,
 * `{game}` and `{order_no}` filled, previewed before anything is written.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { workOrderDetailData } from '@gp/contracts/cs';
import { batchReplyPreviewItem, savedReplyItem, type SavedReplyItem } from '@gp/contracts/desk';
import { caller } from '../../../../test/cs-fixtures.ts';
import { createDeskApp, deskCaller, deskPaths, openTicket, questionOf } from '../../../../test/desk-steps.ts';
import { loginTestMember, type TestMember } from '../../../../test/member-session.ts';
import { loginTestStaff, type TestStaff } from '../../../../test/staff-session.ts';
import { staffAuditLog } from '../../../db/schema/staff.schema.ts';

const paths = {
  list: '/komoe/mng/saved_reply/list',
  save: '/komoe/mng/saved_reply/save',
  remove: '/komoe/mng/saved_reply/delete',
  preview: '/komoe/mng/work_order/batch_reply_preview',
} as const;

let t: Awaited<ReturnType<typeof createDeskApp>>;
let desk: ReturnType<typeof deskCaller>;
let mai: TestStaff;
let reader: TestStaff;
let nobody: TestStaff;
type Player = TestMember & { nickName: string };
let somchai: Player;
let lan: Player;
let wei: Player;

/** A member with a known nickname (unique per run: the database may be shared). */
async function player(name: string): Promise<Player> {
  const nickName = `${name}${Math.floor(Math.random() * 1e6)}`;
  return { ...(await loginTestMember(t.db, { nickName })), nickName };
}

beforeAll(async () => {
  t = await createDeskApp();
  desk = deskCaller(t.app);
  mai = await loginTestStaff(t.db, {
    accountName: 'Agent Mai',
    privileges: ['tickets.read', 'tickets.reply'],
  });
  reader = await loginTestStaff(t.db, { privileges: ['tickets.read'] });
  nobody = await loginTestStaff(t.db, {
    privileges: ['faq', 'games', 'content', 'catalog', 'staff.accounts'],
  });
  somchai = await player('Somchai');
  lan = await player('Lan');
  wei = await player('Wei');
});
afterAll(() => t.close());

const texts = {
  en: 'Hello {nickname}, your {game} gems are on the way.{order_no}',
  th: 'สวัสดีคุณ {nickname} เพชรของเกม {game} กำลังส่งถึงคุณ{order_no}',
  cn: '',
  vi: 'Xin chào {nickname}, kim cương {game} của bạn đang được gửi.{order_no}',
  zh: null,
};

async function save(who: TestStaff, body: object) {
  return desk.post<SavedReplyItem>(who, paths.save, body);
}

async function auditOf(id: number) {
  return t.db
    .select()
    .from(staffAuditLog)
    .where(and(eq(staffAuditLog.targetType, 'cs_saved_reply'), eq(staffAuditLog.targetId, String(id))))
    .orderBy(staffAuditLog.id);
}

async function playerMessages(member: TestMember, id: number) {
  const { body } = await caller(t.app).get(`/cs/komoe/api/work_order/detail?work_order_id=${id}`, member);
  expect(body.code).toBe(0);
  return workOrderDetailData.parse(body.data).messages;
}

describe('saved replies', () => {
  it('are for staff who reply: read-only staff and others get -401, nobody logged in -101', async () => {
    const calls = [
      ['get', paths.list, {}],
      ['post', paths.save, { title: 'Delivered', texts: { en: 'Done' } }],
      ['post', paths.remove, { saved_reply_id: 1 }],
      ['post', paths.preview, { work_order_list: [1], reply_texts: { en: 'Hi' } }],
    ] as const;
    for (const who of [reader, nobody, null]) {
      for (const [method, path, body] of calls) {
        const res = method === 'get' ? await desk.get(who, path) : await desk.post(who, path, body);
        expect(res.code, path).toBe(who ? -401 : -101);
      }
    }
    const rows = await t.db
      .select()
      .from(staffAuditLog)
      .where(eq(staffAuditLog.targetType, 'cs_saved_reply'));
    expect(rows).toEqual([]);
  });

  it('are created, edited and deleted with texts per language, each change audited', async () => {
    const created = await save(mai, { title: '  Gems on the way ', texts });
    expect(created.code).toBe(0);
    const item = savedReplyItem.parse(created.data);
    expect(item).toMatchObject({
      title: 'Gems on the way',
      texts: { en: texts.en, th: texts.th, cn: null, vi: texts.vi, zh: null },
      updated_by: 'Agent Mai',
    });

    const listed = await desk.get<{ list: SavedReplyItem[] }>(mai, paths.list);
    expect(listed.data.list.find((r) => r.saved_reply_id === item.saved_reply_id)).toEqual(item);

    const edited = await save(mai, {
      saved_reply_id: item.saved_reply_id,
      title: 'Gems on the way',
      texts: { ...texts, vi: '', cn: '您好 {nickname}' },
    });
    expect(edited.code).toBe(0);
    expect(savedReplyItem.parse(edited.data).texts).toMatchObject({ vi: null, cn: '您好 {nickname}' });

    // Saving the same again changes nothing and writes no audit row.
    const again = await save(mai, {
      saved_reply_id: item.saved_reply_id,
      title: 'Gems on the way',
      texts: { ...texts, vi: '', cn: '您好 {nickname}' },
    });
    expect(again.code).toBe(0);

    expect((await desk.post(mai, paths.remove, { saved_reply_id: item.saved_reply_id })).code).toBe(0);
    expect((await desk.post(mai, paths.remove, { saved_reply_id: item.saved_reply_id })).code).toBe(-404);
    const after = await desk.get<{ list: SavedReplyItem[] }>(mai, paths.list);
    expect(after.data.list.some((r) => r.saved_reply_id === item.saved_reply_id)).toBe(false);

    const rows = await auditOf(item.saved_reply_id);
    expect(rows.map((r) => [r.action, r.actorStaffId])).toEqual([
      ['ticket.saved_reply.save', mai.staffId],
      ['ticket.saved_reply.save', mai.staffId],
      ['ticket.saved_reply.delete', mai.staffId],
    ]);
    expect(rows[0]!.before).toBeNull();
    expect(rows[0]!.after).toEqual({
      title: 'Gems on the way',
      texts: { en: texts.en, th: texts.th, vi: texts.vi },
    });
    expect(rows[1]!.before).toEqual({ texts: { cn: null, vi: texts.vi } });
    expect(rows[1]!.after).toEqual({ texts: { cn: '您好 {nickname}', vi: null } });
    expect(rows[2]!.before).toEqual({
      title: 'Gems on the way',
      texts: { en: texts.en, th: texts.th, cn: '您好 {nickname}' },
    });
  });

  it('need an en text and a title; editing one that does not exist is -404', async () => {
    expect((await save(mai, { title: 'No en', texts: { en: '', th: 'สวัสดี' } })).code).toBe(-400);
    expect((await save(mai, { title: '', texts: { en: 'Hi' } })).code).toBe(-400);
    expect((await save(mai, { title: 'Line\nbreak', texts: { en: 'Hi' } })).code).toBe(-400);
    expect((await save(mai, { saved_reply_id: 999_999, title: 'Gone', texts: { en: 'Hi' } })).code).toBe(
      -404,
    );
  });
});

describe('per-language batch reply', () => {
  it("sends a Thai and a Vietnamese ticket their language's text with the variables filled, else en", async () => {
    const thai = await openTicket(t.app, somchai, questionOf(t.ids), 'th');
    const viet = await openTicket(t.app, lan, questionOf(t.ids), 'vi');
    // A Traditional Chinese ticket: the reply has no zh text, so en goes out.
    const zhTicket = await openTicket(t.app, wei, questionOf(t.ids, { game_base_id: t.ids.ltb }), 'zh');
    const list = [thai, viet, zhTicket, 999_999];

    const preview = await desk.post<{ list: unknown[] }>(mai, paths.preview, {
      work_order_list: list,
      reply_texts: texts,
    });
    expect(preview.code).toBe(0);
    const items = preview.data.list.map((x) => batchReplyPreviewItem.parse(x));
    expect(items).toEqual([
      {
        work_order_id: thai,
        code: 0,
        ticket_lang: 'th',
        lang: 'th',
        content: `สวัสดีคุณ ${somchai.nickName} เพชรของเกม ตำนานดาวตก กำลังส่งถึงคุณ`,
      },
      {
        work_order_id: viet,
        code: 0,
        ticket_lang: 'vi',
        lang: 'vi',
        content: `Xin chào ${lan.nickName}, kim cương Huyền Thoại Sao Băng của bạn đang được gửi.`,
      },
      {
        work_order_id: zhTicket,
        code: 0,
        ticket_lang: 'zh',
        lang: 'en',
        content: `Hello ${wei.nickName}, your Lotus Blade gems are on the way.`,
      },
      { work_order_id: 999_999, code: -404, ticket_lang: null, lang: 'en', content: '' },
    ]);
    // The preview writes nothing.
    expect((await playerMessages(somchai, thai)).map((m) => m.kind)).toEqual(['question']);

    const sent = await desk.post<{ list: { work_order_id: number; code: number }[] }>(
      mai,
      deskPaths.batchReply,
      {
        work_order_list: list,
        reply_texts: texts,
        reply_status: 2,
      },
    );
    expect(sent.code).toBe(0);
    expect(sent.data.list.map((r) => [r.work_order_id, r.code])).toEqual([
      [thai, 0],
      [viet, 0],
      [zhTicket, 0],
      [999_999, -404],
    ]);
    expect((await playerMessages(somchai, thai)).at(-1)?.content).toBe(items[0]!.content);
    expect((await playerMessages(lan, viet)).at(-1)?.content).toBe(items[1]!.content);
    expect((await playerMessages(wei, zhTicket)).at(-1)?.content).toBe(items[2]!.content);

    const audit = await t.db
      .select()
      .from(staffAuditLog)
      .where(and(eq(staffAuditLog.targetType, 'work_order'), eq(staffAuditLog.targetId, String(viet))));
    expect(audit.map((r) => [r.action, r.after])).toEqual([
      [
        'ticket.reply',
        expect.objectContaining({ batch: true, lang: 'vi', content: items[1]!.content, reply_status: 2 }),
      ],
    ]);
  });

  it('refuses a ticket whose filled text would be over the length (-400) and sends the others', async () => {
    const long = await loginTestMember(t.db);
    const ticket = await openTicket(t.app, long, questionOf(t.ids), 'en');
    const body = { work_order_list: [ticket], reply_texts: { en: `${'x'.repeat(990)}{game}` } };
    const preview = await desk.post<{ list: { code: number }[] }>(mai, paths.preview, body);
    expect(preview.data.list.map((x) => x.code)).toEqual([-400]);
    const sent = await desk.post<{ list: { code: number }[] }>(mai, deskPaths.batchReply, {
      ...body,
      reply_status: 2,
    });
    expect(sent.data.list.map((x) => x.code)).toEqual([-400]);
    expect((await playerMessages(long, ticket)).map((m) => m.kind)).toEqual(['question']);
  });

  it('takes either one text or texts per language, not both nor neither (-400)', async () => {
    const ticket = await openTicket(t.app, somchai, questionOf(t.ids), 'th');
    const both = {
      work_order_list: [ticket],
      reply_status: 2,
      reply_content: 'Hi',
      reply_texts: { en: 'Hi' },
    };
    expect((await desk.post(mai, deskPaths.batchReply, both)).code).toBe(-400);
    const neither = { work_order_list: [ticket], reply_status: 2 };
    expect((await desk.post(mai, deskPaths.batchReply, neither)).code).toBe(-400);
    // One text for all is sent as written: its braces are not variables.
    const same = { work_order_list: [ticket], reply_status: 2, reply_content: 'Hi {nickname}' };
    expect((await desk.post(mai, deskPaths.batchReply, same)).code).toBe(0);
    expect((await playerMessages(somchai, ticket)).at(-1)?.content).toBe('Hi {nickname}');
  });
});
