/**
 * FAQ entries for staff: the rules of create, edit, the online switch and delete, each write audited in its
 * own transaction. What players see follows from three columns: `is_online` (the switch), `online_type` and
 * `online_time`; the player's search (cs/faq.repository.ts) shows an entry while it is online and its online
 * time has come, so a scheduled entry appears by itself at its time.
 */
import { randomBytes } from 'node:crypto';
import {
  editLanguages,
  faqOnlineType,
  type EditLanguage,
  type FaqAdminDetail,
  type FaqAdminPageData,
  type FaqTexts,
  type OnlineState,
  type QuestionTypeAdminItem,
} from '@gp/contracts/catalog-admin';
import { codes } from '@gp/errors';
import type { Clock } from '../../config/clock.ts';
import { inTransaction, type Db } from '../../db/database.ts';
import { AppError, RequestValidationError } from '../../http/app-error.ts';
import { languagesFor, pickLanguage } from '../site/index.ts';
import { audit, type AuthenticatedStaff } from '../staff/index.ts';
import { FaqAdminRepository, type FaqRow, type FaqTextRow } from './faq-admin.repository.ts';
import { FaqRepository } from './faq.repository.ts';

export interface FaqAdminDeps {
  db: Db;
  now: Clock;
}

export interface FaqPageInput {
  game_base_id?: number | undefined;
  question_type?: number | undefined;
  online_state?: OnlineState | undefined;
  keyword?: string | undefined;
  language?: EditLanguage | undefined;
  page_num: number;
  page_size: number;
}

export interface FaqSaveInput {
  question_id?: number | undefined;
  question_type: number;
  game_base_id: number | null;
  online_type: 1 | 2;
  online_time?: string | null | undefined;
  sort: number;
  texts: FaqTexts;
}

const flag = (on: boolean) => (on ? 1 : 0) as 0 | 1;
const fieldError = (field: string, code: string) => new RequestValidationError([{ field, code }]);
const target = (id: number) => ({ type: 'cs_faq', id });

/** The language titles are shown in: the one asked for, else the page language when staff write in it, else en. */
export function displayLanguage(pageLang: string, asked?: EditLanguage): EditLanguage {
  if (asked) return asked;
  return (editLanguages as readonly string[]).includes(pageLang) ? (pageLang as EditLanguage) : 'en';
}

/** What players see at `now`. */
export function onlineStateOf(row: Pick<FaqRow, 'isOnline' | 'onlineTime'>, now: Date): OnlineState {
  if (!row.isOnline) return 'offline';
  return row.onlineTime.getTime() > now.getTime() ? 'scheduled' : 'online';
}

type TextMap = Partial<Record<EditLanguage, { question_title: string; question_content: string }>>;

function textMap(rows: readonly FaqTextRow[]): TextMap {
  const map: TextMap = {};
  for (const lang of editLanguages) {
    const row = rows.find((r) => r.lang === lang);
    if (row) map[lang] = { question_title: row.title, question_content: row.content };
  }
  return map;
}

function formTexts(texts: FaqTexts): TextMap {
  const map: TextMap = {};
  for (const lang of editLanguages) {
    const text = texts[lang];
    if (text) map[lang] = { question_title: text.question_title, question_content: text.question_content };
  }
  return map;
}

/** The entry as the audit log keeps it. */
function snapshot(row: FaqRow, texts: TextMap): Record<string, unknown> {
  return {
    question_type: row.questionTypeId,
    game_base_id: row.gameBaseId,
    online_type: row.onlineType,
    online_time: row.onlineTime.toISOString(),
    is_online: flag(row.isOnline),
    sort: row.sort,
    texts,
  };
}

/** The fields of `after` that differ from `before` (texts: per language, null for a language without text). */
function changes(before: Record<string, unknown>, after: Record<string, unknown>) {
  const was: Record<string, unknown> = {};
  const now: Record<string, unknown> = {};
  for (const key of Object.keys(after)) {
    if (key === 'texts') continue;
    if (before[key] !== after[key]) {
      was[key] = before[key];
      now[key] = after[key];
    }
  }
  const oldTexts = before.texts as TextMap;
  const newTexts = after.texts as TextMap;
  const textsWas: Record<string, unknown> = {};
  const textsNow: Record<string, unknown> = {};
  for (const lang of editLanguages) {
    if (JSON.stringify(oldTexts[lang] ?? null) !== JSON.stringify(newTexts[lang] ?? null)) {
      textsWas[lang] = oldTexts[lang] ?? null;
      textsNow[lang] = newTexts[lang] ?? null;
    }
  }
  if (Object.keys(textsNow).length > 0) {
    was.texts = textsWas;
    now.texts = textsNow;
  }
  return { before: was, after: now, changed: Object.keys(now).length > 0 };
}

