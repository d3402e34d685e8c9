/**
 * Staff for API tests of staff calls: accounts made directly in the database (with a known password), a
 * logged-in staff member made the way a login leaves it (a live session whose id is the HttpOnly cookie and whose
 * CSRF token is both the `gp_staff_jct` cookie and the `ct` parameter), a login through the real calls, and
 * requests carrying all of that. Tests of the login itself go through `loginThroughApi`.
 *
 * Every staff account needs a second factor, so test accounts are made enrolled: each gets a passkey of a
 * software authenticator, which `loginThroughApi` uses for the login's second step. Pass
 * `secondFactor: false` for an account that still has to enrol.
 */
import { randomBytes } from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { privilegeId, staffPrivileges, type StaffPrivilege } from '@gp/contracts/staff';
import type { Db } from '../src/db/database.ts';
import { hashSessionId, newToken, PasswordHasher, testCost } from '../src/modules/sessions/index.ts';
import {
  StaffAccountRepository,
  staffCsrfCookie,
  staffSessionCookie,
  StaffSessionRepository,
} from '../src/modules/staff/index.ts';
import { staffPasskey } from '../src/db/schema/staff.schema.ts';
import { captchaAnswer } from './passport-steps.ts';
import { SoftwareAuthenticator } from './software-authenticator.ts';

/** Start the test app with this so staff logins can solve their captcha. */
export const staffTestEnv = { CAPTCHA_TEST_ANSWER: captchaAnswer } as const;

export interface TestStaffOptions {
  accountId?: string;
  accountName?: string;
  /** Privilege names, or `all`. Default: none. */
  privileges?: readonly StaffPrivilege[] | 'all';
  password?: string;
  /** Default false: a ready account (the seeded admin and new accounts start with true). */
  mustChangePassword?: boolean;
  status?: 'active' | 'blocked';
  /** When the session starts: the app clock's time when the test moved it. Default: the real time. */
  at?: Date;
  /** Default true: the account has a passkey (`authenticator`), so its sessions are full staff sessions. */
  secondFactor?: boolean;
}

export interface TestStaffAccount {
  staffId: number;
  accountId: string;
  password: string;
  /** The account's passkey, unless it was made with `secondFactor: false`. */
  authenticator?: SoftwareAuthenticator;
}

/** The software passkeys of test accounts by account_id, for `loginThroughApi`'s second step. */
const authenticators = new Map<string, SoftwareAuthenticator>();

export interface TestStaff extends TestStaffAccount {
  /** The CSRF token to send as `ct`. */
  ct: string;
  /** Pass to `inject({ cookies })`. */
  cookies: Record<string, string>;
}

const hasher = new PasswordHasher(testCost);

export async function createTestStaff(db: Db, options: TestStaffOptions = {}): Promise<TestStaffAccount> {
  const accountId = options.accountId ?? `agent-${randomBytes(4).toString('hex')}`;
  const password = options.password ?? `Test password ${randomBytes(3).toString('hex')} 1`;
  const names =
    options.privileges === 'all' ? staffPrivileges.map((p) => p.name) : (options.privileges ?? []);
  const row = await new StaffAccountRepository(db).create({
    accountId,
    accountName: options.accountName ?? `Agent ${accountId}`,
    passwordHash: await hasher.hash(password),
    privilegeIds: names.map(privilegeId),
    mustChangePassword: options.mustChangePassword ?? false,
    status: options.status ?? 'active',
  });
  if (options.secondFactor === false) return { staffId: row.id, accountId, password };
  const authenticator = new SoftwareAuthenticator();
  await db.insert(staffPasskey).values({
    staffId: row.id,
    credentialId: authenticator.credentialId,
    publicKey: authenticator.cosePublicKey,
    name: 'Test passkey',
  });
  authenticators.set(accountId, authenticator);
  return { staffId: row.id, accountId, password, authenticator };
}

/** A staff account with a live session (no login call, no audit row). */
export async function loginTestStaff(db: Db, options: TestStaffOptions = {}): Promise<TestStaff> {
  const account = await createTestStaff(db, options);
  return {
    ...account,
    ...(await sessionFor(db, account.staffId, options.at, { secondFactor: options.secondFactor !== false })),
  };
}

/**
 * Another live session of an existing account (a second browser). By default one that passed the second step,
 * as a login of an enrolled account leaves it; `secondFactor: false` for one a password alone opened.
 */
