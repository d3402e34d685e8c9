/**
 * A game's top-up catalog exported as .xlsx and imported back (@gp/contracts/pay-catalog-transfer): the same file
 * changes nothing; edits made in the workbook are exactly what the dry run lists; problems are found with their
 * sheet, row and column and refuse the apply; an apply writes the plan at once, audited, and is refused when the
 * store changed after its dry run. No game-server secret ever leaves in the file.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { and, desc, eq } from 'drizzle-orm';
import type { CatalogExportResult, CatalogImportResult } from '@gp/contracts/pay-catalog-transfer';
import { multipartBody } from '../../../test/cs-fixtures.ts';
import { memberGet, payTestEnv } from '../../../test/pay-steps.ts';
import { loginTestStaff, staffPost, type TestStaff } from '../../../test/staff-session.ts';
import { createTestApp } from '../../../test/test-app.ts';
import { game, gameI18n } from '../../db/schema/game.schema.ts';
import { payChannel, payProduct, payProductPrice, payServer } from '../../db/schema/pay.schema.ts';
import { staffAuditLog } from '../../db/schema/staff.schema.ts';

let t: Awaited<ReturnType<typeof createTestApp>>;
let staff: TestStaff;
let nova: number;
const base = '/csmng/komoe/mng/pay';
type Body = { code: number; message: string; data: unknown };
const post = async (url: string, input: object) =>
  (await staffPost(t.app, staff, `${base}${url}`, input)).json() as Body;
const ok = async <T>(answer: Promise<Body> | Body): Promise<T> => {
  const res = await answer;
  expect(res.code, JSON.stringify(res)).toBe(0);
  return res.data as T;
};

beforeAll(async () => {
  t = await createTestApp({ ...payTestEnv, PUBLIC_CACHE_TTL_MS: '60000' });
  staff = await loginTestStaff(t.db, { accountId: 'catalog.mover', privileges: ['catalog'] });
  const [row] = await t.db
    .insert(game)
    .values({
      gameId: 'nova_sea',
      slug: 'nova-sea',
      url: 'https://nova.example.com/',
      isOnline: true,
      sort: 50,
    })
    .returning();
  nova = row!.gameBaseId;
  await t.db.insert(gameI18n).values({ gameBaseId: nova, lang: 'en', name: 'Nova Saga' });
  await t.db.insert(payServer).values({ gameBaseId: nova, cpServerId: 's1' });
  // The catalog made with the editors' calls.
  await ok(post('/game/save', { distribution_region: 5, game_base_id: nova, is_open: 1, sort: 3 }));
  await ok(post('/currency/add', { game_base_id: nova, currency: 'THB' }));
  await ok(post('/currency/add', { game_base_id: nova, currency: 'VND' }));
  const texts = (name: string) => ({
    en: { name, marketing_desc_1: 'Best value', marketing_desc_2: '' },
    th: { name: `${name} (th)`, marketing_desc_1: '', marketing_desc_2: '' },
  });
  await ok(
    post('/product/create', {
      game_base_id: nova,
      product_id: 'nova.gem_100',
      credit_amount: 100,
      sort: 1,
      is_on_sale: 1,
      texts: texts('100 Gems'),
    }),
  );
  await ok(
    post('/product/create', {
      game_base_id: nova,
      product_id: 'nova.gem_500',
      credit_amount: 550,
      sort: 2,
      is_on_sale: 1,
      sale_from: '2026-01-01T00:00:00.000Z',
      texts: texts('500 Gems'),
    }),
  );
  for (const [product_id, currency, amount] of [
    ['nova.gem_100', 'THB', '35.00'],
    ['nova.gem_100', 'VND', '25000'],
    ['nova.gem_500', 'THB', '159.50'],
  ] as const)
    await ok(
      post('/product/price/save', { game_base_id: nova, product_id, currency, pay_mode: 108, amount }),
    );
  await ok(
    post('/channel/create', {
      game_base_id: nova,
      currency: 'THB',
      pay_mode: 108,
      payment_type: 'promptpay',
      provider: null,
      method_keys: [],
      min_amount: 2000,
      max_amount: null,
      names: { en: 'PromptPay', th: 'พร้อมเพย์' },
      sort: 1,
      is_open: 1,
    }),
  );
  await ok(
    post('/channel/create', {
      game_base_id: nova,
      currency: 'VND',
      pay_mode: 108,
      payment_type: 'momo',
      provider: null,
      method_keys: [],
      min_amount: null,
      max_amount: null,
      names: { en: 'MoMo' },
      sort: 1,
      is_open: 1,
    }),
  );
});
afterAll(() => t.close());

async function exported(): Promise<ExcelJS.Workbook> {
  const file = await ok<CatalogExportResult>(post('/catalog/export', { game_base_id: nova }));
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(Buffer.from(file.content_base64, 'base64') as unknown as ExcelJS.Buffer);
  return workbook;
}

async function bytesOf(workbook: ExcelJS.Workbook): Promise<Buffer> {
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

async function importFile(bytes: Buffer, fields: Record<string, string> = {}): Promise<Body> {
  const { payload, headers } = multipartBody(
    [
      {
        name: 'file',
        filename: 'catalog.xlsx',
        contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        data: bytes,
      },
    ],
    { game_base_id: String(nova), ...fields },
  );
  const res = await t.app.inject({
    method: 'POST',
    url: `${base}/catalog/import?ct=${encodeURIComponent(staff.ct)}`,
    headers,
    payload,
    cookies: staff.cookies,
  });
  return res.json() as Body;
}

/** The row of a sheet whose first cell is `key`. */
function rowOf(workbook: ExcelJS.Workbook, sheet: string, key: string): ExcelJS.Row {
  const ws = workbook.getWorksheet(sheet)!;
  for (let r = 2; r <= ws.rowCount; r++) if (ws.getRow(r).getCell(1).value === key) return ws.getRow(r);
  throw new Error(`${sheet}: no row ${key}`);
}
function columnOf(workbook: ExcelJS.Workbook, sheet: string, key: string): number {
  const header = workbook.getWorksheet(sheet)!.getRow(1);
  for (let c = 1; c <= header.cellCount; c++) if (header.getCell(c).value === key) return c;
  throw new Error(`${sheet}: no column ${key}`);
}
function set(
  workbook: ExcelJS.Workbook,
  sheet: string,
  key: string,
  column: string,
  value: ExcelJS.CellValue,
) {
  rowOf(workbook, sheet, key).getCell(columnOf(workbook, sheet, column)).value = value;
}
const audits = (action: string) =>
  t.db.select().from(staffAuditLog).where(eq(staffAuditLog.action, action)).orderBy(desc(staffAuditLog.id));

