/** Members' passkeys (webauthn.schema.ts `member_passkey`). */
import { and, count, eq } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { memberPasskey } from '../../db/schema/webauthn.schema.ts';

export type MemberPasskeyRow = typeof memberPasskey.$inferSelect;

export class PasskeyRepository {
  constructor(private readonly db: Db) {}

  async listOf(mid: number): Promise<MemberPasskeyRow[]> {
    return this.db.select().from(memberPasskey).where(eq(memberPasskey.mid, mid)).orderBy(memberPasskey.id);
  }

  async countOf(mid: number): Promise<number> {
    const [row] = await this.db.select({ n: count() }).from(memberPasskey).where(eq(memberPasskey.mid, mid));
    return row?.n ?? 0;
  }

  /** Keeps a new passkey; undefined when its credential is registered already (to anyone). */
  async add(values: typeof memberPasskey.$inferInsert): Promise<MemberPasskeyRow | undefined> {
    const [row] = await this.db.insert(memberPasskey).values(values).onConflictDoNothing().returning();
    return row;
  }

  /** The passkey with this credential id, whoever's it is (a login names no account). */
  async byCredential(credentialId: string): Promise<MemberPasskeyRow | undefined> {
    const [row] = await this.db
      .select()
      .from(memberPasskey)
      .where(eq(memberPasskey.credentialId, credentialId));
    return row;
  }

  async rename(mid: number, id: number, name: string): Promise<boolean> {
    const rows = await this.db
      .update(memberPasskey)
      .set({ name })
      .where(and(eq(memberPasskey.mid, mid), eq(memberPasskey.id, id)))
      .returning({ id: memberPasskey.id });
    return rows.length === 1;
  }

  async remove(mid: number, id: number): Promise<MemberPasskeyRow | undefined> {
    const [row] = await this.db
      .delete(memberPasskey)
      .where(and(eq(memberPasskey.mid, mid), eq(memberPasskey.id, id)))
      .returning();
    return row;
  }

  /**
   * Records a use: the new signature counter, if the stored one is still `seen` (the one the signature was
   * checked against), so of two answers checked against the same counter only one moves it on.
   */
  async used(id: number, seen: number, counter: number, at: Date): Promise<boolean> {
    const rows = await this.db
      .update(memberPasskey)
      .set({ counter, lastUsedAt: at })
      .where(and(eq(memberPasskey.id, id), eq(memberPasskey.counter, seen)))
      .returning({ id: memberPasskey.id });
    return rows.length === 1;
  }
}