export async function sessionFor(
  db: Db,
  staffId: number,
  at = new Date(),
  options: { secondFactor?: boolean } = {},
): Promise<Pick<TestStaff, 'ct' | 'cookies'>> {
  const sid = newToken(32);
  const ct = newToken(24);
  await new StaffSessionRepository(db).create({
    idHash: hashSessionId(sid),
    staffId,
    csrfToken: ct,
    ip: '127.0.0.1',
    expiresAt: new Date(at.getTime() + 3_600_000),
    lastSeenAt: at,
    secondFactorAt: options.secondFactor === false ? null : at,
  });
  return { ct, cookies: { [staffSessionCookie]: sid, [staffCsrfCookie]: ct } };
}

/** The cookies a response set, by name. */
export function cookiesOf(res: LightMyRequestResponse): Record<string, string> {
  return Object.fromEntries(res.cookies.map((c) => [c.name, c.value]));
}

/** A fresh captcha token, answered by `captchaAnswer` in the test app. */
export async function staffCaptchaToken(app: FastifyInstance, ip = '127.0.0.1'): Promise<string> {
  const res = await app.inject({ url: '/csmng/captcha/sget', remoteAddress: ip });
  return String(res.json().data.token);
}

/**
 * The real login: captcha, then POST /csmng/login, then (for a test account with a passkey, unless
 * `secondStep: false`) the second step with its passkey, whose answer is then the one answered. On success the
 * answer's cookies make a TestStaff.
 */
export async function loginThroughApi(
  app: FastifyInstance,
  accountId: string,
  password: string,
  options: { ip?: string; captcha?: string; cookies?: Record<string, string>; secondStep?: false } = {},
) {
  const first = await passwordStep(app, accountId, password, options);
  const authenticator = authenticators.get(accountId.trim().toLowerCase());
  if (options.secondStep === false || !authenticator || first.body.data?.second_step !== 1) return first;
  // The browser still carries what it had, and now the pending login's cookie too.
  return passkeyStep(app, authenticator, { ...options.cookies, ...cookiesOf(first.res) }, options.ip);
}

/** The login's second step with a passkey, given the pending login's cookies. */
export async function passkeyStep(
  app: FastifyInstance,
  authenticator: SoftwareAuthenticator,
  cookies: Record<string, string>,
  ip = '127.0.0.1',
) {
  const optionsRes = await app.inject({
    method: 'POST',
    url: '/csmng/login/passkey/options',
    remoteAddress: ip,
    payload: {},
    cookies,
  });
  const webauthn = optionsRes.json().data as Record<string, unknown>;
  const res = await app.inject({
    method: 'POST',
    url: '/csmng/login/passkey',
    remoteAddress: ip,
    payload: { response: authenticator.authenticate(webauthn, app.env.CS_ADMIN_ORIGIN) },
    cookies,
  });
  const body = res.json() as { code: number; message: string; data: Record<string, unknown> | null };
  const set = cookiesOf(res);
  return { res, body, session: { ct: set[staffCsrfCookie] ?? '', cookies: set } };
}

async function passwordStep(
  app: FastifyInstance,
  accountId: string,
  password: string,
  options: { ip?: string; captcha?: string; cookies?: Record<string, string> },
) {
  const ip = options.ip ?? '127.0.0.1';
  const res = await app.inject({
    method: 'POST',
    url: '/csmng/login',
    remoteAddress: ip,
    payload: {
      account_id: accountId,
      account_pwd: password,
      token: await staffCaptchaToken(app, ip),
      captcha_code: options.captcha ?? captchaAnswer,
    },
    ...(options.cookies ? { cookies: options.cookies } : {}),
  });
  const body = res.json() as { code: number; message: string; data: Record<string, unknown> | null };
  const cookies = cookiesOf(res);
  const ct = cookies[staffCsrfCookie] ?? '';
  return { res, body, session: { ct, cookies } };
}

type Session = Pick<TestStaff, 'ct' | 'cookies'>;

/** A staff GET with the session's cookies and `ct`. */
export function staffGet(
  app: FastifyInstance,
  staff: Session | null,
  url: string,
  query: Record<string, string | number> = {},
) {
  const params = new URLSearchParams(
    Object.entries({ ...(staff ? { ct: staff.ct } : {}), ...query }).map(([k, v]): [string, string] => [
      k,
      String(v),
    ]),
  );
  return app.inject({ method: 'GET', url: `${url}?${params}`, ...(staff ? { cookies: staff.cookies } : {}) });
}

/** A staff JSON POST with the session's cookies and `ct` (in the query string, as the client sends it). */
export function staffPost(app: FastifyInstance, staff: Session | null, url: string, body: object) {
  return app.inject({
    method: 'POST',
    url: staff ? `${url}?ct=${encodeURIComponent(staff.ct)}` : url,
    payload: body,
    ...(staff ? { cookies: staff.cookies } : {}),
  });
}
