/**
 * Saved replies: reusable answers with a text per language (en required) that agents pick in the batch reply.
 * Each save and delete runs in one transaction with its audit row (ticket.saved_reply.*).
 */
import { replyLanguages, type SavedReplyItem } from '@gp/contracts/desk';
import { codes } from '@gp/errors';
import type { Clock } from '../../../config/clock.ts';
import { inTransaction, type Db } from '../../../db/database.ts';
import { AppError } from '../../../http/app-error.ts';
import { audit, type AuthenticatedStaff } from '../../staff/index.ts';
import { SavedReplyRepository, type SavedReplyRow } from './saved-reply.repository.ts';

export interface SavedReplyInput {
  saved_reply_id?: number | undefined;
  title: string;
  texts: { en: string } & Partial<Record<(typeof replyLanguages)[number], string | undefined>>;
}

const target = (id: number) => ({ type: 'cs_saved_reply', id });

/** A saved reply as the console shows it. */
function itemOf(row: SavedReplyRow): SavedReplyItem {
  const text = (lang: string) => row.texts[lang] ?? null;
  return {
    saved_reply_id: row.id,
    title: row.title,
    texts: { en: row.texts.en ?? '', th: text('th'), cn: text('cn'), vi: text('vi'), zh: text('zh') },
    updated_at: row.updatedAt.toISOString(),
    updated_by: row.updatedByName,
  };
}

/** The texts that are set, by language. */
function storedTexts(texts: SavedReplyInput['texts']): Record<string, string> {
  return Object.fromEntries(replyLanguages.flatMap((lang) => (texts[lang] ? [[lang, texts[lang]]] : [])));
}

/**
 * What changed, for the audit row: the title and, under `texts`, the languages whose text changed (null: none).
 */
function changes(before: SavedReplyRow, title: string, texts: Record<string, string>) {
  const was: Record<string, unknown> = {};
  const now: Record<string, unknown> = {};
  if (before.title !== title) {
    was.title = before.title;
    now.title = title;
  }
  const wasTexts: Record<string, string | null> = {};
  const nowTexts: Record<string, string | null> = {};
  for (const lang of replyLanguages) {
    const old = before.texts[lang] ?? null;
    const next = texts[lang] ?? null;
    if (old !== next) {
      wasTexts[lang] = old;
      nowTexts[lang] = next;
    }
  }
  if (Object.keys(nowTexts).length > 0) {
    was.texts = wasTexts;
    now.texts = nowTexts;
  }
  return { before: was, after: now };
}

export class SavedReplyService {
  constructor(private readonly options: { db: Db; now: Clock }) {}

  async list(): Promise<{ list: SavedReplyItem[] }> {
    const rows = await new SavedReplyRepository(this.options.db).list();
    return { list: rows.map(itemOf) };
  }

  /** Creates (no id) or edits one (-404 none); the texts replace the stored ones. */
  async save(staff: AuthenticatedStaff, input: SavedReplyInput): Promise<SavedReplyItem> {
    const now = this.options.now();
    const texts = storedTexts(input.texts);
    const by = { updatedByStaffId: staff.staffId, updatedByName: staff.accountName, updatedAt: now };
    const id = await inTransaction(this.options.db, async (tx) => {
      const repo = new SavedReplyRepository(tx);
      if (input.saved_reply_id === undefined) {
        const created = await repo.insert({ title: input.title, ...by, createdAt: now });
        await repo.replaceTexts(created, texts);
        await audit.record(tx, {
          actor: staff,
          action: 'ticket.saved_reply.save',
          target: target(created),
          after: { title: input.title, texts },
        });
        return created;
      }
      const found = await repo.find(input.saved_reply_id, true);
      if (!found) throw new AppError(codes.notFound);
      const diff = changes(found, input.title, texts);
      if (Object.keys(diff.after).length === 0) return found.id;
      await repo.update(found.id, { title: input.title, ...by });
      await repo.replaceTexts(found.id, texts);
      await audit.record(tx, {
        actor: staff,
        action: 'ticket.saved_reply.save',
        target: target(found.id),
        ...diff,
      });
      return found.id;
    });
    const saved = await new SavedReplyRepository(this.options.db).find(id);
    return itemOf(saved!);
  }

  /** Deletes one (-404 none); the audit row keeps its title and texts. */
  async delete(staff: AuthenticatedStaff, id: number): Promise<null> {
    await inTransaction(this.options.db, async (tx) => {
      const repo = new SavedReplyRepository(tx);
      const found = await repo.find(id, true);
      if (!found) throw new AppError(codes.notFound);
      await repo.delete(id);
      await audit.record(tx, {
        actor: staff,
        action: 'ticket.saved_reply.delete',
        target: target(id),
        before: { title: found.title, texts: found.texts },
      });
    });
    return null;
  }
}
