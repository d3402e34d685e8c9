/**
 * The storage of the content kinds that are an ordered item with texts per language (banners, home modules, fan
 * groups): one table of items with an id, a unique readable key (slug or key) and a `sort`, and an i18n table
 * with one row per item and language. Each kind's repository is a configuration of this one.
 */
import { and, asc, count, eq, inArray, ne, notInArray, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { ContentStatus } from '@gp/contracts/content-admin';
import type { Db } from '../../../db/database.ts';
import { keywordMatch, languagePresence, onlineOrNot, type TextsTable } from './content-admin.repository.ts';

/** An i18n table: which item and language a row is, and what the keyword searches. */
export interface ItemTextsTable<OwnerKey extends string> extends TextsTable {
  /** The row's property that holds `owner` (drizzle's name of the column, e.g. `bannerId`). */
  ownerKey: OwnerKey;
}

/** An i18n table by its columns' names: `lang`, the `owner` naming the item, and the `searched` text. */
export function itemTextsOf<OwnerKey extends string, Searched extends string>(
  table: PgTable & Record<'lang' | OwnerKey | Searched, AnyPgColumn>,
  owner: OwnerKey,
  searched: Searched,
): ItemTextsTable<OwnerKey> {
  return { table, owner: table[owner], ownerKey: owner, lang: table.lang, searched: [table[searched]] };
}

/** Reads and writes the texts per language of items of one kind. */
export class ItemTexts<TextRow extends { lang: string }, OwnerKey extends string> {
  constructor(
    private readonly db: Db,
    private readonly t: ItemTextsTable<OwnerKey>,
  ) {}

  async of(ids: readonly number[]): Promise<TextRow[]> {
    if (ids.length === 0) return [];
    const rows = await this.db
      .select()
      .from(this.t.table)
      .where(inArray(this.t.owner, [...ids]));
    // drizzle types the rows of a table passed as PgTable loosely; the kind's configuration names their type.
    return rows as unknown as TextRow[];
  }

  /** Makes the stored texts exactly these: languages left out are deleted. */
  async replace(
    ownerId: number,
    list: readonly (Omit<TextRow, OwnerKey> & { lang: string })[],
  ): Promise<void> {
    await this.db.delete(this.t.table).where(
      and(
        eq(this.t.owner, ownerId),
        notInArray(
          this.t.lang,
          list.map((t) => t.lang),
        ),
      ),
    );
    for (const { lang, ...text } of list) {
      await this.db
        .insert(this.t.table)
        // The same loose PgTable typing: the values are the kind's text row.
        .values({ [this.t.ownerKey]: ownerId, lang, ...text } as never)
        .onConflictDoUpdate({ target: [this.t.owner, this.t.lang], set: text as never });
    }
  }
}

/** The tables and columns of one kind. */
export interface OrderedItemTables<OwnerKey extends string> {
  item: PgTable;
  id: AnyPgColumn;
  /** The unique readable key: `slug` or `key`. */
  key: AnyPgColumn;
  sort: AnyPgColumn;
  texts: ItemTextsTable<OwnerKey>;
  /** The items in this status at `now`, as players see it. */
  inStatus: (status: ContentStatus, now: Date) => SQL;
}

/**
 * The tables of a kind that is simply on or off (no times of its own), by their columns' names: `item` with its
 * `id`, `sort`, `isOnline` and readable `key`, and its i18n table (`itemTextsOf`).
 */
export function onOffItemTables<Key extends string, OwnerKey extends string, Searched extends string>(
  item: PgTable & Record<'id' | 'sort' | 'isOnline' | Key, AnyPgColumn>,
  key: Key,
  texts: PgTable & Record<'lang' | OwnerKey | Searched, AnyPgColumn>,
  owner: OwnerKey,
  searched: Searched,
): OrderedItemTables<OwnerKey> {
  return {
    item,
    id: item.id,
    key: item[key],
    sort: item.sort,
    texts: {
      table: texts,
      owner: texts[owner],
      ownerKey: owner,
      lang: texts.lang,
      searched: [texts[searched]],
    },
    inStatus: onlineOrNot(item.isOnline),
  };
}

export interface OrderedItemPageFilter {
  status?: ContentStatus | undefined;
  hasLang?: string | undefined;
  missingLang?: string | undefined;
  keyword?: string | undefined;
  now: Date;
  offset: number;
  limit: number;
}

/**
 * Items of one kind. `Row` and `Values` are the item table's select and insert types, `TextRow` its i18n table's
 * select type: drizzle cannot infer them through a table passed as a plain PgTable, so the kind names them.
 */
export class OrderedItemRepository<
  Row extends { id: number },
  Values,
  TextRow extends { lang: string },
  OwnerKey extends string,
> {
  readonly texts: ItemTexts<TextRow, OwnerKey>;

  constructor(
    private readonly db: Db,
    private readonly t: OrderedItemTables<OwnerKey>,
  ) {
    this.texts = new ItemTexts(db, t.texts);
  }

  /** A page in the players' order (`sort`, then id). */
  async page(f: OrderedItemPageFilter): Promise<{ rows: Row[]; total: number }> {
    const { t } = this;
    const where = and(
      f.status ? t.inStatus(f.status, f.now) : undefined,
      ...languagePresence(this.db, t.texts, t.id, { has: f.hasLang, missing: f.missingLang }),
      keywordMatch(this.db, t.texts, t.id, [t.key], f.keyword),
    );
    const [rows, [total]] = await Promise.all([
      this.db
        .select()
        .from(t.item)
        .where(where)
        .orderBy(asc(t.sort), asc(t.id))
        .limit(f.limit)
        .offset(f.offset),
      this.db.select({ n: count() }).from(t.item).where(where),
    ]);
    return { rows: rows as unknown as Row[], total: total?.n ?? 0 };
  }

  async find(id: number): Promise<Row | undefined> {
    const [row] = await this.db.select().from(this.t.item).where(eq(this.t.id, id));
    return row as unknown as Row | undefined;
  }

  /** Whether another item than `exceptId` has this slug / key. */
  async keyTaken(key: string, exceptId?: number): Promise<boolean> {
    const [row] = await this.db
      .select({ id: this.t.id })
      .from(this.t.item)
      .where(and(eq(this.t.key, key), exceptId ? ne(this.t.id, exceptId) : undefined));
    return !!row;
  }

  async insert(values: Values): Promise<Row> {
    const [row] = await this.db
      .insert(this.t.item)
      .values(values as never)
      .returning();
    return row as unknown as Row;
  }

  async update(id: number, values: Values): Promise<Row | undefined> {
    const [row] = await this.db
      .update(this.t.item)
      .set(values as never)
      .where(eq(this.t.id, id))
      .returning();
    return row as unknown as Row | undefined;
  }

  async delete(id: number): Promise<void> {
    await this.db.delete(this.t.item).where(eq(this.t.id, id));
  }
}
