/**
 * The privacy module's reads and writes (apps/api/README.md "Privacy"): its own requests, a member's data as the
 * export gathers it, and the erasure, which reaches every table that holds a member's personal data. Build it on
 * a transaction (`inTransaction`) for the writes that belong together.
 */
import { and, asc, count, desc, eq, gte, inArray, isNull, lte, ne, or } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import type { MemberRow } from '../accounts/index.ts';
import { csContact, csFile, csWorkOrder, csWorkOrderMessage } from '../../db/schema/cs.schema.ts';
import { member, memberDevice, memberSession } from '../../db/schema/member.schema.ts';
import {
  authLockout,
  emailTicket,
  outboxMessage,
  verificationCode,
} from '../../db/schema/passport.schema.ts';
import { payOrder, payOrderEvent, payOrderRequest } from '../../db/schema/pay-order.schema.ts';
import { privacyRequest } from '../../db/schema/privacy.schema.ts';
import { memberIdentity } from '../../db/schema/social.schema.ts';
import { memberPasskey } from '../../db/schema/webauthn.schema.ts';

export type PrivacyRequestRow = typeof privacyRequest.$inferSelect;

/** The account name an erased member keeps: unique, and no address or number anyone could log in with. */
export const erasedUserId = (mid: number) => `erased-${mid}`;

export interface RequestFilter {
  kind?: PrivacyRequestRow['kind'] | undefined;
  state?: PrivacyRequestRow['state'] | undefined;
  mid?: number | undefined;
}

/** What an erasure changed, counted (the audit entry and the job's log). */
export interface ErasedCounts {
  sessions: number;
  socialLinks: number;
  contacts: number;
  files: number;
  ticketMessages: number;
  tickets: number;
  orders: number;
  messages: number;
}

export class PrivacyRepository {
  constructor(private readonly db: Db) {}

  // ---- Requests ----

  /** The member's row, locked until the transaction ends: one request at a time per member. */
  async lockMember(mid: number): Promise<MemberRow | undefined> {
    const [row] = await this.db.select().from(member).where(eq(member.mid, mid)).for('update');
    return row;
  }

  async member(mid: number): Promise<MemberRow | undefined> {
    const [row] = await this.db.select().from(member).where(eq(member.mid, mid));
    return row;
  }

  async insert(values: typeof privacyRequest.$inferInsert): Promise<PrivacyRequestRow> {
    const [row] = await this.db.insert(privacyRequest).values(values).returning();
    return row!;
  }

  async exportsSince(mid: number, since: Date): Promise<number> {
    const [row] = await this.db
      .select({ n: count() })
      .from(privacyRequest)
      .where(
        and(
          eq(privacyRequest.mid, mid),
          eq(privacyRequest.kind, 'export'),
          eq(privacyRequest.requestedBy, 'member'),
          gte(privacyRequest.createdAt, since),
        ),
      );
    return row?.n ?? 0;
  }

  async pendingDeletion(mid: number): Promise<PrivacyRequestRow | undefined> {
    const [row] = await this.db
      .select()
      .from(privacyRequest)
      .where(
        and(
          eq(privacyRequest.mid, mid),
          eq(privacyRequest.kind, 'deletion'),
          eq(privacyRequest.state, 'pending'),
        ),
      );
    return row;
  }

  async latestDeletion(mid: number): Promise<PrivacyRequestRow | undefined> {
    const [row] = await this.db
      .select()
      .from(privacyRequest)
      .where(and(eq(privacyRequest.mid, mid), eq(privacyRequest.kind, 'deletion')))
      .orderBy(desc(privacyRequest.createdAt), desc(privacyRequest.id))
      .limit(1);
    return row;
  }

  async lockRequest(id: number): Promise<PrivacyRequestRow | undefined> {
    const [row] = await this.db.select().from(privacyRequest).where(eq(privacyRequest.id, id)).for('update');
    return row;
  }

