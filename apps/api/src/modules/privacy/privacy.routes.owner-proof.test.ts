/**
 * The owner's proof before a deletion or an export: a social-login member, who has no
 * password, confirms a deletion with a code e-mailed to the address their provider gave; a wrong code is
 * refused; a member with no way to prove it is told to ask customer service (-740). The export needs a proof on
 * this session within the last few minutes (-741 otherwise), by password or, for a social-login member, code.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginTestMember, type TestMember } from '../../../test/member-session.ts';
import { latestCode, sealPasswords } from '../../../test/passport-steps.ts';
import { createTestApp } from '../../../test/test-app.ts';
import { TestClock } from '../../../test/test-clock.ts';
import { memberSession } from '../../db/schema/member.schema.ts';
import { outboxMessage } from '../../db/schema/passport.schema.ts';
import { privacyRequest } from '../../db/schema/privacy.schema.ts';
import { memberIdentity } from '../../db/schema/social.schema.ts';
import { PasswordHasher, testCost } from '../sessions/index.ts';

const day = 24 * 60 * 60_000;
const clock = new TestClock();
let t: Awaited<ReturnType<typeof createTestApp>>;

beforeAll(async () => {
  t = await createTestApp({ CAPTCHA_TEST_ANSWER: 'pass', LOGIN_SLOWDOWN_MAX_MS: '0' }, { now: clock.now });
});
afterAll(() => t.close());

type Envelope = { code: number; data: any }; // eslint-disable-line @typescript-eslint/no-explicit-any -- the answers' shapes are the contract's, checked by the app

const tag = () => Math.random().toString(36).slice(2, 8);

/** Keeps the session alive on the test clock, which the tests move. */
async function live(who: TestMember) {
  await t.db
    .update(memberSession)
    .set({ expiresAt: clock.later(30 * day), lastSeenAt: clock.now() })
    .where(eq(memberSession.mid, who.mid));
  return who;
}

/** A social-login member (no password, no bound e-mail); `providerEmail`: the address the provider gave. */
async function socialMember(providerEmail: string | null) {
  const subject = `sub-${tag()}`;
  const who = await loginTestMember(t.db, { userId: `google:${subject}`, loginType: 2, lang: 'vi' });
  await t.db
    .insert(memberIdentity)
    .values({ provider: 'google', subject, mid: who.mid, email: providerEmail });
  return live(who);
}

async function passwordMember(password = 'secret123') {
  const email = `pw-${tag()}@example.com`;
  const who = await loginTestMember(t.db, {
    userId: email,
    email,
    passwordHash: await new PasswordHasher(testCost).hash(password),
  });
  return { ...(await live(who)), email, password };
}

async function post(url: string, who: TestMember, fields: Record<string, string> = {}): Promise<Envelope> {
  const res = await t.app.inject({
    method: 'POST',
    url: `/passport/web/user/privacy/${url}?lang=vi`,
    cookies: who.cookies,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ ...fields, ct: who.ct }).toString(),
  });
  return res.json() as Envelope;
}

async function get(url: string, who: TestMember): Promise<Envelope> {
  const res = await t.app.inject({
    url: `/passport/web/user/privacy/${url}?ct=${who.ct}`,
    cookies: who.cookies,
  });
  return res.json() as Envelope;
}

const requestsOf = (mid: number) => t.db.select().from(privacyRequest).where(eq(privacyRequest.mid, mid));

