/**
 * The retention job on the real schema with the test clock: every table with an expiry loses the rows past
 * their retention and keeps the rest; a backlog goes in bounded batches; the outbox keeps a code or reset
 * link in clear while it works (the dev mailbox shows it) and not after.
 */
import { inArray, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messageText } from '@gp/i18n/server';
import { loginTestMember } from '../../../test/member-session.ts';
import { captchaTicket, latestCode, postForm } from '../../../test/passport-steps.ts';
import { createTestStaff } from '../../../test/staff-session.ts';
import { createTestApp } from '../../../test/test-app.ts';
import { TestClock } from '../../../test/test-clock.ts';
import { memberSession } from '../../db/schema/member.schema.ts';
import {
  authLockout,
  captchaChallenge,
  emailTicket,
  outboxMessage,
  rsaNonce,
  verificationCode,
} from '../../db/schema/passport.schema.ts';
import { oauthGrant, oauthRequest } from '../../db/schema/social.schema.ts';
import { staffLoginPending, staffSession } from '../../db/schema/staff.schema.ts';
import { webauthnChallenge } from '../../db/schema/webauthn.schema.ts';
import { outbox, scrubbedMark } from '../messaging/index.ts';
import { createRetentionJob, type RetentionJob } from './retention-job.ts';
import { retentionPolicy } from './retention.policy.ts';
import { RetentionService } from './retention.service.ts';

const minute = 60_000;
const hour = 60 * minute;
const day = 24 * hour;
const keep = retentionPolicy.keepAfterEnd;
const quiet = { info: () => {}, error: () => {} };

const clock = new TestClock();
let t: Awaited<ReturnType<typeof createTestApp>>;
let job: RetentionJob;
beforeAll(async () => {
  t = await createTestApp({ CAPTCHA_TEST_ANSWER: 'pass' }, { now: clock.now });
  job = createRetentionJob({ db: t.db, now: clock.now, log: quiet });
});
afterAll(() => t.close());

/** Ended `ms` ago (negative: ends in the future). */
const ago = (ms: number) => clock.later(-ms);
const keys = async <R>(rows: Promise<R[]>, key: (r: R) => string | number) => (await rows).map(key).sort();

