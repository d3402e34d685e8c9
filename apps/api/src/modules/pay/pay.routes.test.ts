import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp } from '../../../test/test-app.ts';
import { paySetting } from '../../db/schema/site.schema.ts';

let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const switchStatus = async (query = '') =>
  (await t.app.inject({ method: 'GET', url: `/pay/api/web/pay/switch${query}` })).json();

describe('GET /pay/api/web/pay/switch', () => {
  it('reads the main switch of region 5 from the database', async () => {
    expect(await switchStatus()).toEqual({ code: 0, message: 'success', data: { main_switch_status: 1 } });
    await t.db.update(paySetting).set({ mainSwitchOn: false }).where(eq(paySetting.distributionRegion, 5));
    expect((await switchStatus('?lang=vi')).data).toEqual({ main_switch_status: 0 });
  });

  it('is off for a region nobody configured', async () => {
    expect((await switchStatus('?distribution_region=9')).data).toEqual({ main_switch_status: 0 });
  });

  it('refuses a malformed region with 400 naming the field', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/pay/api/web/pay/switch?distribution_region=abc' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: -400, data: { fields: [{ field: 'distribution_region' }] } });
  });
});
