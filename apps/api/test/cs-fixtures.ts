/**
 * Customer-service test helpers: calling the cs group as a member, multipart bodies for the upload, sample files
 * (real PNG / JPEG headers, executables under an image name) and the seeded demo ids.
 */
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import type { Db } from '../src/db/database.ts';
import { csQuestionType } from '../src/db/schema/cs.schema.ts';
import { game } from '../src/db/schema/game.schema.ts';
import type { TestMember } from './member-session.ts';

export interface Answer {
  status: number;
  body: { code: number; message: string; data: unknown };
  headers: Record<string, unknown>;
}

export interface FilePart {
  name?: string;
  filename: string;
  contentType?: string;
  data: Uint8Array | string;
}

/** A multipart/form-data body as a browser sends it. */
export function multipartBody(files: FilePart[], fields: Record<string, string> = {}) {
  const boundary = `----gp${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    chunks.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    );
  }
  for (const file of files) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.name ?? 'file'}"; filename="${file.filename}"\r\n` +
          `Content-Type: ${file.contentType ?? 'application/octet-stream'}\r\n\r\n`,
      ),
      Buffer.from(file.data),
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** A PNG signature and IHDR chunk, padded to `size` bytes. */
export function pngBytes(size = 256): Buffer {
  const head = Buffer.from([
    0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d, 0x49, 0x48, 0x44, 0x52, 0x00,
    0x00, 0x00, 0x01, 0x00, 0x00, 0x00, 0x01, 0x08, 0x06, 0x00, 0x00, 0x00,
  ]);
  return Buffer.concat([head, Buffer.alloc(Math.max(0, size - head.length), 7)]);
}

/** JPEG start-of-image and a JFIF APP0 marker, padded. */
export function jpegBytes(size = 256): Buffer {
  const head = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00]);
  return Buffer.concat([head, Buffer.alloc(Math.max(0, size - head.length), 1), Buffer.from([0xff, 0xd9])]);
}

/** The first bytes of a Linux executable (ELF) and of a Windows one (MZ). */
export const elfBytes = Buffer.concat([
  Buffer.from([0x7f, 0x45, 0x4c, 0x46, 0x02, 0x01, 0x01, 0x00]),
  Buffer.alloc(120, 0),
]);
export const mzBytes = Buffer.concat([
  Buffer.from('MZ'),
  Buffer.from([0x90, 0x00, 0x03, 0x00]),
  Buffer.alloc(58),
]);

/** Calls the app as `who` (null: a visitor); `ct` overrides the member's token. */
export function caller(app: FastifyInstance) {
  const withCt = (url: string, who: TestMember | null, ct: string | undefined) => {
    if (!who && ct === undefined) return url;
    const token = ct ?? who?.ct ?? '';
    return `${url}${url.includes('?') ? '&' : '?'}ct=${encodeURIComponent(token)}`;
  };
  const answer = (res: { statusCode: number; json: () => unknown; headers: Record<string, unknown> }) =>
    ({ status: res.statusCode, body: res.json() as Answer['body'], headers: res.headers }) satisfies Answer;
  return {
    get: async (url: string, who: TestMember | null = null, ct?: string): Promise<Answer> =>
      answer(await app.inject({ method: 'GET', url: withCt(url, who, ct), cookies: who?.cookies ?? {} })),
    json: async (url: string, body: unknown, who: TestMember | null, ct?: string): Promise<Answer> =>
      answer(
        await app.inject({
          method: 'POST',
          url: withCt(url, who, ct),
          cookies: who?.cookies ?? {},
          payload: body as Record<string, unknown>,
        }),
      ),
    form: async (
      url: string,
      fields: Record<string, string>,
      who: TestMember | null,
      ct?: string,
    ): Promise<Answer> =>
      answer(
        await app.inject({
          method: 'POST',
          url: withCt(url, who, ct),
          cookies: who?.cookies ?? {},
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          payload: new URLSearchParams(fields).toString(),
        }),
      ),
    upload: async (files: FilePart[], who: TestMember | null, query = '', ct?: string): Promise<Answer> => {
      const { payload, headers } = multipartBody(files);
      return answer(
        await app.inject({
          method: 'POST',
          url: withCt(`/cs/komoe/api/common/file/upload${query}`, who, ct),
          cookies: who?.cookies ?? {},
          headers,
          payload,
        }),
      );
    },
  };
}

/** Seeded ids: demo games by game_id and question types by slug. */
export async function demoIds(db: Db) {
  const games = await db.select({ id: game.gameBaseId, gameId: game.gameId }).from(game);
  const types = await db.select({ id: csQuestionType.id, slug: csQuestionType.slug }).from(csQuestionType);
  const gameId = (key: string) => {
    const found = games.find((g) => g.gameId === key);
    if (!found) throw new Error(`no demo game ${key}`);
    return found.id;
  };
  const typeId = (slug: string) => {
    const found = types.find((t) => t.slug === slug);
    if (!found) throw new Error(`no question type ${slug}`);
    return found.id;
  };
  return {
    sfl: gameId('sfl_sea'),
    ltb: gameId('ltb_sea'),
    msr: gameId('msr_sea'),
    hod: gameId('hod_sea'),
    type: typeId,
  };
}

/** Takes a demo game offline for a test. */
export async function setGameOnline(db: Db, gameBaseId: number, isOnline: boolean) {
  await db.update(game).set({ isOnline }).where(eq(game.gameBaseId, gameBaseId));
}
