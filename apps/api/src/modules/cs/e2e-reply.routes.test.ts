/** The browser tests' reply shortcut: there only when E2E_SEAMS asks for it, never in production. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { workOrderStatus } from '@gp/contracts/cs';
import { caller, demoIds } from '../../../test/cs-fixtures.ts';
import { loginTestMember, type TestMember } from '../../../test/member-session.ts';
import { createTestApp } from '../../../test/test-app.ts';
import { parseEnv } from '../../config/env.ts';

let t: Awaited<ReturnType<typeof createTestApp>>;
let plain: Awaited<ReturnType<typeof createTestApp>>;
let member: TestMember;

beforeAll(async () => {
  t = await createTestApp({ E2E_SEAMS: 'true' });
  plain = await createTestApp();
  member = await loginTestMember(t.db);
});
afterAll(async () => {
  await t.close();
  await plain.close();
});

describe('POST /dev/e2e/cs/reply', () => {
  it("writes an agent's reply the player then sees, through the staff desk's own rules", async () => {
    const ids = await demoIds(t.db);
    const call = caller(t.app);
    const created = await call.json(
      '/cs/komoe/api/work_order/create',
      {
        game_base_id: ids.sfl,
        question_type: ids.type('payment'),
        character_id: 'SFL10023',
        character_name: 'Mali',
        email: 'mali@example.com',
        question_title: 'Gems not delivered',
        question_content: 'They have not arrived.',
        attachments: [],
      },
      member,
    );
    const id = (created.body.data as { work_order_id: number }).work_order_id;
    const res = await t.app.inject({
      method: 'POST',
      url: '/dev/e2e/cs/reply',
      payload: { work_order_id: id, content: 'Sent again, please check.' },
    });
    expect(res.json().code).toBe(0);
    const detail = await t.app.inject({
      url: `/cs/komoe/api/work_order/detail?work_order_id=${id}&ct=${member.ct}`,
      cookies: member.cookies,
    });
    expect(detail.json().data.work_order_status).toBe(workOrderStatus.replied);
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/dev/e2e/cs/reply',
      payload: { work_order_id: 999_999, content: 'x' },
    });
    expect(unknown.json().code).not.toBe(0);
  });

  it('does not exist without E2E_SEAMS, and production refuses the setting', async () => {
    const res = await plain.app.inject({ method: 'POST', url: '/dev/e2e/cs/reply', payload: {} });
    expect(res.statusCode).toBe(404);
    expect(() =>
      parseEnv({ NODE_ENV: 'production', PREVIEW_SECRET: 'x'.repeat(32), E2E_SEAMS: 'true' }),
    ).toThrow(/E2E_SEAMS/);
  });
});
