/**
 * Test helpers for the console's screens: a stand-in staff API answering through `fetch` (so the real contract
 * client, its envelope parsing and its -101 hook all run), and the console rendered at a path with an English
 * i18n instance.
 */
import { isInaccessible, render, screen, waitFor } from '@testing-library/react';
import i18next from 'i18next';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import admin from '@gp/i18n/locales/en/admin.json';
import common from '@gp/i18n/locales/en/common.json';
import errors from '@gp/i18n/locales/en/errors.json';
import staffErrors from '@gp/i18n/locales/en/staff-errors.json';
import type { StaffAccountData, StaffSessionData } from '@gp/contracts/staff';
import { routes } from '../app/router.tsx';
import { useSessionStore } from '../lib/staff-session.ts';

export interface StaffRequest {
  method: string;
  /** The path under `/csmng`, e.g. `/account/list`. */
  path: string;
  query: URLSearchParams;
  body: unknown;
}

/** What a handler answers: `{ code }` (with optional data) for a refusal, anything else is the data of code 0. */
export type Answer = { code: number; data?: unknown } | { data: unknown };
export type Handler = (request: StaffRequest) => Answer | Promise<Answer>;

export const ok = (data: unknown): Answer => ({ data });
export const refuse = (code: number, data: unknown = null): Answer => ({ code, data });

const csmng = 'http://localhost:8090/csmng';

/**
 * Stubs `fetch` with a staff API: `handlers` by path; `/login_check` answers `session` (or -101 when null)
 * unless a handler is given. Every request is recorded in `requests`.
 */
export function staffServer(handlers: Record<string, Handler>, session: StaffSessionData | null = null) {
  const requests: StaffRequest[] = [];
  let captchas = 0;
  const all: Record<string, Handler> = {
    '/login_check': () => (session ? ok(session) : refuse(-101)),
    '/captcha/sget': () => ok({ token: `tok-${++captchas}`, image: captchaImage, expires_in: 300 }),
    '/login_out': () => ok(null),
    ...handlers,
  };
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(input, init);
    const url = new URL(request.url);
    if (!url.href.startsWith(csmng)) throw new TypeError(`unexpected request to ${url.href}`);
    const path = url.pathname.slice(new URL(csmng).pathname.length);
    const text = request.method === 'GET' ? '' : await request.text();
    const entry: StaffRequest = {
      method: request.method,
      path,
      query: url.searchParams,
      body: text ? (JSON.parse(text) as unknown) : undefined,
    };
    requests.push(entry);
    const handler = all[path];
    if (!handler) throw new TypeError(`no stand-in for ${path}`);
    const answer = await handler(entry);
    const code = 'code' in answer ? answer.code : 0;
    return Response.json({ code, message: code === 0 ? 'ok' : `code ${code}`, data: answer.data ?? null });
  });
  vi.stubGlobal('fetch', fetch);
  return {
    requests,
    /** The requests made to one path. */
    to: (path: string) => requests.filter((r) => r.path === path),
  };
}

const captchaImage = 'data:image/svg+xml;base64,PHN2Zy8+';

export function staffSession(overrides: Partial<StaffSessionData> = {}): StaffSessionData {
  return {
    staff_id: 1,
    account_id: 'admin',
    account_name: 'Ada Admin',
    privilege_ids: [1, 2, 3, 4, 5, 6, 7, 8],
    privileges: [
      'tickets.read',
      'tickets.reply',
      'tickets.export',
      'faq',
      'games',
      'content',
      'catalog',
      'staff.accounts',
    ],
    must_change_password: 0,
    second_factor: 1,
    ...overrides,
  };
}

export function staffAccount(overrides: Partial<StaffAccountData> = {}): StaffAccountData {
  return {
    staff_id: 2,
    account_id: 'agent.one',
    account_name: 'Ann Agent',
    privilege_ids: [1, 2],
    privileges: ['tickets.read', 'tickets.reply'],
    status: 'active',
    must_change_password: 0,
    email: null,
    last_login_at: '2026-03-01T08:30:00.000Z',
    last_login_ip: '203.0.113.7',
    created_at: '2026-01-01T00:00:00.000Z',
    updated_at: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}

/** Forgets the session between tests (the store is a module singleton, like in the browser). */
export function resetSession() {
  useSessionStore.setState({ status: 'unknown', session: null, ended: null });
}

/** Renders the whole console (router, layout, guards) at `path`, in English. */
export async function renderConsole(path: string) {
  const i18n = i18next.createInstance();
  await i18n.init({
    lng: 'en',
    resources: { en: { admin, errors, 'staff-errors': staffErrors, common } },
    // As the app starts it (createI18n): common by default, so every key outside it names its namespace.
    defaultNS: 'common',
    interpolation: { escapeValue: false },
  });
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const view = render(
    <I18nextProvider i18n={i18n}>
      <RouterProvider router={router} />
    </I18nextProvider>,
  );
  return { router, view };
}

/**
 * The dialog holding `text`, once it can be used: antd mounts a modal hidden (display: none) until its opening
 * motion starts, and nothing in it can be found by role or pressed until then.
 */
export async function openDialogWith(text: string | RegExp): Promise<HTMLElement> {
  const inside = await screen.findByText(text);
  const dialog = inside.closest<HTMLElement>('[role="dialog"]');
  if (!dialog) throw new Error(`no dialog holds ${String(text)}`);
  await waitFor(() => {
    if (isInaccessible(dialog)) throw new Error('the dialog is still hidden');
  });
  return dialog;
}