  /** Cancels the member's pending deletion, if any; answers it. */
  async cancelPending(
    mid: number,
    reason: 'login' | 'staff',
    now: Date,
  ): Promise<PrivacyRequestRow | undefined> {
    const [row] = await this.db
      .update(privacyRequest)
      .set({ state: 'cancelled', cancelledAt: now, cancelReason: reason })
      .where(
        and(
          eq(privacyRequest.mid, mid),
          eq(privacyRequest.kind, 'deletion'),
          eq(privacyRequest.state, 'pending'),
        ),
      )
      .returning();
    return row;
  }

  async markDone(id: number, now: Date): Promise<PrivacyRequestRow> {
    const [row] = await this.db
      .update(privacyRequest)
      .set({ state: 'done', completedAt: now })
      .where(eq(privacyRequest.id, id))
      .returning();
    return row!;
  }

  /** Deletions whose grace period is over, oldest first; rows another process is erasing are skipped. */
  async dueDeletions(now: Date, limit: number): Promise<number[]> {
    const rows = await this.db
      .select({ id: privacyRequest.id })
      .from(privacyRequest)
      .where(
        and(
          eq(privacyRequest.kind, 'deletion'),
          eq(privacyRequest.state, 'pending'),
          lte(privacyRequest.eraseAfter, now),
        ),
      )
      .orderBy(asc(privacyRequest.eraseAfter))
      .limit(limit);
    return rows.map((r) => r.id);
  }

  async page(filter: RequestFilter, pageNum: number, pageSize: number) {
    const where = and(
      filter.kind ? eq(privacyRequest.kind, filter.kind) : undefined,
      filter.state ? eq(privacyRequest.state, filter.state) : undefined,
      filter.mid ? eq(privacyRequest.mid, filter.mid) : undefined,
    );
    const [total] = await this.db.select({ n: count() }).from(privacyRequest).where(where);
    const rows = await this.db
      .select({ request: privacyRequest, userId: member.userId })
      .from(privacyRequest)
      .innerJoin(member, eq(member.mid, privacyRequest.mid))
      .where(where)
      .orderBy(desc(privacyRequest.createdAt), desc(privacyRequest.id))
      .limit(pageSize)
      .offset((pageNum - 1) * pageSize);
    return { total: total?.n ?? 0, rows };
  }

  async requestsOf(mid: number): Promise<PrivacyRequestRow[]> {
    return this.db
      .select()
      .from(privacyRequest)
      .where(eq(privacyRequest.mid, mid))
      .orderBy(asc(privacyRequest.createdAt), asc(privacyRequest.id));
  }

  // ---- The export's reads ----

  async identitiesOf(mid: number) {
    return this.db
      .select()
      .from(memberIdentity)
      .where(eq(memberIdentity.mid, mid))
      .orderBy(asc(memberIdentity.createdAt));
  }

  async contactOf(mid: number) {
    const [row] = await this.db.select().from(csContact).where(eq(csContact.mid, mid));
    return row;
  }

  async ordersOf(mid: number) {
    return this.db
      .select()
      .from(payOrder)
      .where(eq(payOrder.mid, mid))
      .orderBy(asc(payOrder.createdAt), asc(payOrder.id));
  }

  async orderEvents(orderIds: readonly number[]) {
    if (orderIds.length === 0) return [];
    return this.db
      .select()
      .from(payOrderEvent)
      .where(inArray(payOrderEvent.orderId, [...orderIds]))
      .orderBy(asc(payOrderEvent.id));
  }

  async ticketsOf(mid: number) {
    return this.db
      .select()
      .from(csWorkOrder)
      .where(eq(csWorkOrder.mid, mid))
      .orderBy(asc(csWorkOrder.createdAt), asc(csWorkOrder.id));
  }

  /** The threads of these tickets as the member sees them: recalled replies left out. */
  async ticketMessages(ticketIds: readonly number[]) {
    if (ticketIds.length === 0) return [];
    return this.db
      .select()
      .from(csWorkOrderMessage)
      .where(
        and(inArray(csWorkOrderMessage.workOrderId, [...ticketIds]), isNull(csWorkOrderMessage.recalledAt)),
      )
      .orderBy(asc(csWorkOrderMessage.id));
  }

