/**
 * Moving a game's top-up catalog between sites (a publisher's test site and production) as an .xlsx workbook:
 * `catalog/export` writes it, `catalog/import` reads one back, first as a dry run that lists every change and every
 * problem, then (`dry_run` 0, with the dry run's `fingerprint`) applies exactly that plan in one transaction.
 * Both behind the `catalog` privilege, audited (`pay.catalog.export`, `pay.catalog.import` with the counts); an
 * applied import empties the public cache of every process like the other catalog writes.
 *
 * The workbook (sheet and column names are fixed keys, whatever the console's language, so any site reads them):
 * - `settings`: one `setting` / `value` row each: `game_id` (must be the importing game's), `top_up_open` (1/0),
 *   `sort`, `currencies` (ISO 4217 codes in display order, comma-separated);
 * - `products`: `product_id` (the stable key: the id the game server knows, fixed once made), `credit_amount`,
 *   `sort`, `on_sale`, `sale_from` / `sale_until` (ISO 8601 with offset, or date cells; blank: open),
 *   `image_media_id` (`image_url` is for reading only), and per language `name_<lang>`, `desc1_<lang>`,
 *   `desc2_<lang>` (en required);
 * - `prices`: `product_id`, `currency`, `pay_mode`, `price` (major units, as the console shows it: `35.00`),
 *   `on_sale`;
 * - `channels`: `currency`, `pay_mode`, `payment_type` (with the currency and mode, the key), `provider` (blank:
 *   the deployment's), `method_keys` (comma-separated), `min_amount` / `max_amount` (major units, blank: none),
 *   `sort`, `open`, `name_<lang>`. Channels belong to the game (every region selling it offers them).
 * - `readme`: what the file is; ignored on import.
 * Game-server connections (URL, keys, secrets) are never exported. Rows are matched by their keys, never by
 * database ids (another site numbers its rows differently).
 *
 * What an import does with what the store has and the file lacks: products and prices are switched off sale,
 * channels switched off (never deleted: orders name them and staff may want them back); a currency is kept (one
 * with prices or channels cannot be removed) after the file's currencies. A picture (`image_media_id`) is kept
 * only when that image exists on this site (media ids are content hashes: the same upload has the same id);
 * otherwise the product keeps the picture it has and the import warns (`image_not_found`), not refuses.
 *
 * Problems (each with sheet, row and column; row 1 is the header row; row 0 the sheet itself) use the codes of
 * `transferProblemCodes`; any problem refuses the apply. Codes (staff domain) besides every staff call's:
 * -404 the game is not in any top-up catalog; -40330 the file has problems; -40331 the store or the file changed
 * since the dry run (run it again); -400 `file` `too_large` (over `catalogTransferPolicy.maxBytes`), `fingerprint`
 * `required` (an apply without the dry run's fingerprint).
 */
import { z } from 'zod';
import type { UploadBlob } from './cs.contracts.ts';
import { flag } from './define.ts';
import { defineStaffCall } from './staff.contracts.ts';

const positiveId = z.coerce.number().int().positive().max(2_147_483_647);

export const catalogTransferPolicy = {
  /** The largest workbook an import reads. */
  maxBytes: 2 * 1024 * 1024,
  /** The most rows a sheet may have (its header row not counted). */
  maxRows: 5000,
  /** For `<input type="file" accept>`. */
  accept: '.xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
} as const;

/** The sheets of the workbook, as named in it. */
export const transferSheets = ['settings', 'products', 'prices', 'channels'] as const;
export type TransferSheet = (typeof transferSheets)[number];

/** Every code a problem or a warning of an import may carry (the console words each). */
export const transferProblemCodes = [
  /** Not an .xlsx workbook at all. */
  'not_a_workbook',
  /** A sheet of `transferSheets` is missing. */
  'missing_sheet',
  /** A column the sheet needs is missing from its header row. */
  'missing_column',
  /** More than `catalogTransferPolicy.maxRows` rows. */
  'too_many_rows',
  'required',
  /** Not a value of the column's kind (a number, 0/1, a date, an id's letters). */
  'invalid',
  'too_long',
  /** The same key twice in the sheet. */
  'duplicate',
  /** An unknown setting name in the settings sheet. */
  'unknown_setting',
  /** The settings' game_id is another game's. */
  'game_mismatch',
  /** Not an ISO 4217 code whose decimals the catalog knows. */
  'unknown_currency',
  /** A price or channel in a currency the settings do not sell in. */
  'not_sold',
  /** A price of a product the products sheet lacks. */
  'unknown_product',
  /** Not a payment mode of the catalog. */
  'unknown_pay_mode',
  'too_many_decimals',
  'not_positive',
  /** Outside the charge limits of the providers that would take the price. */
  'below_minimum',
  'above_maximum',
  /** sale_until not after sale_from. */
  'before_start',
  /** Channels: the provider, its method keys, the limits (pay-channel-authoring.contracts.ts). */
  'unknown_provider',
  'method_keys_required',
  'method_keys_unknown',
  'method_keys_currency',
  'method_keys_not_taken',
  'below_min',
  /** A channel switched on whose provider cannot take its payments here (-40320 in the channel editor). */
  'provider_not_configured',
  /** Warning: the picture is not on this site; the product keeps the one it has. */
  'image_not_found',
] as const;
export type TransferProblemCode = (typeof transferProblemCodes)[number];

