/**
 * Importing a game's top-up catalog from an .xlsx file on the catalog page: the file goes to a dry run first, the
 * dialog shows every problem (sheet, row, column, in words) and every change, "Apply" stays disabled while there
 * are problems, and applying sends the same file with the dry run's fingerprint, then reads the catalog again.
 */
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  payAdminChannelList,
  payAdminGameList,
  payAdminProductList,
  payAdminServerList,
  payAdminSwitchDetail,
} from '@gp/contracts/pay-admin';
import { payAuthoringCurrencyList } from '@gp/contracts/pay-catalog-authoring';
import { payCatalogImport, type CatalogImportResult } from '@gp/contracts/pay-catalog-transfer';
import { payGame, product } from '../testing/pay-fixtures.ts';
import { ok, resetSession, staffServer, type Answer } from '../testing/console-test.tsx';
import { ops, pathOf, renderOps, sessionWith } from '../testing/ops-console.tsx';

beforeEach(resetSession);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const x = ops.pay.transfer;

function catalogServer() {
  return staffServer(
    {
      [pathOf(payAdminSwitchDetail)]: () =>
        ok({ distribution_region: 5, main_switch_status: 1, updated_at: '2026-03-01T00:00:00.000Z' }),
      [pathOf(payAdminGameList)]: () => ok([payGame()]),
      [pathOf(payAuthoringCurrencyList)]: () => ok([]),
      [pathOf(payAdminServerList)]: () => ok([]),
      [pathOf(payAdminProductList)]: () => ok([product({ price_list: [] })]),
      [pathOf(payAdminChannelList)]: () => ok([]),
    },
    sessionWith('catalog'),
  );
}

/** The multipart import call, answered in front of the JSON stand-in; records each request's form fields. */
function acceptImports(answer: (fields: Record<string, string>) => Answer) {
  const inner = globalThis.fetch;
  const seen: Record<string, string>[] = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(input, init);
    if (new URL(request.url).pathname !== `/csmng${pathOf(payCatalogImport)}`) return inner(request);
    const text = await request.text();
    const fields = Object.fromEntries(
      [
        ...text.matchAll(
          /name="([^"]+)"(?:; filename="([^"]*)")?\r\n(?:Content-Type: [^\r]*\r\n)?\r\n([^\r]*)/g,
        ),
      ].map((m) => [m[1]!, m[2] ?? m[3]!]),
    );
    seen.push(fields);
    const a = answer(fields);
    const code = 'code' in a ? a.code : 0;
    return Response.json({ code, message: code === 0 ? 'ok' : `code ${code}`, data: a.data ?? null });
  });
  return seen;
}

const fingerprint = 'a'.repeat(64);
const withProblems: CatalogImportResult = {
  dry_run: 1,
  applied: 0,
  fingerprint,
  changes: [
    {
      kind: 'product',
      key: 'gems_60',
      action: 'changed',
      fields: [{ field: 'credit_amount', old: '60', new: '66' }],
    },
  ],
  unchanged: { settings: 2, products: 0, prices: 1, channels: 1 },
  problems: [
    { sheet: 'prices', row: 4, column: 'price', code: 'too_many_decimals' },
    { sheet: 'products', row: 3, column: 'name_en', code: 'required' },
  ],
  warnings: [],
};
const clean: CatalogImportResult = {
  ...withProblems,
  changes: [
    ...withProblems.changes,
    {
      kind: 'channel',
      key: 'VND 108 momo',
      action: 'switched_off',
      fields: [{ field: 'open', old: '1', new: '0' }],
    },
    { kind: 'currency', key: 'VND', action: 'kept', fields: [] },
  ],
  problems: [],
  warnings: [{ sheet: 'products', row: 2, column: 'image_media_id', code: 'image_not_found' }],
};