export class FaqAdminService {
  constructor(private readonly d: FaqAdminDeps) {}

  private now(): Date {
    return this.d.now();
  }

  async page(input: FaqPageInput, pageLang: string): Promise<FaqAdminPageData> {
    const lang = displayLanguage(pageLang, input.language);
    const now = this.now();
    const { rows, total } = await new FaqAdminRepository(this.d.db).page({
      ...(input.game_base_id !== undefined ? { gameBaseId: input.game_base_id || null } : {}),
      ...(input.question_type !== undefined ? { questionTypeId: input.question_type } : {}),
      ...(input.online_state ? { state: input.online_state } : {}),
      ...(input.keyword ? { keyword: input.keyword } : {}),
      ...(input.keyword && input.language ? { keywordLangs: languagesFor(input.language) } : {}),
      now,
      lang,
      offset: (input.page_num - 1) * input.page_size,
      limit: input.page_size,
    });
    return {
      list: rows.map((r) => ({
        question_id: r.faq.id,
        game_base_id: r.faq.gameBaseId,
        game_name: r.faq.gameBaseId === null ? null : (r.gameName ?? ''),
        question_type: r.faq.questionTypeId,
        question_type_name: r.typeName ?? '',
        question_title: r.title ?? '',
        title_lang: displayLanguage(r.titleLang),
        languages: editLanguages.filter((l) => r.languages.includes(l)),
        online_type: r.faq.onlineType as 1 | 2,
        online_time: r.faq.onlineTime.toISOString(),
        is_online: flag(r.faq.isOnline),
        online_state: onlineStateOf(r.faq, now),
        sort: r.faq.sort,
        created_at: r.faq.createdAt.toISOString(),
        updated_at: r.faq.updatedAt.toISOString(),
      })),
      total,
      page_num: input.page_num,
      page_size: input.page_size,
    };
  }

  private async detailOf(db: Db, row: FaqRow, pageLang: string): Promise<FaqAdminDetail> {
    const repo = new FaqAdminRepository(db);
    const lang = displayLanguage(pageLang);
    const [texts, labels] = await Promise.all([repo.texts(row.id), repo.labels(row, lang)]);
    const map = textMap(texts);
    if (!map.en) throw new Error(`FAQ entry ${row.id} has no en text`); // the form never saves one without it
    return {
      question_id: row.id,
      game_base_id: row.gameBaseId,
      game_name: row.gameBaseId === null ? null : (labels.gameName ?? ''),
      question_type: row.questionTypeId,
      question_type_name: labels.typeName,
      languages: editLanguages.filter((l) => map[l] !== undefined),
      online_type: row.onlineType as 1 | 2,
      online_time: row.onlineTime.toISOString(),
      is_online: flag(row.isOnline),
      online_state: onlineStateOf(row, this.now()),
      sort: row.sort,
      created_at: row.createdAt.toISOString(),
      updated_at: row.updatedAt.toISOString(),
      texts: {
        en: map.en,
        th: map.th ?? null,
        cn: map.cn ?? null,
        vi: map.vi ?? null,
        zh: map.zh ?? null,
      },
    };
  }

  async detail(id: number, pageLang: string): Promise<FaqAdminDetail> {
    const row = await new FaqAdminRepository(this.d.db).find(id);
    if (!row) throw new AppError(codes.notFound);
    return this.detailOf(this.d.db, row, pageLang);
  }

  /** The question type must be filed for FAQ and belong to every game or to the entry's game; the game must exist. */
  private async checkChoices(input: FaqSaveInput): Promise<void> {
    const repo = new FaqAdminRepository(this.d.db);
    const type = await repo.questionType(input.question_type);
    if (!type || !type.forFaq || (type.gameBaseId !== null && type.gameBaseId !== input.game_base_id)) {
      throw fieldError('question_type', 'not_offered');
    }
    if (input.game_base_id !== null && !(await repo.gameExists(input.game_base_id))) {
      throw fieldError('game_base_id', 'not_found');
    }
  }

  /**
   * When players see the entry once it is on. Scheduled: the time given, which must lie ahead when it is new or
   * changed (an unchanged one may have passed: the entry went online then). Now: the time it was switched on,
   * kept while it stays "now"; an entry made "now" while online goes online at this moment.
   */
  private onlineTime(input: FaqSaveInput, existing: FaqRow | undefined, now: Date): Date {
    if (input.online_type === faqOnlineType.scheduled) {
      if (!input.online_time) throw fieldError('online_time', 'required');
      const at = new Date(input.online_time);
      const unchanged =
        existing?.onlineType === faqOnlineType.scheduled && existing.onlineTime.getTime() === at.getTime();
      if (!unchanged && at.getTime() <= now.getTime()) throw fieldError('online_time', 'not_future');
      return at;
    }
    if (existing?.onlineType === faqOnlineType.now) return existing.onlineTime;
    return now;
  }

