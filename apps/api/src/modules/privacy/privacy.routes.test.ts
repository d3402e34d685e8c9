/**
 * Privacy rights through the real calls: the export holds the member's own data and nobody else's; a deletion
 * needs the password, ends every session and is cancelled by a login; after the grace period (the test clock)
 * the job erases the person and keeps their orders without them, once; staff calls need the `privacy`
 * privilege and every staff action is audited.
 */
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginTestMember, type TestMember } from '../../../test/member-session.ts';
import { captchaTicket, postForm, sealPasswords } from '../../../test/passport-steps.ts';
import { demoIds } from '../../../test/cs-fixtures.ts';
import { loginTestStaff, staffGet, staffPost } from '../../../test/staff-session.ts';
import { createTestApp } from '../../../test/test-app.ts';
import { TestClock } from '../../../test/test-clock.ts';
import { csContact, csFile, csWorkOrder, csWorkOrderMessage } from '../../db/schema/cs.schema.ts';
import { member, memberSession } from '../../db/schema/member.schema.ts';
import { authLockout, outboxMessage } from '../../db/schema/passport.schema.ts';
import { payOrder, payOrderEvent } from '../../db/schema/pay-order.schema.ts';
import { privacyRequest } from '../../db/schema/privacy.schema.ts';
import { memberIdentity } from '../../db/schema/social.schema.ts';
import { staffAuditLog } from '../../db/schema/staff.schema.ts';
import { PasswordHasher, testCost } from '../sessions/index.ts';
import { createPrivacyJob, type PrivacyJob } from './privacy-job.ts';

const day = 24 * 60 * 60_000;
const graceDays = 14;
const quiet = { info: () => {}, error: () => {} };
const hasher = new PasswordHasher(testCost);

const clock = new TestClock();
let t: Awaited<ReturnType<typeof createTestApp>>;
let job: PrivacyJob;
let ids: Awaited<ReturnType<typeof demoIds>>;

beforeAll(async () => {
  t = await createTestApp(
    {
      CAPTCHA_TEST_ANSWER: 'pass',
      PRIVACY_DELETION_GRACE_DAYS: String(graceDays),
      LOGIN_SLOWDOWN_MAX_MS: '0',
    },
    { now: clock.now },
  );
  job = createPrivacyJob({
    db: t.db,
    now: clock.now,
    log: quiet,
    graceDays,
    exclusive: t.database.exclusive,
  });
  ids = await demoIds(t.db);
});
afterAll(() => t.close());

type Envelope = { code: number; message: string; data: any }; // eslint-disable-line @typescript-eslint/no-explicit-any -- the answers' shapes are the contract's, checked by the app

