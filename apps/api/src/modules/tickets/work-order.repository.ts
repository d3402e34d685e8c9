/** Tickets, their messages and the files linked to them. The only file of the ticket rules that knows Drizzle. */
import { and, asc, count, desc, eq, gt, inArray, isNull, lte, max, sql, type SQL } from 'drizzle-orm';
import { workOrderStatus } from '@gp/contracts/cs';
import type { Db } from '../../db/database.ts';
import { csFile, csQuestionType, csWorkOrder, csWorkOrderMessage } from '../../db/schema/cs.schema.ts';
import { game } from '../../db/schema/game.schema.ts';
import { gameNames, localizedName, questionTypeNames } from '../../db/localized-name.ts';
import { matching } from '../../db/capped-count.ts';
import { carriedTotal, countColumn, preparedShape, ShapeFilters } from '../../db/prepared-shape.ts';

export type WorkOrderRow = typeof csWorkOrder.$inferSelect;
export type NewWorkOrder = typeof csWorkOrder.$inferInsert;
export type NewMessage = typeof csWorkOrderMessage.$inferInsert;
export type MessageKind = 'question' | 'follow_up' | 'reply' | 'order_note';
/** The staff's messages that answer the player: a reply, and what an action on the ticket's order found. */
const answerKinds: MessageKind[] = ['reply', 'order_note'];

export class WorkOrderRepository {
  constructor(private readonly db: Db) {}

  async onlineGame(gameBaseId: number) {
    const [row] = await this.db
      .select({ gameBaseId: game.gameBaseId })
      .from(game)
      .where(and(eq(game.gameBaseId, gameBaseId), eq(game.isOnline, true)));
    return row;
  }

  async questionType(id: number) {
    const [row] = await this.db.select().from(csQuestionType).where(eq(csQuestionType.id, id));
    return row;
  }

  async insert(values: NewWorkOrder): Promise<number> {
    const [row] = await this.db.insert(csWorkOrder).values(values).returning({ id: csWorkOrder.id });
    if (!row) throw new Error('work order insert returned nothing');
    return row.id;
  }

  async insertMessage(values: NewMessage): Promise<number> {
    const [row] = await this.db
      .insert(csWorkOrderMessage)
      .values(values)
      .returning({ id: csWorkOrderMessage.id });
    if (!row) throw new Error('message insert returned nothing');
    return row.id;
  }

  /**
   * Links the member's unsent uploads to a message; answers how many were linked (fewer than asked when an id
   * is not the member's, unknown, or already sent).
   */
  async attachMemberFiles(link: {
    mid: number;
    fileIds: readonly string[];
    workOrderId: number;
    messageId: number;
  }): Promise<number> {
    if (link.fileIds.length === 0) return 0;
    const rows = await this.db
      .update(csFile)
      .set({ workOrderId: link.workOrderId, messageId: link.messageId })
      .where(and(inArray(csFile.id, [...link.fileIds]), eq(csFile.mid, link.mid), isNull(csFile.messageId)))
      .returning({ id: csFile.id });
    return rows.length;
  }

  /** The ticket, locked until the transaction ends (every change of state goes through this). */
  async lockForUpdate(id: number): Promise<WorkOrderRow | undefined> {
    const [row] = await this.db.select().from(csWorkOrder).where(eq(csWorkOrder.id, id)).for('update');
    return row;
  }

  async update(id: number, values: Partial<NewWorkOrder>): Promise<void> {
    await this.db.update(csWorkOrder).set(values).where(eq(csWorkOrder.id, id));
  }

  async find(id: number): Promise<WorkOrderRow | undefined> {
    const [row] = await this.db.select().from(csWorkOrder).where(eq(csWorkOrder.id, id));
    return row;
  }

  async exists(id: number): Promise<boolean> {
    const [row] = await this.db
      .select({ id: csWorkOrder.id })
      .from(csWorkOrder)
      .where(eq(csWorkOrder.id, id));
    return row !== undefined;
  }

  /** Clears the editing lock when this agent holds it; answers whether they did. */
  async releaseLock(id: number, staffId: number): Promise<boolean> {
    const rows = await this.db
      .update(csWorkOrder)
      .set({ editingStaffId: null, editingStaffName: null, editingExpiresAt: null })
      .where(and(eq(csWorkOrder.id, id), eq(csWorkOrder.editingStaffId, staffId)))
      .returning({ id: csWorkOrder.id });
    return rows.length > 0;
  }

  /** One message of this ticket (recalled or not). */
  async message(workOrderId: number, messageId: number) {
    const [row] = await this.db
      .select()
      .from(csWorkOrderMessage)
      .where(and(eq(csWorkOrderMessage.id, messageId), eq(csWorkOrderMessage.workOrderId, workOrderId)));
    return row;
  }

  async markRecalled(messageId: number, staffId: number, now: Date): Promise<void> {
    await this.db
      .update(csWorkOrderMessage)
      .set({ recalledAt: now, recalledByStaffId: staffId })
      .where(eq(csWorkOrderMessage.id, messageId));
  }

