/**
 * The staff writes of the content kinds that are an item with texts per language (articles, banners, home
 * modules, fan groups): a save creates or updates the item and makes its texts exactly the given ones, a delete
 * removes it; each runs in one transaction with its audit row (a save keeps the fields that changed, nothing
 * when nothing did; a delete keeps the whole item).
 */
import type { AuditAction } from '@gp/contracts/staff';
import { codes } from '@gp/errors';
import { inTransaction, isUniqueViolation, type Db } from '../../../db/database.ts';
import { AppError } from '../../../http/app-error.ts';
import { audit, type AuthenticatedStaff } from '../../staff/index.ts';
import { changes, fieldError } from './content-admin-data.ts';

/** One kind's items and texts as its repository keeps them (`Stored` text rows; `New` ones before a write). */
export interface ItemStore<Row extends { id: number }, Values, Stored, New> {
  find(id: number): Promise<Row | undefined>;
  insert(values: Values): Promise<Row>;
  update(id: number, values: Values): Promise<Row | undefined>;
  delete(id: number): Promise<unknown>;
  texts: {
    of(ids: readonly number[]): Promise<Stored[]>;
    replace(id: number, list: readonly New[]): Promise<void>;
  };
}

/** How one kind's writes are stored and audited. */
export interface AuditedKind<Row extends { id: number }, Values, Stored, New> {
  db: Db;
  /** The kind's repository on `db` (a transaction's). */
  store: (db: Db) => ItemStore<Row, Values, Stored, New>;
  /** What the audit rows keep of an item with these texts. */
  snapshot: (row: Row, texts: readonly (Stored | New)[]) => Record<string, unknown>;
  /** The audit rows' actions and target type. */
  audit: { save: AuditAction; delete: AuditAction; target: string };
  /** The unique readable key (`slug`, `key`), refused as taken when another save took it first. */
  keyField: string;
}

/** Creates (no `existing`) or updates the item with exactly these texts; answers its id. */
export async function saveItem<Row extends { id: number }, Values, Stored, New>(
  kind: AuditedKind<Row, Values, Stored, New>,
  staff: AuthenticatedStaff,
  existing: Row | undefined,
  values: Values,
  texts: readonly New[],
): Promise<number> {
  try {
    return await inTransaction(kind.db, async (tx) => {
      const store = kind.store(tx);
      const before = existing ? kind.snapshot(existing, await store.texts.of([existing.id])) : null;
      const row = existing ? await store.update(existing.id, values) : await store.insert(values);
      if (!row) throw new AppError(codes.notFound); // deleted meanwhile
      await store.texts.replace(row.id, texts);
      const diff = changes(before, kind.snapshot(row, texts));
      if (diff) {
        await audit.record(tx, {
          actor: staff,
          action: kind.audit.save,
          target: { type: kind.audit.target, id: row.id },
          ...diff,
        });
      }
      return row.id;
    });
  } catch (error) {
    // Two editors giving the same key at once: the second one hears that it is taken.
    if (isUniqueViolation(error)) fieldError(kind.keyField, 'taken');
    throw error;
  }
}

/** Deletes the item for good (-404 when there is none); the audit row keeps all of it. */
export async function removeItem<Row extends { id: number }, Values, Stored, New>(
  kind: AuditedKind<Row, Values, Stored, New>,
  staff: AuthenticatedStaff,
  id: number,
): Promise<null> {
  await inTransaction(kind.db, async (tx) => {
    const store = kind.store(tx);
    const row = await store.find(id);
    if (!row) throw new AppError(codes.notFound);
    const before = kind.snapshot(row, await store.texts.of([id]));
    await store.delete(id);
    await audit.record(tx, {
      actor: staff,
      action: kind.audit.delete,
      target: { type: kind.audit.target, id },
      before,
    });
  });
  return null;
}
