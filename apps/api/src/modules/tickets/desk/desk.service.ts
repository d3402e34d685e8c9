/**
 * The ticket desk (spec 7 "Staff" tickets): the queue, a ticket with its whole thread, and the agents'
 * writes. The ticket rules (states, editing lock, recall, the player's e-mail notice) are WorkOrderService's;
 * this service runs each write in one transaction with its audit row, so the log has a row exactly when the
 * change happened, and answers in the desk's shapes.
 */
import { workOrderStatus, type Grade, type WorkOrderStatus } from '@gp/contracts/cs';
import {
  replyContentRule,
  type BatchReplyPreviewItem,
  deskFilePath,
  deskPolicy,
  type deskFilters,
  type DeskMessage,
  type DeskTicketDetail,
  type DeskTicketPageData,
  type DeskTicketSummary,
  type LockHolderData,
} from '@gp/contracts/desk';
import { codes } from '@gp/errors';
import type { z } from 'zod';
import type { Clock } from '../../../config/clock.ts';
import { inTransaction, type Db } from '../../../db/database.ts';
import { AppError } from '../../../http/app-error.ts';
import type { WorkOrderService } from '../work-order.service.ts';
import { attachmentsOf, liveHolder, noteOf, type StaffActor } from '../work-order.service.ts';
import { audit, type AuthenticatedStaff } from '../../staff/index.ts';
import { totalFields } from '../../../db/capped-count.ts';
import { resolveRange } from './desk-range.ts';
import { fillReplyVariables, replyLanguageFor, type ReplyTextsByLanguage } from './reply-variables.ts';
import {
  DeskRepository,
  type DeskTicketRow,
  type TicketFilter,
  type TicketOrder,
} from './desk.repository.ts';

export type DeskFilterInput = z.output<typeof deskFilters>;
type ReplyStatus = typeof workOrderStatus.processing | typeof workOrderStatus.replied;

export interface DeskServiceOptions {
  db: Db;
  /** The ticket rules (`app.tickets.workOrders`), used on the desk's transactions. */
  workOrders: WorkOrderService;
  /** The portal's origin: answers' e-mail notices link to the ticket there. */
  portalOrigin: string;
  now: Clock;
  /** The app's logger fits. */
  log?: { error: (context: object, message: string) => void };
}

/** The repository filter of the contract's filters, within `range` (see desk-range.ts). */
export function ticketFilterOf(
  input: DeskFilterInput,
  range: Pick<TicketFilter, 'createdFrom' | 'createdBefore'>,
) {
  const filter: TicketFilter = {
    id: input.work_order_id,
    status: input.work_order_status,
    gameBaseId: input.game_base_id,
    questionTypeId: input.question_type,
    characterId: input.character_id,
    mid: input.uid,
    replyStatus: input.reply_status,
    questionKeyword: input.question_keyword || undefined,
    contentKeyword: input.content_keyword || undefined,
    answerKeyword: input.answer_keyword || undefined,
    operatorName: input.operator_name,
    ...range,
  };
  const order: TicketOrder = { key: input.order_key, type: input.order_type };
  return { filter, order };
}

const actorOf = (staff: AuthenticatedStaff): StaffActor => ({
  staffId: staff.staffId,
  name: staff.accountName,
});
const ticketTarget = (id: number) => ({ type: 'work_order', id });

export class DeskService {
  private readonly db: Db;
  private readonly now: Clock;
  private readonly reads: DeskRepository;

  constructor(private readonly options: DeskServiceOptions) {
    this.db = options.db;
    this.now = options.now;
    this.reads = new DeskRepository(options.db);
  }

  /** The ticket rules on `db` (a transaction's, so the audit row joins the same commit). */
  private tickets(db: Db = this.db) {
    return this.options.workOrders.on(db);
  }

