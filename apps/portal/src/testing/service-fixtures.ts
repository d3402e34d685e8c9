/**
 * A small customer-service world for the screen tests: two games, FAQ types (one of a single game), thirteen
 * FAQ entries the table filters like the server, a member with tickets in every state, contact details, and an
 * upload that answers with a new file id. Tests change `state` to move the world along.
 */
import { cleanup, screen } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { ApiError } from '@gp/api-client';
import { forgetUser } from '@gp/ui/session';
import type { CallContract } from '@gp/contracts';
import {
  contactsInfo,
  contactsSave,
  csGameList,
  faqPage,
  fileUpload,
  lowGradeMax,
  questionTypeList,
  workOrderCreate,
  workOrderDetail,
  workOrderGrade,
  workOrderPage,
  type ContactInfoData,
  type FaqItem,
  type Grade,
  type GradeReason,
  type QuestionTypeItem,
  type WorkOrderDetailData,
  type WorkOrderStatus,
} from '@gp/contracts/cs';
import { userInfo } from '@gp/contracts/passport';

export const member = { mid: 7, user_id: 'u7', nick_name: 'Mali', nickName: 'Mali', loginType: 0 };

export const csGames = [
  { game_base_id: 1, game_name: 'Lotus Blade', game_icon: '' },
  { game_base_id: 2, game_name: 'Starfall Legends', game_icon: '' },
];

const allTypes: QuestionTypeItem[] = [
  { question_type: 1, question_type_name: 'Account & login', game_base_id: null, slug: 'account' },
  { question_type: 2, question_type_name: 'Top-up & payment', game_base_id: null, slug: 'payment' },
  { question_type: 3, question_type_name: 'Bugs & errors', game_base_id: null, slug: 'bug' },
  { question_type: 9, question_type_name: 'Guild battles', game_base_id: 2, slug: 'guild-battles' },
];

/** Types as question_type/list answers them: those of every game, plus the game's own when one is named. */
export function typesFor(gameBaseId?: number): QuestionTypeItem[] {
  return allTypes.filter((q) => q.game_base_id === null || q.game_base_id === gameBaseId);
}

export const faqEntries: FaqItem[] = Array.from({ length: 13 }, (_, i) => {
  const id = i + 1;
  const type = id === 13 ? allTypes[3]! : allTypes[id % 2]!;
  return {
    question_id: id,
    game_base_id: id === 13 ? 2 : null,
    question_type: type.question_type,
    question_type_name: type.question_type_name,
    question_title: id === 1 ? 'How do I reset my password?' : `FAQ entry ${id}`,
    question_content:
      id === 1
        ? 'Open the login page and choose "Forgot password".\nFollow the link we e-mail you.'
        : `Answer ${id}`,
    online_time: '2026-01-05T02:00:00.000Z',
  };
});

export type Ticket = WorkOrderDetailData;

export function ticket(id: number, status: WorkOrderStatus, extra: Partial<Ticket> = {}): Ticket {
  const answered = status === 2 || status === 3;
  return {
    work_order_id: id,
    work_order_status: status,
    game_base_id: 1,
    game_name: 'Lotus Blade',
    question_type: 2,
    question_type_name: 'Top-up & payment',
    question_title: `Ticket ${id}`,
    character_id: 'HERO12345',
    character_name: 'Mali',
    grade: null,
    created_at: '2026-03-01T03:00:00.000Z',
    updated_at: `2026-03-${String(Math.min(28, id)).padStart(2, '0')}T05:00:00.000Z`,
    replied_at: answered ? '2026-03-02T04:00:00.000Z' : null,
    email: 'mali@example.com',
    messages: [
      {
        message_id: id * 10,
        kind: 'question',
        content: `Question of ticket ${id}`,
        note: null,
        created_at: '2026-03-01T03:00:00.000Z',
        attachments: [],
      },
      ...(answered
        ? [
            {
              message_id: id * 10 + 1,
              kind: 'reply' as const,
              content: `Answer to ticket ${id}`,
              note: null,
              created_at: '2026-03-02T04:00:00.000Z',
              attachments: [],
            },
          ]
        : []),
    ],
    can_follow_up: status === 2 ? 1 : 0,
    can_grade: answered ? 1 : 0,
    grade_deadline: answered ? '2026-03-09T04:00:00.000Z' : null,
    grade_reason: null,
    grade_comment: null,
    order_no: null,
    order: null,
    ...extra,
  };
}

