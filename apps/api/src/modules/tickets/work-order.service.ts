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
 *   until `csPolicy.gradeWindowMs` after the latest answer (-10002 after). A rating of 1 or 2 needs a reason
 *   (`gradeReasons`, -10008 without) and may carry the player's words; a higher one clears both.
 * - An agent may hold a ticket's editing lock while writing (`deskPolicy.lockIdleMs`, renewed while typing);
 *   while it is live every other agent's write (reply, modify, recall, taking the lock) is refused with -40001
 *   naming the holder. A reply ends the replier's own lock.
 * - An answer (a reply setting replied) queues an e-mail notice to the ticket's address in its language, held
 *   back until the reply's recall window has passed.
 * - What an agent's action on the ticket's order found (an order note) answers the ticket like a reply: it sets
 *   replied and is e-mailed at once (a note cannot be recalled), worded from its code in the ticket's language.
 * - Its author may recall a reply while it is under `deskPolicy.recallWindowMs` old (-40004 after, -401 for
 *   another's): the player no longer sees it, its notice is taken back, the latest answer is what the remaining
 *   replies and notes say, and the ticket returns to the state the reply found it in unless something happened since.
 * - A replied ticket with no new answer or follow-up for `csPolicy.autoCloseAfterMs` is closed by the job
 *   (`closeQuiet`).
 * - A member only ever sees their own tickets: someone else's and a missing one are both refused with -401,
 *   so ids cannot be probed.
 * Every change locks the ticket row first, so a reply, a follow-up, a rating and the job never interleave.
 */
import {
  csPolicy,
  lowGradeMax,
  workOrderStatus,
  type Grade,
  type GradeReason,
  type OrderNote,
  type WorkOrderDetailData,
  type WorkOrderPageData,
  type WorkOrderStatus,
  type WorkOrderSummary,
} from '@gp/contracts/cs';
import { deskPolicy, type LockHolderData } from '@gp/contracts/desk';
import type { PayOrderTracked } from '@gp/contracts/pay';
import { codes } from '@gp/errors';
import { site, type LanguageCode } from '@gp/config';
import { messageText, orderNoteMessage } from '@gp/i18n/server';
import type { Clock } from '../../config/clock.ts';
import { inTransaction, type Db } from '../../db/database.ts';
import { AppError, RequestValidationError } from '../../http/app-error.ts';
import { outbox } from '../messaging/index.ts';
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
  /** The member's own top-up order the question is about. */
  order_no?: string | null | undefined;
  question_content: string;
  attachments: string[];
}

/** Who writes a staff reply or changes a state: the staff desk passes its logged-in agent. */
export interface StaffActor {
  staffId: number;
  name: string;
}

export interface WorkOrderServiceOptions {
  now: Clock;
  /**
   * Where players open their tickets (the portal's origin): an answer's e-mail notice links there. Without it
   * no notice is written; only services that never reply (the player's calls, the housekeeping job) omit it.
   */
  portalOrigin?: string;
  /** The IANA zone an e-mailed order note writes its time in (`SITE_TIME_ZONE`; UTC without it). */
  siteTimeZone?: string;
  /**
   * The pay module's orders as their member sees them, for a ticket about an order. Without it a create
   * naming an order is refused (-10007) and the detail answers no order.
   */
  orders?: MemberOrders;
}

/** The member's own top-up orders (PayOrderService.memberOrder). */
export interface MemberOrders {
  /** The order with its timeline in `lang`; undefined when it is not this member's or does not exist. */
  memberOrder(mid: number, orderNo: string, lang: string): Promise<PayOrderTracked | undefined>;
}

/** What a reply did, for the audit log. */
export interface ReplyOutcome {
  message_id: number;
  statusBefore: WorkOrderStatus;
  /** The queued e-mail notice (answers only). */
  noticeId: number | null;
}

/** What a recall did, for the audit log. */
export interface RecallOutcome {
  content: string;
  /** The state the recalled reply had set, and the ticket's state before and after the recall. */
  replyStatus: WorkOrderStatus;
  statusBefore: WorkOrderStatus;
  statusAfter: WorkOrderStatus;
  /** Whether the e-mail notice was still waiting and was taken back. */
  noticeWithdrawn: boolean;
}

/** A direct change of a ticket (the desk's modify): what it was and what it is. */
export interface ModifyOutcome {
  before: { work_order_status: WorkOrderStatus; question_type: number };
  after: { work_order_status: WorkOrderStatus; question_type: number };
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
  private readonly now: Clock;
  private readonly portalOrigin: string | undefined;
  private readonly orders: MemberOrders | undefined;

