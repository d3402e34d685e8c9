/**
 * A logged-in member for tests of member calls, made the way a login leaves it: a member row and a live session
 * whose id sits in the HttpOnly cookie and whose CSRF token is both the `joy_jct` cookie and the `ct` parameter.
 * Tests of the login itself go through the passport calls instead.
 */
import { randomBytes } from 'node:crypto';
import type { Db } from '../src/db/database.ts';
import type { member } from '../src/db/schema/member.schema.ts';
import type { Env } from '../src/config/env.ts';
import {
  csrfCookie,
  MemberRepository,
  sessionCookieName,
  SessionRepository,
} from '../src/modules/accounts/index.ts';
import { hashSessionId, newToken } from '../src/modules/sessions/index.ts';

export interface TestMember {
  mid: number;
  /** The CSRF token to send as `ct`. */
  ct: string;
  /** Pass to `inject({ cookies })`. */
  cookies: Record<string, string>;
}

export async function loginTestMember(
  db: Db,
  values: Partial<typeof member.$inferInsert> = {},
  /** The app's environment: production names the session cookie `__Host-joy_sid`. */
  env: Pick<Env, 'NODE_ENV'> = { NODE_ENV: 'test' },
): Promise<TestMember> {
  const suffix = randomBytes(4).toString('hex');
  const row = await new MemberRepository(db).create({
    userId: `member-${suffix}@example.com`,
    nickName: `member_${suffix}`,
    ...values,
  });
  const sid = newToken(32);
  const ct = newToken(24);
  await new SessionRepository(db).create({
    idHash: hashSessionId(sid),
    mid: row.mid,
    csrfToken: ct,
    expiresAt: new Date(Date.now() + 3_600_000),
  });
  return { mid: row.mid, ct, cookies: { [sessionCookieName(env)]: sid, [csrfCookie]: ct } };
}