  // ---- The erasure (one transaction per member) ----

  /**
   * Erases what identifies the member, keeping the rows other records need (apps/api/README.md "Privacy" lists
   * every column): the member row stays, emptied, because orders and tickets point to it. Running it again on an
   * erased member changes nothing more.
   */
  async erase(row: MemberRow, now: Date): Promise<ErasedCounts> {
    const { mid } = row;
    const sessions = await this.db
      .delete(memberSession)
      .where(eq(memberSession.mid, mid))
      .returning({ k: memberSession.idHash });
    // The browsers the member logged in from (the new-device notice's memory).
    await this.db.delete(memberDevice).where(eq(memberDevice.mid, mid));
    // Passkeys log in without the password the erasure removes.
    await this.db.delete(memberPasskey).where(eq(memberPasskey.mid, mid));
    const socialLinks = await this.db
      .delete(memberIdentity)
      .where(eq(memberIdentity.mid, mid))
      .returning({ k: memberIdentity.subject });
    const contact = await this.db.delete(csContact).where(eq(csContact.mid, mid)).returning();
    // The player's attachments (also ones never sent): their bytes are what they wrote or photographed.
    const files = await this.db.delete(csFile).where(eq(csFile.mid, mid)).returning({ k: csFile.id });
    const ticketMessages = await this.db
      .update(csWorkOrderMessage)
      .set({ content: '' })
      .where(and(eq(csWorkOrderMessage.mid, mid), ne(csWorkOrderMessage.content, '')))
      .returning({ k: csWorkOrderMessage.id });
    const replyAddresses = await this.db
      .selectDistinct({ email: csWorkOrder.replyEmail })
      .from(csWorkOrder)
      .where(and(eq(csWorkOrder.mid, mid), ne(csWorkOrder.replyEmail, '')));
    const tickets = await this.db
      .update(csWorkOrder)
      .set({ title: '', replyEmail: '', characterId: null, characterName: null, updatedAt: now })
      .where(and(eq(csWorkOrder.mid, mid), or(ne(csWorkOrder.title, ''), ne(csWorkOrder.replyEmail, ''))))
      .returning({ k: csWorkOrder.id });
    const orders = await this.db
      .update(payOrder)
      .set({ roleName: '', cpRoleId: '', addExtra: null, updatedAt: now })
      .where(and(eq(payOrder.mid, mid), or(ne(payOrder.roleName, ''), ne(payOrder.cpRoleId, ''))))
      .returning({ k: payOrder.id });
    await this.db.delete(payOrderRequest).where(eq(payOrderRequest.mid, mid));
    await this.db.delete(emailTicket).where(eq(emailTicket.mid, mid));
    // The account's counters: in-session password checks (`account:`) and its login's soft lock (`login:`).
    await this.db.delete(authLockout).where(inArray(authLockout.key, [`account:${mid}`, `login:${mid}`]));
    // Messages and codes sent to the member's addresses: the addresses themselves are personal data.
    const addresses = [
      ...new Set(
        [row.email, row.phone, contact[0]?.email, contact[0]?.mobile, ...replyAddresses.map((r) => r.email)]
          .filter((a): a is string => !!a)
          .map((a) => (a.includes('@') ? a.toLowerCase() : a)),
      ),
    ];
    let messages = 0;
    if (addresses.length > 0) {
      messages = (
        await this.db
          .delete(outboxMessage)
          .where(inArray(outboxMessage.recipient, addresses))
          .returning({ k: outboxMessage.id })
      ).length;
      await this.db.delete(verificationCode).where(inArray(verificationCode.target, addresses));
    }
    await this.db
      .update(member)
      .set({
        userId: erasedUserId(mid),
        nickName: '',
        passwordHash: null,
        phone: null,
        email: null,
        updatedAt: now,
      })
      .where(eq(member.mid, mid));
    return {
      sessions: sessions.length,
      socialLinks: socialLinks.length,
      contacts: contact.length,
      files: files.length,
      ticketMessages: ticketMessages.length,
      tickets: tickets.length,
      orders: orders.length,
      messages,
    };
  }
}
