/**
 * A game's top-up catalog as an .xlsx workbook and back (@gp/contracts/pay-catalog-transfer): the way publishers
 * move a catalog from their test site to production.
 *
 * An import reads the file into the catalog it describes, checking every row with the editors' own rules (the
 * product form's schema and window, the price's decimals and the charge limits of the providers the file's
 * channels name, the channel editor's provider and method checks), and compares it with the store by key
 * (product_id; product, currency, mode; currency, mode, method) - never by database id. The plan lists every
 * change; its fingerprint hashes the store's state and the file's catalog, so an apply that finds either changed
 * since its dry run is refused rather than applying something nobody saw. The apply locks the game's catalog
 * rows, reads them again, and writes the plan and one audit row in one transaction.
 */
import { createHash } from 'node:crypto';
import { z } from 'zod';
import {
  catalogTransferPolicy,
  minorToMajor,
  type CatalogExportResult,
  type CatalogImportResult,
  type TransferChange,
  type TransferProblem,
  type TransferSheet,
} from '@gp/contracts/pay-catalog-transfer';
import { isKnownCurrency, majorToMinor, payProductForm } from '@gp/contracts/pay-catalog-authoring';
import { channelEditFields } from '@gp/contracts/pay-channel-authoring';
import { editLanguages, type EditLanguage } from '@gp/contracts/catalog-admin';
import { currencyExponent, payModeField } from '@gp/contracts/pay';
import type { UploadBlob } from '@gp/contracts/cs';
import { codes } from '@gp/errors';
import type { Clock } from '../../../config/clock.ts';
import { inTransaction, type Db } from '../../../db/database.ts';
import { AppError, RequestValidationError } from '../../../http/app-error.ts';
import { audit, type AuthenticatedStaff } from '../../staff/index.ts';
import { effectiveProvider, providerKind, type ConfiguredProviders } from '../providers/provider-catalog.ts';
import type { PayCatalogAuthoringService } from './catalog-authoring.service.ts';
import { CatalogRepository } from './catalog.repository.ts';
import { ChannelAuthoringRepository, type ChannelSetup } from './channel-authoring.repository.ts';
import type { ChannelAuthoringService, ChannelEdit } from './channel-authoring.service.ts';
import { CatalogTransferRepository } from './catalog-transfer.repository.ts';
import { readWorkbook, writeWorkbook, type RowIn, type SheetOut } from './catalog-transfer.workbook.ts';

export interface CatalogTransferDeps {
  db: Db;
  distributionRegion: number;
  now: Clock;
  mediaUrl: (id: string) => string;
  authoring: PayCatalogAuthoringService;
  channels: ChannelAuthoringService;
  providers: ConfiguredProviders;
}

type Text = { name: string; d1: string; d2: string };
interface ProductState {
  creditAmount: number;
  sort: number;
  isOnSale: boolean;
  saleFrom: string | null;
  saleUntil: string | null;
  imageMediaId: string | null;
  texts: Partial<Record<EditLanguage, Text>>;
}
interface PriceState {
  productId: string;
  currency: string;
  payMode: number;
  price: number;
  isOnSale: boolean;
}
interface ChannelState {
  currency: string;
  payMode: number;
  paymentType: string;
  setup: ChannelSetup;
  names: Partial<Record<EditLanguage, string>>;
}
/** A catalog by key: what the store holds, or what a file describes. */
interface CatalogState {
  payGame: { isOpen: boolean; sort: number } | null;
  currencies: string[];
  products: Map<string, ProductState>;
  prices: Map<string, PriceState>;
  channels: Map<string, ChannelState>;
}
interface StoreState extends CatalogState {
  gameId: string;
  productIds: Map<string, number>;
  channelIds: Map<string, number>;
}

const priceKey = (p: { productId: string; currency: string; payMode: number }) =>
  `${p.productId} ${p.currency} ${p.payMode}`;
const channelKey = (c: { currency: string; payMode: number; paymentType: string }) =>
  `${c.currency} ${c.payMode} ${c.paymentType}`;
const flagText = (on: boolean) => (on ? '1' : '0');
const iso = (d: Date | null) => d?.toISOString() ?? null;

// ---- The workbook's columns ----

const textColumns = editLanguages.flatMap((l) => [`name_${l}`, `desc1_${l}`, `desc2_${l}`]);
const channelNameColumns = editLanguages.map((l) => `name_${l}`);
const columnsOf: Record<TransferSheet, readonly string[]> = {
  settings: ['setting', 'value'],
  products: [
    'product_id',
    'credit_amount',
    'sort',
    'on_sale',
    'sale_from',
    'sale_until',
    'image_media_id',
    ...textColumns,
  ],
  prices: ['product_id', 'currency', 'pay_mode', 'price', 'on_sale'],
  channels: [
    'currency',
    'pay_mode',
    'payment_type',
    'provider',
    'method_keys',
    'min_amount',
    'max_amount',
    'sort',
    'open',
    ...channelNameColumns,
  ],
};
/** The channel editor's fields as one schema (pay-channel-authoring.contracts.ts). */
const channelSchema = z.object(channelEditFields);
const settingNames = ['game_id', 'top_up_open', 'sort', 'currencies'] as const;