  constructor(
    private readonly db: Db,
    private readonly options: WorkOrderServiceOptions,
  ) {
    this.now = options.now;
    this.portalOrigin = options.portalOrigin;
    this.orders = options.orders;
  }

  /** The same rules on `db`, a transaction's, so what they write joins its commit (the desk's audit rows). */
  on(db: Db): WorkOrderService {
    return db === this.db ? this : new WorkOrderService(db, this.options);
  }

  private repo(db: Db = this.db) {
    return new WorkOrderRepository(db);
  }

  /**
   * An agent's write: in one transaction, the ticket row locked first (-404 when there is none) and refused
   * with -40001 while another agent holds its editing lock.
   */
  private asAgent<T>(
    workOrderId: number,
    staff: StaffActor,
    write: (on: { tx: Db; repo: WorkOrderRepository; row: WorkOrderRow; now: Date }) => Promise<T>,
  ): Promise<T> {
    const now = this.now();
    return inTransaction(this.db, async (tx) => {
      const repo = this.repo(tx);
      const row = await repo.lockForUpdate(workOrderId);
      if (!row) throw new AppError(codes.notFound);
      refuseIfHeldByOther(row, staff, now);
      return write({ tx, repo, row, now });
    });
  }

  // ---- Member side ----

  /**
   * A new question, or with `parent_work_order_id` a follow-up; answers the ticket id. A question naming one of
   * the member's orders (`order_no`) keeps the link and takes game and character from the order, whatever the
   * form said: -10007 when the member has no such order, so nobody links another player's order.
   */
  async create(mid: number, input: CreateInput, lang: string): Promise<{ work_order_id: number }> {
    const attachments = [...new Set(input.attachments)];
    if (input.parent_work_order_id != null) {
      return this.followUp(mid, input.parent_work_order_id, input.question_content, attachments);
    }
    let q = input as NewQuestion;
    const order = input.order_no ? await this.orders?.memberOrder(mid, input.order_no, lang) : undefined;
    if (input.order_no && !order) throw new AppError(codes.serviceOrderNotFound);
    if (order) {
      q = {
        ...q,
        game_base_id: order.game_base_id,
        character_id: order.cp_role_id,
        character_name: order.role_name,
      };
    }
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
        orderNo: order?.order_no ?? null,
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
    await offeredType(repo, questionTypeId, gameBaseId);
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
    // Linked at create only to this member's order; asked through the member again all the same.
    const order = row.orderNo ? await this.orders?.memberOrder(mid, row.orderNo, lang) : undefined;
    return {
      ...summaryOf(row, found.gameName, found.typeName),
      email: row.replyEmail,
      order_no: row.orderNo,
      order: order ?? null,
      messages: messages.map((m) => ({
        message_id: m.id,
        kind: m.kind as MessageKind,
        content: m.content,
        note: noteOf(m.note),
        created_at: m.createdAt.toISOString(),
        attachments: attachmentsOf(files, m.id),
      })),
      can_follow_up: row.status === replied ? 1 : 0,
      can_grade: this.gradeRefusal(row) === undefined ? 1 : 0,
      grade_deadline: deadline?.toISOString() ?? null,
      grade_reason: (row.gradeReason as GradeReason | null) ?? null,
      grade_comment: row.gradeComment,
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
    rating: { grade: Grade; reason?: GradeReason | undefined; comment?: string | undefined },
  ): Promise<{ work_order_id: number; grade: Grade; reason: GradeReason | null; comment: string | null }> {
    const { grade } = rating;
    const low = grade <= lowGradeMax;
    const reason = low ? (rating.reason ?? null) : null;
    const comment = low && rating.comment ? rating.comment : null;
    const now = this.now();
    await inTransaction(this.db, async (tx) => {
      const repo = this.repo(tx);
      const row = await repo.lockForUpdate(workOrderId);
      if (!row || row.mid !== mid) throw new AppError(codes.accessDenied);
      const refusal = this.gradeRefusal(row);
      if (refusal !== undefined) throw new AppError(refusal);
      // Checked after ownership and the period, so a stranger learns nothing from the answer.
      if (low && !reason) throw new AppError(codes.serviceRatingReasonRequired);
      await repo.update(workOrderId, {
        grade,
        gradeReason: reason,
        gradeComment: comment,
        gradedAt: now,
        updatedAt: now,
      });
    });
    return { work_order_id: workOrderId, grade, reason, comment };
  }

  // ---- Staff side (the staff desk calls these; the rules stay here) ----

  /** A ticket's whole thread with its attachments, recalled replies included (the desk shows them marked). */
  async thread(workOrderId: number) {
    const repo = this.repo();
    const messages = await repo.messages(workOrderId, { includeRecalled: true });
    return { messages, files: await repo.filesOfMessages(messages.map((m) => m.id)) };
  }

  /**
   * An agent's reply. `replyStatus`: processing (an interim answer) or replied (the answer, which starts the
   * rating and quiet periods and queues the player's e-mail notice). -20003 on a closed ticket; -404 when there
   * is no such ticket; -40001 while another agent holds the editing lock. Ends the replier's own lock.
   */
  async reply(
    workOrderId: number,
    staff: StaffActor,
    content: string,
    replyStatus: typeof processing | typeof replied,
  ): Promise<ReplyOutcome> {
    return this.asAgent(workOrderId, staff, async ({ tx, repo, row, now }) => {
      if (!canTakeReply(asStatus(row.status))) throw new AppError(codes.ticketCannotReply);
      const noticeId =
        replyStatus === replied && this.portalOrigin
          ? ((await outbox.enqueue(tx, {
              ...answerNotice(row, content, this.portalOrigin),
              // Not before the reply can no longer be recalled: a recalled answer never reaches the player.
              nextAttemptAt: new Date(now.getTime() + deskPolicy.recallWindowMs),
            })) ?? null)
          : null;
      const messageId = await repo.insertMessage({
        workOrderId,
        kind: 'reply',
        staffId: staff.staffId,
        staffName: staff.name,
        content,
        statusBefore: row.status,
        statusAfter: replyStatus,
        createdAt: now,
        noticeOutboxId: noticeId,
      });
      await repo.update(workOrderId, {
        status: replyStatus,
        ...(replyStatus === replied ? { repliedAt: now } : {}),
        ...(row.firstRepliedAt ? {} : { firstRepliedAt: now }),
        operatorStaffId: staff.staffId,
        operatorName: staff.name,
        updatedAt: now,
        ...(row.editingStaffId === staff.staffId ? noLock : {}),
      });
      return { message_id: messageId, statusBefore: asStatus(row.status), noticeId };
    });
  }

  /**
   * An agent sets a state directly (the desk's modify). A closed ticket is final (-20003); a ticket that has
   * been answered never goes back to no reply (-20001). Closing records who closed it.
   */
  async changeStatus(workOrderId: number, staff: StaffActor, to: WorkOrderStatus): Promise<void> {
    await this.modify(workOrderId, staff, { status: to });
  }

  /**
   * The desk's modify: a state (as `changeStatus`) and / or another question type, which must be one of the
   * ticket's game offered for tickets (-400 `question_type` `not_offered`). Nothing changes on a closed ticket
   * (-20003). -40001 while another agent holds the editing lock.
   */
  async modify(
    workOrderId: number,
    staff: StaffActor,
    change: { status?: WorkOrderStatus | undefined; questionType?: number | undefined },
  ): Promise<ModifyOutcome> {
    return this.asAgent(workOrderId, staff, async ({ repo, row, now }) => {
      const before = { work_order_status: asStatus(row.status), question_type: row.questionTypeId };
      const to = change.status ?? before.work_order_status;
      const typeId = change.questionType ?? before.question_type;
      const refusal = statusChangeRefusal(row, to);
      if (refusal !== undefined) throw new AppError(refusal);
      if (typeId !== row.questionTypeId) {
        if (row.status === closed) throw new AppError(codes.ticketCannotReply);
        await offeredType(repo, typeId, row.gameBaseId);
      }
      const after = { work_order_status: to, question_type: typeId };
      if (to === row.status && typeId === row.questionTypeId) return { before, after };
      await repo.update(workOrderId, {
        status: to,
        questionTypeId: typeId,
        ...(to === closed && row.status !== closed ? { closedAt: now, closedBy: 'staff' } : {}),
        operatorStaffId: staff.staffId,
        operatorName: staff.name,
        updatedAt: now,
      });
      return { before, after };
    });
  }

  /**
   * Recalls the agent's own reply while under `deskPolicy.recallWindowMs` old: -404 no such ticket or reply
   * (also one recalled already), -401 someone else's reply, -40004 too old, -40001 another agent holds the
   * lock. The reply stays in the thread for staff; its waiting notice is deleted; the latest answer is taken
   * from the replies that remain; the state goes back to what the reply found unless something happened since
   * (a later message, a rating, or another change of state).
   */
  async recall(workOrderId: number, messageId: number, staff: StaffActor): Promise<RecallOutcome> {
    return this.asAgent(workOrderId, staff, async ({ tx, repo, row, now }) => {
      const message = await repo.message(workOrderId, messageId);
      if (!message || message.kind !== 'reply' || message.recalledAt) throw new AppError(codes.notFound);
      if (message.staffId !== staff.staffId) throw new AppError(codes.accessDenied);
      if (now.getTime() - message.createdAt.getTime() >= deskPolicy.recallWindowMs) {
        throw new AppError(codes.staffRecallExpired);
      }
      await repo.markRecalled(message.id, staff.staffId, now);
      const noticeWithdrawn =
        message.noticeOutboxId !== null && (await outbox.withdraw(tx, message.noticeOutboxId));
      const untouched =
        row.status === message.statusAfter &&
        !(await repo.hasVisibleMessageAfter(workOrderId, message.id)) &&
        !(row.gradedAt && row.gradedAt >= message.createdAt);
      const statusAfter =
        untouched && message.statusBefore !== null ? asStatus(message.statusBefore) : asStatus(row.status);
      await repo.update(workOrderId, {
        status: statusAfter,
        repliedAt: await repo.latestAnswerAt(workOrderId),
        updatedAt: now,
      });
      return {
        content: message.content,
        replyStatus: asStatus(message.statusAfter),
        statusBefore: asStatus(row.status),
        statusAfter,
        noticeWithdrawn,
      };
    });
  }

  /**
   * Takes the editing lock for `deskPolicy.lockIdleMs`, or with `renew` extends the caller's own: -40001 while
   * another agent's lock is live, -40003 when renewing a lock that has lapsed (someone may have answered
   * meanwhile), -404 no such ticket. Taking it is not a change of the ticket (`updatedAt` stays).
   */
  async takeLock(workOrderId: number, staff: StaffActor, renew: boolean): Promise<LockHolderData> {
    return this.asAgent(workOrderId, staff, async ({ repo, row, now }) => {
      if (renew && liveHolder(row, now)?.staff_id !== staff.staffId) {
        throw new AppError(codes.staffEditLockExpired);
      }
      const expiresAt = new Date(now.getTime() + deskPolicy.lockIdleMs);
      await repo.update(workOrderId, {
        editingStaffId: staff.staffId,
        editingStaffName: staff.name,
        editingExpiresAt: expiresAt,
      });
      return { staff_id: staff.staffId, account_name: staff.name, expires_at: expiresAt.toISOString() };
    });
  }

  /** Gives the caller's lock back; nothing happens when they do not hold it. -404 no such ticket. */
  async releaseLock(workOrderId: number, staff: StaffActor): Promise<void> {
    const repo = this.repo();
    if (!(await repo.releaseLock(workOrderId, staff.staffId)) && !(await repo.exists(workOrderId))) {
      throw new AppError(codes.notFound);
    }
  }

  /**
   * The ticket's linked order, when an agent may act on it now: -404 no such ticket, -400 `work_order_id`
   * `no_order` when it has none, -20003 closed, -40001 while another agent holds the editing lock. Checked
   * before the action so nothing is done to an order whose note could not be written.
   */
  async orderToActOn(workOrderId: number, staff: StaffActor): Promise<string> {
    return orderOfActable(await this.repo().find(workOrderId), staff, this.now());
  }

  /**
   * Adds what an agent's action on the linked order found to the thread (`order_note`, worded by each reader)
   * as the ticket's answer: replied, and e-mailed to the player now in the ticket's language (a note cannot be
   * recalled, so nothing waits); the same refusals as `orderToActOn`. The agent's editing lock stays: a reply
   * may follow.
   */
  async addOrderNote(workOrderId: number, staff: StaffActor, note: OrderNote): Promise<number> {
    const now = this.now();
    return inTransaction(this.db, async (tx) => {
      const repo = this.repo(tx);
      const found = await repo.lockForUpdate(workOrderId);
      orderOfActable(found, staff, now);
      const row = found!;
      const noticeId = this.portalOrigin
        ? ((await outbox.enqueue(
            tx,
            answerNotice(
              row,
              orderNoteMessage(row.lang as LanguageCode, note, this.options.siteTimeZone ?? 'UTC'),
              this.portalOrigin,
            ),
          )) ?? null)
        : null;
      const messageId = await repo.insertMessage({
        workOrderId,
        kind: 'order_note',
        staffId: staff.staffId,
        staffName: staff.name,
        content: '',
        note,
        statusBefore: row.status,
        statusAfter: replied,
        createdAt: now,
        noticeOutboxId: noticeId,
      });
      await repo.update(workOrderId, {
        status: replied,
        repliedAt: now,
        ...(row.firstRepliedAt ? {} : { firstRepliedAt: now }),
        operatorStaffId: staff.staffId,
        operatorName: staff.name,
        updatedAt: now,
      });
      return messageId;
    });
  }

  /** The job's work: closes replied tickets quiet for `csPolicy.autoCloseAfterMs`; answers their ids. */
  async closeQuiet(now = this.now()): Promise<number[]> {
    return this.repo().closeQuiet(new Date(now.getTime() - csPolicy.autoCloseAfterMs), now);
  }
}

/** Refuses a question type that is not offered for tickets of this game (-400 `question_type` `not_offered`). */
async function offeredType(repo: WorkOrderRepository, questionTypeId: number, gameBaseId: number) {
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

/** The linked order of a ticket an agent may act on now (see `orderToActOn`). */
function orderOfActable(row: WorkOrderRow | undefined, staff: StaffActor, now: Date): string {
  if (!row) throw new AppError(codes.notFound);
  refuseIfHeldByOther(row, staff, now);
  if (row.status === closed) throw new AppError(codes.ticketCannotReply);
  if (!row.orderNo) throw new RequestValidationError([{ field: 'work_order_id', code: 'no_order' }]);
  return row.orderNo;
}

/** The attachments of these messages, without their bytes, oldest first. */
export function messageAttachments(db: Db, messageIds: readonly number[]) {
  return new WorkOrderRepository(db).filesOfMessages(messageIds);
}

/** The attachments of one message of a thread, as the player's and the desk's answers show them. */
export function attachmentsOf(files: Awaited<ReturnType<typeof messageAttachments>>, messageId: number) {
  return files
    .filter((f) => f.messageId === messageId)
    .map((f) => ({
      file_id: f.id,
      file_name: f.fileName,
      file_size: f.byteSize,
      file_kind: f.kind as 'image' | 'log',
      content_type: f.contentType,
    }));
}

/** An `order_note`'s stored parameters (jsonb), or null for the other kinds. */
export function noteOf(value: unknown): OrderNote | null {
  return value ? (value as OrderNote) : null;
}

/** Until when a ticket can be rated: the rating period after its latest answer, or undefined without one. */
export function gradeDeadline(row: Pick<WorkOrderRow, 'repliedAt'>): Date | undefined {
  return row.repliedAt ? new Date(row.repliedAt.getTime() + csPolicy.gradeWindowMs) : undefined;
}

const noLock = { editingStaffId: null, editingStaffName: null, editingExpiresAt: null } as const;

/** The editing lock while it is live (taken or renewed under `deskPolicy.lockIdleMs` ago), else undefined. */
export function liveHolder(
  row: Pick<WorkOrderRow, 'editingStaffId' | 'editingStaffName' | 'editingExpiresAt'>,
  now: Date,
): LockHolderData | undefined {
  if (row.editingStaffId === null || !row.editingExpiresAt || row.editingExpiresAt <= now) return undefined;
  return {
    staff_id: row.editingStaffId,
    account_name: row.editingStaffName ?? '',
    expires_at: row.editingExpiresAt.toISOString(),
  };
}

/** -40001 with the holder as `data` while another agent's lock is live. */
function refuseIfHeldByOther(row: WorkOrderRow, staff: StaffActor, now: Date): void {
  const holder = liveHolder(row, now);
  if (holder && holder.staff_id !== staff.staffId) {
    throw new AppError(codes.staffTicketHandledByOther, { data: holder });
  }
}

/**
 * The e-mail telling the player their ticket was answered, in the ticket's language: the answer (the question
 * form promises a copy by e-mail) and a link to the ticket on the portal, which sends phones on to its H5 twin.
 */
function answerNotice(row: WorkOrderRow, answer: string, portalOrigin: string) {
  const lang = row.lang as LanguageCode;
  const link = `${portalOrigin.replace(/\/$/, '')}/service/order_detail?work_order_id=${row.id}`;
  return {
    channel: 'email' as const,
    recipient: row.replyEmail.toLowerCase(),
    lang,
    subject: messageText(lang, 'ticketAnswer.subject', { title: row.title, id: row.id }),
    body: messageText(lang, 'ticketAnswer.body', { title: row.title, id: row.id, answer, link }),
  };
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