export const transferProblem = z.object({
  sheet: z.string(),
  /** The sheet's row (1: the header row; 0: the sheet as a whole). */
  row: z.number().int(),
  /** The column's key (`price`, `name_en`); empty for the row or the sheet. */
  column: z.string(),
  code: z.string(),
});
export type TransferProblem = z.infer<typeof transferProblem>;

export const transferChangeKinds = ['setting', 'currency', 'product', 'price', 'channel'] as const;
export type TransferChangeKind = (typeof transferChangeKinds)[number];
/** `switched_off`: in the store, not in the file; `kept`: a currency not in the file, kept. */
export const transferActions = ['added', 'changed', 'switched_off', 'kept'] as const;
export type TransferAction = (typeof transferActions)[number];

export const transferChange = z.object({
  kind: z.literal(transferChangeKinds),
  /** The thing's key: the setting's name, the currency, product_id, `product_id currency pay_mode`, ... */
  key: z.string(),
  action: z.literal(transferActions),
  /** What changes: each field's value now and after (null: none). Empty for `kept`. */
  fields: z.array(z.object({ field: z.string(), old: z.string().nullable(), new: z.string().nullable() })),
});
export type TransferChange = z.infer<typeof transferChange>;

const counts = z.object({
  settings: z.number().int(),
  products: z.number().int(),
  prices: z.number().int(),
  channels: z.number().int(),
});

export const catalogImportResult = z.object({
  /** 1: nothing was written. */
  dry_run: flag,
  /** 1: the plan was applied. */
  applied: flag,
  /** Send it back with `dry_run` 0 to apply this plan (the store's state and the file, hashed). */
  fingerprint: z.string(),
  changes: z.array(transferChange),
  /** What the file holds as the store has it already. */
  unchanged: counts,
  problems: z.array(transferProblem),
  /** Reported, not refused (a picture missing here). */
  warnings: z.array(transferProblem),
});
export type CatalogImportResult = z.infer<typeof catalogImportResult>;

export const catalogExportResult = z.object({
  file_name: z.string(),
  content_type: z.string(),
  /** The workbook, base64 (a catalog is small; the console saves it as a file). */
  content_base64: z.string(),
  byte_size: z.number().int(),
});
export type CatalogExportResult = z.infer<typeof catalogExportResult>;

const blobClass = (globalThis as { Blob?: abstract new (...args: never[]) => UploadBlob }).Blob;
const workbookBlob = z.custom<UploadBlob>((v) => blobClass !== undefined && v instanceof blobClass);

/** The game's catalog as a workbook. Audited as `pay.catalog.export`. -404: the game is in no catalog. */
export const payCatalogExport = defineStaffCall({
  method: 'POST',
  path: '/komoe/mng/pay/catalog/export',
  encoding: 'json',
  privilege: 'catalog',
  // It reads the catalog and writes only the audit row.
  keepsPublicData: true,
  request: z.object({ distribution_region: positiveId.optional(), game_base_id: positiveId }),
  response: catalogExportResult,
});

/**
 * Reads a workbook (multipart `file`) against the game's catalog: with `dry_run` 1 (the default) answers the plan
 * and writes nothing; with 0 and the dry run's `fingerprint` applies it (all or nothing), audited as
 * `pay.catalog.import`. See the file comment for the refusals.
 */
export const payCatalogImport = defineStaffCall({
  method: 'POST',
  path: '/komoe/mng/pay/catalog/import',
  encoding: 'multipart',
  privilege: 'catalog',
  request: z.object({
    file: workbookBlob,
    game_base_id: positiveId,
    distribution_region: positiveId.optional(),
    dry_run: z.coerce.number().pipe(flag).default(1),
    fingerprint: z
      .string()
      .regex(/^[0-9a-f]{64}$/)
      .optional(),
  }),
  response: catalogImportResult,
});

/**
 * Minor units as a plain decimal in major units with every decimal of the currency (`3500`, 2: `35.00`): the
 * catalog workbook's columns, which the import reads back. What a person reads goes through `formatMoney`.
 */
export function minorToMajor(minor: number, exponent: number): string {
  if (exponent === 0) return String(minor);
  const digits = String(Math.abs(minor)).padStart(exponent + 1, '0');
  const sign = minor < 0 ? '-' : '';
  return `${sign}${digits.slice(0, -exponent)}.${digits.slice(-exponent)}`;
}
