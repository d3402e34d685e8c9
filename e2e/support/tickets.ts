/**
 * A player's ticket opened through the customer-service calls the service screens make (service.spec.ts drives
 * those screens themselves); for journeys about what happens to a ticket afterwards.
 */
import { expect, type APIRequestContext, type APIResponse } from '@playwright/test';
import { API } from './hosts.ts';
import type { Member } from './member.ts';

async function data<T>(response: APIResponse, what: string): Promise<T> {
  expect(response.ok(), `${what} answered HTTP ${response.status()}`).toBe(true);
  const body = (await response.json()) as { code: number; message?: string; data: T };
  expect(body.code, `envelope code of ${what} (${body.message ?? ''})`).toBe(0);
  return body.data;
}

/**
 * Opens a ticket as the member logged in on `request` (its `joy_jct` cookie is the CSRF token) about the first
 * game customer service offers, under its first question type for tickets.
 */
export async function openTicket(
  request: APIRequestContext,
  member: Member,
  question: { title: string; content: string },
): Promise<{ workOrderId: number; gameBaseId: number }> {
  const games = await data<{ game_base_id: number }[]>(
    await request.get(`${API}/cs/komoe/api/common/game/list`, { params: { lang: 'en' } }),
    'GET game/list',
  );
  const gameBaseId = games[0]!.game_base_id;
  const types = await data<{ question_type: number }[]>(
    await request.get(`${API}/cs/komoe/api/common/question_type/list`, {
      params: { lang: 'en', game_base_id: gameBaseId, usage: 2 },
    }),
    'GET question_type/list',
  );
  const ct = (await request.storageState()).cookies.find((c) => c.name === 'joy_jct')?.value ?? '';
  const created = await data<{ work_order_id: number }>(
    await request.post(`${API}/cs/komoe/api/work_order/create?ct=${encodeURIComponent(ct)}&lang=en`, {
      data: {
        game_base_id: gameBaseId,
        question_type: types[0]!.question_type,
        email: member.email,
        question_title: question.title,
        question_content: question.content,
        attachments: [],
      },
    }),
    'POST work_order/create',
  );
  return { workOrderId: created.work_order_id, gameBaseId };
}