  /** A ticket row as the queue shows it, with the lock that is live now. */
  summaryOf(found: DeskTicketRow, now = this.now()): DeskTicketSummary {
    const { row } = found;
    return {
      work_order_id: row.id,
      work_order_status: row.status as WorkOrderStatus,
      game_base_id: row.gameBaseId,
      game_name: found.gameName,
      question_type: row.questionTypeId,
      question_type_name: found.typeName,
      question_title: row.title,
      character_id: row.characterId,
      character_name: row.characterName,
      grade: row.grade as Grade | null,
      created_at: row.createdAt.toISOString(),
      updated_at: row.updatedAt.toISOString(),
      replied_at: row.repliedAt?.toISOString() ?? null,
      uid: row.mid,
      nickname: found.nickname,
      last_asked_at: row.lastAskedAt.toISOString(),
      reply_status: found.answered ? 1 : 0,
      operator_name: row.operatorName,
      lock: liveHolder(row, now) ?? null,
      lang: row.lang,
      waiting_since:
        !found.answered && row.status !== workOrderStatus.closed ? row.lastAskedAt.toISOString() : null,
      first_replied_at: row.firstRepliedAt?.toISOString() ?? null,
    };
  }

  // ---- Reads ----

  /** The queue: -400 `end_time` `range_too_long` past three months. */
  async page(
    input: DeskFilterInput & { page_num: number; page_size: number },
    lang: string,
  ): Promise<DeskTicketPageData> {
    const now = this.now();
    // A ticket found by its number is found whenever it was created, unless a range is asked for.
    const byNumber = input.work_order_id !== undefined && !input.start_time && !input.end_time;
    const range = byNumber ? { from: undefined, before: null } : resolveRange(input, now);
    const { filter, order } = ticketFilterOf(input, { createdFrom: range.from, createdBefore: range.before });
    return this.pageOf(filter, order, lang, input, now);
  }

  /** The member's tickets of one game, newest first, whenever they were asked. */
  async userRecord(
    input: { game_base_id: number; uid: number; page_num: number; page_size: number },
    lang: string,
  ): Promise<DeskTicketPageData> {
    return this.pageOf(
      { mid: input.uid, gameBaseId: input.game_base_id },
      { key: 'created_at', type: 'desc' },
      lang,
      input,
      this.now(),
    );
  }

  /** One page of the tickets `filter` finds, in `order`, as the queue shows them. */
  private async pageOf(
    filter: TicketFilter,
    order: TicketOrder,
    lang: string,
    paging: { page_num: number; page_size: number },
    now: Date,
  ): Promise<DeskTicketPageData> {
    const { page_num, page_size } = paging;
    const { rows, counted } = await this.reads.page(
      filter,
      order,
      lang,
      (page_num - 1) * page_size,
      page_size,
    );
    return { list: rows.map((r) => this.summaryOf(r, now)), ...totalFields(counted), page_num, page_size };
  }

  /**
   * A ticket with its whole thread: recalled replies marked, who wrote what, until when a reply can be recalled.
   * The linked order's number only: DeskOrderService.withOrder adds the order as the reader may see it.
   */
  async detail(workOrderId: number, lang: string): Promise<DeskTicketDetail> {
    const found = await this.reads.ticket(workOrderId, lang);
    if (!found) throw new AppError(codes.notFound);
    const { messages, files } = await this.tickets().thread(workOrderId);
    const now = this.now();
    return {
      ...this.summaryOf(found, now),
      email: found.row.replyEmail,
      order_no: found.row.orderNo,
      order: null,
      messages: messages.map((m): DeskMessage => {
        const until = new Date(m.createdAt.getTime() + deskPolicy.recallWindowMs);
        const recallable = m.kind === 'reply' && !m.recalledAt && until > now;
        return {
          message_id: m.id,
          kind: m.kind as DeskMessage['kind'],
          content: m.content,
          note: noteOf(m.note),
          created_at: m.createdAt.toISOString(),
          staff_id: m.staffId,
          staff_name: m.staffName,
          recalled_at: m.recalledAt?.toISOString() ?? null,
          recall_until: recallable ? until.toISOString() : null,
          attachments: attachmentsOf(files, m.id).map((a) => ({
            ...a,
            download_path: deskFilePath(a.file_id),
          })),
        };
      }),
    };
  }