const readme = [
  'JoyPeak Games console: the top-up catalog of one game, for importing into this or another site.',
  'settings: top-up on/off (top_up_open 1/0), display order, currencies in display order (comma-separated).',
  'products: product_id is the key (the id the game server knows); names and marketing lines per language (en required).',
  'prices: price in the currency major units (35.00 THB, 119000 VND); pay_mode as the console names it.',
  'channels: per currency and payment mode; belong to the game, offered in every region selling it. Blank provider: the site own.',
  'Import: rows are matched by key, not by database id. Products, prices and channels missing from the file are switched off, never deleted.',
  'Pictures: image_media_id is kept only when that image exists on the importing site. Game-server connections and secrets are never exported.',
];

// ---- Reading the file ----

/** '' as missing; 1/0 and true/false as flags; anything else left for the schema to refuse. */
const flagCell = (v: string): 0 | 1 | string | undefined => {
  const low = v.toLowerCase();
  if (low === '') return undefined;
  if (low === '1' || low === 'true') return 1;
  if (low === '0' || low === 'false') return 0;
  return v;
};
const blankAsMissing = (v: string) => (v === '' ? undefined : v);

/** A zod issue of a row's cell as a problem code: a blank cell is missing, an overlong text too long. */
function issueCode(issue: z.core.$ZodIssue, cell: string | undefined): string {
  if (cell === undefined || cell === '') return 'required';
  if (issue.code === 'too_big' && issue.origin === 'string') return 'too_long';
  return 'invalid';
}

/** The product form's field paths as the products sheet's columns. */
function productColumn(path: readonly PropertyKey[]): string {
  const [first, lang, field] = path.map(String);
  if (first === 'texts') {
    const prefix = field === 'marketing_desc_1' ? 'desc1' : field === 'marketing_desc_2' ? 'desc2' : 'name';
    return `${prefix}_${lang}`;
  }
  if (first === 'is_on_sale') return 'on_sale';
  return first ?? '';
}

function channelColumn(path: readonly PropertyKey[]): string {
  const [first, lang] = path.map(String);
  if (first === 'names') return `name_${lang}`;
  if (first === 'is_open') return 'open';
  return first ?? '';
}

/** The channel editor's refusals as the channels sheet's problems. */
const channelRefusals: Record<string, { column: string; code: string }> = {
  'provider:unknown': { column: 'provider', code: 'unknown_provider' },
  'method_keys:required': { column: 'method_keys', code: 'method_keys_required' },
  'method_keys:unknown': { column: 'method_keys', code: 'method_keys_unknown' },
  'method_keys:currency': { column: 'method_keys', code: 'method_keys_currency' },
  'method_keys:not_taken': { column: 'method_keys', code: 'method_keys_not_taken' },
  'max_amount:below_min': { column: 'max_amount', code: 'below_min' },
};

const listCell = (v: string) =>
  v
    .split(/[,\s]+/)
    .map((s) => s.trim())
    .filter((s) => s !== '');