describe('export', () => {
  it("writes the game's settings, products, prices and channels by key, audited, without any connection secret", async () => {
    // The game's server connection, with its secret, saved in the console.
    const secret = 'nova-connection-secret-0123456789abcdef';
    await ok(
      post('/game_server/save', {
        game_base_id: nova,
        base_url: 'https://gs.nova.example.com/',
        key_id: 'nova-key-1',
        secret,
      }),
    );
    const workbook = await exported();
    expect(workbook.worksheets.map((s) => s.name)).toEqual([
      'settings',
      'products',
      'prices',
      'channels',
      'readme',
    ]);
    expect(rowOf(workbook, 'settings', 'currencies').getCell(2).value).toBe('THB, VND');
    expect(rowOf(workbook, 'settings', 'game_id').getCell(2).value).toBe('nova_sea');
    const gem = rowOf(workbook, 'products', 'nova.gem_500');
    expect(gem.getCell(columnOf(workbook, 'products', 'credit_amount')).value).toBe(550);
    expect(gem.getCell(columnOf(workbook, 'products', 'name_th')).value).toBe('500 Gems (th)');
    expect(gem.getCell(columnOf(workbook, 'products', 'sale_from')).value).toBe('2026-01-01T00:00:00.000Z');
    const prices = workbook.getWorksheet('prices')!;
    const priceCells = [2, 3, 4].map((r) => prices.getRow(r).values);
    expect(priceCells).toContainEqual([undefined, 'nova.gem_500', 'THB', 108, '159.50', 1]);
    expect(priceCells).toContainEqual([undefined, 'nova.gem_100', 'VND', 108, '25000', 1]);
    const channels = workbook.getWorksheet('channels')!;
    expect(channels.getRow(2).getCell(columnOf(workbook, 'channels', 'min_amount')).value).toBe('20.00');
    const text = JSON.stringify(workbook.worksheets.map((s) => s.getSheetValues()));
    for (const leak of [secret, 'nova-key-1', 'gs.nova.example.com']) expect(text).not.toContain(leak);
    const [row] = await audits('pay.catalog.export');
    expect(row).toMatchObject({ actorAccountId: 'catalog.mover', targetId: `5/${nova}` });
  });
});