  /** Whether the thread has a message after this one that the player sees. */
  async hasVisibleMessageAfter(workOrderId: number, messageId: number): Promise<boolean> {
    const [row] = await this.db
      .select({ id: csWorkOrderMessage.id })
      .from(csWorkOrderMessage)
      .where(
        and(
          eq(csWorkOrderMessage.workOrderId, workOrderId),
          gt(csWorkOrderMessage.id, messageId),
          isNull(csWorkOrderMessage.recalledAt),
        ),
      )
      .limit(1);
    return row !== undefined;
  }

  /**
   * The latest answer the player still sees: the newest reply not recalled, or order note, that set the ticket
   * to replied.
   */
  async latestAnswerAt(workOrderId: number): Promise<Date | null> {
    const [row] = await this.db
      .select({ at: max(csWorkOrderMessage.createdAt) })
      .from(csWorkOrderMessage)
      .where(
        and(
          eq(csWorkOrderMessage.workOrderId, workOrderId),
          inArray(csWorkOrderMessage.kind, answerKinds),
          eq(csWorkOrderMessage.statusAfter, workOrderStatus.replied),
          isNull(csWorkOrderMessage.recalledAt),
        ),
      );
    return row?.at ?? null;
  }

  private localizedColumns(lang: string) {
    return {
      row: csWorkOrder,
      gameName: localizedName(gameNames, csWorkOrder.gameBaseId, lang),
      typeName: localizedName(questionTypeNames, csWorkOrder.questionTypeId, lang),
    };
  }

  private localized(lang: string) {
    return () => this.db.select(this.localizedColumns(lang)).from(csWorkOrder);
  }

  /** The member's ticket with game and type names in `lang` (else en); undefined when not theirs or absent. */
  async findOwn(id: number, mid: number, lang: string) {
    const [row] = await this.localized(lang)()
      .where(and(eq(csWorkOrder.id, id), eq(csWorkOrder.mid, mid)))
      .limit(1);
    return row;
  }

  /**
   * A page of the member's tickets, last activity first, and how many there are in all: one statement, prepared
   * per shape (prepared-shape.ts) - players open their tickets often.
   */
  async pageOfMember(filter: { mid: number; status?: number; lang: string; offset: number; limit: number }) {
    const filters = new ShapeFilters()
      .add('mid', filter.mid, (v) => eq(csWorkOrder.mid, v))
      .add('status', filter.status, (v) => eq(csWorkOrder.status, v));
    const query = preparedShape(this.db, `cs.member-page:${filters.names}:${filter.lang}`, () => {
      const where = and(...filters.conditions(true));
      return this.db
        .select({
          ...this.localizedColumns(filter.lang),
          total: countColumn(matching(this.db, csWorkOrder, where)),
        })
        .from(csWorkOrder)
        .where(where)
        .orderBy(desc(csWorkOrder.updatedAt), desc(csWorkOrder.id))
        .limit(sql.placeholder('limit'))
        .offset(sql.placeholder('offset'));
    });
    const rows = await query.execute({ ...filters.values, limit: filter.limit, offset: filter.offset });
    const total = await carriedTotal(
      rows,
      filter.offset,
      async () =>
        (
          await this.db
            .select({ n: count() })
            .from(csWorkOrder)
            .where(and(...filters.conditions(false)))
        )[0]?.n ?? 0,
      (n) => n,
    );
    return { rows, total };
  }

  /** The thread, oldest first; recalled replies only when asked (staff), never for the member. */
  async messages(workOrderId: number, options: { includeRecalled: boolean }) {
    const conditions: SQL[] = [eq(csWorkOrderMessage.workOrderId, workOrderId)];
    if (!options.includeRecalled) conditions.push(isNull(csWorkOrderMessage.recalledAt));
    return this.db
      .select()
      .from(csWorkOrderMessage)
      .where(and(...conditions))
      .orderBy(asc(csWorkOrderMessage.createdAt), asc(csWorkOrderMessage.id));
  }

  /** Files linked to these messages (metadata only, never the bytes). */
  async filesOfMessages(messageIds: readonly number[]) {
    if (messageIds.length === 0) return [];
    return this.db
      .select({
        id: csFile.id,
        messageId: csFile.messageId,
        fileName: csFile.fileName,
        kind: csFile.kind,
        contentType: csFile.contentType,
        byteSize: csFile.byteSize,
      })
      .from(csFile)
      .where(inArray(csFile.messageId, [...messageIds]))
      .orderBy(asc(csFile.createdAt), asc(csFile.id));
  }

  /** Closes replied tickets whose latest answer is older than `repliedBefore`; answers their ids. */
  async closeQuiet(repliedBefore: Date, now: Date): Promise<number[]> {
    const rows = await this.db
      .update(csWorkOrder)
      .set({ status: workOrderStatus.closed, closedAt: now, closedBy: 'auto', updatedAt: now })
      .where(and(eq(csWorkOrder.status, workOrderStatus.replied), lte(csWorkOrder.repliedAt, repliedBefore)))
      .returning({ id: csWorkOrder.id });
    return rows.map((r) => r.id);
  }
}