describe('a social-login member deletes the account', () => {
  it('with a code e-mailed to the provider’s address; a wrong code is refused', async () => {
    const address = `social-${tag()}@example.com`;
    const who = await socialMember(address);

    const status = await get('status', who);
    expect(status.data.proof).toEqual({ password: 0, passkey: 0, email: expect.stringContaining('***') });
    expect(status.data.proof.email).not.toBe(address);

    // Without a code: the code's own refusal, nothing asked.
    expect((await post('delete', who)).code).toBe(510004);
    expect((await post('code/send', who)).code).toBe(0);
    const code = await latestCode(t.db, address);
    const wrong = code === '000000' ? '111111' : '000000';
    expect((await post('delete', who, { code: wrong })).code).toBe(510006);
    expect(await requestsOf(who.mid)).toEqual([]);

    const answer = await post('delete', who, { code });
    expect(answer.code).toBe(0);
    expect(answer.data.deletion).toMatchObject({ state: 'pending' });
    expect(await requestsOf(who.mid)).toEqual([
      expect.objectContaining({ kind: 'deletion', state: 'pending', requestedBy: 'member' }),
    ]);
    // The confirmation reaches the same address, and every session ended.
    const mails = await t.db.select().from(outboxMessage).where(eq(outboxMessage.recipient, address));
    expect(mails).toHaveLength(2);
    expect((await get('status', who)).code).toBe(-101);
  });

  it('without an address or a passkey is told to ask customer service (-740)', async () => {
    const who = await socialMember(null);
    expect((await get('status', who)).data.proof).toEqual({ password: 0, passkey: 0, email: null });
    expect((await post('code/send', who)).code).toBe(-740);
    expect((await post('delete', who, { code: '123456' })).code).toBe(-740);
    expect(await requestsOf(who.mid)).toEqual([]);
  });

  it('a member with a password gives the password, not a code', async () => {
    const who = await passwordMember();
    expect((await get('status', who)).data.proof).toEqual({ password: 1, passkey: 0, email: null });
    expect((await post('code/send', who)).code).toBe(-111);
    expect((await post('delete', who, { code: '123456' })).code).toBe(-600);
    expect(await requestsOf(who.mid)).toEqual([]);
  });
});

describe('the data export needs the owner again', () => {
  it('is refused without a proof on this session, allowed right after one, refused once it is old', async () => {
    const who = await passwordMember();
    expect((await get('export', who)).code).toBe(-741);
    expect((await get('status', who)).data.export_allowed_until).toBeNull();

    const [badPwd] = await sealPasswords(t.app, 'notmypass1');
    expect((await post('confirm', who, { pwd: badPwd! })).code).toBe(510008);
    expect((await get('export', who)).code).toBe(-741);

    const [pwd] = await sealPasswords(t.app, who.password);
    const confirmed = await post('confirm', who, { pwd: pwd! });
    expect(confirmed.code).toBe(0);
    expect(confirmed.data.export_allowed_until).toBe(clock.later(5 * 60_000).toISOString());
    expect((await get('status', who)).data.export_allowed_until).toBe(confirmed.data.export_allowed_until);

    clock.advance(4 * 60_000);
    const answer = await get('export', who);
    expect(answer.code).toBe(0);
    expect(answer.data.account).toMatchObject({ mid: who.mid, email: who.email });

    clock.advance(2 * 60_000);
    expect((await get('export', who)).code).toBe(-741);
  });

  it('holds for the session that proved it only', async () => {
    const who = await passwordMember();
    const other = await live(await loginTestMember(t.db, { userId: `other-${tag()}@example.com` }));
    // A second browser of the same member.
    const second = { ...other, mid: who.mid };
    await t.db.update(memberSession).set({ mid: who.mid }).where(eq(memberSession.mid, other.mid));
    const [pwd] = await sealPasswords(t.app, who.password);
    expect((await post('confirm', who, { pwd: pwd! })).code).toBe(0);
    expect((await get('export', who)).code).toBe(0);
    expect((await get('export', second)).code).toBe(-741);
  });

  it('a social-login member proves it with the e-mailed code', async () => {
    const address = `export-${tag()}@example.com`;
    const who = await socialMember(address);
    expect((await get('export', who)).code).toBe(-741);
    expect((await post('code/send', who)).code).toBe(0);
    expect((await post('confirm', who, { code: await latestCode(t.db, address) })).code).toBe(0);
    const answer = await get('export', who);
    expect(answer.code).toBe(0);
    expect(answer.data.social_links).toEqual([expect.objectContaining({ email: address })]);
  });
});
