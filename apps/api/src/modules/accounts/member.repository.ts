import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { member } from '../../db/schema/member.schema.ts';

export type MemberRow = typeof member.$inferSelect;

export class MemberRepository {
  constructor(private readonly db: Db) {}

  async byEmail(email: string): Promise<MemberRow | undefined> {
    const [row] = await this.db.select().from(member).where(eq(member.email, email));
    return row;
  }

  async byMid(mid: number): Promise<MemberRow | undefined> {
    const [row] = await this.db.select().from(member).where(eq(member.mid, mid));
    return row;
  }

  async byPhone(phone: string): Promise<MemberRow | undefined> {
    const [row] = await this.db.select().from(member).where(eq(member.phone, phone));
    return row;
  }

  async nicknameTaken(nickName: string): Promise<boolean> {
    const [row] = await this.db
      .select({ mid: member.mid })
      .from(member)
      .where(eq(sql`lower(${member.nickName})`, nickName.toLowerCase()));
    return !!row;
  }

  async create(values: typeof member.$inferInsert): Promise<MemberRow> {
    const [row] = await this.db.insert(member).values(values).returning();
    if (!row) throw new Error('member insert returned no row');
    return row;
  }

  async setPassword(mid: number, passwordHash: string, now: Date) {
    await this.db.update(member).set({ passwordHash, updatedAt: now }).where(eq(member.mid, mid));
  }

  async setContact(mid: number, contact: { email?: string; phone?: string }, now: Date): Promise<MemberRow> {
    const [row] = await this.db
      .update(member)
      .set({ ...contact, updatedAt: now })
      .where(eq(member.mid, mid))
      .returning();
    if (!row) throw new Error(`member ${mid} vanished`);
    return row;
  }
}
