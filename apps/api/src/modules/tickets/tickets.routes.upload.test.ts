/** Attachments: upload checks (size, magic bytes, text logs), nothing stored on refusal, owner-only download. */
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { csFileItem, uploadPolicy } from '@gp/contracts/cs';
import { serverMessage } from '@gp/i18n/server';
import {
  caller,
  elfBytes,
  jpegBytes,
  multipartBody,
  mzBytes,
  pngBytes,
  type FilePart,
} from '../../../test/cs-fixtures.ts';
import { loginTestMember, type TestMember } from '../../../test/member-session.ts';
import { createTestApp } from '../../../test/test-app.ts';
import { csFile } from '../../db/schema/cs.schema.ts';

let t: Awaited<ReturnType<typeof createTestApp>>;
let call: ReturnType<typeof caller>;
let owner: TestMember;
let stranger: TestMember;
beforeAll(async () => {
  t = await createTestApp();
  call = caller(t.app);
  owner = await loginTestMember(t.db);
  stranger = await loginTestMember(t.db);
});
afterAll(() => t.close());

const storedFiles = async () => (await t.db.select({ n: count() }).from(csFile))[0]?.n ?? 0;

async function uploaded(file: FilePart, who = owner) {
  const { body } = await call.upload([file], who);
  expect(body.code, JSON.stringify(body)).toBe(0);
  return csFileItem.parse(body.data);
}

/** The upload is refused with `code` and leaves nothing behind. */
async function refused(file: FilePart, code: number) {
  const before = await storedFiles();
  const { status, body } = await call.upload([file], owner);
  expect(status).toBe(200);
  expect(body).toMatchObject({ code, data: null });
  expect(await storedFiles()).toBe(before);
}

const download = (fileId: string, who: TestMember | null) =>
  t.app.inject({
    method: 'GET',
    url: `/cs/komoe/api/common/file/download?file_id=${fileId}`,
    cookies: who?.cookies ?? {},
  });

