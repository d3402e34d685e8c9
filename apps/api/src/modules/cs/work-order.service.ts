/**
 * The ticket rules (spec 4 "Ticket states", DESIGN section 6), for the player's calls and the staff desk alike.
 *
 * States: 0 no reply -> 1 processing -> 2 replied -> 3 closed.
 * - A member's question starts at no reply. A follow-up is accepted only on a replied ticket and moves it to
 *   processing; while the ticket has no answer (no reply, processing) a follow-up is refused with -10000, on a
 *   closed one with -20003 (the player submits a new ticket).
 * - A staff reply sets the state it names (processing for an interim answer, replied for an answer); a closed
 *   ticket takes no reply (-20003). A ticket that has ever been answered (`repliedAt`) never returns to no reply
 *   (-20001).
 * - Ratings (1-5, changeable) are accepted on a replied or closed ticket that has an answer (-10001 otherwise)
 *   until `csPolicy.gradeWindowMs` after the latest answer (-10002 after).
 * - A replied ticket with no new answer or follow-up for `csPolicy.autoCloseAfterMs` is closed by the job
 *   (`closeQuiet`).
 * - A member only ever sees their own tickets: someone else's and a missing one are both refused with -401,
 *   so ids cannot be probed.
 * Every change locks the ticket row first, so a reply, a follow-up, a rating and the job never interleave.
 */
import {
  csPolicy,
  workOrderStatus,
  type Grade,
  type WorkOrderDetailData,
  type WorkOrderPageData,
  type WorkOrderStatus,
  type WorkOrderSummary,
} from '@gp/contracts/cs';
import { codes } from '@gp/errors';
import { site } from '@gp/config';
import { inTransaction, type Db } from '../../db/database.ts';
import { AppError, RequestValidationError } from '../../http/app-error.ts';
import { WorkOrderRepository, type MessageKind, type WorkOrderRow } from './work-order.repository.ts';

export interface NewQuestion {
  game_base_id: number;
  question_type: number;
  character_id?: string | null | undefined;
  character_name?: string | null | undefined;
  email: string;
  question_title: string;
  question_content: string;
  attachments: string[];
  source?: number | undefined;
}

export interface CreateInput extends Partial<NewQuestion> {
  parent_work_order_id?: number | null | undefined;
  question_content: string;
  attachments: string[];
}

/** Who writes a staff reply or changes a state: the staff desk passes its logged-in agent. */
export interface StaffActor {
  staffId: number;
  name: string;
}

const { noReply, processing, replied, closed } = workOrderStatus;
const blankToNull = (v: string | null | undefined) => (v ? v : null);

function asStatus(value: number): WorkOrderStatus {
  return value as WorkOrderStatus;
}

function asGrade(value: number | null): Grade | null {
  return value === null ? null : (value as Grade);
}

export class WorkOrderService {
  private readonly now: () => Date;

  constructor(
    private readonly db: Db,
    options: { now?: () => Date } = {},
  ) {
    this.now = options.now ?? (() => new Date());
  }

  private repo(db: Db = this.db) {
    return new WorkOrderRepository(db);
  }

  // ---- Member side ----

  /** A new question, or with `parent_work_order_id` a follow-up; answers the ticket id. */
  async create(mid: number, input: CreateInput, lang: string): Promise<{ work_order_id: number }> {
    const attachments = [...new Set(input.attachments)];
    if (input.parent_work_order_id != null) {
      return this.followUp(mid, input.parent_work_order_id, input.question_content, attachments);
    }
    const q = input as NewQuestion;
    await this.checkOffer(q.game_base_id, q.question_type);
    const now = this.now();
    const id = await inTransaction(this.db, async (tx) => {
      const repo = this.repo(tx);
      const workOrderId = await repo.insert({
        mid,
        gameBaseId: q.game_base_id,
        questionTypeId: q.question_type,
        characterId: blankToNull(q.character_id),
        characterName: blankToNull(q.character_name),
        replyEmail: q.email,
        title: q.question_title,
        status: noReply,
        source: q.source ?? site.sourceIndex,
        lang,
        lastAskedAt: now,
        createdAt: now,
        updatedAt: now,
      });
      await this.addMemberMessage(repo, {
        mid,
        workOrderId,
        kind: 'question',
        content: q.question_content,
        attachments,
        statusBefore: null,
        statusAfter: noReply,
        now,
      });
      return workOrderId;
    });
    return { work_order_id: id };
  }