describe('catalog import', { timeout: 60_000 }, () => {
  it('lists changes and problems, applies nothing while there are problems, then applies the dry run', async () => {
    const api = catalogServer();
    let answer: CatalogImportResult = withProblems;
    const imports = acceptImports((fields) =>
      fields.dry_run === '0' ? ok({ ...answer, dry_run: 0, applied: 1 }) : ok(answer),
    );
    await renderOps('/pay/catalog?game=3');
    fireEvent.click(await screen.findByRole('button', { name: x.import }));
    const dialog = within(await screen.findByRole('dialog'));
    const choose = (name: string) =>
      fireEvent.change(dialog.getByLabelText(x.choose), {
        target: { files: [new File(['xlsx bytes'], name)] },
      });

    choose('catalog-test.xlsx');
    const problems = await dialog.findByRole('table', { name: 'Problems (2)' });
    await waitFor(() => expect(imports).toHaveLength(1));
    expect(imports[0]).toMatchObject({ dry_run: '1', game_base_id: '3' });
    const decimals = within(problems).getByText(x.problem.too_many_decimals).closest('tr')!;
    expect(within(decimals).getByText('prices')).toBeTruthy();
    expect(within(decimals).getByText('4')).toBeTruthy();
    expect(within(decimals).getByText('price')).toBeTruthy();
    expect(within(problems).getByText(x.problem.required)).toBeTruthy();
    const changes = dialog.getByRole('table', { name: 'Changes (1)' });
    expect(within(changes).getByText('gems_60')).toBeTruthy();
    expect(within(changes).getByText('credit_amount: 60 → 66')).toBeTruthy();
    const applyOne = dialog.getByRole('button', { name: 'Apply 1 change' });
    expect(applyOne.hasAttribute('disabled')).toBe(true);

    // The file fixed and chosen again: no problems, a note, and the apply enabled.
    answer = clean;
    choose('catalog-fixed.xlsx');
    const applyTwo = await dialog.findByRole('button', { name: 'Apply 2 changes' });
    await waitFor(() => expect(applyTwo.hasAttribute('disabled')).toBe(false));
    expect(dialog.queryByRole('table', { name: /Problems/ })).toBeNull();
    expect(dialog.getByText(x.problem.image_not_found)).toBeTruthy();
    const changed = dialog.getByRole('table', { name: 'Changes (3)' });
    expect(within(changed).getByText(x.action.switched_off)).toBeTruthy();
    expect(within(changed).getByText(x.action.kept)).toBeTruthy();

    const productReads = api.to(pathOf(payAdminProductList)).length;
    fireEvent.click(applyTwo);
    await waitFor(() => expect(imports).toHaveLength(3));
    expect(imports[2]).toMatchObject({ dry_run: '0', fingerprint, game_base_id: '3' });
    expect(await screen.findByText('Catalog imported: 2 changes applied.')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // The page reads the catalog again.
    await waitFor(() => expect(api.to(pathOf(payAdminProductList)).length).toBeGreaterThan(productReads));
  });

  it('says why an apply was refused when the catalog changed since the check', async () => {
    catalogServer();
    const imports = acceptImports((fields) =>
      fields.dry_run === '0' ? { code: -40331 } : ok({ ...withProblems, problems: [] }),
    );
    await renderOps('/pay/catalog?game=3');
    fireEvent.click(await screen.findByRole('button', { name: x.import }));
    const dialog = within(await screen.findByRole('dialog'));
    fireEvent.change(dialog.getByLabelText(x.choose), {
      target: { files: [new File(['xlsx bytes'], 'catalog.xlsx')] },
    });
    const apply = await dialog.findByRole('button', { name: 'Apply 1 change' });
    await waitFor(() => expect(apply.hasAttribute('disabled')).toBe(false));
    fireEvent.click(apply);
    expect(
      await dialog.findByText(
        'The top-up catalog or the file has changed since the check. Check the file again before importing.',
      ),
    ).toBeTruthy();
    expect(imports).toHaveLength(2);
  });
});