  /** FAQ entries to insert into a reply (see DeskRepository.faqTitles). */
  async titleMatch(
    input: { keywords: string; game_base_id?: number | undefined; page_num: number; page_size: number },
    lang: string,
  ) {
    const { rows, total } = await this.reads.faqTitles({
      lang,
      keywords: input.keywords.split(/\s+/).filter(Boolean),
      gameBaseId: input.game_base_id,
      now: this.now(),
      offset: (input.page_num - 1) * input.page_size,
      limit: input.page_size,
    });
    return {
      list: rows.map((r) => ({ question_id: r.id, question_title: r.title, question_content: r.content })),
      total,
      page_num: input.page_num,
      page_size: input.page_size,
    };
  }

  private async summary(workOrderId: number, lang: string): Promise<DeskTicketSummary> {
    const found = await this.reads.ticket(workOrderId, lang);
    if (!found) throw new AppError(codes.notFound);
    return this.summaryOf(found);
  }

  // ---- Writes (each with its audit row in its transaction) ----

  async reply(
    staff: AuthenticatedStaff,
    input: { work_order_id: number; reply_content: string; reply_status: ReplyStatus },
    /** Part of a batch reply (`{ lang }`: a per-language one, with the language of the text sent). */
    batch: boolean | { lang: string } = false,
  ): Promise<{ work_order_id: number; message_id: number }> {
    const id = input.work_order_id;
    return inTransaction(this.db, async (tx) => {
      const done = await this.tickets(tx).reply(id, actorOf(staff), input.reply_content, input.reply_status);
      await audit.record(tx, {
        actor: staff,
        action: 'ticket.reply',
        target: ticketTarget(id),
        before: { work_order_status: done.statusBefore },
        after: {
          message_id: done.message_id,
          reply_status: input.reply_status,
          content: input.reply_content,
          ...(batch ? { batch: true } : {}),
          ...(typeof batch === 'object' ? { lang: batch.lang } : {}),
        },
      });
      return { work_order_id: id, message_id: done.message_id };
    });
  }

  /**
   * An answer to each ticket, each in its own transaction: one refused ticket (-20003 closed, -40001 held with
   * the holder, -404 none, -400 a filled text over the reply's length) does not stop the others. With
   * `reply_texts` each ticket gets its language's text (else en) with its variables filled (see `batchPreview`).
   */
  async batchReply(
    staff: AuthenticatedStaff,
    input: {
      work_order_list: number[];
      reply_content?: string | undefined;
      reply_texts?: ReplyTextsByLanguage | undefined;
      reply_status: ReplyStatus;
    },
  ): Promise<{ list: { work_order_id: number; code: number; lock: LockHolderData | null }[] }> {
    const filled = input.reply_texts
      ? new Map((await this.fill(input.work_order_list, input.reply_texts)).map((p) => [p.work_order_id, p]))
      : null;
    const list = [];
    for (const id of input.work_order_list) {
      try {
        const preview = filled?.get(id);
        if (filled && preview?.code !== codes.ok) throw new AppError(preview?.code ?? codes.notFound);
        const content = preview ? preview.content : (input.reply_content ?? '');
        await this.reply(
          staff,
          { work_order_id: id, reply_content: content, reply_status: input.reply_status },
          preview ? { lang: preview.lang } : true,
        );
        list.push({ work_order_id: id, code: codes.ok, lock: null });
      } catch (error) {
        if (!(error instanceof AppError)) {
          this.options.log?.error({ err: error, workOrderId: id }, 'batch reply failed for one ticket');
          list.push({ work_order_id: id, code: codes.serverError, lock: null });
          continue;
        }
        const lock =
          error.code === codes.staffTicketHandledByOther ? (error.options.data as LockHolderData) : null;
        list.push({ work_order_id: id, code: error.code, lock });
      }
    }
    return { list };
  }

