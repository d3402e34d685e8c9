/**
 * The staff side of the content kinds that are an ordered item with texts per language (banners, home modules,
 * fan groups): page, detail, save (create or update, with its audit row of the changed fields) and delete. Each
 * kind is a configuration of this service (`OrderedItemKind`): its tables, its readable key (`slug` or `key`),
 * its own fields in answers, saves and audit rows, its status and its extra save checks.
 */
import { randomBytes } from 'node:crypto';
import type { ContentImage, ContentLanguage, ContentStatus } from '@gp/contracts/content-admin';
import type { AuditAction } from '@gp/contracts/staff';
import { codes } from '@gp/errors';
import type { Clock } from '../../../config/clock.ts';
import type { Db } from '../../../db/database.ts';
import { AppError } from '../../../http/app-error.ts';
import type { AuthenticatedStaff } from '../../staff/index.ts';
import { removeItem, saveItem, type AuditedKind } from './audited-item.ts';
import {
  asFlag,
  byOwner,
  fieldError,
  imageLookup,
  iso,
  languagesOf,
  textEntries,
  textIn,
  textsOf,
} from './content-admin-data.ts';
import { ContentRefsRepository } from './content-admin.repository.ts';
import { OrderedItemRepository, type OrderedItemTables } from './ordered-item-admin.repository.ts';

/** What every such item row has. */
export interface OrderedItemRow {
  id: number;
  sort: number;
  isOnline: boolean;
  updatedAt: Date;
}

/** What every such save has besides the kind's own fields. */
export interface OrderedItemSave<Text> {
  id?: number | undefined;
  sort: number;
  is_online: 0 | 1;
  texts: Partial<Record<ContentLanguage, Text | undefined>>;
}

/** The fields every such item's answers have. */
export interface OrderedItemCommon {
  id: number;
  sort: number;
  is_online: 0 | 1;
  status: ContentStatus;
  languages: ContentLanguage[];
  updated_at: string;
}

/** A kind's types: its rows, its save and its answers (the contracts' types). */
export interface OrderedItemTypes {
  /** The item table's select and insert types. */
  row: OrderedItemRow;
  values: object;
  /** The i18n table's select type and the property naming its item. */
  textRow: { lang: string };
  ownerKey: string;
  /** One language's text in saves and answers. */
  text: object;
  save: OrderedItemSave<this['text']>;
  /** The name of the readable key in saves, answers, refusals and the item table (`slug`, `key`). */
  keyField: string;
  summary: OrderedItemCommon;
  data: OrderedItemCommon & { texts: Partial<Record<ContentLanguage, object>> };
}

/** A text row before it is stored: without the item's reference (replace adds it). */
type TextValues<T extends OrderedItemTypes> = Omit<T['textRow'], T['ownerKey']> & { lang: string };

export interface OrderedItemDeps {
  db: Db;
  now: Clock;
  /** Needed by kinds with pictures. */
  mediaUrl?: ((id: string) => string) | undefined;
}

/** What a kind's own fields are built from. */
export interface OrderedItemView<Row> {
  row: Row;
  now: Date;
  /** A picture of the item (its media id) as answers show it. */
  image: (mediaId: string) => ContentImage;
}

export interface OrderedItemKind<T extends OrderedItemTypes> {
  tables: OrderedItemTables<T['ownerKey']>;
  /** The readable key's name on rows and in saves, where a save may leave it out. */
  keyField: T['keyField'];
  /** The start of a key made for an item saved without one (a random part follows). */
  keyPrefix: (input: T['save']) => string;
  /** The audit rows' actions and target type. */
  audit: { save: AuditAction; delete: AuditAction; target: string };
  /** A text row (stored or about to be) as the answers' and audit rows' text. */
  text: (row: T['textRow'] | TextValues<T>) => T['text'];
  status: (row: T['row'], now: Date) => ContentStatus;
  /** The media ids of the item's pictures, when it has any. */
  pictures?: ((row: T['row']) => string[]) | undefined;
  /** The kind's own fields of a list row; `text` is the page language's (else en's, else any). */
  listed: (
    view: OrderedItemView<T['row']>,
    text: T['text'] | undefined,
  ) => Omit<T['summary'], keyof OrderedItemCommon>;
  /** The kind's own fields of an item's answer. */
  shown: (view: OrderedItemView<T['row']>) => Omit<T['data'], keyof OrderedItemCommon | 'texts'>;
  /** The kind's own fields of the audit rows (besides the key, sort, is_online and texts). */
  audited: (row: T['row']) => Record<string, unknown>;
  /** Refusals of the kind's own fields, after the item is found and before the key is checked. */
  check?: ((input: T['save'], refs: ContentRefsRepository) => Promise<void>) | undefined;
  /** The kind's own columns of a save (besides the key, sort, isOnline and updatedAt). */
  values: (input: T['save']) => Omit<T['values'], T['keyField'] | 'sort' | 'isOnline' | 'updatedAt'>;
}

export interface OrderedItemPageInput {
  status?: ContentStatus | undefined;
  has_lang?: string | undefined;
  missing_lang?: string | undefined;
  keyword?: string | undefined;
  page_num: number;
  page_size: number;
}

export class OrderedItemAdminService<T extends OrderedItemTypes> {
  constructor(
    private readonly d: OrderedItemDeps,
    private readonly kind: OrderedItemKind<T>,
  ) {}