/** A member with a password and an e-mail, logged in (session expiry follows the test clock). */
async function player(name: string, password = 'secret123') {
  const email = `${name}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  const who = await loginTestMember(t.db, {
    userId: email,
    email,
    passwordHash: await hasher.hash(password),
    lang: 'th',
  });
  // The test clock runs ahead of the database's: the session is used now on it, and lasts.
  await t.db
    .update(memberSession)
    .set({ expiresAt: clock.later(30 * day), lastSeenAt: clock.now() })
    .where(eq(memberSession.mid, who.mid));
  return { ...who, email, password };
}

/** Proves the owner again on this session (the export needs it within a few minutes). */
async function confirm(who: TestMember & { password: string }, password = who.password) {
  const [pwd] = await sealPasswords(t.app, password);
  const res = await t.app.inject({
    method: 'POST',
    url: '/passport/web/user/privacy/confirm?lang=th',
    cookies: who.cookies,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ pwd: pwd!, ct: who.ct }).toString(),
  });
  return res.json() as Envelope;
}

async function get(url: string, who: TestMember): Promise<Envelope> {
  const sep = url.includes('?') ? '&' : '?';
  const res = await t.app.inject({ url: `${url}${sep}ct=${who.ct}`, cookies: who.cookies });
  return { ...(res.json() as Envelope), status: res.statusCode } as Envelope;
}

async function requestDeletion(who: TestMember & { password: string }, password = who.password) {
  const [pwd] = await sealPasswords(t.app, password);
  const res = await t.app.inject({
    method: 'POST',
    url: '/passport/web/user/privacy/delete?lang=th',
    cookies: who.cookies,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ pwd: pwd!, ct: who.ct }).toString(),
  });
  return res.json() as Envelope;
}

async function webLogin(user: string, password: string) {
  const [pwd] = await sealPasswords(t.app, password);
  return postForm(t.app, '/passport/web/login?lang=th', {
    user,
    pwd: pwd!,
    captcha: await captchaTicket(t.app),
  });
}

/** An order, a ticket with a question, an attachment and a reply, a social link and contact details. */
async function history(mid: number, tag: string) {
  const [order] = await t.db
    .insert(payOrder)
    .values({
      orderNo: `GP-${tag}-${mid}`,
      mid,
      variant: 'webpay',
      distributionRegion: 1,
      lang: 'en',
      gameBaseId: ids.sfl,
      gameId: 'sfl_sea',
      cpServerId: 's1',
      cpRoleId: `role-${tag}`,
      roleName: `Hero ${tag}`,
      productId: 'p60',
      creditAmount: 60,
      price: 99,
      currency: 'USD',
      payMode: 12,
      paymentType: 'card',
      names: {
        game: { en: 'SFL' },
        server: { en: 'S1' },
        product: { en: '60 gems' },
        channel: { en: 'Card' },
      },
      state: 'delivered',
      provider: 'sandbox',
      expiresAt: clock.later(day),
      paidAt: clock.now(),
    })
    .returning();
  await t.db.insert(payOrderEvent).values([
    { orderId: order!.id, fromState: null, toState: 'created', cause: 'order' },
    { orderId: order!.id, fromState: 'created', toState: 'delivered', cause: 'worker' },
  ]);
  const [ticket] = await t.db
    .insert(csWorkOrder)
    .values({
      mid,
      gameBaseId: ids.sfl,
      questionTypeId: ids.type('account'),
      replyEmail: `reply-${tag}@example.com`,
      title: `Lost my items ${tag}`,
      characterName: `Hero ${tag}`,
    })
    .returning();
  const [question] = await t.db
    .insert(csWorkOrderMessage)
    .values({ workOrderId: ticket!.id, kind: 'question', mid, content: `My question ${tag}`, statusAfter: 0 })
    .returning();
  await t.db.insert(csWorkOrderMessage).values([
    {
      workOrderId: ticket!.id,
      kind: 'reply',
      staffId: 1,
      staffName: 'Agent',
      content: `Answer ${tag}`,
      statusAfter: 2,
    },
    {
      workOrderId: ticket!.id,
      kind: 'reply',
      staffId: 1,
      staffName: 'Agent',
      content: `Recalled ${tag}`,
      statusAfter: 2,
      recalledAt: clock.now(),
    },
  ]);
  await t.db.insert(csFile).values({
    id: `file-${tag}-${mid}`,
    mid,
    workOrderId: ticket!.id,
    messageId: question!.id,
    fileName: `screenshot-${tag}.png`,
    kind: 'image',
    contentType: 'image/png',
    byteSize: 3,
    sha256: 'x',
    bytes: new Uint8Array([1, 2, 3]),
  });
  await t.db
    .insert(memberIdentity)
    .values({ provider: 'google', subject: `sub-${tag}-${mid}`, mid, email: `g-${tag}@example.com` });
  await t.db
    .insert(csContact)
    .values({ mid, contacts: `Name ${tag}`, mobile: '66812345678', email: `c-${tag}@example.com` });
  return { order: order!, ticket: ticket! };
}

describe('export', () => {
  it("holds the member's account, links, orders with events and tickets with messages, and nobody else's", async () => {
    const somchai = await player('somchai');
    const other = await player('other');
    await history(somchai.mid, 'mine');
    await history(other.mid, 'theirs');

    expect((await confirm(somchai)).code).toBe(0);
    const answer = await get('/passport/web/user/privacy/export', somchai);
    expect(answer.code).toBe(0);
    const data = answer.data;
    expect(data.account).toMatchObject({ mid: somchai.mid, email: somchai.email, lang: 'th' });
    expect(data.social_links).toEqual([
      expect.objectContaining({ provider: 'google', subject: `sub-mine-${somchai.mid}` }),
    ]);
    expect(data.contact).toMatchObject({ name: 'Name mine', email: 'c-mine@example.com' });
    expect(data.orders).toHaveLength(1);
    expect(data.orders[0]).toMatchObject({
      order_no: `GP-mine-${somchai.mid}`,
      role_name: 'Hero mine',
      product_name: '60 gems',
      price: 99,
    });
    expect(data.orders[0].events.map((e: { to_state: string }) => e.to_state)).toEqual([
      'created',
      'delivered',
    ]);
    expect(data.tickets).toHaveLength(1);
    const messages = data.tickets[0].messages;
    // The recalled reply is not part of the thread the member sees.
    expect(messages.map((m: { author: string; content: string }) => [m.author, m.content])).toEqual([
      ['member', 'My question mine'],
      ['staff', 'Answer mine'],
    ]);
    expect(messages[0].attachments).toEqual([
      { file_name: 'screenshot-mine.png', kind: 'image', content_type: 'image/png', byte_size: 3 },
    ]);
    expect(JSON.stringify(data)).not.toContain('theirs');
    expect(JSON.stringify(data)).not.toContain(other.email);
    expect(data.privacy_requests).toEqual([expect.objectContaining({ kind: 'export', state: 'done' })]);
  });

  it('is for a logged-in member only, and a few an hour', async () => {
    const anonymous = await t.app.inject({ url: '/passport/web/user/privacy/export' });
    expect(anonymous.json().code).toBe(-101);
    const who = await player('often');
    expect((await confirm(who)).code).toBe(0);
    for (let i = 0; i < 5; i++) expect((await get('/passport/web/user/privacy/export', who)).code).toBe(0);
    const sixth = await get('/passport/web/user/privacy/export', who);
    expect(sixth.code).toBe(800000);
    clock.advance(61 * 60_000);
    expect((await confirm(who)).code).toBe(0);
    expect((await get('/passport/web/user/privacy/export', who)).code).toBe(0);
  });
});

describe('deletion', () => {
  it('needs the right password', async () => {
    const who = await player('wrongpw');
    const answer = await requestDeletion(who, 'notmypass1');
    expect(answer.code).toBe(510008);
    expect(await t.db.select().from(privacyRequest).where(eq(privacyRequest.mid, who.mid))).toEqual([]);
    // The session still works: nothing happened.
    expect((await get('/passport/web/user/privacy/status', who)).code).toBe(0);
  });

  it('ends every session, confirms by e-mail in the member’s language, and a login cancels it', async () => {
    const who = await player('leaving');
    // A second browser's session.
    await t.db
      .insert(memberSession)
      .values({ idHash: `second-${who.mid}`, mid: who.mid, csrfToken: 'x', expiresAt: clock.later(day) });
    const answer = await requestDeletion(who);
    expect(answer.code).toBe(0);
    expect(answer.data.deletion).toMatchObject({
      state: 'pending',
      erase_after: clock.later(graceDays * day).toISOString(),
    });
    // Every session ended at the request.
    expect((await get('/passport/web/user/privacy/status', who)).code).toBe(-101);
    const live = await t.db.select().from(memberSession).where(eq(memberSession.mid, who.mid));
    expect(live.every((s) => s.revokedAt !== null)).toBe(true);
    const [mail] = await t.db.select().from(outboxMessage).where(eq(outboxMessage.recipient, who.email));
    expect(mail).toMatchObject({ lang: 'th' });
    expect(mail!.subject).toContain(
      clock
        .later(graceDays * day)
        .toISOString()
        .slice(0, 10),
    );
    expect(mail!.subject).toContain('บัญชี');

    clock.advance(3 * day);
    const login = await webLogin(who.email, who.password);
    expect(login.code).toBe(0);
    const [request] = await t.db.select().from(privacyRequest).where(eq(privacyRequest.mid, who.mid));
    expect(request).toMatchObject({ state: 'cancelled', cancelReason: 'login' });
    const mails = await t.db.select().from(outboxMessage).where(eq(outboxMessage.recipient, who.email));
    expect(mails.map((m) => m.subject)).toContain('บัญชี JoyPeak Games ของคุณจะไม่ถูกลบ');

    // Nothing is erased after the grace period.
    clock.advance(graceDays * day);
    await job.runOnce();
    const [row] = await t.db.select().from(member).where(eq(member.mid, who.mid));
    expect(row!.email).toBe(who.email);
  });

  it('the login page is told right after, the account page later too', async () => {
    const who = await player('told');
    await requestDeletion(who);
    const login = await t.app.inject({
      method: 'POST',
      url: '/passport/web/login',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        user: who.email,
        pwd: (await sealPasswords(t.app, who.password))[0]!,
        captcha: await captchaTicket(t.app),
      }).toString(),
    });
    const cookies = Object.fromEntries(login.cookies.map((c) => [c.name, c.value]));
    const session = { mid: who.mid, ct: cookies.joy_jct!, cookies };
    const status = await get('/passport/web/user/privacy/status', session);
    expect(status.data).toMatchObject({
      just_cancelled_by_login: 1,
      deletion: { state: 'cancelled', cancel_reason: 'login' },
    });
    clock.advance(11 * 60_000);
    const later = await get('/passport/web/user/privacy/status', session);
    expect(later.data).toMatchObject({ just_cancelled_by_login: 0, deletion: { state: 'cancelled' } });
  });
});

describe('erasure after the grace period', () => {
  it('erases the person, keeps the orders without them, leaves others alone, and runs once', async () => {
    const who = await player('gone');
    const bystander = await player('stays');
    const mine = await history(who.mid, 'gone');
    const theirs = await history(bystander.mid, 'stays');
    expect((await requestDeletion(who)).code).toBe(0);
    // Its counters name the member by id: a wrong password soft-locks the login under `login:<mid>`.
    const counters = [`account:${who.mid}`, `login:${who.mid}`];
    for (const key of counters)
      await t.db.insert(authLockout).values({ key, failures: 1, windowStartedAt: clock.now() });

    clock.advance(graceDays * day - 60_000);
    expect(await job.runOnce()).toBe(0);
    clock.advance(2 * 60_000);
    expect(await job.runOnce()).toBe(1);

    const [row] = await t.db.select().from(member).where(eq(member.mid, who.mid));
    expect(row).toMatchObject({
      userId: `erased-${who.mid}`,
      nickName: '',
      email: null,
      phone: null,
      passwordHash: null,
    });
    expect(await t.db.select().from(memberIdentity).where(eq(memberIdentity.mid, who.mid))).toEqual([]);
    expect(await t.db.select().from(memberSession).where(eq(memberSession.mid, who.mid))).toEqual([]);
    expect(await t.db.select().from(csContact).where(eq(csContact.mid, who.mid))).toEqual([]);
    expect(await t.db.select().from(csFile).where(eq(csFile.mid, who.mid))).toEqual([]);
    expect(await t.db.select().from(outboxMessage).where(eq(outboxMessage.recipient, who.email))).toEqual([]);
    expect(await t.db.select().from(authLockout).where(inArray(authLockout.key, counters))).toEqual([]);
    const [ticket] = await t.db.select().from(csWorkOrder).where(eq(csWorkOrder.id, mine.ticket.id));
    expect(ticket).toMatchObject({ title: '', replyEmail: '', characterName: null });
    const thread = await t.db
      .select()
      .from(csWorkOrderMessage)
      .where(eq(csWorkOrderMessage.workOrderId, mine.ticket.id));
    expect(thread.filter((m) => m.kind === 'question').map((m) => m.content)).toEqual(['']);
    // Customer service's own answers stay (they are the publisher's record, and name nobody).
    expect(thread.filter((m) => m.kind === 'reply').map((m) => m.content)).toContain('Answer gone');

    // The order stays for accounting: number, amounts, product and dates, without the person.
    const [order] = await t.db.select().from(payOrder).where(eq(payOrder.id, mine.order.id));
    expect(order).toMatchObject({
      orderNo: mine.order.orderNo,
      price: 99,
      currency: 'USD',
      productId: 'p60',
      creditAmount: 60,
      state: 'delivered',
      roleName: '',
      cpRoleId: '',
    });
    expect(order!.paidAt).toEqual(mine.order.paidAt);
    expect(
      await t.db.select().from(payOrderEvent).where(eq(payOrderEvent.orderId, mine.order.id)),
    ).toHaveLength(2);

    // Nobody else's data changed.
    const [other] = await t.db.select().from(member).where(eq(member.mid, bystander.mid));
    expect(other!.email).toBe(bystander.email);
    const [otherOrder] = await t.db.select().from(payOrder).where(eq(payOrder.id, theirs.order.id));
    expect(otherOrder!.roleName).toBe('Hero stays');

    const [request] = await t.db
      .select()
      .from(privacyRequest)
      .where(and(eq(privacyRequest.mid, who.mid), eq(privacyRequest.kind, 'deletion')));
    expect(request).toMatchObject({ state: 'done', completedAt: clock.now() });
    // Idempotent: another round finds nothing, and the erased member cannot log in.
    expect(await job.runOnce()).toBe(0);
    expect((await webLogin(who.email, who.password)).code).not.toBe(0);
  });

  it('does not run while another process holds the lock', async () => {
    const who = await player('locked');
    await requestDeletion(who);
    clock.advance(graceDays * day + 1);
    await t.database.exclusive('privacy.erasure', async () => {
      expect(await job.runOnce()).toBe(0);
    });
    expect(await job.runOnce()).toBe(1);
  });
});

describe('staff', () => {
  it('need the privacy privilege', async () => {
    const agent = await loginTestStaff(t.db, {
      privileges: ['tickets.read', 'tickets.reply'],
      at: clock.now(),
    });
    for (const res of [
      await staffGet(t.app, agent, '/csmng/komoe/mng/privacy/list'),
      await staffGet(t.app, agent, '/csmng/komoe/mng/privacy/export', { mid: 1 }),
      await staffPost(t.app, agent, '/csmng/komoe/mng/privacy/erase', { request_id: 1 }),
      await staffPost(t.app, agent, '/csmng/komoe/mng/privacy/cancel', { request_id: 1 }),
    ]) {
      expect(res.json().code).toBe(-401);
    }
  });

  it('list requests, export for a member, cancel and erase now, each audited', async () => {
    const officer = await loginTestStaff(t.db, { privileges: ['privacy'], at: clock.now() });
    const a = await player('staffcancel');
    const b = await player('stafferase');
    await history(b.mid, 'stafferase');
    await requestDeletion(a);
    await requestDeletion(b);

    const list = (
      await staffGet(t.app, officer, '/csmng/komoe/mng/privacy/list', { kind: 'deletion', state: 'pending' })
    ).json();
    expect(list.code).toBe(0);
    const byMid = (mid: number) => list.data.list.find((r: { mid: number }) => r.mid === mid);
    expect(byMid(a.mid)).toMatchObject({ user_id: a.email, state: 'pending', requested_by: 'member' });
    const requestA = byMid(a.mid).request_id as number;
    const requestB = byMid(b.mid).request_id as number;

    const exported = (
      await staffGet(t.app, officer, '/csmng/komoe/mng/privacy/export', { mid: b.mid })
    ).json();
    expect(exported.data.account).toMatchObject({ mid: b.mid, email: b.email });

    const cancelled = (
      await staffPost(t.app, officer, '/csmng/komoe/mng/privacy/cancel', { request_id: requestA })
    ).json();
    expect(cancelled.data).toMatchObject({ state: 'cancelled', cancel_reason: 'staff' });
    // Cancelled is final: erasing it now is refused.
    expect(
      (await staffPost(t.app, officer, '/csmng/komoe/mng/privacy/erase', { request_id: requestA })).json()
        .code,
    ).toBe(-111);

    const erased = (
      await staffPost(t.app, officer, '/csmng/komoe/mng/privacy/erase', { request_id: requestB })
    ).json();
    expect(erased.data).toMatchObject({ state: 'done', user_id: `erased-${b.mid}` });
    // Already done: once only.
    expect(
      (await staffPost(t.app, officer, '/csmng/komoe/mng/privacy/erase', { request_id: requestB })).json()
        .code,
    ).toBe(-111);
    expect(
      (await staffPost(t.app, officer, '/csmng/komoe/mng/privacy/erase', { request_id: 999_999 })).json()
        .code,
    ).toBe(-404);

    const audited = await t.db
      .select()
      .from(staffAuditLog)
      .where(eq(staffAuditLog.actorStaffId, officer.staffId));
    expect(audited.map((r) => [r.action, r.targetType, r.targetId])).toEqual([
      ['privacy.export', 'member', String(b.mid)],
      ['privacy.cancel', 'privacy_request', String(requestA)],
      ['privacy.erase', 'privacy_request', String(requestB)],
    ]);
    expect(audited[2]!.after).toMatchObject({
      mid: b.mid,
      erased: expect.objectContaining({ orders: 1, tickets: 1 }),
    });
    // The staff export is recorded among the member's requests.
    const requests = await t.db.select().from(privacyRequest).where(eq(privacyRequest.mid, b.mid));
    expect(requests).toContainEqual(
      expect.objectContaining({ kind: 'export', requestedBy: 'staff', staffId: officer.staffId }),
    );
  });
});
