/**
 * Content pictures: PNG, JPEG and WebP are taken by their bytes whatever the name or the browser's type say,
 * stored as public media at the URL the answer gives, audited; anything else is refused with nothing stored.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count } from 'drizzle-orm';
import { fullPath } from '@gp/contracts';
import { contentImageData, contentImagePolicy, contentImageUpload } from '@gp/contracts/content-admin';
import { media } from '../../../db/schema/media.schema.ts';
import { multipartBody } from '../../../../test/cs-fixtures.ts';
import { startContentAdmin } from '../../../../test/content-admin-steps.ts';
import { jpegBytes, pngBytes, webpBytes } from '../../../../test/test-images.ts';

let t: Awaited<ReturnType<typeof startContentAdmin>>;
let s: Awaited<ReturnType<typeof startContentAdmin>>['steps'];
beforeAll(async () => {
  t = await startContentAdmin();
  s = t.steps;
});
afterAll(() => t.close());

const mediaCount = async () => (await t.db.select({ n: count() }).from(media))[0]!.n;

describe('content image upload', () => {
  it('takes PNG, JPEG and WebP, answers where players load them and records the upload', async () => {
    const cases = [
      { bytes: pngBytes(800, 450), name: 'cover.png', type: 'image/png', ext: 'png', size: [800, 450] },
      { bytes: jpegBytes(1200, 400), name: 'banner.jpeg', type: 'image/jpeg', ext: 'jpg', size: [1200, 400] },
      {
        bytes: webpBytes('extended', { width: 750, height: 420 }),
        name: 'banner-h5.webp',
        type: 'image/webp',
        ext: 'webp',
        size: [750, 420],
      },
    ];
    for (const c of cases) {
      const { status, body } = await s.upload(c.bytes, c.name);
      expect(status, c.name).toBe(200);
      const data = contentImageData.parse(body.data);
      expect(data).toMatchObject({
        content_type: c.type,
        width: c.size[0],
        height: c.size[1],
        byte_size: c.bytes.length,
      });
      expect(data.media_id).toMatch(new RegExp(`^[a-f0-9]{32}\\.${c.ext}$`));
      const url = new URL(data.url);
      expect(url.pathname).toBe(`/upload/media/${data.media_id}`);
      const served = await t.app.inject({ method: 'GET', url: url.pathname });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe(c.type);
      expect(served.headers['x-content-type-options']).toBe('nosniff');
      expect(Buffer.from(served.rawPayload).equals(Buffer.from(c.bytes))).toBe(true);
      const [row] = await s.auditRows('content.image.upload', data.media_id);
      expect(row).toMatchObject({
        actorStaffId: t.editor.staffId,
        targetType: 'media',
        after: { content_type: c.type, byte_size: c.bytes.length, width: c.size[0], height: c.size[1] },
      });
    }
  });

  it('goes by the bytes, not the name: a WebP named .png is a WebP; the same bytes twice are one picture', async () => {
    const bytes = webpBytes('lossless');
    const first = contentImageData.parse((await s.upload(bytes, 'photo.png')).body.data);
    expect(first).toMatchObject({ content_type: 'image/webp', width: 1, height: 1 });
    const stored = await mediaCount();
    const again = contentImageData.parse((await s.upload(bytes, 'other-name.jpg')).body.data);
    expect(again.media_id).toBe(first.media_id);
    expect(await mediaCount()).toBe(stored);
  });

  it('refuses what is no PNG, JPEG or WebP, whatever its name, and stores nothing', async () => {
    const stored = await mediaCount();
    const text = (v: string) => new TextEncoder().encode(v);
    const refusals = [
      {
        name: 'logo.png',
        bytes: text('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
      },
      { name: 'anim.png', bytes: text('GIF89a\u0001\u0000\u0001\u0000\u0000\u0000\u0000') },
      { name: 'setup.jpg', bytes: Uint8Array.from([0x4d, 0x5a, 0x90, 0x00, 0x03, 0x00, 0x00, 0x00]) },
      { name: 'page.webp', bytes: text('<html><body onload="alert(1)">hi</body></html>') },
      { name: 'cut.png', bytes: pngBytes(10, 10).subarray(0, 20) },
      { name: 'empty.png', bytes: new Uint8Array() },
    ];
    for (const r of refusals) {
      const { status, body } = await s.upload(r.bytes, r.name);
      expect(status, r.name).toBe(400);
      expect(body, r.name).toMatchObject({
        code: -400,
        data: { fields: [{ field: 'file', code: 'type_not_allowed' }] },
      });
    }
    expect(await mediaCount()).toBe(stored);
  });

  it('refuses a picture over the size limit or with a side over the limit', async () => {
    const stored = await mediaCount();
    const big = new Uint8Array(contentImagePolicy.maxBytes + 1);
    big.set(pngBytes(100, 100));
    const tooBig = await s.upload(big, 'huge.png');
    expect(tooBig.body).toMatchObject({
      code: -400,
      data: { fields: [{ field: 'file', code: 'too_large' }] },
    });
    const wide = await s.upload(
      webpBytes('extended', { width: contentImagePolicy.maxSide + 1, height: 10 }),
      'w.webp',
    );
    expect(wide.body).toMatchObject({ data: { fields: [{ field: 'file', code: 'too_big_dimensions' }] } });
    // Exactly at the limits is fine.
    const edge = await s.upload(
      webpBytes('extended', { width: contentImagePolicy.maxSide, height: 10 }),
      'e.webp',
    );
    expect(edge.status).toBe(200);
    expect(await mediaCount()).toBe(stored + 1);
  });

  it('needs a file in a multipart body', async () => {
    const { payload, headers } = multipartBody([], { note: 'no file' });
    const url = `${fullPath(contentImageUpload)}?ct=${encodeURIComponent(t.editor.ct)}`;
    const empty = await t.app.inject({ method: 'POST', url, payload, headers, cookies: t.editor.cookies });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ code: -400, data: { fields: [{ field: 'file' }] } });
    const json = await s.send(contentImageUpload, { file: 'data:image/png;base64,AAAA' });
    expect(json.status).toBe(400);
  });
});