  /** The game must be online and the question type offered for tickets of that game. */
  private async checkOffer(gameBaseId: number, questionTypeId: number) {
    const repo = this.repo();
    if (!(await repo.onlineGame(gameBaseId))) {
      throw new RequestValidationError([{ field: 'game_base_id', code: 'not_offered' }]);
    }
    const type = await repo.questionType(questionTypeId);
    if (
      !type ||
      !type.isOnline ||
      !type.forTicket ||
      (type.gameBaseId !== null && type.gameBaseId !== gameBaseId)
    ) {
      throw new RequestValidationError([{ field: 'question_type', code: 'not_offered' }]);
    }
  }

  private async followUp(
    mid: number,
    workOrderId: number,
    content: string,
    attachments: string[],
  ): Promise<{ work_order_id: number }> {
    const now = this.now();
    await inTransaction(this.db, async (tx) => {
      const repo = this.repo(tx);
      const row = await repo.lockForUpdate(workOrderId);
      if (!row || row.mid !== mid) throw new AppError(codes.accessDenied);
      if (row.status === closed) throw new AppError(codes.ticketCannotReply);
      if (row.status !== replied) throw new AppError(codes.serviceTicketInProgress);
      await this.addMemberMessage(repo, {
        mid,
        workOrderId,
        kind: 'follow_up',
        content,
        attachments,
        statusBefore: replied,
        statusAfter: processing,
        now,
      });
      await repo.update(workOrderId, { status: processing, lastAskedAt: now, updatedAt: now });
    });
    return { work_order_id: workOrderId };
  }

  private async addMemberMessage(
    repo: WorkOrderRepository,
    m: {
      mid: number;
      workOrderId: number;
      kind: MessageKind;
      content: string;
      attachments: string[];
      statusBefore: WorkOrderStatus | null;
      statusAfter: WorkOrderStatus;
      now: Date;
    },
  ) {
    const messageId = await repo.insertMessage({
      workOrderId: m.workOrderId,
      kind: m.kind,
      mid: m.mid,
      content: m.content,
      statusBefore: m.statusBefore,
      statusAfter: m.statusAfter,
      createdAt: m.now,
    });
    const linked = await repo.attachMemberFiles({
      mid: m.mid,
      fileIds: m.attachments,
      workOrderId: m.workOrderId,
      messageId,
    });
    // Throwing rolls the whole message back: no ticket with half of its files.
    if (linked !== m.attachments.length) throw new AppError(codes.serviceAttachmentNotFound);
  }

  async page(
    mid: number,
    query: { work_order_status?: WorkOrderStatus | null | undefined; page_num: number; page_size: number },
    lang: string,
  ): Promise<WorkOrderPageData> {
    const { rows, total } = await this.repo().pageOfMember({
      mid,
      ...(query.work_order_status != null ? { status: query.work_order_status } : {}),
      lang,
      offset: (query.page_num - 1) * query.page_size,
      limit: query.page_size,
    });
    return {
      list: rows.map((r) => summaryOf(r.row, r.gameName, r.typeName)),
      total,
      page_num: query.page_num,
      page_size: query.page_size,
    };
  }

  async detail(mid: number, workOrderId: number, lang: string): Promise<WorkOrderDetailData> {
    const repo = this.repo();
    const found = await repo.findOwn(workOrderId, mid, lang);
    if (!found) throw new AppError(codes.accessDenied);
    const messages = await repo.messages(workOrderId, { includeRecalled: false });
    const files = await repo.filesOfMessages(messages.map((m) => m.id));
    const row = found.row;
    const deadline = gradeDeadline(row);
    return {
      ...summaryOf(row, found.gameName, found.typeName),
      email: row.replyEmail,
      messages: messages.map((m) => ({
        message_id: m.id,
        kind: m.kind as MessageKind,
        content: m.content,
        created_at: m.createdAt.toISOString(),
        attachments: files
          .filter((f) => f.messageId === m.id)
          .map((f) => ({
            file_id: f.id,
            file_name: f.fileName,
            file_size: f.byteSize,
            file_kind: f.kind as 'image' | 'log',
            content_type: f.contentType,
          })),
      })),
      can_follow_up: row.status === replied ? 1 : 0,
      can_grade: this.gradeRefusal(row) === undefined ? 1 : 0,
      grade_deadline: deadline?.toISOString() ?? null,
    };
  }

  /** Why a rating is refused now (-10001 / -10002), or undefined when it is accepted. */
  private gradeRefusal(row: WorkOrderRow): number | undefined {
    const deadline = gradeDeadline(row);
    if ((row.status !== replied && row.status !== closed) || !deadline) return codes.serviceCannotRate;
    if (this.now().getTime() > deadline.getTime()) return codes.serviceRatingPeriodOver;
    return undefined;
  }

