/** Attachment files (bytes in the database, see cs.schema.ts). */
import { and, count, eq, isNotNull, isNull, lt, or } from 'drizzle-orm';
import { columnsOf } from '../../db/columns.ts';
import type { Db } from '../../db/database.ts';
import { csFile, csWorkOrder, csWorkOrderMessage } from '../../db/schema/cs.schema.ts';

export type NewFile = typeof csFile.$inferInsert;

/** What serving a file reads of it. */
const served = columnsOf(csFile, 'fileName', 'kind', 'contentType', 'bytes');

export class UploadRepository {
  constructor(private readonly db: Db) {}

  async insert(values: NewFile): Promise<void> {
    await this.db.insert(csFile).values(values);
  }

  /** The member's uploads not sent with any message yet. */
  async countUnsent(mid: number): Promise<number> {
    const [row] = await this.db
      .select({ n: count() })
      .from(csFile)
      .where(and(eq(csFile.mid, mid), isNull(csFile.messageId)));
    return row?.n ?? 0;
  }

  /**
   * A file the member may read: one they uploaded, or one on a message of their own ticket that is not a
   * recalled reply (an agent's attachment).
   */
  async findForMember(id: string, mid: number) {
    const [row] = await this.db
      .select(served)
      .from(csFile)
      .leftJoin(csWorkOrderMessage, eq(csWorkOrderMessage.id, csFile.messageId))
      .leftJoin(csWorkOrder, eq(csWorkOrder.id, csFile.workOrderId))
      .where(
        and(
          eq(csFile.id, id),
          or(
            eq(csFile.mid, mid),
            and(
              eq(csWorkOrder.mid, mid),
              isNotNull(csWorkOrderMessage.id),
              isNull(csWorkOrderMessage.recalledAt),
            ),
          ),
        ),
      );
    return row;
  }

  /** Any file, for staff. */
  async find(id: string) {
    const [row] = await this.db.select(served).from(csFile).where(eq(csFile.id, id));
    return row;
  }

  /** Deletes uploads never sent with a message, made before `before`; answers how many. */
  async deleteUnsent(before: Date): Promise<number> {
    const rows = await this.db
      .delete(csFile)
      .where(and(isNull(csFile.messageId), lt(csFile.createdAt, before)))
      .returning({ id: csFile.id });
    return rows.length;
  }
}
