/**
 * Staff open a deletion for a member who asked customer service: behind the `privacy`
 * privilege, only with how identity was checked (method and note), audited with both; then the request runs as
 * a member's own: grace period, sessions ended, the member told, the erasure job.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginTestMember } from '../../../test/member-session.ts';
import { loginTestStaff, staffPost } from '../../../test/staff-session.ts';
import { createTestApp } from '../../../test/test-app.ts';
import { TestClock } from '../../../test/test-clock.ts';
import { member, memberSession } from '../../db/schema/member.schema.ts';
import { outboxMessage } from '../../db/schema/passport.schema.ts';
import { privacyRequest } from '../../db/schema/privacy.schema.ts';
import { memberIdentity } from '../../db/schema/social.schema.ts';
import { staffAuditLog } from '../../db/schema/staff.schema.ts';
import { createPrivacyJob } from './privacy-job.ts';

const day = 24 * 60 * 60_000;
const graceDays = 14;
const clock = new TestClock();
let t: Awaited<ReturnType<typeof createTestApp>>;

beforeAll(async () => {
  t = await createTestApp(
    { CAPTCHA_TEST_ANSWER: 'pass', PRIVACY_DELETION_GRACE_DAYS: String(graceDays) },
    { now: clock.now },
  );
});
afterAll(() => t.close());

const open = '/csmng/komoe/mng/privacy/open_deletion';
const checked = {
  method: 'provider_account',
  note: 'Showed the Google account on a video call; matched 2 orders',
};

/** A social-login member with no e-mail of their own: the provider's address is where they are told. */
async function socialMember() {
  const subject = `sub-${Math.random().toString(36).slice(2, 8)}`;
  const who = await loginTestMember(t.db, { userId: `google:${subject}`, loginType: 2, lang: 'th' });
  await t.db
    .update(memberSession)
    .set({ expiresAt: clock.later(30 * day), lastSeenAt: clock.now() })
    .where(eq(memberSession.mid, who.mid));
  const address = `${subject}@example.com`;
  await t.db.insert(memberIdentity).values({ provider: 'google', subject, mid: who.mid, email: address });
  return { ...who, address };
}

describe('staff open a deletion', () => {
  it('need the privacy privilege', async () => {
    const agent = await loginTestStaff(t.db, {
      privileges: ['tickets.read', 'tickets.reply'],
      at: clock.now(),
    });
    const who = await socialMember();
    const res = await staffPost(t.app, agent, open, { mid: who.mid, ...checked });
    expect(res.json().code).toBe(-401);
    expect(await t.db.select().from(privacyRequest).where(eq(privacyRequest.mid, who.mid))).toEqual([]);
  });

  it('need how identity was checked', async () => {
    const officer = await loginTestStaff(t.db, { privileges: ['privacy'], at: clock.now() });
    const who = await socialMember();
    for (const body of [
      { mid: who.mid, method: 'provider_account' },
      { mid: who.mid, method: 'provider_account', note: '   ' },
      { mid: who.mid, note: 'checked' },
      { mid: who.mid, method: 'guessed', note: 'checked' },
    ]) {
      const res = await staffPost(t.app, officer, open, body);
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe(-400);
    }
    expect(await t.db.select().from(privacyRequest).where(eq(privacyRequest.mid, who.mid))).toEqual([]);
  });

  it('opens it as a member’s own request, audited with the check; once; the job erases after the grace', async () => {
    const officer = await loginTestStaff(t.db, { privileges: ['privacy'], at: clock.now() });
    const who = await socialMember();

    const res = (await staffPost(t.app, officer, open, { mid: who.mid, ...checked })).json();
    expect(res.code).toBe(0);
    expect(res.data).toMatchObject({
      mid: who.mid,
      kind: 'deletion',
      state: 'pending',
      requested_by: 'staff',
      erase_after: clock.later(graceDays * day).toISOString(),
    });
    const [request] = await t.db.select().from(privacyRequest).where(eq(privacyRequest.mid, who.mid));
    expect(request).toMatchObject({ staffId: officer.staffId, lang: 'th' });

    const [entry] = await t.db
      .select()
      .from(staffAuditLog)
      .where(eq(staffAuditLog.actorStaffId, officer.staffId));
    expect(entry).toMatchObject({
      action: 'privacy.open_deletion',
      targetType: 'privacy_request',
      targetId: String(request!.id),
    });
    expect(entry!.after).toMatchObject({ mid: who.mid, state: 'pending', identity_check: checked });

    // Every session ended; the member is told at the address the provider gave, in their language.
    const sessions = await t.db.select().from(memberSession).where(eq(memberSession.mid, who.mid));
    expect(sessions.every((s) => s.revokedAt !== null)).toBe(true);
    const [mail] = await t.db.select().from(outboxMessage).where(eq(outboxMessage.recipient, who.address));
    expect(mail).toMatchObject({ lang: 'th' });

    // A second one while this is pending: -111; an unknown member -404.
    expect((await staffPost(t.app, officer, open, { mid: who.mid, ...checked })).json().code).toBe(-111);
    expect((await staffPost(t.app, officer, open, { mid: 999_999, ...checked })).json().code).toBe(-404);

    const job = createPrivacyJob({
      db: t.db,
      now: clock.now,
      log: { info: () => {}, error: () => {} },
      graceDays,
    });
    clock.advance(graceDays * day + 60_000);
    expect(await job.runOnce()).toBeGreaterThanOrEqual(1);
    const [row] = await t.db.select().from(member).where(eq(member.mid, who.mid));
    expect(row!.userId).toBe(`erased-${who.mid}`);
    // Nobody is left to erase (a new staff session: theirs ended with the days the clock moved).
    const later = await loginTestStaff(t.db, { privileges: ['privacy'], at: clock.now() });
    expect((await staffPost(t.app, later, open, { mid: who.mid, ...checked })).json().code).toBe(-111);
  });
});