  async grade(
    mid: number,
    workOrderId: number,
    grade: Grade,
  ): Promise<{ work_order_id: number; grade: Grade }> {
    const now = this.now();
    await inTransaction(this.db, async (tx) => {
      const repo = this.repo(tx);
      const row = await repo.lockForUpdate(workOrderId);
      if (!row || row.mid !== mid) throw new AppError(codes.accessDenied);
      const refusal = this.gradeRefusal(row);
      if (refusal !== undefined) throw new AppError(refusal);
      await repo.update(workOrderId, { grade, gradedAt: now, updatedAt: now });
    });
    return { work_order_id: workOrderId, grade };
  }

  // ---- Staff side (the staff desk calls these; the rules stay here) ----

  /**
   * An agent's reply. `replyStatus`: processing (an interim answer) or replied (the answer, which starts the
   * rating and quiet periods). -20003 on a closed ticket; -404 when there is no such ticket.
   */
  async reply(
    workOrderId: number,
    staff: StaffActor,
    content: string,
    replyStatus: typeof processing | typeof replied,
  ): Promise<{ message_id: number }> {
    const now = this.now();
    return inTransaction(this.db, async (tx) => {
      const repo = this.repo(tx);
      const row = await repo.lockForUpdate(workOrderId);
      if (!row) throw new AppError(codes.notFound);
      if (!canTakeReply(asStatus(row.status))) throw new AppError(codes.ticketCannotReply);
      const messageId = await repo.insertMessage({
        workOrderId,
        kind: 'reply',
        staffId: staff.staffId,
        staffName: staff.name,
        content,
        statusBefore: row.status,
        statusAfter: replyStatus,
        createdAt: now,
      });
      await repo.update(workOrderId, {
        status: replyStatus,
        ...(replyStatus === replied ? { repliedAt: now } : {}),
        operatorStaffId: staff.staffId,
        operatorName: staff.name,
        updatedAt: now,
      });
      return { message_id: messageId };
    });
  }

  /**
   * An agent sets a state directly (the desk's modify). A closed ticket is final (-20003); a ticket that has
   * been answered never goes back to no reply (-20001). Closing records who closed it.
   */
  async changeStatus(workOrderId: number, staff: StaffActor, to: WorkOrderStatus): Promise<void> {
    const now = this.now();
    await inTransaction(this.db, async (tx) => {
      const repo = this.repo(tx);
      const row = await repo.lockForUpdate(workOrderId);
      if (!row) throw new AppError(codes.notFound);
      const refusal = statusChangeRefusal(row, to);
      if (refusal !== undefined) throw new AppError(refusal);
      if (row.status === to) return;
      await repo.update(workOrderId, {
        status: to,
        ...(to === closed ? { closedAt: now, closedBy: 'staff' } : {}),
        operatorStaffId: staff.staffId,
        operatorName: staff.name,
        updatedAt: now,
      });
    });
  }

  /** The job's work: closes replied tickets quiet for `csPolicy.autoCloseAfterMs`; answers their ids. */
  async closeQuiet(now = this.now()): Promise<number[]> {
    return this.repo().closeQuiet(new Date(now.getTime() - csPolicy.autoCloseAfterMs), now);
  }
}

/** Until when a ticket can be rated: the rating period after its latest answer, or undefined without one. */
export function gradeDeadline(row: Pick<WorkOrderRow, 'repliedAt'>): Date | undefined {
  return row.repliedAt ? new Date(row.repliedAt.getTime() + csPolicy.gradeWindowMs) : undefined;
}

/** Every state but closed can take an agent's reply. */
export function canTakeReply(status: WorkOrderStatus): boolean {
  return status !== closed;
}

/** Why a direct state change is refused (-20003 closed, -20001 back to no reply after an answer), or undefined. */
export function statusChangeRefusal(
  row: Pick<WorkOrderRow, 'status' | 'repliedAt'>,
  to: WorkOrderStatus,
): number | undefined {
  if (row.status === closed) return row.status === to ? undefined : codes.ticketCannotReply;
  if (to === noReply && (row.repliedAt !== null || row.status === replied)) return codes.ticketAlreadyReplied;
  return undefined;
}

function summaryOf(row: WorkOrderRow, gameName: string, typeName: string): WorkOrderSummary {
  return {
    work_order_id: row.id,
    work_order_status: asStatus(row.status),
    game_base_id: row.gameBaseId,
    game_name: gameName,
    question_type: row.questionTypeId,
    question_type_name: typeName,
    question_title: row.title,
    character_id: row.characterId,
    character_name: row.characterName,
    grade: asGrade(row.grade),
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    replied_at: row.repliedAt?.toISOString() ?? null,
  };
}