export interface ServiceState {
  loggedIn: boolean;
  tickets: Ticket[];
  contact: ContactInfoData;
  uploads: number;
  /** Codes the next call of a contract answers with instead of its answer (a refusal). */
  refuse: Map<CallContract, ApiError>;
}

/** Twelve tickets: 1-3 no reply, 4-6 processing, 7-9 replied, 10-12 closed (12 rated 4, out of its period). */
export function initialState(): ServiceState {
  const status = (id: number) => Math.floor((id - 1) / 3) as WorkOrderStatus;
  return {
    loggedIn: true,
    tickets: Array.from({ length: 12 }, (_, i) => {
      const id = i + 1;
      return id === 12 ? ticket(12, 3, { grade: 4, can_grade: 0 }) : ticket(id, status(id));
    }),
    contact: { nickname: 'Mali', contacts: '', sex: 0, mobile: '', email: 'mali@example.com', address: '' },
    uploads: 0,
    refuse: new Map(),
  };
}

/** A refusal of the service domain (what the client throws for a cs call's code). */
export const serviceError = (code: number, data: unknown = null) => new ApiError(code, 'service', 200, data);

export function serviceWorld() {
  const state = initialState();
  const refusing =
    <I, O>(contract: CallContract, answer: (input: I) => O) =>
    (input: I): O => {
      const refusal = state.refuse.get(contract);
      if (refusal) {
        state.refuse.delete(contract);
        throw refusal;
      }
      return answer(input);
    };
  const answers = new Map<CallContract, unknown>([
    [userInfo, () => (state.loggedIn ? member : Promise.reject(new ApiError(-101, 'passport', 200)))],
    [csGameList, () => csGames],
    [questionTypeList, (input: { game_base_id?: number }) => typesFor(input.game_base_id)],
    [
      faqPage,
      (input: {
        game_base_id?: number;
        question_type?: number;
        question_keyword?: string;
        page_num: number;
        page_size: number;
      }) => {
        const keyword = input.question_keyword?.toLowerCase();
        const found = faqEntries.filter(
          (f) =>
            (!input.game_base_id || f.game_base_id === null || f.game_base_id === input.game_base_id) &&
            (!input.question_type || f.question_type === input.question_type) &&
            (!keyword ||
              f.question_title.toLowerCase().includes(keyword) ||
              f.question_content.toLowerCase().includes(keyword)),
        );
        const start = (input.page_num - 1) * input.page_size;
        return {
          list: found.slice(start, start + input.page_size),
          total: found.length,
          page_num: input.page_num,
          page_size: input.page_size,
        };
      },
    ],
    [
      workOrderPage,
      (input: { work_order_status?: WorkOrderStatus | null; page_num: number; page_size: number }) => {
        const found = state.tickets
          .filter((w) => input.work_order_status == null || w.work_order_status === input.work_order_status)
          .sort((a, b) => b.updated_at.localeCompare(a.updated_at));
        const start = (input.page_num - 1) * input.page_size;
        return {
          list: found.slice(start, start + input.page_size),
          total: found.length,
          page_num: input.page_num,
          page_size: input.page_size,
        };
      },
    ],
    [
      workOrderDetail,
      refusing(workOrderDetail, (input: { work_order_id: number }) => {
        const found = state.tickets.find((w) => w.work_order_id === input.work_order_id);
        if (!found) throw serviceError(-401);
        return found;
      }),
    ],
    [
      workOrderGrade,
      refusing(
        workOrderGrade,
        (input: { work_order_id: number; grade: Grade; reason?: GradeReason; comment?: string }) => {
          const found = state.tickets.find((w) => w.work_order_id === input.work_order_id)!;
          // As the server: a low rating needs its reason, a higher one drops it.
          const low = input.grade <= lowGradeMax;
          if (low && !input.reason) throw serviceError(-10008);
          found.grade = input.grade;
          found.grade_reason = low ? (input.reason ?? null) : null;
          found.grade_comment = low ? (input.comment ?? null) : null;
          return {
            work_order_id: input.work_order_id,
            grade: input.grade,
            reason: found.grade_reason,
            comment: found.grade_comment,
          };
        },
      ),
    ],
    [
      workOrderCreate,
      refusing(
        workOrderCreate,
        (input: { parent_work_order_id?: number; question_title?: string; question_content: string }) => {
          if (input.parent_work_order_id) {
            const parent = state.tickets.find((w) => w.work_order_id === input.parent_work_order_id)!;
            parent.work_order_status = 1;
            parent.can_follow_up = 0;
            parent.can_grade = 0;
            parent.messages = [
              ...parent.messages,
              {
                message_id: 999,
                kind: 'follow_up',
                content: input.question_content,
                note: null,
                created_at: '2026-03-03T04:00:00.000Z',
                attachments: [],
              },
            ];
            return { work_order_id: parent.work_order_id };
          }
          const id = 100 + state.tickets.length;
          state.tickets.push(ticket(id, 0, { question_title: input.question_title ?? '' }));
          return { work_order_id: id };
        },
      ),
    ],
    [contactsInfo, refusing(contactsInfo, () => state.contact)],
    [
      contactsSave,
      refusing(contactsSave, (input: Omit<ContactInfoData, 'nickname'>) => {
        state.contact = { ...state.contact, ...input };
        return null;
      }),
    ],
    [
      fileUpload,
      refusing(fileUpload, (input: { file: File }) => {
        state.uploads += 1;
        return {
          file_id: `file_${String(state.uploads).padStart(16, '0')}`,
          file_name: input.file.name,
          file_size: input.file.size,
          file_kind: input.file.name.endsWith('.log') ? 'log' : 'image',
          content_type: input.file.type,
        };
      }),
    ],
  ]);
  return { state, answers };
}

