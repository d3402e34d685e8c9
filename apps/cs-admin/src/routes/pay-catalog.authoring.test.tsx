/**
 * Authoring the top-up catalog from the console: turning top-up on for a portal game, its
 * currencies, a product's editor and a price's, and the player preview. Each editor checks what the server
 * checks before sending, sends the contract's payload, and shows a refusal at its field keeping what was typed.
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
import {
  payAuthoringCurrencyAdd,
  payAuthoringCurrencyList,
  payAuthoringCurrencyRemove,
  payAuthoringGameOptions,
  payAuthoringGameSave,
  payAuthoringPriceLimits,
  payAuthoringPriceSave,
  payAuthoringProductCreate,
  payAuthoringProductDetailCall,
  payAuthoringProductUpdate,
  type PayAuthoringCurrencyItem,
} from '@gp/contracts/pay-catalog-authoring';
import { payGame, product } from '../testing/pay-fixtures.ts';
import { ok, resetSession, staffServer, type Handler } from '../testing/console-test.tsx';
import { bodyOf, fieldRefusal, ops, pathOf, renderOps, sessionWith } from '../testing/ops-console.tsx';

beforeEach(resetSession);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const a = ops.pay.authoring;
const currencies: PayAuthoringCurrencyItem[] = [
  { currency: 'THB', exponent: 2, sort: 0, price_count: 1, channel_count: 1 },
  { currency: 'VND', exponent: 0, sort: 1, price_count: 0, channel_count: 0 },
];

function catalogServer(handlers: Record<string, Handler> = {}) {
  return staffServer(
    {
      [pathOf(payAdminSwitchDetail)]: () =>
        ok({ distribution_region: 5, main_switch_status: 1, updated_at: '2026-03-01T00:00:00.000Z' }),
      [pathOf(payAdminGameList)]: () => ok([payGame()]),
      [pathOf(payAuthoringCurrencyList)]: () => ok(currencies),
      [pathOf(payAdminServerList)]: () => ok([]),
      [pathOf(payAdminProductList)]: () => ok([product({ price_list: [] })]),
      [pathOf(payAdminChannelList)]: () => ok([]),
      ...handlers,
    },
    sessionWith('catalog'),
  );
}

/** The open dialog, once it shows `title`. */
async function dialogNamed(title: string) {
  const dialog = await screen.findByRole('dialog');
  await within(dialog).findAllByText(title);
  return within(dialog);
}