  private repo(db: Db = this.d.db) {
    return new OrderedItemRepository<T['row'], T['values'], T['textRow'], T['ownerKey']>(
      db,
      this.kind.tables,
    );
  }

  private async find(id: number): Promise<T['row']> {
    const row = await this.repo().find(id);
    if (!row) throw new AppError(codes.notFound);
    return row;
  }

  /** The readable key's value on a row (the kind's rows have it under `keyField`). */
  private keyOf(row: T['row']): string {
    return (row as unknown as Record<string, string>)[this.kind.keyField]!;
  }

  /** The readable key a save gives, if it gives one (under `keyField` as well). */
  private keyGiven(input: T['save']): string | undefined {
    return (input as unknown as Record<string, string | undefined>)[this.kind.keyField];
  }

  private ownerOf(text: T['textRow']): number {
    return (text as Record<T['ownerKey'], number>)[this.kind.tables.texts.ownerKey];
  }

  /** A lookup of the rows' pictures (no query for kinds without pictures). */
  private async images(rows: readonly T['row'][]): Promise<(mediaId: string) => ContentImage> {
    const { pictures } = this.kind;
    const { mediaUrl } = this.d;
    if (!pictures) return () => fail('this kind has no pictures');
    if (!mediaUrl) return fail('a kind with pictures needs mediaUrl');
    return imageLookup(new ContentRefsRepository(this.d.db), mediaUrl, rows.flatMap(pictures));
  }

  private common(row: T['row'], now: Date, texts: readonly { lang: string }[]): OrderedItemCommon {
    return {
      id: row.id,
      sort: row.sort,
      is_online: asFlag(row.isOnline),
      status: this.kind.status(row, now),
      languages: languagesOf(texts),
      updated_at: iso(row.updatedAt),
    };
  }

  async page(
    input: OrderedItemPageInput,
    lang: string,
  ): Promise<{ list: T['summary'][]; total: number; page_num: number; page_size: number }> {
    const now = this.d.now();
    const { rows, total } = await this.repo().page({
      status: input.status,
      hasLang: input.has_lang,
      missingLang: input.missing_lang,
      keyword: input.keyword,
      now,
      offset: (input.page_num - 1) * input.page_size,
      limit: input.page_size,
    });
    const texts = byOwner(await this.repo().texts.of(rows.map((r) => r.id)), (t) => this.ownerOf(t));
    const image = await this.images(rows);
    const list = rows.map((row) => {
      const own = texts.get(row.id) ?? [];
      const text = textIn(own, lang);
      // The common fields and the kind's own ones (typed as the summary without the common ones) make it.
      return {
        ...this.common(row, now, own),
        ...this.kind.listed({ row, now, image }, text && this.kind.text(text)),
      } as T['summary'];
    });
    return { list, total, page_num: input.page_num, page_size: input.page_size };
  }

  async detail(id: number): Promise<T['data']> {
    const row = await this.find(id);
    const texts = await this.repo().texts.of([id]);
    const now = this.d.now();
    const image = await this.images([row]);
    // As in page: the common fields, the kind's own ones and the texts make the answer.
    return {
      ...this.common(row, now, texts),
      ...this.kind.shown({ row, now, image }),
      texts: textsOf(texts, this.kind.text),
    } as T['data'];
  }

  private snapshot(row: T['row'], texts: readonly (T['textRow'] | TextValues<T>)[]) {
    return {
      [this.kind.keyField]: this.keyOf(row),
      ...this.kind.audited(row),
      sort: row.sort,
      is_online: row.isOnline,
      texts: textsOf(texts, this.kind.text),
    };
  }

  async save(staff: AuthenticatedStaff, input: T['save']): Promise<T['data']> {
    const { kind } = this;
    const existing = input.id ? await this.find(input.id) : undefined;
    await kind.check?.(input, new ContentRefsRepository(this.d.db));
    const key =
      this.keyGiven(input) ??
      (existing && this.keyOf(existing)) ??
      `${kind.keyPrefix(input)}-${randomBytes(4).toString('hex')}`;
    if (await this.repo().keyTaken(key, existing?.id)) fieldError(kind.keyField, 'taken');
    // A save's text has the text row's own fields, by the contracts and the schema agreeing on their names.
    const texts = textEntries<T['text']>(input.texts).map(
      ([lang, t]) => ({ lang, ...t }) as unknown as TextValues<T>,
    );
    // The kind's own columns with the key under its column's name and what every item has make the row.
    const values = {
      ...kind.values(input),
      [kind.keyField]: key,
      sort: input.sort,
      isOnline: input.is_online === 1,
      updatedAt: this.d.now(),
    } as T['values'];
    const id = await saveItem(this.audited(), staff, existing, values, texts);
    return this.detail(id);
  }

  async remove(staff: AuthenticatedStaff, id: number): Promise<null> {
    return removeItem(this.audited(), staff, id);
  }

  /** The kind's storage and audit rows as the audited writes see them. */
  private audited(): AuditedKind<T['row'], T['values'], T['textRow'], TextValues<T>> {
    const { kind } = this;
    return {
      db: this.d.db,
      store: (db) => this.repo(db),
      snapshot: (row, texts) => this.snapshot(row, texts),
      audit: kind.audit,
      keyField: kind.keyField,
    };
  }
}

function fail(message: string): never {
  throw new Error(message);
}