/** The inputs a contract was called with, in order. */
export function callsTo(call: { mock: { calls: unknown[][] } }, contract: CallContract): unknown[] {
  return call.mock.calls.filter(([c]) => c === contract).map(([, input]) => input);
}

/** A file of the given name and type; `size` pretends a larger file without allocating it. */
/** The first bytes of each picture type, as the device and the server check them. */
const signatures: Record<string, number[]> = {
  'image/png': [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d, 0x49, 0x48, 0x44, 0x52],
  'image/jpeg': [0xff, 0xd8, 0xff, 0xe0],
};

/** A picked file: a picture type starts like one unless `content` says otherwise. */
export function fakeFile(name: string, type: string, size?: number, content?: string): File {
  const signature = signatures[type];
  const bytes = content ?? (signature ? new Uint8Array(signature) : 'fake bytes');
  const file = new File([bytes], name, { type });
  if (size !== undefined) Object.defineProperty(file, 'size', { value: size });
  return file;
}

/**
 * A "the session ended while the page was open" test's browser: `location` stubbed at `href`,
 * whose `assign` (returned) records where the page sends the player; after each test the screen, the calls and
 * the world are reset.
 */
export function sessionEndsMeanwhile(
  href: string,
  world: { api: { call: { mockClear(): unknown } }; state: ServiceState },
) {
  const assign = vi.fn();
  beforeEach(() => {
    vi.stubGlobal('location', { ...window.location, assign, href });
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    assign.mockClear();
    world.api.call.mockClear();
    forgetUser();
    Object.assign(world.state, initialState());
  });
  return assign;
}

/** The text of every live alert on the screen, joined: '' when the page says nothing went wrong. */
export const alertsText = () =>
  screen
    .queryAllByRole('alert')
    .map((a) => a.textContent)
    .join('');
