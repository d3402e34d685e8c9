/**
 * How long rows stay after they stop working (the table in apps/api/README.md "Retention" says why each). A
 * row past its time is deleted by the retention job; nothing reads it any more, so deleting it changes no
 * answer of the API.
 */
const hour = 60 * 60_000;
const day = 24 * hour;

export const retentionPolicy = {
  /** Rows deleted per statement: a big backlog goes in many short statements, never one long lock. */
  batchSize: 1000,
  /** Statements per rule in one round; the next round (soon, as the round had work) goes on. */
  maxBatchesPerRound: 50,
  /** How often the job runs (the first round one interval after the start, as the other housekeeping). */
  intervalMs: 5 * 60_000,
  keepAfterEnd: {
    /** Password-transport nonces (5 minutes): an unknown nonce is refused like a spent one. */
    rsaNonce: day,
    /** Graphic captchas and their tickets (minutes). */
    captchaChallenge: day,
    /** Social sign-in round trips and their access keys (10 and 5 minutes). */
    oauthRequest: day,
    oauthGrant: day,
    /** Codes (10 minutes): the per-target daily and per-address hourly caps count them by creation, a day back. */
    verificationCode: 2 * day,
    /** Reset links (30 minutes): the daily cap per e-mail counts them, a day back. */
    emailTicket: 2 * day,
    /** Failure and registration counters, after their window started: the longest (registrations a day) is 24 h. */
    authLockout: 2 * day,
    /** Member sessions, after they expired or were revoked. */
    memberSession: 7 * day,
    /** Staff sessions (they hold the address), after they expired or were revoked. */
    staffSession: 30 * day,
    /** Staff logins halfway (password passed, second factor not yet: minutes; they hold the address). */
    staffLoginPending: day,
    /** Passkey challenges (5 minutes), also deleted as new ones are made: these are the ones no ceremony followed. */
    webauthnChallenge: day,
    /** Every outgoing message, counted from when it was written (its secrets went long before). */
    outboxMessage: 30 * day,
  },
} as const;

export type RetentionRule = keyof typeof retentionPolicy.keepAfterEnd;
