/** Saved replies and their texts per language (cs_saved_reply, cs_saved_reply_text). */
import { asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../../db/database.ts';
import { csSavedReply, csSavedReplyText } from '../../../db/schema/cs.schema.ts';

export type SavedReplyRow = typeof csSavedReply.$inferSelect & { texts: Record<string, string> };

export class SavedReplyRepository {
  constructor(private readonly db: Db) {}

  /** Every saved reply by title (then the oldest first), with its texts. */
  async list(): Promise<SavedReplyRow[]> {
    const rows = await this.db
      .select()
      .from(csSavedReply)
      .orderBy(asc(csSavedReply.title), asc(csSavedReply.id));
    return this.withTexts(rows);
  }

  /** One saved reply with its texts, locked for the rest of the transaction when `forUpdate`. */
  async find(id: number, forUpdate = false): Promise<SavedReplyRow | undefined> {
    const query = this.db.select().from(csSavedReply).where(eq(csSavedReply.id, id));
    const [row] = forUpdate ? await query.for('update') : await query;
    if (!row) return undefined;
    const [found] = await this.withTexts([row]);
    return found;
  }

  async insert(values: typeof csSavedReply.$inferInsert): Promise<number> {
    const [row] = await this.db.insert(csSavedReply).values(values).returning({ id: csSavedReply.id });
    return row!.id;
  }

  async update(id: number, values: Partial<typeof csSavedReply.$inferInsert>): Promise<void> {
    await this.db.update(csSavedReply).set(values).where(eq(csSavedReply.id, id));
  }

  /** Replaces the saved reply's texts with `texts` (a language left out has none). */
  async replaceTexts(id: number, texts: Record<string, string>): Promise<void> {
    await this.db.delete(csSavedReplyText).where(eq(csSavedReplyText.savedReplyId, id));
    const rows = Object.entries(texts).map(([lang, content]) => ({ savedReplyId: id, lang, content }));
    if (rows.length > 0) await this.db.insert(csSavedReplyText).values(rows);
  }

  /** Deletes the saved reply (its texts go with it); true when there was one. */
  async delete(id: number): Promise<boolean> {
    const gone = await this.db
      .delete(csSavedReply)
      .where(eq(csSavedReply.id, id))
      .returning({ id: csSavedReply.id });
    return gone.length > 0;
  }

  private async withTexts(rows: (typeof csSavedReply.$inferSelect)[]): Promise<SavedReplyRow[]> {
    if (rows.length === 0) return [];
    const texts = await this.db
      .select()
      .from(csSavedReplyText)
      .where(
        inArray(
          csSavedReplyText.savedReplyId,
          rows.map((r) => r.id),
        ),
      );
    return rows.map((row) => ({
      ...row,
      texts: Object.fromEntries(
        texts.filter((x) => x.savedReplyId === row.id).map((x) => [x.lang, x.content]),
      ),
    }));
  }
}