describe('file/upload', () => {
  it('stores a PNG under a server-made id and answers its name, size and kind', async () => {
    const bytes = pngBytes(1000);
    const file = await uploaded({ filename: 'screen shot.png', contentType: 'image/png', data: bytes });
    expect(file).toMatchObject({
      file_name: 'screen shot.png',
      file_size: 1000,
      file_kind: 'image',
      content_type: 'image/png',
    });
    expect(file.file_id).toMatch(/^[A-Za-z0-9_-]{24}$/);
    const [row] = await t.db.select().from(csFile).where(eq(csFile.id, file.file_id));
    expect(row).toMatchObject({ mid: owner.mid, messageId: null, byteSize: 1000 });
    expect(Buffer.from(row!.bytes).equals(bytes)).toBe(true);
  });

  it('accepts .jpg and .jpeg with JPEG bytes, whatever type the browser claims', async () => {
    expect(
      await uploaded({ filename: 'a.JPG', contentType: 'application/octet-stream', data: jpegBytes() }),
    ).toMatchObject({ file_kind: 'image', content_type: 'image/jpeg', file_name: 'a.JPG' });
    expect(await uploaded({ filename: 'b.jpeg', data: jpegBytes() })).toMatchObject({
      content_type: 'image/jpeg',
    });
  });

  it('accepts a LOG that is UTF-8 text, in any script', async () => {
    const log = '2025-01-01 12:00:01 [ERROR] ไม่สามารถเชื่อมต่อเซิร์ฟเวอร์ 连接超时\n\tat Net.connect()\n';
    expect(await uploaded({ filename: 'game.log', contentType: 'text/plain', data: log })).toMatchObject({
      file_kind: 'log',
      content_type: 'text/plain; charset=utf-8',
      file_size: Buffer.byteLength(log),
    });
  });

  it('refuses executables renamed as images (ELF as .png, MZ as .jpg) with -10004', async () => {
    await refused({ filename: 'cute-cat.png', contentType: 'image/png', data: elfBytes }, -10004);
    await refused({ filename: 'photo.jpg', contentType: 'image/jpeg', data: mzBytes }, -10004);
  });

  it('refuses names outside JPG / JPEG / PNG / LOG even with image bytes, and an empty file', async () => {
    await refused({ filename: 'setup.exe', data: pngBytes() }, -10004);
    await refused({ filename: 'anim.gif', data: pngBytes() }, -10004);
    await refused({ filename: 'noext', data: pngBytes() }, -10004);
    await refused({ filename: 'page.png.html', data: pngBytes() }, -10004);
    await refused({ filename: 'empty.png', data: Buffer.alloc(0) }, -10004);
  });

  it('refuses a LOG holding binary: a NUL byte, or bytes that are not UTF-8', async () => {
    await refused({ filename: 'crash.log', data: Buffer.from('line one\n\u0000line two\n') }, -10004);
    await refused({ filename: 'crash.log', data: Buffer.from([0x6f, 0x6b, 0xff, 0xfe, 0x0a]) }, -10004);
    await refused({ filename: 'app.log', data: elfBytes }, -10004);
  });

  it('accepts exactly 5 MB and refuses 5 MB + 1 byte (and far more) with -10003, storing nothing', async () => {
    expect(uploadPolicy.maxBytes).toBe(5 * 1024 * 1024);
    const exact = await uploaded({ filename: 'big.png', data: pngBytes(uploadPolicy.maxBytes) });
    expect(exact.file_size).toBe(uploadPolicy.maxBytes);
    await refused({ filename: 'big.png', data: pngBytes(uploadPolicy.maxBytes + 1) }, -10003);
    // Announced far larger: refused before the body is read.
    await refused({ filename: 'huge.png', data: pngBytes(8 * 1024 * 1024) }, -10003);
    // Larger than announced is impossible over HTTP/1.1, but a chunked body has no length: the parser's limit holds.
    const { payload, headers } = multipartBody([
      { filename: 'chunked.png', data: pngBytes(6 * 1024 * 1024) },
    ]);
    const before = await storedFiles();
    const chunked = await t.app.inject({
      method: 'POST',
      url: `/cs/komoe/api/common/file/upload?ct=${owner.ct}`,
      cookies: owner.cookies,
      headers: { ...headers, 'transfer-encoding': 'chunked' },
      payload: Readable.from([payload]),
    });
    expect(chunked.json()).toMatchObject({ code: -10003 });
    expect(await storedFiles()).toBe(before);
  });

  it('answers the refusal translated into the page language', async () => {
    const { body } = await call.upload([{ filename: 'x.png', data: elfBytes }], owner, '?lang=th');
    expect(body.code).toBe(-10004);
    expect(body.message).toBe(serverMessage('th', 'service', -10004));
    expect(body.message).not.toBe(serverMessage('en', 'service', -10004));
  });

  it('refuses a visitor with -101 and a forged ct with -110, before reading the file', async () => {
    const before = await storedFiles();
    expect((await call.upload([{ filename: 'a.png', data: pngBytes() }], null)).body.code).toBe(-101);
    expect(
      (await call.upload([{ filename: 'a.png', data: pngBytes() }], owner, '', 'forged')).body.code,
    ).toBe(-110);
    expect(await storedFiles()).toBe(before);
  });

  it('refuses a body without a file, or with two files, with -400', async () => {
    const none = await call.upload([], owner);
    expect(none.status).toBe(400);
    expect(none.body).toMatchObject({ code: -400, data: { fields: [{ field: 'file' }] } });
    const two = await call.upload(
      [
        { filename: 'a.png', data: pngBytes() },
        { filename: 'b.png', data: pngBytes() },
      ],
      owner,
    );
    expect(two.status).toBe(400);
    expect(two.body.code).toBe(-400);
  });

  it('takes multipart on the upload route only', async () => {
    const { payload, headers } = multipartBody([], { contacts: 'Somchai', sex: '1' });
    const res = await t.app.inject({
      method: 'POST',
      url: `/cs/komoe/api/contacts/save?ct=${owner.ct}`,
      cookies: owner.cookies,
      headers,
      payload,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: -400 });
  });

  it('refuses more than the allowed unsent uploads with -10006', async () => {
    const member = await loginTestMember(t.db);
    for (let i = 0; i < uploadPolicy.maxPending; i++) {
      await uploaded({ filename: `s${i}.png`, data: pngBytes(64) }, member);
    }
    const { body } = await call.upload([{ filename: 'one-more.png', data: pngBytes(64) }], member);
    expect(body.code).toBe(-10006);
  });
});

describe('file/download', () => {
  it('gives the owner an image inline with its content type, nosniff and no caching', async () => {
    const bytes = pngBytes(300);
    const file = await uploaded({ filename: 'ตัวอย่าง 1.png', data: bytes });
    const res = await download(file.file_id, owner);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.headers['content-disposition']).toMatch(/^inline; filename="[^"]*\.png"; filename\*=UTF-8''/);
    expect(res.headers['content-disposition']).toContain(encodeURIComponent('ตัวอย่าง'));
    expect(res.rawPayload.equals(bytes)).toBe(true);
    expect(file.file_name).toBe('ตัวอย่าง 1.png');
  });

  it('gives a log as a text/plain attachment', async () => {
    const file = await uploaded({ filename: 'client.log', data: 'hello\n' });
    const res = await download(file.file_id, owner);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="client\.log"/);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.body).toBe('hello\n');
  });

  it('refuses another member (403, -401) and a visitor (401, -101), the same for an unknown id', async () => {
    const file = await uploaded({ filename: 'mine.png', data: pngBytes() });
    const other = await download(file.file_id, stranger);
    expect(other.statusCode).toBe(403);
    expect(other.json()).toMatchObject({ code: -401, data: null });
    expect(other.headers['content-type']).toContain('application/json');
    const visitor = await download(file.file_id, null);
    expect(visitor.statusCode).toBe(401);
    expect(visitor.json()).toMatchObject({ code: -101 });
    const unknown = await download('AAAAAAAAAAAAAAAAAAAAAAAA', owner);
    expect(unknown.statusCode).toBe(403);
    expect(unknown.json()).toMatchObject({ code: -401 });
    expect((await download('../../etc/passwd', owner)).statusCode).toBe(403);
  });
});
