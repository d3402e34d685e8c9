/**
 * Ticket desk test helpers: an app on a clock the test moves (test-clock.ts; the player side and the desk read the
 * same one), tickets opened by members through the player calls, and the desk calls made as a logged-in staff
 * member with their answer envelope.
 */
import type { FastifyInstance } from 'fastify';
import type { QuestionForm } from '@gp/contracts/cs';
import { caller, demoIds } from './cs-fixtures.ts';
import type { TestMember } from './member-session.ts';
import { staffGet, staffPost, type TestStaff } from './staff-session.ts';
import { createTestApp } from './test-app.ts';
import { TestClock } from './test-clock.ts';

/** The test app on a clock the test moves; the export worker is driven by the tests, not run in the background. */
export async function createDeskApp(env: Record<string, string> = {}) {
  const clock = new TestClock();
  const t = await createTestApp({ DESK_EXPORT_WORKER: 'false', ...env }, { now: clock.now });
  return { ...t, clock, ids: await demoIds(t.db) };
}

export interface Envelope<T = unknown> {
  status: number;
  code: number;
  message: string;
  data: T;
}

type Staff = Pick<TestStaff, 'ct' | 'cookies'> | null;

/** Desk calls as `staff` (null: nobody logged in), answering the envelope (any data type; parse what matters). */
export function deskCaller(app: FastifyInstance) {
  const envelope = (res: { statusCode: number; json: () => unknown }) => {
    const body = res.json() as { code: number; message: string; data: unknown };
    return { status: res.statusCode, ...body } as Envelope<never>;
  };
  return {
    post: async <T = unknown>(staff: Staff, path: string, body: object): Promise<Envelope<T>> =>
      envelope(await staffPost(app, staff, `/csmng${path}`, body)),
    get: async <T = unknown>(
      staff: Staff,
      path: string,
      query: Record<string, string | number> = {},
    ): Promise<Envelope<T>> => envelope(await staffGet(app, staff, `/csmng${path}`, query)),
  };
}

export const deskPaths = {
  page: '/komoe/mng/work_order/page',
  detail: '/komoe/mng/work_order/detail',
  modify: '/komoe/mng/work_order/modify',
  reply: '/komoe/mng/work_order/reply',
  batchReply: '/komoe/mng/work_order/batch_reply',
  recall: '/komoe/mng/work_order/recall',
  lock: '/komoe/mng/work_order/editing_lock',
  unlock: '/komoe/mng/work_order/back_editing_finished',
  exportStart: '/komoe/mng/work_order/excel_download_derive',
  exportCheck: '/komoe/mng/work_order/excel_sign_check',
  userRecord: '/mng/work_order/user_submit_record',
  titleMatch: '/komoe/mng/question/title_match',
} as const;

/** A member's question as the player's form sends it. */
export function questionOf(ids: Awaited<ReturnType<typeof demoIds>>, extra: Partial<QuestionForm> = {}) {
  return {
    game_base_id: ids.sfl,
    question_type: ids.type('payment'),
    character_id: 'SFL10023',
    character_name: 'Mali',
    email: 'mali@example.com',
    question_title: 'Gems not delivered',
    question_content: 'I bought 980 gems an hour ago.\nThey have not arrived.',
    attachments: [],
    ...extra,
  } satisfies QuestionForm;
}

/** Opens a ticket as `member` through the player's call (in `lang`); answers its id. */
export async function openTicket(
  app: FastifyInstance,
  member: TestMember,
  question: QuestionForm,
  lang = 'en',
): Promise<number> {
  const { body } = await caller(app).json(`/cs/komoe/api/work_order/create?lang=${lang}`, question, member);
  if (body.code !== 0) throw new Error(`ticket not opened: ${JSON.stringify(body)}`);
  return (body.data as { work_order_id: number }).work_order_id;
}

/** The member's follow-up on a replied ticket, through the player's call. */
export async function followUp(app: FastifyInstance, member: TestMember, id: number, content: string) {
  const { body } = await caller(app).json(
    '/cs/komoe/api/work_order/create',
    { parent_work_order_id: id, question_content: content, attachments: [] },
    member,
  );
  if (body.code !== 0) throw new Error(`follow-up refused: ${JSON.stringify(body)}`);
}