  async save(staff: AuthenticatedStaff, input: FaqSaveInput, pageLang: string): Promise<FaqAdminDetail> {
    await this.checkChoices(input);
    const texts = formTexts(input.texts);
    const textRows = editLanguages.flatMap((lang) => {
      const t = texts[lang];
      return t ? [{ lang, title: t.question_title, content: t.question_content }] : [];
    });
    return inTransaction(this.d.db, async (tx) => {
      const repo = new FaqAdminRepository(tx);
      const now = this.now();
      const existing = input.question_id !== undefined ? await repo.lock(input.question_id) : undefined;
      if (input.question_id !== undefined && !existing) throw new AppError(codes.notFound);
      const values = {
        gameBaseId: input.game_base_id,
        questionTypeId: input.question_type,
        onlineType: input.online_type,
        onlineTime: this.onlineTime(input, existing, now),
        sort: input.sort,
      };

      if (!existing) {
        const row = await repo.insert({
          ...values,
          slug: `faq-${randomBytes(8).toString('hex')}`,
          isOnline: false,
          at: now,
        });
        await repo.replaceTexts(row.id, textRows);
        await audit.record(tx, {
          actor: staff,
          action: 'faq.save',
          target: target(row.id),
          after: snapshot(row, texts),
        });
        return this.detailOf(tx, row, pageLang);
      }

      const before = snapshot(existing, textMap(await repo.texts(existing.id)));
      const diff = changes(before, snapshot({ ...existing, ...values }, texts));
      if (!diff.changed) return this.detailOf(tx, existing, pageLang);
      const row = await repo.update(existing.id, { ...values, updatedAt: now });
      if (diff.after.texts) await repo.replaceTexts(row.id, textRows);
      await audit.record(tx, {
        actor: staff,
        action: 'faq.save',
        target: target(row.id),
        before: diff.before,
        after: diff.after,
      });
      return this.detailOf(tx, row, pageLang);
    });
  }

  /** On: "now" entries go online at this moment, scheduled ones at their time. The same state again: nothing. */
  async switchOnline(
    staff: AuthenticatedStaff,
    input: { question_id: number; is_online: 0 | 1 },
    pageLang: string,
  ): Promise<FaqAdminDetail> {
    return inTransaction(this.d.db, async (tx) => {
      const repo = new FaqAdminRepository(tx);
      const existing = await repo.lock(input.question_id);
      if (!existing) throw new AppError(codes.notFound);
      const on = input.is_online === 1;
      if (existing.isOnline === on) return this.detailOf(tx, existing, pageLang);
      const now = this.now();
      const onlineTime = on && existing.onlineType === faqOnlineType.now ? now : existing.onlineTime;
      const row = await repo.update(existing.id, { isOnline: on, onlineTime, updatedAt: now });
      await audit.record(tx, {
        actor: staff,
        action: 'faq.online',
        target: target(row.id),
        before: { is_online: flag(existing.isOnline), online_time: existing.onlineTime.toISOString() },
        after: { is_online: flag(row.isOnline), online_time: row.onlineTime.toISOString() },
      });
      return this.detailOf(tx, row, pageLang);
    });
  }

  async remove(staff: AuthenticatedStaff, id: number): Promise<null> {
    return inTransaction(this.d.db, async (tx) => {
      const repo = new FaqAdminRepository(tx);
      const existing = await repo.lock(id);
      if (!existing) throw new AppError(codes.notFound);
      const before = snapshot(existing, textMap(await repo.texts(id)));
      await repo.delete(id);
      await audit.record(tx, { actor: staff, action: 'faq.delete', target: target(id), before });
      return null;
    });
  }

  async questionTypes(
    input: { usage?: 1 | 2 | undefined; game_base_id?: number | undefined },
    pageLang: string,
  ): Promise<QuestionTypeAdminItem[]> {
    const lang = displayLanguage(pageLang);
    const rows = await new FaqRepository(this.d.db).questionTypes({
      ...(input.usage ? { usage: input.usage } : {}),
      ...(input.game_base_id !== undefined ? { gameBaseId: input.game_base_id } : {}),
      langs: languagesFor(lang),
      online: false,
    });
    return pickLanguage(rows, lang, (r) => r.id).map((r) => ({
      question_type: r.id,
      question_type_name: r.name,
      game_base_id: r.gameBaseId,
      for_faq: flag(r.forFaq),
      for_ticket: flag(r.forTicket),
      is_online: flag(r.isOnline),
    }));
  }
}