describe('import', () => {
  it('the file just exported changes nothing', async () => {
    const plan = await ok<CatalogImportResult>(importFile(await bytesOf(await exported())));
    expect(plan.problems).toEqual([]);
    expect(plan.changes).toEqual([]);
    expect(plan.unchanged).toEqual({ settings: 2, products: 2, prices: 3, channels: 2 });
    expect(plan.dry_run).toBe(1);
  });

  it('a dry run lists exactly the edits made in the workbook and writes nothing; the apply writes them, audited', async () => {
    const workbook = await exported();
    set(workbook, 'products', 'nova.gem_100', 'credit_amount', 120);
    set(workbook, 'products', 'nova.gem_100', 'name_vi', '100 Ngọc');
    set(workbook, 'settings', 'currencies', 'value', 'VND, THB');
    // A price changed and one removed (nova.gem_500 THB), a product added with a price.
    const prices = workbook.getWorksheet('prices')!;
    for (let r = 2; r <= prices.rowCount; r++) {
      const row = prices.getRow(r);
      if (row.getCell(1).value === 'nova.gem_100' && row.getCell(2).value === 'THB')
        row.getCell(4).value = '39.00';
    }
    const removed = [...Array(prices.rowCount - 1).keys()]
      .map((i) => i + 2)
      .find((r) => prices.getRow(r).getCell(1).value === 'nova.gem_500')!;
    prices.spliceRows(removed, 1);
    prices.addRow(['nova.gem_1000', 'THB', 108, '299', 1]);
    const products = workbook.getWorksheet('products')!;
    const added = products.addRow([]);
    added.getCell(columnOf(workbook, 'products', 'product_id')).value = 'nova.gem_1000';
    added.getCell(columnOf(workbook, 'products', 'credit_amount')).value = 1100;
    added.getCell(columnOf(workbook, 'products', 'name_en')).value = '1000 Gems';
    // The VND channel missing from the file: switched off, not deleted.
    workbook.getWorksheet('channels')!.spliceRows(
      [2, 3].find((r) => workbook.getWorksheet('channels')!.getRow(r).getCell(1).value === 'VND')!,
      1,
    );
    const bytes = await bytesOf(workbook);

    const plan = await ok<CatalogImportResult>(importFile(bytes));
    expect(plan.problems).toEqual([]);
    const summary = plan.changes.map((c) => `${c.kind} ${c.key} ${c.action}`);
    expect(summary.sort()).toEqual(
      [
        'setting currencies changed',
        'product nova.gem_100 changed',
        'product nova.gem_1000 added',
        'price nova.gem_100 THB 108 changed',
        'price nova.gem_1000 THB 108 added',
        'price nova.gem_500 THB 108 switched_off',
        'channel VND 108 momo switched_off',
      ].sort(),
    );
    expect(plan.changes.find((c) => c.key === 'nova.gem_100')!.fields).toEqual([
      { field: 'credit_amount', old: '100', new: '120' },
      { field: 'name_vi', old: null, new: '100 Ngọc' },
    ]);
    expect(plan.changes.find((c) => c.key === 'nova.gem_100 THB 108')!.fields).toEqual([
      { field: 'price', old: '35.00', new: '39.00' },
    ]);
    // Nothing written by the dry run.
    const [gem] = await t.db.select().from(payProduct).where(eq(payProduct.productId, 'nova.gem_100'));
    expect(gem!.creditAmount).toBe(100);

    // An apply without the dry run's fingerprint is refused at the field.
    const missing = await importFile(bytes, { dry_run: '0' });
    expect(missing.code).toBe(-400);

    const applied = await ok<CatalogImportResult>(
      importFile(bytes, { dry_run: '0', fingerprint: plan.fingerprint }),
    );
    expect(applied).toMatchObject({ dry_run: 0, applied: 1 });
    const [after] = await t.db.select().from(payProduct).where(eq(payProduct.productId, 'nova.gem_100'));
    expect(after!.creditAmount).toBe(120);
    const newOne = await t.db.select().from(payProduct).where(eq(payProduct.productId, 'nova.gem_1000'));
    expect(newOne).toHaveLength(1);
    const [off] = await t.db
      .select()
      .from(payProductPrice)
      .innerJoin(payProduct, eq(payProduct.id, payProductPrice.payProductId))
      .where(and(eq(payProduct.productId, 'nova.gem_500'), eq(payProductPrice.currency, 'THB')));
    expect(off!.pay_product_price.isOnSale).toBe(false);
    const [momo] = await t.db
      .select()
      .from(payChannel)
      .where(and(eq(payChannel.gameBaseId, nova), eq(payChannel.paymentType, 'momo')));
    expect(momo!.isOpen).toBe(false);
    const [row] = await audits('pay.catalog.import');
    expect(row).toMatchObject({
      actorAccountId: 'catalog.mover',
      targetType: 'pay_game',
      targetId: `5/${nova}`,
    });
    expect(row!.after).toMatchObject({
      changes: {
        'product.added': 1,
        'product.changed': 1,
        'price.switched_off': 1,
        'channel.switched_off': 1,
      },
    });
    // Players see it at once (the public cache was emptied): the new price in THB.
    const { body } = await memberGet(
      t.app,
      `/pay/api/komoe/webpay/product_list?distribution_region=5&game_id=nova_sea&currency=THB&pay_mode=108&lang=en`,
      null,
    );
    const offered = (body as { data: { product_id: string; product_price: number }[] }).data;
    expect(offered.find((p) => p.product_id === 'nova.gem_100')?.product_price).toBe(3900);
    expect(offered.some((p) => p.product_id === 'nova.gem_500')).toBe(false);

    // The same file again: nothing left to change.
    const again = await ok<CatalogImportResult>(importFile(bytes));
    expect(again.changes).toEqual([]);
  });

  it('lists problems with sheet, row and column; an apply with problems is refused and writes nothing', async () => {
    const workbook = await exported();
    set(workbook, 'products', 'nova.gem_100', 'name_en', null);
    set(workbook, 'products', 'nova.gem_100', 'credit_amount', 'lots');
    const prices = workbook.getWorksheet('prices')!;
    const thb = [...Array(prices.rowCount - 1).keys()]
      .map((i) => i + 2)
      .find((r) => prices.getRow(r).getCell(2).value === 'THB')!;
    prices.getRow(thb).getCell(4).value = '35.001';
    prices.addRow(['nova.gem_100', 'EUR', 108, '1.00', 1]);
    const productRow = rowOf(workbook, 'products', 'nova.gem_100').number;
    const bytes = await bytesOf(workbook);
    const plan = await ok<CatalogImportResult>(importFile(bytes));
    expect(plan.problems).toEqual(
      expect.arrayContaining([
        { sheet: 'products', row: productRow, column: 'name_en', code: 'required' },
        { sheet: 'products', row: productRow, column: 'credit_amount', code: 'invalid' },
        { sheet: 'prices', row: thb, column: 'price', code: 'too_many_decimals' },
        // EUR is a currency, but not one the file's settings sell in.
        { sheet: 'prices', row: prices.rowCount, column: 'currency', code: 'not_sold' },
      ]),
    );
    const before = await audits('pay.catalog.import');
    const refused = await importFile(bytes, { dry_run: '0', fingerprint: plan.fingerprint });
    expect(refused.code).toBe(-40330);
    expect(await audits('pay.catalog.import')).toHaveLength(before.length);
  });

  it('refuses an apply when the store changed after the dry run', async () => {
    const workbook = await exported();
    set(workbook, 'products', 'nova.gem_100', 'sort', 9);
    const bytes = await bytesOf(workbook);
    const plan = await ok<CatalogImportResult>(importFile(bytes));
    expect(plan.changes.map((c) => c.key)).toEqual(['nova.gem_100']);
    // Someone re-prices in the console in between.
    await ok(
      post('/product/price/save', {
        game_base_id: nova,
        product_id: 'nova.gem_100',
        currency: 'VND',
        pay_mode: 108,
        amount: '26000',
      }),
    );
    const refused = await importFile(bytes, { dry_run: '0', fingerprint: plan.fingerprint });
    expect(refused.code).toBe(-40331);
    const [gem] = await t.db.select().from(payProduct).where(eq(payProduct.productId, 'nova.gem_100'));
    expect(gem!.sort).not.toBe(9);
  });

  it("warns of a picture this site lacks (the product keeps its own) and refuses another game's file", async () => {
    const workbook = await exported();
    set(workbook, 'products', 'nova.gem_100', 'image_media_id', 'f'.repeat(64));
    const gemRow = rowOf(workbook, 'products', 'nova.gem_100').number;
    const plan = await ok<CatalogImportResult>(importFile(await bytesOf(workbook)));
    expect(plan.warnings).toEqual([
      { sheet: 'products', row: gemRow, column: 'image_media_id', code: 'image_not_found' },
    ]);
    expect(plan.problems).toEqual([]);
    expect(plan.changes).toEqual([]);

    set(workbook, 'settings', 'game_id', 'value', 'lotus_sea');
    const other = await ok<CatalogImportResult>(importFile(await bytesOf(workbook)));
    expect(other.problems).toEqual([
      {
        sheet: 'settings',
        row: rowOf(workbook, 'settings', 'game_id').number,
        column: 'value',
        code: 'game_mismatch',
      },
    ]);
  });

  it('reports a file that is no workbook, or lacks a sheet', async () => {
    const junk = await ok<CatalogImportResult>(importFile(Buffer.from('not a workbook')));
    expect(junk.problems).toEqual([{ sheet: '', row: 0, column: '', code: 'not_a_workbook' }]);
    const workbook = await exported();
    workbook.removeWorksheet(workbook.getWorksheet('channels')!.id);
    const plan = await ok<CatalogImportResult>(importFile(await bytesOf(workbook)));
    expect(plan.problems).toContainEqual({ sheet: 'channels', row: 0, column: '', code: 'missing_sheet' });
  });
});
