/**
 * A product's picture is a media file it points at (pay_product.image_media_id, `on delete set null`): deleting
 * the file (an operator cleaning up media) is not refused because a product uses it, and the product stays whole,
 * without a picture, for staff to read and save again.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { PayAuthoringProductDetail, PayProductForm } from '@gp/contracts/pay-catalog-authoring';
import { multipartBody } from '../../../test/cs-fixtures.ts';
import { payTestEnv } from '../../../test/pay-steps.ts';
import { loginTestStaff, staffGet, staffPost, type TestStaff } from '../../../test/staff-session.ts';
import { createTestApp } from '../../../test/test-app.ts';
import { pngBytes } from '../../../test/test-images.ts';
import { game } from '../../db/schema/game.schema.ts';
import { media } from '../../db/schema/media.schema.ts';
import { payProduct } from '../../db/schema/pay.schema.ts';

let t: Awaited<ReturnType<typeof createTestApp>>;
let staff: TestStaff;
let sfl: number;
beforeAll(async () => {
  t = await createTestApp(payTestEnv);
  staff = await loginTestStaff(t.db, { accountId: 'catalog.images', privileges: ['catalog'] });
  sfl = (await t.db.select().from(game)).find((g) => g.gameId === 'sfl_sea')!.gameBaseId;
});
afterAll(() => t.close());

const base = '/csmng/komoe/mng/pay';
type Body = { code: number; message: string; data: unknown };
const ok = async <T>(answer: Promise<{ json: () => unknown }>): Promise<T> => {
  const res = (await answer).json() as Body;
  expect(res.code, JSON.stringify(res)).toBe(0);
  return res.data as T;
};

async function upload(bytes: Uint8Array): Promise<{ media_id: string; url: string }> {
  const { payload, headers } = multipartBody([
    { name: 'file', filename: 'gem.png', contentType: 'image/png', data: Buffer.from(bytes) },
  ]);
  return ok(
    t.app.inject({
      method: 'POST',
      url: `${base}/product/image/upload?ct=${encodeURIComponent(staff.ct)}`,
      headers,
      payload,
      cookies: staff.cookies,
    }),
  );
}

const form = (overrides: Partial<PayProductForm> = {}): PayProductForm => ({
  game_base_id: sfl,
  product_id: 'sfl.picture_test',
  credit_amount: 120,
  texts: { en: { name: 'Picture test', marketing_desc_1: '', marketing_desc_2: '' } },
  ...overrides,
});
const detail = () =>
  ok<PayAuthoringProductDetail>(
    staffGet(t.app, staff, `${base}/product/detail`, { game_base_id: sfl, product_id: 'sfl.picture_test' }),
  );

describe('product picture', () => {
  it('deleting the media file clears the picture of the product that used it; the product stays and saves', async () => {
    const image = await upload(pngBytes(48, 48));
    await ok(staffPost(t.app, staff, `${base}/product/create`, form({ image_media_id: image.media_id })));
    expect(await detail()).toMatchObject({ image_media_id: image.media_id, image_url: image.url });

    // Refused with a foreign-key violation before the rule was `on delete set null`.
    const deleted = await t.db.delete(media).where(eq(media.id, image.media_id)).returning({ id: media.id });
    expect(deleted).toEqual([{ id: image.media_id }]);

    const [row] = await t.db.select().from(payProduct).where(eq(payProduct.productId, 'sfl.picture_test'));
    expect(row).toMatchObject({ imageMediaId: null, creditAmount: 120, isOnSale: true });
    expect(await detail()).toMatchObject({ image_media_id: null, image_url: '', credit_amount: 120 });
    // Saved again as the editor sends it, without a picture.
    await ok(staffPost(t.app, staff, `${base}/product/update`, form({ credit_amount: 130 })));
    expect(await detail()).toMatchObject({ image_media_id: null, credit_amount: 130 });
  });
});
