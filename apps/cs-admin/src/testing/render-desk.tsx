/** Renders the desk's screens in a memory router with the en texts and a signed-in agent (tests only). */
import { render } from '@testing-library/react';
import i18next from 'i18next';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import admin from '@gp/i18n/locales/en/admin.json';
import common from '@gp/i18n/locales/en/common.json';
import desk from '@gp/i18n/locales/en/desk.json';
import errors from '@gp/i18n/locales/en/errors.json';
import staffErrors from '@gp/i18n/locales/en/staff-errors.json';
import ops from '@gp/i18n/locales/en/ops.json';
import type { StaffPrivilege } from '@gp/contracts/staff';
import type { DeskMessage, DeskTicketDetail, DeskTicketSummary } from '@gp/contracts/desk';
import { useSessionStore } from '../lib/staff-session.ts';
import TicketDetail, { loader as detailLoader } from '../routes/ticket-detail.tsx';
import Tickets, { loader as queueLoader } from '../routes/tickets.tsx';

export const agent = { staff_id: 7, account_id: 'ana', account_name: 'Ana' };

export async function renderDesk(
  url: string,
  privileges: StaffPrivilege[] = ['tickets.read', 'tickets.reply', 'tickets.export'],
) {
  useSessionStore.setState({
    status: 'in',
    session: { ...agent, privilege_ids: [], privileges, must_change_password: 0, second_factor: 1 },
  });
  const i18n = i18next.createInstance();
  await i18n.init({
    lng: 'en',
    resources: { en: { admin, desk, ops, errors, 'staff-errors': staffErrors, common } },
    defaultNS: 'desk',
    interpolation: { escapeValue: false },
  });
  const router = createMemoryRouter(
    [
      { path: '/tickets', Component: Tickets, loader: queueLoader, HydrateFallback: () => null },
      { path: '/tickets/:id', Component: TicketDetail, loader: detailLoader, HydrateFallback: () => null },
    ],
    { initialEntries: [url] },
  );
  const view = render(
    <I18nextProvider i18n={i18n}>
      <RouterProvider router={router} />
    </I18nextProvider>,
  );
  return { router, view };
}

let nextId = 100;

export function ticket(overrides: Partial<DeskTicketSummary> = {}): DeskTicketSummary {
  const id = overrides.work_order_id ?? nextId++;
  // As the server says it: waiting while the member's message is the latest and the ticket is open.
  const waiting = (overrides.reply_status ?? 0) === 0 && overrides.work_order_status !== 3;
  return {
    work_order_id: id,
    work_order_status: 0,
    game_base_id: 1,
    game_name: 'Lotus Blade',
    question_type: 3,
    question_type_name: 'Top-up',
    question_title: `Question ${id}`,
    character_id: 'hero-123',
    character_name: 'Hero',
    grade: null,
    created_at: '2026-03-01T08:00:00.000Z',
    updated_at: '2026-03-01T09:00:00.000Z',
    replied_at: null,
    uid: 42,
    nickname: 'Player42',
    last_asked_at: '2026-03-01T08:00:00.000Z',
    reply_status: 0,
    operator_name: null,
    lock: null,
    lang: 'en',
    waiting_since: waiting ? (overrides.last_asked_at ?? '2026-03-01T08:00:00.000Z') : null,
    first_replied_at: null,
    ...overrides,
  };
}

export function message(overrides: Partial<DeskMessage> & Pick<DeskMessage, 'message_id'>): DeskMessage {
  return {
    kind: 'question',
    content: 'My top-up did not arrive.',
    note: null,
    created_at: '2026-03-01T08:00:00.000Z',
    staff_id: null,
    staff_name: null,
    recalled_at: null,
    recall_until: null,
    attachments: [],
    ...overrides,
  };
}

export function detail(overrides: Partial<DeskTicketDetail> = {}): DeskTicketDetail {
  return {
    ...ticket({ work_order_id: 5 }),
    email: 'player42@example.com',
    messages: [message({ message_id: 1 })],
    order_no: null,
    order: null,
    ...overrides,
  };
}

export const page = (list: DeskTicketSummary[], pageNum = 1, pageSize = 20) => ({
  list,
  total: list.length,
  page_num: pageNum,
  page_size: pageSize,
});
