/**
 * Privacy requests (apps/api/README.md "Privacy"): a member's data exports and account deletions, asked for
 * by the member or carried out by staff. A deletion waits `eraseAfter` (the grace period), during which
 * logging in or the member cancels it; then the privacy job erases the member's personal data and marks it
 * done. The row outlives the erasure: it is the record that the member asked and when it was done, and names
 * the member by `mid` only (the member row is kept, emptied, because orders that accounting keeps point to
 * it).
 */
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.ts';
import { member } from './member.schema.ts';

export const privacyRequestKinds = ['export', 'deletion'] as const;
export const privacyRequestStates = ['pending', 'cancelled', 'done'] as const;
/** Why a deletion was cancelled: the member logged in during the grace period, or staff cancelled it. */
export const privacyCancelReasons = ['login', 'staff'] as const;

export const privacyRequest = pgTable(
  'privacy_request',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    mid: integer('mid')
      .notNull()
      .references(() => member.mid),
    kind: text('kind', { enum: privacyRequestKinds }).notNull(),
    /** An export is written `done` when it is handed out; a deletion starts `pending`. */
    state: text('state', { enum: privacyRequestStates }).notNull(),
    /** Who asked: the member, or a staff member for them (`staffId`). */
    requestedBy: text('requested_by', { enum: ['member', 'staff'] }).notNull(),
    staffId: integer('staff_id'),
    /** The member's language when asked: the language of the confirmation e-mails. */
    lang: text('lang').notNull(),
    createdAt: createdAt(),
    /** A deletion: not erased before this (the end of the grace period). */
    eraseAfter: timestamp('erase_after', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    cancelReason: text('cancel_reason', { enum: privacyCancelReasons }),
    /** A deletion: when the data was erased; an export: when it was handed out. */
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [
    index('privacy_request_mid_idx').on(t.mid, t.createdAt),
    index('privacy_request_created_idx').on(t.createdAt),
    // The job's pick: deletions whose grace period is over.
    index('privacy_request_due_idx')
      .on(t.eraseAfter)
      .where(sql`${t.kind} = 'deletion' and ${t.state} = 'pending'`),
    // At most one pending deletion per member: a second request answers the first.
    uniqueIndex('privacy_request_one_pending_idx')
      .on(t.mid)
      .where(sql`${t.kind} = 'deletion' and ${t.state} = 'pending'`),
    check('privacy_request_kind', sql`${t.kind} in ('export', 'deletion')`),
    check('privacy_request_state', sql`${t.state} in ('pending', 'cancelled', 'done')`),
  ],
);