  /** What a per-language batch reply would send each ticket, in the order asked; nothing is written. */
  async batchPreview(input: {
    work_order_list: number[];
    reply_texts: ReplyTextsByLanguage;
  }): Promise<{ list: BatchReplyPreviewItem[] }> {
    return { list: await this.fill(input.work_order_list, input.reply_texts) };
  }

  /**
   * Each ticket's text: its language's (else en) with `{nickname}`, `{game}` (in the text's language) and
   * `{order_no}` (the ticket's linked top-up order; empty for a ticket about none) filled.
   */
  private async fill(ids: number[], texts: ReplyTextsByLanguage): Promise<BatchReplyPreviewItem[]> {
    const targets = new Map((await this.reads.replyTargets(ids)).map((r) => [r.id, r]));
    return ids.map((id): BatchReplyPreviewItem => {
      const target = targets.get(id);
      const lang = replyLanguageFor(texts, target?.lang ?? 'en');
      if (!target) return { work_order_id: id, code: codes.notFound, ticket_lang: null, lang, content: '' };
      const content = fillReplyVariables(texts[lang] ?? texts.en, {
        nickname: target.nickname,
        // In the language of the text: an en text sent for want of the ticket's language names the game in en.
        game: lang === target.lang ? target.gameName : target.gameNameEn,
        order_no: target.orderNo ?? '',
      });
      const fits = replyContentRule.safeParse(content).success;
      return {
        work_order_id: id,
        code: fits ? codes.ok : codes.badRequest,
        ticket_lang: target.lang,
        lang,
        content: fits ? content.trim() : content,
      };
    });
  }

  async modify(
    staff: AuthenticatedStaff,
    input: {
      work_order_id: number;
      work_order_status?: WorkOrderStatus | undefined;
      question_type?: number | undefined;
    },
    lang: string,
  ): Promise<DeskTicketSummary> {
    const id = input.work_order_id;
    await inTransaction(this.db, async (tx) => {
      const change = await this.tickets(tx).modify(id, actorOf(staff), {
        status: input.work_order_status,
        questionType: input.question_type,
      });
      const changed =
        change.before.work_order_status !== change.after.work_order_status ||
        change.before.question_type !== change.after.question_type;
      if (changed) {
        await audit.record(tx, {
          actor: staff,
          action: 'ticket.modify',
          target: ticketTarget(id),
          before: change.before,
          after: change.after,
        });
      }
    });
    return this.summary(id, lang);
  }

  async recall(
    staff: AuthenticatedStaff,
    input: { work_order_id: number; message_id: number },
    lang: string,
  ): Promise<DeskTicketSummary> {
    const id = input.work_order_id;
    await inTransaction(this.db, async (tx) => {
      const done = await this.tickets(tx).recall(id, input.message_id, actorOf(staff));
      await audit.record(tx, {
        actor: staff,
        action: 'ticket.recall',
        target: ticketTarget(id),
        before: {
          message_id: input.message_id,
          content: done.content,
          reply_status: done.replyStatus,
          work_order_status: done.statusBefore,
        },
        after: { work_order_status: done.statusAfter, notice_withdrawn: done.noticeWithdrawn },
      });
    });
    return this.summary(id, lang);
  }

  /** Taking and giving back the lock are not writes of the ticket: no audit row (see `auditActions`). */
  lock(staff: AuthenticatedStaff, input: { work_order_id: number; renew: 0 | 1 }): Promise<LockHolderData> {
    return this.tickets().takeLock(input.work_order_id, actorOf(staff), input.renew === 1);
  }

  async unlock(staff: AuthenticatedStaff, workOrderId: number): Promise<null> {
    await this.tickets().releaseLock(workOrderId, actorOf(staff));
    return null;
  }
}