describe('retention of rows with an expiry', () => {
  it('deletes what is past its retention and keeps what is within it or still live', async () => {
    const member = await loginTestMember(t.db);
    const staff = await createTestStaff(t.db);

    await t.db.insert(rsaNonce).values([
      { nonce: 'r-dead', expiresAt: ago(keep.rsaNonce + minute) },
      { nonce: 'r-kept', expiresAt: ago(keep.rsaNonce - minute), usedAt: ago(day) },
      { nonce: 'r-live', expiresAt: ago(-5 * minute) },
    ]);
    const challenge = { answerHash: 'x' };
    await t.db.insert(captchaChallenge).values([
      { ...challenge, tokenHash: 'c-dead', expiresAt: ago(keep.captchaChallenge + minute) },
      // Its picture is long gone, but its ticket ended only an hour ago.
      {
        ...challenge,
        tokenHash: 'c-ticket',
        expiresAt: ago(keep.captchaChallenge + minute),
        ticketHash: 'c-ticket-t',
        ticketExpiresAt: ago(hour),
      },
      { ...challenge, tokenHash: 'c-live', expiresAt: ago(-minute) },
    ]);
    const request = { channelType: 9, redirectUri: 'https://x.test/r', codeVerifier: 'v', nonce: 'n' };
    await t.db.insert(oauthRequest).values([
      { ...request, tokenHash: 'o-dead', expiresAt: ago(keep.oauthRequest + minute) },
      { ...request, tokenHash: 'o-kept', expiresAt: ago(hour) },
    ]);
    const grant = { channelType: 9, provider: 'demo', subject: 's' };
    await t.db.insert(oauthGrant).values([
      { ...grant, keyHash: 'g-dead', expiresAt: ago(keep.oauthGrant + minute) },
      { ...grant, keyHash: 'g-live', expiresAt: ago(-minute) },
    ]);
    const code = {
      channel: 'email' as const,
      target: 'keep@example.com',
      purpose: 'register',
      codeHash: 'h',
    };
    await t.db.insert(verificationCode).values([
      { ...code, ip: 'v-dead', expiresAt: ago(keep.verificationCode + minute) },
      // Expired, but the daily cap of its target still counts it.
      { ...code, ip: 'v-kept', expiresAt: ago(day) },
      { ...code, ip: 'v-live', expiresAt: ago(-5 * minute) },
    ]);
    const ticket = { mid: member.mid, email: 'keep@example.com', purpose: 'reset' };
    await t.db.insert(emailTicket).values([
      { ...ticket, ticketHash: 'e-dead', expiresAt: ago(keep.emailTicket + minute) },
      { ...ticket, ticketHash: 'e-kept', expiresAt: ago(day) },
    ]);
    await t.db.insert(authLockout).values([
      { key: 'l:dead', failures: 3, windowStartedAt: ago(keep.authLockout + minute) },
      {
        key: 'l:lock-ended',
        failures: 20,
        windowStartedAt: ago(keep.authLockout + minute),
        lockedUntil: ago(day),
      },
      // An old window still locking stays until the lock is over.
      {
        key: 'l:locked',
        failures: 20,
        windowStartedAt: ago(keep.authLockout + minute),
        lockedUntil: ago(-minute),
      },
      // The registration day window: a day old, still counting.
      { key: 'l:day', failures: 5, windowStartedAt: ago(day - minute) },
    ]);
    const session = { mid: member.mid, csrfToken: 'ct' };
    await t.db.insert(memberSession).values([
      { ...session, idHash: 'm-expired', expiresAt: ago(keep.memberSession + minute) },
      { ...session, idHash: 'm-revoked', expiresAt: ago(-day), revokedAt: ago(keep.memberSession + minute) },
      { ...session, idHash: 'm-kept', expiresAt: ago(keep.memberSession - hour) },
      { ...session, idHash: 'm-live', expiresAt: ago(-day) },
    ]);
    const staffRow = { staffId: staff.staffId, csrfToken: 'ct', ip: '192.0.2.1', lastSeenAt: ago(40 * day) };
    await t.db.insert(staffSession).values([
      { ...staffRow, idHash: 's-dead', expiresAt: ago(keep.staffSession + minute) },
      { ...staffRow, idHash: 's-kept', expiresAt: ago(keep.staffSession - hour) },
    ]);
    const pending = { staffId: staff.staffId, ip: '192.0.2.1' };
    await t.db.insert(staffLoginPending).values([
      { ...pending, idHash: 'p-dead', expiresAt: ago(keep.staffLoginPending + minute) },
      { ...pending, idHash: 'p-kept', expiresAt: ago(hour) },
      { ...pending, idHash: 'p-live', expiresAt: ago(-5 * minute) },
    ]);
    await t.db.insert(webauthnChallenge).values([
      { challenge: 'w-dead', purpose: 'member.login', expiresAt: ago(keep.webauthnChallenge + minute) },
      { challenge: 'w-kept', purpose: 'member.login', expiresAt: ago(hour) },
    ]);
    const message = { channel: 'email' as const, recipient: 'old@example.com', lang: 'en', subject: 's' };
    await t.db.insert(outboxMessage).values([
      { ...message, body: 'o-dead', status: 'sent', createdAt: ago(keep.outboxMessage + minute) },
      { ...message, body: 'o-dead-pending', createdAt: ago(keep.outboxMessage + minute) },
      { ...message, body: 'o-kept', status: 'sent', createdAt: ago(keep.outboxMessage - hour) },
    ]);

    const counts = await job.runOnce();

    expect(
      await keys(t.db.select().from(rsaNonce).where(like(rsaNonce.nonce, 'r-%')), (r) => r.nonce),
    ).toEqual(['r-kept', 'r-live']);
    expect(
      await keys(
        t.db.select().from(captchaChallenge).where(like(captchaChallenge.tokenHash, 'c-%')),
        (r) => r.tokenHash,
      ),
    ).toEqual(['c-live', 'c-ticket']);
    expect(
      await keys(
        t.db.select().from(oauthRequest).where(like(oauthRequest.tokenHash, 'o-%')),
        (r) => r.tokenHash,
      ),
    ).toEqual(['o-kept']);
    expect(
      await keys(t.db.select().from(oauthGrant).where(like(oauthGrant.keyHash, 'g-%')), (r) => r.keyHash),
    ).toEqual(['g-live']);
    expect(
      await keys(t.db.select().from(verificationCode).where(like(verificationCode.ip, 'v-%')), (r) => r.ip),
    ).toEqual(['v-kept', 'v-live']);
    expect(
      await keys(
        t.db.select().from(emailTicket).where(like(emailTicket.ticketHash, 'e-%')),
        (r) => r.ticketHash,
      ),
    ).toEqual(['e-kept']);
    expect(
      await keys(t.db.select().from(authLockout).where(like(authLockout.key, 'l:%')), (r) => r.key),
    ).toEqual(['l:day', 'l:locked']);
    expect(
      await keys(t.db.select().from(memberSession).where(like(memberSession.idHash, 'm-%')), (r) => r.idHash),
    ).toEqual(['m-kept', 'm-live']);
    expect(
      await keys(t.db.select().from(staffSession).where(like(staffSession.idHash, 's-%')), (r) => r.idHash),
    ).toEqual(['s-kept']);
    expect(
      await keys(
        t.db.select().from(staffLoginPending).where(like(staffLoginPending.idHash, 'p-%')),
        (r) => r.idHash,
      ),
    ).toEqual(['p-kept', 'p-live']);
    expect(
      await keys(
        t.db.select().from(webauthnChallenge).where(like(webauthnChallenge.challenge, 'w-%')),
        (r) => r.challenge,
      ),
    ).toEqual(['w-kept']);
    expect(
      await keys(t.db.select().from(outboxMessage).where(like(outboxMessage.body, 'o-%')), (r) => r.body),
    ).toEqual(['o-kept']);
    expect(counts).toMatchObject({
      rsaNonce: 1,
      captchaChallenge: 1,
      oauthRequest: 1,
      oauthGrant: 1,
      verificationCode: 1,
      emailTicket: 1,
      authLockout: 2,
      memberSession: 2,
      staffSession: 1,
      staffLoginPending: 1,
      webauthnChallenge: 1,
      outboxMessage: 2,
    });
    // Nothing more to do: a second round finds nothing.
    expect(Object.values(await job.runOnce()).every((n) => n === 0)).toBe(true);
  });

  it('works off a backlog in bounded batches, the rest in the next rounds', async () => {
    const backlog = Array.from({ length: 10 }, (_, i) => ({
      nonce: `b-${i}`,
      expiresAt: ago(keep.rsaNonce + day),
    }));
    await t.db.insert(rsaNonce).values(backlog);
    const service = new RetentionService(t.db, { now: clock.now, batchSize: 3, maxBatchesPerRound: 2 });
    const left = async () => (await t.db.select().from(rsaNonce).where(like(rsaNonce.nonce, 'b-%'))).length;
    expect((await service.runOnce()).rsaNonce).toBe(6);
    expect(await left()).toBe(4);
    expect((await service.runOnce()).rsaNonce).toBe(4);
    expect(await left()).toBe(0);
    // Asked to stop, a round starts no batch.
    await t.db.insert(rsaNonce).values(backlog.slice(0, 2));
    expect((await service.runOnce(() => true)).rsaNonce).toBe(0);
    expect(await left()).toBe(2);
  });
});

