/**
 * Steps for tests of the staff content calls: a test app on a clock the test moves (test-clock.ts), an editor
 * with the `content` privilege, calls made from their contracts (GET as a query string, POST as JSON, both with
 * the session's `ct`), picture uploads, the players' public reads, and the audit rows the writes left.
 */
import type { FastifyInstance } from 'fastify';
import { and, desc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import { fullPath, type CallContract } from '@gp/contracts';
import { contentImageData, contentImageUpload } from '@gp/contracts/content-admin';
import type { Db } from '../src/db/database.ts';
import { staffAuditLog } from '../src/db/schema/staff.schema.ts';
import { multipartBody } from './cs-fixtures.ts';
import { pngBytes } from './test-images.ts';
import { loginTestStaff, sessionFor, staffGet, staffPost, type TestStaff } from './staff-session.ts';
import { createTestApp } from './test-app.ts';
import { TestClock } from './test-clock.ts';

export const previewSecret = 'a-preview-secret-of-at-least-32-characters';

export interface Envelope {
  code: number;
  message: string;
  data: unknown;
}

type Session = Pick<TestStaff, 'ct' | 'cookies'>;

export async function startContentAdmin() {
  const clock = new TestClock();
  const t = await createTestApp({ PREVIEW_SECRET: previewSecret }, { now: clock.now });
  const editor = await loginTestStaff(t.db, { privileges: ['content'], accountName: 'Editor Ema' });
  /**
   * The editor signs in again at the clock's time: sessions live on the app clock, so a test that moved it past
   * the editor's session (test sessions last an hour) does this before its next staff call.
   */
  const signInAgain = async () => {
    Object.assign(editor, await sessionFor(t.db, editor.staffId, clock.now()));
  };
  return { ...t, clock, editor, signInAgain, steps: contentSteps(t.app, t.db, editor) };
}

export function contentSteps(app: FastifyInstance, db: Db, editor: TestStaff) {
  /** A staff call as the console makes it; answers the HTTP status and the envelope. */
  async function send(call: CallContract, input: object = {}, staff: Session | null = editor) {
    const url = fullPath(call);
    const res =
      call.method === 'GET'
        ? await staffGet(app, staff, url, input as Record<string, string | number>)
        : await staffPost(app, staff, url, input);
    return { status: res.statusCode, body: res.json() as Envelope };
  }

  /** A staff call that must succeed; answers its data as the contract parses it. */
  async function ok<C extends CallContract>(
    call: C,
    input: object = {},
    staff: Session = editor,
  ): Promise<z.output<C['response']>> {
    const { status, body } = await send(call, input, staff);
    if (status !== 200 || body.code !== 0) {
      throw new Error(`${fullPath(call)} answered ${status} ${JSON.stringify(body)}`);
    }
    return call.response.parse(body.data) as z.output<C['response']>;
  }

  /** The -400 field issues of a refused call. */
  async function refused(call: CallContract, input: object) {
    const { status, body } = await send(call, input);
    if (status !== 400 || body.code !== -400) {
      throw new Error(`${fullPath(call)} was not refused: ${status} ${JSON.stringify(body)}`);
    }
    return (body.data as { fields: { field: string; code: string }[] }).fields;
  }

  async function upload(bytes: Uint8Array, filename = 'picture.png', staff: Session | null = editor) {
    const { payload, headers } = multipartBody([{ filename, contentType: 'image/png', data: bytes }]);
    const url = `${fullPath(contentImageUpload)}${staff ? `?ct=${encodeURIComponent(staff.ct)}` : ''}`;
    const res = await app.inject({
      method: 'POST',
      url,
      payload,
      headers,
      ...(staff ? { cookies: staff.cookies } : {}),
    });
    return { status: res.statusCode, body: res.json() as Envelope };
  }

  /** Two uploaded pictures (desktop and H5) of distinct sizes. */
  async function pictures(width = 800, height = 450) {
    const parse = (b: Envelope) => contentImageData.parse(b.data);
    const desktop = parse((await upload(pngBytes(width, height))).body);
    const h5 = parse((await upload(pngBytes(Math.round(width / 2), Math.round(height / 2)))).body);
    return { desktop, h5 };
  }

  /** A public read of the portal (the web group), as a player's browser makes it. */
  async function player(url: string) {
    const res = await app.inject({ method: 'GET', url });
    return { status: res.statusCode, body: res.json() as Envelope };
  }

  /** The newest audit rows of an action (and target), newest first. */
  async function auditRows(action: string, targetId?: string | number) {
    return db
      .select()
      .from(staffAuditLog)
      .where(
        and(
          eq(staffAuditLog.action, action),
          targetId === undefined ? undefined : eq(staffAuditLog.targetId, String(targetId)),
        ),
      )
      .orderBy(desc(staffAuditLog.id));
  }

  return { send, ok, refused, upload, pictures, player, auditRows };
}