// Whole-console renders with antd are slow on a busy machine.
describe('top-up catalog authoring', { timeout: 60_000 }, () => {
  it('turns top-up on for a portal game the region does not sell yet, closed until opened', async () => {
    const api = catalogServer({
      [pathOf(payAuthoringGameOptions)]: () =>
        ok([
          { game_base_id: 3, game_id: 'lotus_sea', game_name: 'Lotus Blade', is_online: 1, in_catalog: 1 },
          { game_base_id: 9, game_id: 'nova_sea', game_name: 'Nova Saga', is_online: 1, in_catalog: 0 },
        ]),
      [pathOf(payAuthoringGameSave)]: () =>
        ok(
          payGame({
            game_base_id: 9,
            game_id: 'nova_sea',
            game_name: 'Nova Saga',
            is_open: 0,
            currencies: [],
          }),
        ),
    });
    const { router } = await renderOps('/pay/catalog');
    fireEvent.click((await screen.findByText(a.game.add)).closest('button')!);
    const dialog = await dialogNamed('Turn on top-up for a game in region 5');
    // Nothing chosen: refused here, nothing sent.
    fireEvent.click(dialog.getByRole('button', { name: a.game.create }));
    expect(await dialog.findByText(a.game.gameRule)).toBeTruthy();
    expect(api.to(pathOf(payAuthoringGameSave))).toHaveLength(0);
    fireEvent.mouseDown(dialog.getByLabelText(a.game.game));
    // The region sells Lotus Blade already: only Nova Saga is offered.
    expect(screen.queryByTitle('Lotus Blade (lotus_sea)')).toBeNull();
    fireEvent.click(await screen.findByTitle('Nova Saga (nova_sea)'));
    expect(dialog.getByRole('switch', { name: a.game.open }).getAttribute('aria-checked')).toBe('false');
    fireEvent.click(dialog.getByRole('button', { name: a.game.create }));
    await waitFor(() => expect(api.to(pathOf(payAuthoringGameSave))).toHaveLength(1));
    expect(bodyOf(api.to(pathOf(payAuthoringGameSave))[0])).toEqual({
      distribution_region: 5,
      game_base_id: 9,
      is_open: 0,
      sort: 0,
    });
    await waitFor(() => expect(new URLSearchParams(router.state.location.search).get('game')).toBe('9'));
  });

  it('creates a product: checked before sending, the payload as the contract takes it, a refusal at its field', async () => {
    const api = catalogServer({
      [pathOf(payAuthoringProductCreate)]: (request) =>
        bodyOf(request).product_id === 'gems_60'
          ? fieldRefusal(['product_id', 'taken'])
          : ok(product({ product_id: 'gems_120', product_name: '120 Gems', price_list: [] })),
    });
    await renderOps('/pay/catalog?game=3');
    fireEvent.click(await screen.findByRole('tab', { name: ops.pay.catalog.products }));
    fireEvent.click((await screen.findByText(a.product.add)).closest('button')!);
    const dialog = await dialogNamed(a.product.addTitle);
    fireEvent.click(dialog.getByRole('button', { name: a.product.create }));
    expect(await dialog.findByText(a.product.productIdRule)).toBeTruthy();
    expect(dialog.getByText(a.product.creditRule)).toBeTruthy();
    expect(dialog.getByText(a.product.nameRule)).toBeTruthy();
    expect(api.to(pathOf(payAuthoringProductCreate))).toHaveLength(0);

    fireEvent.change(dialog.getByLabelText(a.product.productId), { target: { value: 'gems_60' } });
    fireEvent.change(dialog.getByLabelText(a.product.credit), { target: { value: '60' } });
    fireEvent.change(dialog.getByLabelText('Name (English, required)'), { target: { value: ' 60 Gems ' } });
    fireEvent.change(dialog.getByLabelText('Marketing line 1 (English)'), {
      target: { value: 'Best value' },
    });
    fireEvent.change(dialog.getByLabelText('Name (ไทย)'), { target: { value: '60 เจม' } });
    fireEvent.click(dialog.getByRole('button', { name: a.product.create }));
    await waitFor(() => expect(api.to(pathOf(payAuthoringProductCreate))).toHaveLength(1));
    expect(bodyOf(api.to(pathOf(payAuthoringProductCreate))[0])).toEqual({
      game_base_id: 3,
      product_id: 'gems_60',
      credit_amount: 60,
      sort: 0,
      is_on_sale: 1,
      sale_from: null,
      sale_until: null,
      image_media_id: null,
      texts: {
        en: { name: '60 Gems', marketing_desc_1: 'Best value', marketing_desc_2: '' },
        th: { name: '60 เจม', marketing_desc_1: '', marketing_desc_2: '' },
        cn: null,
        vi: null,
        zh: null,
      },
    });
    // Refused: the text under the id, everything typed kept.
    expect(await dialog.findByText(a.error.productTaken)).toBeTruthy();
    expect(dialog.getByLabelText<HTMLInputElement>('Name (ไทย)').value).toBe('60 เจม');

    fireEvent.change(dialog.getByLabelText(a.product.productId), { target: { value: 'gems_120' } });
    fireEvent.click(dialog.getByRole('button', { name: a.product.create }));
    await waitFor(() => expect(api.to(pathOf(payAuthoringProductCreate))).toHaveLength(2));
    expect(await screen.findByText('120 Gems')).toBeTruthy();
  });

  it('edits a product from its saved texts; its id stays; a sale window refused by the server shows at its field', async () => {
    const api = catalogServer({
      [pathOf(payAuthoringProductDetailCall)]: () =>
        ok({
          game_base_id: 3,
          product_id: 'gems_60',
          credit_amount: 60,
          image_media_id: null,
          image_url: '',
          sort: 1,
          is_on_sale: 1,
          sale_from: '2030-01-01T00:00:00.000Z',
          sale_until: '2030-02-01T00:00:00.000Z',
          texts: { en: { name: '60 Gems', marketing_desc_1: '', marketing_desc_2: '' } },
          updated_at: '2026-03-01T00:00:00.000Z',
        }),
      [pathOf(payAuthoringProductUpdate)]: () => fieldRefusal(['sale_until', 'before_start']),
    });
    await renderOps('/pay/catalog?game=3');
    fireEvent.click(await screen.findByRole('tab', { name: ops.pay.catalog.products }));
    fireEvent.click(await screen.findByLabelText('Edit 60 Gems'));
    const dialog = await dialogNamed('Edit product gems_60');
    const id = await dialog.findByLabelText<HTMLInputElement>(a.product.productId);
    expect(id.value).toBe('gems_60');
    expect(id.disabled).toBe(true);
    fireEvent.change(dialog.getByLabelText(a.product.credit), { target: { value: '66' } });
    fireEvent.click(dialog.getByRole('button', { name: ops.common.save }));
    await waitFor(() => expect(api.to(pathOf(payAuthoringProductUpdate))).toHaveLength(1));
    expect(bodyOf(api.to(pathOf(payAuthoringProductUpdate))[0])).toMatchObject({
      game_base_id: 3,
      product_id: 'gems_60',
      credit_amount: 66,
      sort: 1,
      sale_from: '2030-01-01T00:00:00.000Z',
      sale_until: '2030-02-01T00:00:00.000Z',
      texts: { en: { name: '60 Gems' }, th: null },
    });
    expect(await dialog.findByText(a.error.saleBeforeStart)).toBeTruthy();
  });

  it("adds a price typed in the currency's units, within the provider's limits", async () => {
    const api = catalogServer({
      [pathOf(payAuthoringPriceLimits)]: (request) =>
        ok({
          currency: request.query.get('currency'),
          exponent: 2,
          pay_mode: Number(request.query.get('pay_mode')),
          min: 1000,
          max: 99_999_999,
          providers: ['stripe'],
        }),
      [pathOf(payAuthoringPriceSave)]: () =>
        ok(
          product({
            price_list: [
              {
                currency: 'THB',
                exponent: 2,
                pay_mode: 20,
                product_price: 3500,
                is_on_sale: 1,
                updated_at: '2026-03-01T00:00:00.000Z',
              },
            ],
          }),
        ),
    });
    await renderOps('/pay/catalog?game=3');
    fireEvent.click(await screen.findByRole('tab', { name: ops.pay.catalog.products }));
    fireEvent.click(await screen.findByLabelText('Add a price to 60 Gems'));
    const dialog = await dialogNamed('Add a price to 60 Gems');
    fireEvent.mouseDown(dialog.getByLabelText(ops.pay.price.payMode));
    fireEvent.click(await screen.findByTitle(ops.pay.payMode.mycard_web));
    expect(await dialog.findByText('The payment provider takes ฿10.00 to ฿999,999.99.')).toBeTruthy();
    const amount = dialog.getByLabelText('Price (THB)');
    const save = () => fireEvent.click(dialog.getByRole('button', { name: a.price.save }));
    fireEvent.change(amount, { target: { value: '35.001' } });
    save();
    expect(await dialog.findByText(/Up to 2 decimal places/)).toBeTruthy();
    fireEvent.change(amount, { target: { value: '9.99' } });
    save();
    expect(await dialog.findByText('The payment provider takes no less than ฿10.00.')).toBeTruthy();
    expect(api.to(pathOf(payAuthoringPriceSave))).toHaveLength(0);
    fireEvent.change(amount, { target: { value: '35' } });
    save();
    await waitFor(() => expect(api.to(pathOf(payAuthoringPriceSave))).toHaveLength(1));
    expect(bodyOf(api.to(pathOf(payAuthoringPriceSave))[0])).toEqual({
      game_base_id: 3,
      product_id: 'gems_60',
      currency: 'THB',
      pay_mode: 20,
      amount: '35.00',
    });
    expect(await screen.findByText('฿35.00')).toBeTruthy();
  });

  it('adds a currency and explains why one with prices cannot be removed', async () => {
    const api = catalogServer({
      [pathOf(payAuthoringCurrencyAdd)]: () =>
        ok([...currencies, { currency: 'PHP', exponent: 2, sort: 2, price_count: 0, channel_count: 0 }]),
      [pathOf(payAuthoringCurrencyRemove)]: () => fieldRefusal(['currency', 'has_prices']),
    });
    await renderOps('/pay/catalog?game=3');
    fireEvent.click(await screen.findByRole('tab', { name: a.currency.tab }));
    fireEvent.mouseDown(await screen.findByLabelText(a.currency.choose));
    fireEvent.change(screen.getByLabelText(a.currency.choose), { target: { value: 'PHP' } });
    fireEvent.click(await screen.findByTitle('PHP'));
    fireEvent.click(screen.getByText(a.currency.add).closest('button')!);
    await waitFor(() => expect(api.to(pathOf(payAuthoringCurrencyAdd))).toHaveLength(1));
    expect(bodyOf(api.to(pathOf(payAuthoringCurrencyAdd))[0])).toEqual({ game_base_id: 3, currency: 'PHP' });

    // The games table shows the game's currencies as they now are.
    await waitFor(() =>
      expect(screen.getByText('Lotus Blade').closest('tr')!.textContent).toContain('THB, VND, PHP'),
    );
    fireEvent.click(await screen.findByLabelText('Remove THB'));
    const confirm = (await screen.findByText('Stop selling in THB?')).closest('.ant-popover') as HTMLElement;
    fireEvent.click(within(confirm).getByText(a.currency.remove).closest('button')!);
    await waitFor(() => expect(api.to(pathOf(payAuthoringCurrencyRemove))).toHaveLength(1));
    expect((await screen.findByText(a.error.hasPrices)).getAttribute('role')).toBe('alert');
  });

  it("opens the pay host's top-up page for the game in the chosen language", async () => {
    catalogServer();
    await renderOps('/pay/catalog?game=3');
    const link = (await screen.findByText(a.preview.open)).closest('a')!;
    expect(link.getAttribute('href')).toBe('http://localhost:8082/paygame/?game=3&lang=en');
    expect(link.getAttribute('target')).toBe('_blank');
    fireEvent.mouseDown(screen.getByLabelText(a.preview.language));
    fireEvent.click(await screen.findByTitle('ไทย'));
    await waitFor(() =>
      expect(screen.getByText(a.preview.open).closest('a')!.getAttribute('href')).toBe(
        'http://localhost:8082/paygame/?game=3&lang=th',
      ),
    );
  });
});