/** Canonical JSON (keys sorted at every level): the same catalog always hashes the same. */
function canonical(value: unknown): string {
  if (value instanceof Map) return canonical(Object.fromEntries([...value.entries()]));
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

export class CatalogTransferService {
  constructor(private readonly d: CatalogTransferDeps) {}

  private region(region: number | undefined): number {
    return region ?? this.d.distributionRegion;
  }

  /** The game's catalog as the store has it; locked for the rest of the transaction with `lock`. */
  private async store(db: Db, region: number, gameBaseId: number, lock: boolean): Promise<StoreState> {
    const repo = new CatalogTransferRepository(db);
    const found = await repo.game(gameBaseId, lock);
    if (!found || !(await new CatalogRepository(db).inCatalog(gameBaseId)))
      throw new AppError(codes.notFound);
    const payGame = await repo.payGame(region, gameBaseId, lock);
    const currencies = (await repo.currencies(gameBaseId, lock)).map((c) => c.currency);
    const productRows = await repo.products(gameBaseId, lock);
    const texts = await repo.productTexts(productRows.map((p) => p.id));
    const priceRows = await repo.prices(
      productRows.map((p) => p.id),
      lock,
    );
    const channelRows = await repo.channels(gameBaseId, lock);
    const names = await repo.channelNames(channelRows.map((c) => c.id));
    const productIdOf = new Map(productRows.map((p) => [p.id, p.productId]));
    const state: StoreState = {
      gameId: found.gameId,
      payGame: payGame ? { isOpen: payGame.isOpen, sort: payGame.sort } : null,
      currencies,
      products: new Map(),
      prices: new Map(),
      channels: new Map(),
      productIds: new Map(productRows.map((p) => [p.productId, p.id])),
      channelIds: new Map(),
    };
    for (const p of productRows) {
      const own = texts.filter((t) => t.payProductId === p.id);
      state.products.set(p.productId, {
        creditAmount: p.creditAmount,
        sort: p.sort,
        isOnSale: p.isOnSale,
        saleFrom: iso(p.saleFrom),
        saleUntil: iso(p.saleUntil),
        imageMediaId: p.imageMediaId,
        texts: Object.fromEntries(
          editLanguages.flatMap((l) => {
            const t = own.find((x) => x.lang === l);
            return t ? [[l, { name: t.name, d1: t.marketingDesc1, d2: t.marketingDesc2 }]] : [];
          }),
        ),
      });
    }
    for (const r of priceRows) {
      const price = {
        productId: productIdOf.get(r.payProductId)!,
        currency: r.currency,
        payMode: r.payMode,
        price: r.price,
        isOnSale: r.isOnSale,
      };
      state.prices.set(priceKey(price), price);
    }
    for (const c of channelRows) {
      const key = channelKey(c);
      state.channelIds.set(key, c.id);
      state.channels.set(key, {
        currency: c.currency,
        payMode: c.payMode,
        paymentType: c.paymentType,
        setup: {
          payMode: c.payMode,
          paymentType: c.paymentType,
          provider: c.provider,
          providerMethods: c.providerMethods,
          minAmount: c.minAmount,
          maxAmount: c.maxAmount,
          sort: c.sort,
          isOpen: c.isOpen,
        },
        names: Object.fromEntries(
          editLanguages.flatMap((l) => {
            const n = names.find((x) => x.payChannelId === c.id && x.lang === l);
            return n ? [[l, n.name]] : [];
          }),
        ),
      });
    }
    return state;
  }

  // ---- Export ----

  async export(
    staff: AuthenticatedStaff,
    input: { distribution_region?: number | undefined; game_base_id: number },
  ): Promise<CatalogExportResult> {
    const region = this.region(input.distribution_region);
    const state = await this.store(this.d.db, region, input.game_base_id, false);
    const exponent = (c: string) => currencyExponent(c);
    const sheets: SheetOut[] = [
      {
        name: 'settings',
        columns: [
          { key: 'setting', width: 16 },
          { key: 'value', width: 40 },
        ],
        rows: [
          { setting: 'game_id', value: state.gameId },
          { setting: 'top_up_open', value: state.payGame?.isOpen ? 1 : 0 },
          { setting: 'sort', value: state.payGame?.sort ?? 0 },
          { setting: 'currencies', value: state.currencies.join(', ') },
        ],
      },
      {
        name: 'products',
        columns: [
          ...columnsOf.products.map((key) => ({ key, width: key.startsWith('desc') ? 24 : 16 })),
          { key: 'image_url', width: 40 },
        ],
        rows: [...state.products.entries()].map(([productId, p]) => ({
          product_id: productId,
          credit_amount: p.creditAmount,
          sort: p.sort,
          on_sale: p.isOnSale ? 1 : 0,
          sale_from: p.saleFrom,
          sale_until: p.saleUntil,
          image_media_id: p.imageMediaId,
          image_url: p.imageMediaId ? this.d.mediaUrl(p.imageMediaId) : null,
          ...Object.fromEntries(
            editLanguages.flatMap((l) => [
              [`name_${l}`, p.texts[l]?.name ?? null],
              [`desc1_${l}`, p.texts[l]?.d1 || null],
              [`desc2_${l}`, p.texts[l]?.d2 || null],
            ]),
          ),
        })),
      },
      {
        name: 'prices',
        columns: columnsOf.prices.map((key) => ({ key, width: 16 })),
        rows: [...state.prices.values()].map((p) => ({
          product_id: p.productId,
          currency: p.currency,
          pay_mode: p.payMode,
          // A column the import reads back, not a display: the plain decimal with every digit of the currency's
          // exponent (35.00; 15000.00 for rupiah, though its market writes 15000), as text so a spreadsheet
          // keeps the zeros. The import takes either form.
          price: minorToMajor(p.price, exponent(p.currency)),
          on_sale: p.isOnSale ? 1 : 0,
        })),
      },
      {
        name: 'channels',
        columns: columnsOf.channels.map((key) => ({ key, width: 16 })),
        rows: [...state.channels.values()].map((c) => {
          const provider = effectiveProvider(c.setup, this.d.providers);
          const limit = (v: number | null) => (v === null ? null : minorToMajor(v, exponent(c.currency)));
          return {
            currency: c.currency,
            pay_mode: c.payMode,
            payment_type: c.paymentType,
            provider: c.setup.provider,
            method_keys: (provider === null
              ? []
              : (c.setup.providerMethods[providerKind(provider)] ?? [])
            ).join(', '),
            min_amount: limit(c.setup.minAmount),
            max_amount: limit(c.setup.maxAmount),
            sort: c.setup.sort,
            open: c.setup.isOpen ? 1 : 0,
            ...Object.fromEntries(editLanguages.map((l) => [`name_${l}`, c.names[l] ?? null])),
          };
        }),
      },
      { name: 'readme', columns: [{ key: 'about', width: 120 }], rows: readme.map((about) => ({ about })) },
    ];
    const bytes = await writeWorkbook(sheets);
    const fileName = `catalog-${state.gameId}-${this.d.now().toISOString().slice(0, 10)}.xlsx`;
    await inTransaction(this.d.db, (tx) =>
      audit.record(tx, {
        actor: staff,
        action: 'pay.catalog.export',
        target: { type: 'pay_game', id: `${region}/${input.game_base_id}` },
        after: {
          file_name: fileName,
          products: state.products.size,
          prices: state.prices.size,
          channels: state.channels.size,
        },
      }),
    );
    return {
      file_name: fileName,
      content_type: catalogTransferPolicy.contentType,
      content_base64: Buffer.from(bytes).toString('base64'),
      byte_size: bytes.length,
    };
  }

  // ---- Import ----

  /**
   * The catalog the file describes, checked row by row against `store` (for the pictures kept and the channels'
   * provider methods), with every problem and warning.
   */
  private async fileCatalog(
    db: Db,
    bytes: Uint8Array,
    gameBaseId: number,
    store: StoreState,
  ): Promise<{ file: CatalogState; problems: TransferProblem[]; warnings: TransferProblem[] }> {
    const { sheets, problems } = await readWorkbook(bytes, columnsOf);
    const warnings: TransferProblem[] = [];
    const file: CatalogState = {
      payGame: null,
      currencies: [],
      products: new Map(),
      prices: new Map(),
      channels: new Map(),
    };
    const problem = (sheet: TransferSheet, row: number, column: string, code: string) =>
      problems.push({ sheet, row, column, code });
    if (problems.some((p) => p.code === 'not_a_workbook')) return { file, problems, warnings };

    // Settings.
    const settings = new Map<string, RowIn>();
    for (const r of sheets.settings) {
      const name = r.cells.setting!.toLowerCase();
      if (!(settingNames as readonly string[]).includes(name))
        problem('settings', r.row, 'setting', 'unknown_setting');
      else if (settings.has(name)) problem('settings', r.row, 'setting', 'duplicate');
      else settings.set(name, r);
    }
    const setting = (name: (typeof settingNames)[number]) => {
      const r = settings.get(name);
      if (!r && !problems.some((p) => p.sheet === 'settings' && p.row === 0)) {
        problem('settings', 0, name, 'required');
      }
      return r;
    };
    const gameIdRow = setting('game_id');
    if (gameIdRow && gameIdRow.cells.value !== store.gameId)
      problem('settings', gameIdRow.row, 'value', gameIdRow.cells.value ? 'game_mismatch' : 'required');
    const openRow = setting('top_up_open');
    const sortRow = setting('sort');
    let isOpen = store.payGame?.isOpen ?? false;
    if (openRow) {
      const v = flagCell(openRow.cells.value!);
      if (v === 0 || v === 1) isOpen = v === 1;
      else problem('settings', openRow.row, 'value', v === undefined ? 'required' : 'invalid');
    }
    let sort = store.payGame?.sort ?? 0;
    if (sortRow) {
      const n = Number(sortRow.cells.value);
      if (sortRow.cells.value !== '' && Number.isInteger(n) && Math.abs(n) <= 1_000_000) sort = n;
      else problem('settings', sortRow.row, 'value', sortRow.cells.value === '' ? 'required' : 'invalid');
    }
    file.payGame = { isOpen, sort };
    const currencyRow = setting('currencies');
    for (const code of listCell(currencyRow?.cells.value ?? '').map((c) => c.toUpperCase())) {
      if (!isKnownCurrency(code)) problem('settings', currencyRow!.row, 'value', 'unknown_currency');
      else if (file.currencies.includes(code)) problem('settings', currencyRow!.row, 'value', 'duplicate');
      else file.currencies.push(code);
    }

    // Products: the product form's own schema, then what its service checks (window, picture).
    const images = await new CatalogTransferRepository(db).existingMedia(
      sheets.products.map((r) => r.cells.image_media_id!).filter((v) => v !== ''),
    );
    const productKeys = new Set<string>();
    for (const r of sheets.products) {
      const c = r.cells;
      const parsed = payProductForm.safeParse({
        game_base_id: gameBaseId,
        product_id: blankAsMissing(c.product_id!),
        credit_amount: blankAsMissing(c.credit_amount!),
        sort: blankAsMissing(c.sort!),
        is_on_sale: flagCell(c.on_sale!),
        sale_from: blankAsMissing(c.sale_from!),
        sale_until: blankAsMissing(c.sale_until!),
        texts: Object.fromEntries(
          editLanguages.map((l) => [
            l,
            {
              name: c[`name_${l}`] ?? '',
              marketing_desc_1: c[`desc1_${l}`] ?? '',
              marketing_desc_2: c[`desc2_${l}`] ?? '',
            },
          ]),
        ),
      });
      const key = c.product_id!;
      if (key !== '' && productKeys.has(key)) {
        problem('products', r.row, 'product_id', 'duplicate');
        continue;
      }
      if (key !== '') productKeys.add(key);
      if (!parsed.success) {
        for (const issue of parsed.error.issues) {
          const column = productColumn(issue.path);
          problem('products', r.row, column, issueCode(issue, c[column]));
        }
        continue;
      }
      const v = parsed.data;
      if (v.sale_from && v.sale_until && Date.parse(v.sale_until) <= Date.parse(v.sale_from)) {
        problem('products', r.row, 'sale_until', 'before_start');
        continue;
      }
      const kept = store.products.get(v.product_id)?.imageMediaId ?? null;
      let image: string | null = c.image_media_id === '' ? null : c.image_media_id!;
      if (image !== null && !images.has(image)) {
        warnings.push({ sheet: 'products', row: r.row, column: 'image_media_id', code: 'image_not_found' });
        image = kept;
      }
      file.products.set(v.product_id, {
        creditAmount: v.credit_amount,
        sort: v.sort,
        isOnSale: v.is_on_sale === 1,
        saleFrom: v.sale_from === null ? null : new Date(v.sale_from).toISOString(),
        saleUntil: v.sale_until === null ? null : new Date(v.sale_until).toISOString(),
        imageMediaId: image,
        texts: Object.fromEntries(
          editLanguages.flatMap((l) => {
            const t = v.texts[l];
            return t ? [[l, { name: t.name, d1: t.marketing_desc_1, d2: t.marketing_desc_2 }]] : [];
          }),
        ),
      });
    }

    // Channels before prices: a price is checked against the providers of the file's channels.
    for (const r of sheets.channels) {
      const c = r.cells;
      const currency = c.currency!.toUpperCase();
      const currencyProblem =
        currency === ''
          ? 'required'
          : !isKnownCurrency(currency)
            ? 'unknown_currency'
            : !file.currencies.includes(currency)
              ? 'not_sold'
              : null;
      if (currencyProblem) problem('channels', r.row, 'currency', currencyProblem);
      let bad = currencyProblem !== null;
      const exponent = isKnownCurrency(currency) ? currencyExponent(currency) : 0;
      const limit = (column: 'min_amount' | 'max_amount'): number | null | undefined => {
        if (c[column] === '') return null;
        const read = majorToMinor(c[column]!, exponent);
        if ('problem' in read) {
          problem('channels', r.row, column, read.problem === 'invalid' ? 'invalid' : read.problem);
          return undefined;
        }
        return read.minor;
      };
      const minAmount = limit('min_amount');
      const maxAmount = limit('max_amount');
      if (minAmount === undefined || maxAmount === undefined) bad = true;
      const parsed = channelSchema.safeParse({
        pay_mode: blankAsMissing(c.pay_mode!),
        payment_type: blankAsMissing(c.payment_type!),
        provider: c.provider === '' ? null : c.provider,
        method_keys: listCell(c.method_keys!),
        min_amount: minAmount ?? null,
        max_amount: maxAmount ?? null,
        names: Object.fromEntries(editLanguages.map((l) => [l, c[`name_${l}`] ?? ''])),
        sort: c.sort === '' ? 0 : Number(c.sort),
        is_open: flagCell(c.open!) ?? 1,
      });
      if (!parsed.success) {
        for (const issue of parsed.error.issues)
          problem(
            'channels',
            r.row,
            channelColumn(issue.path),
            String(issue.path[0]) === 'pay_mode' && c.pay_mode !== ''
              ? 'unknown_pay_mode'
              : issueCode(issue, c[channelColumn(issue.path)]),
          );
        continue;
      }
      if (bad) continue;
      const edit = parsed.data as ChannelEdit;
      const key = channelKey({ currency, payMode: edit.pay_mode, paymentType: edit.payment_type });
      if (file.channels.has(key)) {
        problem('channels', r.row, 'payment_type', 'duplicate');
        continue;
      }
      try {
        const setup = this.d.channels.setupOf(
          edit,
          currency,
          store.channels.get(key)?.setup.providerMethods ?? {},
        );
        const names: Partial<Record<EditLanguage, string>> = Object.fromEntries(
          editLanguages.flatMap((l) => (edit.names[l] ? [[l, edit.names[l]]] : [])),
        );
        file.channels.set(key, {
          currency,
          payMode: edit.pay_mode,
          paymentType: edit.payment_type,
          setup,
          names,
        });
      } catch (error) {
        if (error instanceof RequestValidationError) {
          for (const f of error.fields) {
            const known = channelRefusals[`${f.field}:${f.code}`];
            problem('channels', r.row, known?.column ?? f.field, known?.code ?? f.code);
          }
        } else if (error instanceof AppError && error.code === codes.staffPayChannelProviderNotConfigured) {
          problem('channels', r.row, 'open', 'provider_not_configured');
        } else throw error;
      }
    }

    // Prices.
    for (const r of sheets.prices) {
      const c = r.cells;
      const productId = c.product_id!;
      const currency = c.currency!.toUpperCase();
      const mode = payModeField.safeParse(blankAsMissing(c.pay_mode!));
      const before = problems.length;
      if (productId === '') problem('prices', r.row, 'product_id', 'required');
      else if (!productKeys.has(productId)) problem('prices', r.row, 'product_id', 'unknown_product');
      if (currency === '') problem('prices', r.row, 'currency', 'required');
      else if (!isKnownCurrency(currency)) problem('prices', r.row, 'currency', 'unknown_currency');
      else if (!file.currencies.includes(currency)) problem('prices', r.row, 'currency', 'not_sold');
      if (!mode.success)
        problem('prices', r.row, 'pay_mode', c.pay_mode === '' ? 'required' : 'unknown_pay_mode');
      const onSale = flagCell(c.on_sale!) ?? 1;
      if (onSale !== 0 && onSale !== 1) problem('prices', r.row, 'on_sale', 'invalid');
      if (c.price === '') problem('prices', r.row, 'price', 'required');
      if (problems.length > before || !mode.success) continue;
      const read = majorToMinor(c.price!, currencyExponent(currency));
      if ('problem' in read) {
        problem('prices', r.row, 'price', read.problem === 'invalid' ? 'invalid' : read.problem);
        continue;
      }
      if (read.minor <= 0) {
        problem('prices', r.row, 'price', 'not_positive');
        continue;
      }
      const providers = [...file.channels.values()]
        .filter((ch) => ch.currency === currency && ch.payMode === mode.data)
        .map((ch) => ch.setup.provider);
      const { limits } = this.d.authoring.limitsFor(providers, currency);
      if (read.minor < limits.min) problem('prices', r.row, 'price', 'below_minimum');
      else if (read.minor > limits.max) problem('prices', r.row, 'price', 'above_maximum');
      const price = { productId, currency, payMode: mode.data, price: read.minor, isOnSale: onSale === 1 };
      if (file.prices.has(priceKey(price))) problem('prices', r.row, 'product_id', 'duplicate');
      else file.prices.set(priceKey(price), price);
    }
    return { file, problems, warnings };
  }

  /** Every change from `store` to `file`, and what stays as it is. */
  private plan(store: StoreState, file: CatalogState) {
    const changes: TransferChange[] = [];
    const unchanged = { settings: 0, products: 0, prices: 0, channels: 0 };
    const diff = (fields: [string, string | null, string | null][]) =>
      fields.filter(([, a, b]) => a !== b).map(([field, old, now]) => ({ field, old, new: now }));

    // Settings: the region's top-up row and the currencies in order.
    const game = diff([
      ['top_up_open', store.payGame ? flagText(store.payGame.isOpen) : null, flagText(file.payGame!.isOpen)],
      ['sort', store.payGame ? String(store.payGame.sort) : null, String(file.payGame!.sort)],
    ]);
    if (!store.payGame) changes.push({ kind: 'setting', key: 'top_up', action: 'added', fields: game });
    else if (game.length > 0)
      changes.push({ kind: 'setting', key: 'top_up', action: 'changed', fields: game });
    else unchanged.settings += 1;
    const kept = store.currencies.filter((c) => !file.currencies.includes(c));
    const order = [...file.currencies, ...kept];
    for (const c of file.currencies.filter((x) => !store.currencies.includes(x)))
      changes.push({ kind: 'currency', key: c, action: 'added', fields: [] });
    for (const c of kept) changes.push({ kind: 'currency', key: c, action: 'kept', fields: [] });
    if (order.join() !== store.currencies.join())
      changes.push({
        kind: 'setting',
        key: 'currencies',
        action: 'changed',
        fields: [{ field: 'currencies', old: store.currencies.join(', '), new: order.join(', ') }],
      });
    else unchanged.settings += 1;

    // Products.
    const productFields = (p: ProductState | undefined): [string, string | null][] => [
      ['credit_amount', p ? String(p.creditAmount) : null],
      ['sort', p ? String(p.sort) : null],
      ['on_sale', p ? flagText(p.isOnSale) : null],
      ['sale_from', p?.saleFrom ?? null],
      ['sale_until', p?.saleUntil ?? null],
      ['image_media_id', p?.imageMediaId ?? null],
      ...editLanguages.flatMap((l): [string, string | null][] => [
        [`name_${l}`, p?.texts[l]?.name ?? null],
        [`desc1_${l}`, p?.texts[l]?.d1 || null],
        [`desc2_${l}`, p?.texts[l]?.d2 || null],
      ]),
    ];
    const compare = (a: [string, string | null][], b: [string, string | null][]) =>
      diff(a.map(([field, old], i) => [field, old, b[i]![1]]));
    for (const [key, p] of file.products) {
      const was = store.products.get(key);
      const fields = compare(productFields(was), productFields(p));
      if (!was) changes.push({ kind: 'product', key, action: 'added', fields });
      else if (fields.length > 0) changes.push({ kind: 'product', key, action: 'changed', fields });
      else unchanged.products += 1;
    }
    for (const [key, p] of store.products)
      if (!file.products.has(key) && p.isOnSale)
        changes.push({
          kind: 'product',
          key,
          action: 'switched_off',
          fields: [{ field: 'on_sale', old: '1', new: '0' }],
        });

    // Prices, in the file's own plain decimals (the cells compared, not amounts shown to a player).
    const major = (p: PriceState) => minorToMajor(p.price, currencyExponent(p.currency));
    for (const [key, p] of file.prices) {
      const was = store.prices.get(key);
      const fields = diff([
        ['price', was ? major(was) : null, major(p)],
        ['on_sale', was ? flagText(was.isOnSale) : null, flagText(p.isOnSale)],
      ]);
      if (!was) changes.push({ kind: 'price', key, action: 'added', fields });
      else if (fields.length > 0) changes.push({ kind: 'price', key, action: 'changed', fields });
      else unchanged.prices += 1;
    }
    for (const [key, p] of store.prices)
      if (!file.prices.has(key) && p.isOnSale)
        changes.push({
          kind: 'price',
          key,
          action: 'switched_off',
          fields: [{ field: 'on_sale', old: '1', new: '0' }],
        });

    // Channels.
    const channelFields = (c: ChannelState | undefined): [string, string | null][] => {
      const limit = (v: number | null | undefined) =>
        v === null || v === undefined || !c ? null : minorToMajor(v, currencyExponent(c.currency));
      return [
        ['provider', c?.setup.provider ?? null],
        ['provider_methods', c ? canonical(c.setup.providerMethods) : null],
        ['min_amount', limit(c?.setup.minAmount)],
        ['max_amount', limit(c?.setup.maxAmount)],
        ['sort', c ? String(c.setup.sort) : null],
        ['open', c ? flagText(c.setup.isOpen) : null],
        ...editLanguages.map((l): [string, string | null] => [`name_${l}`, c?.names[l] ?? null]),
      ];
    };
    for (const [key, c] of file.channels) {
      const was = store.channels.get(key);
      const fields = compare(channelFields(was), channelFields(c));
      if (!was) changes.push({ kind: 'channel', key, action: 'added', fields });
      else if (fields.length > 0) changes.push({ kind: 'channel', key, action: 'changed', fields });
      else unchanged.channels += 1;
    }
    for (const [key, c] of store.channels)
      if (!file.channels.has(key) && c.setup.isOpen)
        changes.push({
          kind: 'channel',
          key,
          action: 'switched_off',
          fields: [{ field: 'open', old: '1', new: '0' }],
        });
    return { changes, unchanged, order };
  }

  private static fingerprint(store: StoreState, file: CatalogState): string {
    return createHash('sha256').update(canonical({ store, file })).digest('hex');
  }

  async import(
    staff: AuthenticatedStaff,
    input: {
      file: UploadBlob;
      game_base_id: number;
      distribution_region?: number | undefined;
      dry_run: 0 | 1;
      fingerprint?: string | undefined;
    },
  ): Promise<CatalogImportResult> {
    const region = this.region(input.distribution_region);
    const bytes = new Uint8Array(await input.file.arrayBuffer());
    if (bytes.length > catalogTransferPolicy.maxBytes)
      throw new RequestValidationError([{ field: 'file', code: 'too_large' }]);
    if (input.dry_run === 0 && !input.fingerprint)
      throw new RequestValidationError([{ field: 'fingerprint', code: 'required' }]);
    const checked = async (db: Db, lock: boolean) => {
      const store = await this.store(db, region, input.game_base_id, lock);
      const { file, problems, warnings } = await this.fileCatalog(db, bytes, input.game_base_id, store);
      // A file whose sheets or columns are missing describes no catalog: comparing would switch everything off.
      const unreadable = problems.some((p) => p.row <= 1 && p.sheet !== 'settings');
      const plan = unreadable
        ? { changes: [], unchanged: { settings: 0, products: 0, prices: 0, channels: 0 }, order: [] }
        : this.plan(store, file);
      return {
        store,
        file,
        plan,
        result: {
          dry_run: 1 as 0 | 1,
          applied: 0 as 0 | 1,
          fingerprint: CatalogTransferService.fingerprint(store, file),
          changes: plan.changes,
          unchanged: plan.unchanged,
          problems,
          warnings,
        },
      };
    };
    if (input.dry_run === 1) return (await checked(this.d.db, false)).result;

    return inTransaction(this.d.db, async (tx) => {
      const { store, file, plan, result } = await checked(tx, true);
      if (result.problems.length > 0) throw new AppError(codes.staffCatalogImportHasProblems);
      if (result.fingerprint !== input.fingerprint) throw new AppError(codes.staffCatalogImportStale);
      await this.apply(tx, region, input.game_base_id, store, file, plan.order);
      const counted: Record<string, number> = {};
      for (const c of plan.changes)
        counted[`${c.kind}.${c.action}`] = (counted[`${c.kind}.${c.action}`] ?? 0) + 1;
      await audit.record(tx, {
        actor: staff,
        action: 'pay.catalog.import',
        target: { type: 'pay_game', id: `${region}/${input.game_base_id}` },
        after: {
          file_name: input.file.name ?? null,
          fingerprint: result.fingerprint,
          changes: counted,
          unchanged: plan.unchanged,
        },
      });
      return { ...result, dry_run: 0, applied: 1 };
    });
  }

  /** Writes the file's catalog over the store's, as the editors write each part. */
  private async apply(
    tx: Db,
    region: number,
    gameBaseId: number,
    store: StoreState,
    file: CatalogState,
    order: readonly string[],
  ): Promise<void> {
    const repo = new CatalogRepository(tx);
    const channelRepo = new ChannelAuthoringRepository(tx);
    const now = this.d.now();
    const game = { region, gameBaseId, isOpen: file.payGame!.isOpen, sort: file.payGame!.sort, now };
    if (!store.payGame) await repo.insertPayGame(game);
    else if (store.payGame.isOpen !== game.isOpen || store.payGame.sort !== game.sort)
      await repo.updatePayGame(game);
    for (const c of file.currencies)
      if (!store.currencies.includes(c)) await repo.addCurrency(gameBaseId, c, now);
    if (order.join() !== store.currencies.join())
      for (const [sort, c] of order.entries()) await repo.setCurrencySort(gameBaseId, c, sort);

    const textRows = (p: ProductState) =>
      editLanguages.flatMap((lang) => {
        const t = p.texts[lang];
        return t ? [{ lang, name: t.name, marketingDesc1: t.d1, marketingDesc2: t.d2 }] : [];
      });
    const valuesOf = (p: ProductState) => ({
      creditAmount: p.creditAmount,
      imageMediaId: p.imageMediaId,
      sort: p.sort,
      isOnSale: p.isOnSale,
      saleFrom: p.saleFrom === null ? null : new Date(p.saleFrom),
      saleUntil: p.saleUntil === null ? null : new Date(p.saleUntil),
    });
    const productIds = new Map(store.productIds);
    for (const [productId, p] of file.products) {
      const was = store.products.get(productId);
      if (!was) {
        const row = await repo.insertProduct({ ...valuesOf(p), gameBaseId, productId, now });
        // The rows are locked and the key was free: a conflict here is a bug, not a race.
        if (!row) throw new Error(`product ${productId} appeared under a locked catalog`);
        productIds.set(productId, row.id);
        await repo.replaceProductTexts(row.id, textRows(p));
      } else if (canonical(was) !== canonical(p)) {
        const id = productIds.get(productId)!;
        await repo.updateProduct(id, valuesOf(p), now);
        if (canonical(was.texts) !== canonical(p.texts)) await repo.replaceProductTexts(id, textRows(p));
      }
    }
    for (const [productId, p] of store.products)
      if (!file.products.has(productId) && p.isOnSale)
        await repo.setProductSale(productIds.get(productId)!, false, now);

    for (const [key, p] of file.prices) {
      const was = store.prices.get(key);
      const at = { payProductId: productIds.get(p.productId)!, currency: p.currency, payMode: p.payMode };
      if (!was) {
        await repo.insertPrice(at, p.price, now);
        if (!p.isOnSale) await repo.setPriceSale(at, false, now);
      } else {
        if (was.price !== p.price) await repo.setPrice(at, p.price, now);
        if (was.isOnSale !== p.isOnSale) await repo.setPriceSale(at, p.isOnSale, now);
      }
    }
    for (const [key, p] of store.prices)
      if (!file.prices.has(key) && p.isOnSale)
        await repo.setPriceSale(
          { payProductId: productIds.get(p.productId)!, currency: p.currency, payMode: p.payMode },
          false,
          now,
        );

    for (const [key, c] of file.channels) {
      const was = store.channels.get(key);
      if (!was) {
        const row = await channelRepo.insert({ gameBaseId, currency: c.currency, ...c.setup }, now);
        await channelRepo.setNames(row.id, c.names);
      } else if (canonical(was) !== canonical(c)) {
        const id = store.channelIds.get(key)!;
        await channelRepo.update(id, c.setup, now);
        await channelRepo.setNames(id, c.names);
      }
    }
    for (const [key, c] of store.channels)
      if (!file.channels.has(key) && c.setup.isOpen)
        await repo.setChannelOpen(store.channelIds.get(key)!, false, now);
  }
}