describe('codes and links in the outbox', () => {
  const post = (url: string, form: Record<string, string>) => postForm(t.app, url, form);
  const mailbox = async (to: string) =>
    (await t.app.inject({ url: `/dev/mailbox.json?to=${to}` })).json().data as { body: string }[];

  it('shows a code in the dev mailbox while it works, and keeps it nowhere once it has expired', async () => {
    const to = 'scrub-code@example.com';
    const sent = await post('/passport/web/captcha/generic/send?lang=en', {
      user: to,
      type: 'register',
      captcha: await captchaTicket(t.app, undefined, 'register'),
    });
    expect(sent.code).toBe(0);
    const code = await latestCode(t.db, to);
    clock.advance(9 * minute);
    await job.runOnce();
    expect((await mailbox(to))[0]!.body).toContain(code);
    clock.advance(2 * minute); // past the code's 10 minutes
    expect((await job.runOnce()).scrubbedMessages).toBeGreaterThanOrEqual(1);
    const [row] = await outbox.latest(t.db, { recipient: to, limit: 1 });
    expect(row!.body).toBe(messageText('en', 'code.body', { code: scrubbedMark, minutes: 10 }));
    expect(row!.body).not.toContain(code);
    expect(row).toMatchObject({ scrubbedBody: null, secretExpiresAt: null, status: 'pending' });
    expect((await mailbox(to))[0]!.body).toBe(row!.body);
  });

  it('keeps a reset link while it works and blanks it after its 30 minutes', async () => {
    const to = 'scrub-link@example.com';
    await loginTestMember(t.db, { email: to });
    const sent = await post('/passport/web/email/gk/mail.send?lang=en', {
      email: to,
      email_type: 'reset',
      captcha: 'pass',
      img_token: String(
        (
          (await t.app.inject({ method: 'POST', url: '/passport/web/captcha/img/captcha' })).json() as {
            data: { img_token: string };
          }
        ).data.img_token,
      ),
    });
    expect(sent.code).toBe(0);
    const link = (await mailbox(to))[0]!.body.match(/https?:\/\/\S+/)![0];
    clock.advance(29 * minute);
    await job.runOnce();
    expect((await mailbox(to))[0]!.body).toContain(link);
    clock.advance(2 * minute);
    await job.runOnce();
    const body = (await mailbox(to))[0]!.body;
    // The rest of the message, in the member's language, stays readable.
    expect(body).toBe(messageText('en', 'reset.body', { link: scrubbedMark, minutes: 30 }));
    expect(body).not.toContain(link);
  });

  it('leaves messages without a secret as they are', async () => {
    const id = await outbox.enqueue(t.db, {
      channel: 'email',
      recipient: 'plain@example.com',
      lang: 'en',
      subject: 'Your ticket was answered',
      body: 'Read the answer at https://www.joypeak.test/service',
    });
    clock.advance(day);
    await job.runOnce();
    const [row] = await t.db
      .select()
      .from(outboxMessage)
      .where(inArray(outboxMessage.id, [id!]));
    expect(row!.body).toBe('Read the answer at https://www.joypeak.test/service');
  });
});
