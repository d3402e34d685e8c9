/**
 * The retention job's deletes (retention.policy.ts): one statement per batch, `limit` rows at most, the rows
 * chosen with `FOR UPDATE SKIP LOCKED` so two processes running the job at once never wait on each other and no
 * statement holds many rows for long.
 */
import { and, inArray, isNull, lt, lte, or, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/database.ts';
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
import type { RetentionRule } from './retention.policy.ts';

interface Target {
  table: PgTable;
  key: AnyPgColumn;
  /** The rows past retention, given the cutoff (now minus the rule's time) and now. */
  gone: (cutoff: Date, now: Date) => SQL | undefined;
}

const ended = (end: AnyPgColumn, revoked: AnyPgColumn, cutoff: Date) =>
  or(lt(end, cutoff), lt(revoked, cutoff));

const targets: Record<RetentionRule, Target> = {
  rsaNonce: { table: rsaNonce, key: rsaNonce.nonce, gone: (cutoff) => lt(rsaNonce.expiresAt, cutoff) },
  captchaChallenge: {
    table: captchaChallenge,
    key: captchaChallenge.tokenHash,
    // A solved captcha's ticket may outlive the picture.
    gone: (cutoff) =>
      and(
        lt(captchaChallenge.expiresAt, cutoff),
        or(isNull(captchaChallenge.ticketExpiresAt), lt(captchaChallenge.ticketExpiresAt, cutoff)),
      ),
  },
  oauthRequest: {
    table: oauthRequest,
    key: oauthRequest.tokenHash,
    gone: (c) => lt(oauthRequest.expiresAt, c),
  },
  oauthGrant: { table: oauthGrant, key: oauthGrant.keyHash, gone: (c) => lt(oauthGrant.expiresAt, c) },
  verificationCode: {
    table: verificationCode,
    key: verificationCode.id,
    gone: (cutoff) => lt(verificationCode.expiresAt, cutoff),
  },
  emailTicket: { table: emailTicket, key: emailTicket.ticketHash, gone: (c) => lt(emailTicket.expiresAt, c) },
  authLockout: {
    table: authLockout,
    key: authLockout.key,
    // A counter whose window is over counts as nothing; one still locking stays whatever its window.
    gone: (cutoff, now) =>
      and(
        lt(authLockout.windowStartedAt, cutoff),
        or(isNull(authLockout.lockedUntil), lte(authLockout.lockedUntil, now)),
      ),
  },
  memberSession: {
    table: memberSession,
    key: memberSession.idHash,
    gone: (cutoff) => ended(memberSession.expiresAt, memberSession.revokedAt, cutoff),
  },
  staffSession: {
    table: staffSession,
    key: staffSession.idHash,
    gone: (cutoff) => ended(staffSession.expiresAt, staffSession.revokedAt, cutoff),
  },
  staffLoginPending: {
    table: staffLoginPending,
    key: staffLoginPending.idHash,
    gone: (cutoff) => lt(staffLoginPending.expiresAt, cutoff),
  },
  webauthnChallenge: {
    table: webauthnChallenge,
    key: webauthnChallenge.challenge,
    gone: (cutoff) => lt(webauthnChallenge.expiresAt, cutoff),
  },
  outboxMessage: {
    table: outboxMessage,
    key: outboxMessage.id,
    gone: (cutoff) => lt(outboxMessage.createdAt, cutoff),
  },
};

export class RetentionRepository {
  constructor(private readonly db: Db) {}

  /** Deletes up to `limit` rows past the rule's retention; answers how many. */
  async purgeBatch(rule: RetentionRule, cutoff: Date, now: Date, limit: number): Promise<number> {
    const { table, key, gone } = targets[rule];
    const doomed = this.db
      .select({ key })
      .from(table)
      .where(gone(cutoff, now))
      .limit(limit)
      .for('update', { skipLocked: true });
    const rows = await this.db.delete(table).where(inArray(key, doomed)).returning({ key });
    return rows.length;
  }
}
