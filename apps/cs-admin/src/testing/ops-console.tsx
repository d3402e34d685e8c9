/**
 * Test helpers for the operations screens (FAQ, games, top-up): the whole console (router, layout, guards) at a
 * path with the en texts of the `ops` namespace too, over the stand-in staff API of console-test.tsx.
 */
import { render } from '@testing-library/react';
import i18next from 'i18next';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import admin from '@gp/i18n/locales/en/admin.json';
import common from '@gp/i18n/locales/en/common.json';
import errors from '@gp/i18n/locales/en/errors.json';
import staffErrors from '@gp/i18n/locales/en/staff-errors.json';
import ops from '@gp/i18n/locales/en/ops.json';
import type { CallContract } from '@gp/contracts';
import { routes } from '../app/router.tsx';
import { staffSession, type Answer, type StaffRequest } from './console-test.tsx';

export { ops };

/** Renders the console at `path` in English. */
export async function renderOps(path: string) {
  const i18n = i18next.createInstance();
  await i18n.init({
    lng: 'en',
    resources: { en: { admin, errors, 'staff-errors': staffErrors, common, ops } },
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

/** A signed-in staff member holding only `privileges`. */
export function sessionWith(...privileges: ReturnType<typeof staffSession>['privileges']) {
  return staffSession({ privileges, privilege_ids: [] });
}

/** The stand-in API's path of a staff call (its path under `/csmng`). */
export const pathOf = (call: CallContract) => call.path;

/** The JSON body of a recorded request, typed for assertions. */
export const bodyOf = (request: StaffRequest | undefined) => request?.body as Record<string, unknown>;

/** A -400 answer naming failing fields, as the API sends them. */
export const fieldRefusal = (...fields: [field: string, code: string][]) => ({
  code: -400,
  data: { fields: fields.map(([field, code]) => ({ field, code })) },
});

/**
 * Answers calls the JSON stand-in of console-test.tsx cannot (multipart uploads, calls of other groups such as
 * `/cs/...`), by the full path of their URL, in front of the stand-in already stubbed. Records each request's path
 * and content type.
 */
export function answerDirectly(handlers: Record<string, (query: URLSearchParams) => Answer>) {
  const inner = globalThis.fetch;
  const seen: { path: string; query: URLSearchParams; contentType: string }[] = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(input, init);
    const url = new URL(request.url);
    const handler = handlers[url.pathname];
    if (!handler) return inner(request);
    seen.push({
      path: url.pathname,
      query: url.searchParams,
      contentType: request.headers.get('content-type') ?? '',
    });
    const answer = handler(url.searchParams);
    const code = 'code' in answer ? answer.code : 0;
    return Response.json({ code, message: code === 0 ? 'ok' : `code ${code}`, data: answer.data ?? null });
  });
  return seen;
}

/** Multipart uploads of staff calls (paths under `/csmng`), see `answerDirectly`. */
export function acceptUploads(handlers: Record<string, () => Answer>) {
  return answerDirectly(
    Object.fromEntries(Object.entries(handlers).map(([path, handle]) => [`/csmng${path}`, () => handle()])),
  );
}
