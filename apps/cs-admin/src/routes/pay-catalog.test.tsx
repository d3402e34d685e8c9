import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  payAdminChannelList,
  payAdminChannelSwitch,
  payAdminGameList,
  payAdminProductList,
  payAdminProductPrice,
  payAdminProductSale,
  payAdminServerList,
  payAdminServerMaintenance,
  payAdminSwitchDetail,
  payAdminSwitchSet,
} from '@gp/contracts/pay-admin';
import { payAuthoringCurrencyList } from '@gp/contracts/pay-catalog-authoring';
import admin from '@gp/i18n/locales/en/admin.json';
import { channel, payGame, product, server } from '../testing/pay-fixtures.ts';
import { ok, resetSession, staffServer, type Handler, openDialogWith } from '../testing/console-test.tsx';
import { bodyOf, fieldRefusal, ops, pathOf, renderOps, sessionWith } from '../testing/ops-console.tsx';

beforeEach(resetSession);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const switchOn = { distribution_region: 5, main_switch_status: 1, updated_at: '2026-03-01T00:00:00.000Z' };

function catalogServer(handlers: Record<string, Handler> = {}) {
  return staffServer(
    {
      [pathOf(payAdminSwitchDetail)]: () => ok(switchOn),
      [pathOf(payAuthoringCurrencyList)]: () => ok([]),
      [pathOf(payAdminGameList)]: () =>
        ok([payGame(), payGame({ game_base_id: 4, game_name: 'Moon Tale', is_open: 0 })]),
      [pathOf(payAdminServerList)]: () =>
        ok([server(), server({ cp_server_id: 's2', server_name: 'Lotus S2' })]),
      [pathOf(payAdminProductList)]: () => ok([product()]),
      [pathOf(payAdminChannelList)]: () =>
        ok([
          channel(),
          channel({ pay_channel_id: 32, currency: 'VND', pay_mode: 106, channel_name: 'UniPin Vietnam' }),
        ]),
      ...handlers,
    },
    sessionWith('catalog'),
  );
}

// Whole-console renders with antd are slow on a busy machine.
describe('top-up catalog', { timeout: 40_000 }, () => {
  it("shows the site region's switch and games; turning top-up off asks first", async () => {
    const api = catalogServer({
      [pathOf(payAdminSwitchSet)]: () => ok({ ...switchOn, main_switch_status: 0 }),
    });
    await renderOps('/pay/catalog');
    await screen.findByRole('heading', { name: ops.pay.catalog.title });
    const toggle = await screen.findByRole('switch', { name: 'Top-up in region 5' });
    expect(toggle.getAttribute('aria-checked')).toBe('true');
    expect(api.to(pathOf(payAdminSwitchDetail))[0]!.query.get('distribution_region')).toBe('5');
    expect(screen.getByText('Moon Tale').closest('tr')!.textContent).toContain(ops.pay.game.closed);

    fireEvent.click(toggle);
    const dialog = within(await screen.findByRole('dialog'));
    expect(dialog.getByText(/Every top-up in region 5 will be refused/)).toBeTruthy();
    expect(api.to(pathOf(payAdminSwitchSet))).toHaveLength(0);
    fireEvent.click(dialog.getByRole('button', { name: ops.pay.switch.turnOff }));
    await waitFor(() => expect(api.to(pathOf(payAdminSwitchSet))).toHaveLength(1));
    expect(bodyOf(api.to(pathOf(payAdminSwitchSet))[0])).toEqual({
      distribution_region: 5,
      main_switch_status: 0,
    });
    expect(await screen.findByText("Top-up in region 5 is off: players can't top up.")).toBeTruthy();
    expect(screen.getByRole('switch', { name: 'Top-up in region 5' }).getAttribute('aria-checked')).toBe(
      'false',
    );
  });

  it('turning top-up on needs no confirmation; an unconfigured region is explained', async () => {
    const api = catalogServer({
      [pathOf(payAdminSwitchDetail)]: (request) =>
        request.query.get('distribution_region') === '9'
          ? fieldRefusal(['distribution_region', 'unknown_region'])
          : ok({ ...switchOn, main_switch_status: 0 }),
      [pathOf(payAdminSwitchSet)]: () => ok(switchOn),
    });
    const { router } = await renderOps('/pay/catalog');
    fireEvent.click(await screen.findByRole('switch', { name: 'Top-up in region 5' }));
    await waitFor(() => expect(api.to(pathOf(payAdminSwitchSet))).toHaveLength(1));
    expect(bodyOf(api.to(pathOf(payAdminSwitchSet))[0])).toEqual({
      distribution_region: 5,
      main_switch_status: 1,
    });

    fireEvent.change(screen.getByLabelText(ops.pay.switch.region), { target: { value: '9' } });
    fireEvent.click(screen.getByRole('button', { name: ops.pay.switch.show }));
    expect(await screen.findByText(ops.pay.error.unknownRegion)).toBeTruthy();
    expect(new URLSearchParams(router.state.location.search).get('region')).toBe('9');
  });

  it("manages a game's servers: maintenance on from the switch", async () => {
    const api = catalogServer({
      [pathOf(payAdminServerMaintenance)]: () =>
        ok(server({ cp_server_id: 's2', server_name: 'Lotus S2', is_maintenance: 1 })),
    });
    const { router } = await renderOps('/pay/catalog');
    fireEvent.click(await screen.findByRole('button', { name: 'Manage Lotus Blade' }));
    await waitFor(() => expect(new URLSearchParams(router.state.location.search).get('game')).toBe('3'));
    const s2 = await screen.findByRole('switch', { name: 'Maintenance: Lotus S2' });
    expect(api.to(pathOf(payAdminServerList))[0]!.query.get('game_base_id')).toBe('3');
    fireEvent.click(s2);
    await waitFor(() => expect(api.to(pathOf(payAdminServerMaintenance))).toHaveLength(1));
    expect(bodyOf(api.to(pathOf(payAdminServerMaintenance))[0])).toEqual({
      game_base_id: 3,
      cp_server_id: 's2',
      is_maintenance: 1,
    });
    await waitFor(() =>
      expect(
        screen.getByRole('switch', { name: 'Maintenance: Lotus S2' }).closest('tr')!.textContent,
      ).toContain(ops.pay.server.underMaintenance),
    );
  });

  it('changes a price for new orders only, typed in the currency', async () => {
    const api = catalogServer({
      [pathOf(payAdminProductPrice)]: (request) => {
        const body = bodyOf(request);
        return body.currency === 'VND'
          ? fieldRefusal(['pay_mode', 'no_price'])
          : ok(
              product({
                price_list: [{ ...product().price_list[0]!, product_price: 60000 }, product().price_list[1]!],
              }),
            );
      },
    });
    await renderOps('/pay/catalog?game=3');
    fireEvent.click(await screen.findByRole('tab', { name: ops.pay.catalog.products }));
    expect(await screen.findByText('฿549.00')).toBeTruthy();
    expect(screen.getByText('₫119,000')).toBeTruthy();

    fireEvent.click(screen.getByLabelText('Change price of 60 Gems, THB · MyCard (web)'));
    const dialog = within(await screen.findByRole('dialog'));
    expect(dialog.getByText(ops.pay.price.newOrdersOnly)).toBeTruthy();
    const amount = dialog.getByLabelText<HTMLInputElement>('New price (THB)');
    expect(amount.value).toBe('549.00');
    fireEvent.change(amount, { target: { value: '600.005' } });
    fireEvent.click(dialog.getByRole('button', { name: ops.pay.price.save }));
    expect(await dialog.findByText(/Enter a price above zero\. Up to 2 decimal places/)).toBeTruthy();
    fireEvent.change(amount, { target: { value: '600' } });
    expect(await dialog.findByText('New orders will cost ฿600.00.')).toBeTruthy();
    fireEvent.click(dialog.getByRole('button', { name: ops.pay.price.save }));
    await waitFor(() => expect(api.to(pathOf(payAdminProductPrice))).toHaveLength(1));
    expect(bodyOf(api.to(pathOf(payAdminProductPrice))[0])).toEqual({
      game_base_id: 3,
      product_id: 'gems_60',
      currency: 'THB',
      pay_mode: 20,
      product_price: 60000,
    });
    expect(await screen.findByText('฿600.00')).toBeTruthy();

    // A refusal keeps the dialog and what was typed.
    fireEvent.click(screen.getByLabelText('Change price of 60 Gems, VND · UniPin'));
    const vnd = within(await openDialogWith('Change the price of 60 Gems'));
    fireEvent.change(vnd.getByLabelText('New price (VND)'), { target: { value: '129000' } });
    fireEvent.click(vnd.getByRole('button', { name: ops.pay.price.save }));
    expect(await vnd.findByText(ops.pay.error.noPrice)).toBeTruthy();
    expect(vnd.getByLabelText<HTMLInputElement>('New price (VND)').value).toBe('129000');
  });

  it('shows and pre-fills a rupiah price without the ".00" no Indonesian shop writes, and keeps a real fraction', async () => {
    const rupiah = { ...product().price_list[0]!, currency: 'IDR', product_price: 1500000 };
    const api = catalogServer({
      [pathOf(payAdminProductList)]: () => ok([product({ price_list: [rupiah] })]),
      [pathOf(payAdminProductPrice)]: (request) =>
        ok(product({ price_list: [{ ...rupiah, product_price: bodyOf(request).product_price as number }] })),
    });
    await renderOps('/pay/catalog?game=3');
    fireEvent.click(await screen.findByRole('tab', { name: ops.pay.catalog.products }));
    // Testing Library's matcher folds the no-break space after "Rp" into a plain one.
    expect(await screen.findByText('Rp 15,000')).toBeTruthy();

    fireEvent.click(screen.getByLabelText('Change price of 60 Gems, IDR · MyCard (web)'));
    const dialog = within(await screen.findByRole('dialog'));
    const amount = dialog.getByLabelText<HTMLInputElement>('New price (IDR)');
    expect(amount.value).toBe('15000');
    fireEvent.change(amount, { target: { value: '15000.5' } });
    expect(await dialog.findByText('New orders will cost Rp 15,000.50.')).toBeTruthy();
    fireEvent.click(dialog.getByRole('button', { name: ops.pay.price.save }));
    await waitFor(() => expect(api.to(pathOf(payAdminProductPrice))).toHaveLength(1));
    expect(bodyOf(api.to(pathOf(payAdminProductPrice))[0])).toMatchObject({ product_price: 1500050 });
    expect(await screen.findByText('Rp 15,000.50')).toBeTruthy();
  });

  it('takes a product, or one of its prices, off sale', async () => {
    const api = catalogServer({
      [pathOf(payAdminProductSale)]: (request) => {
        const body = bodyOf(request);
        return ok(
          body.currency
            ? product({
                price_list: [{ ...product().price_list[0]!, is_on_sale: 0 }, product().price_list[1]!],
              })
            : product({ is_on_sale: 0 }),
        );
      },
    });
    await renderOps('/pay/catalog?game=3');
    fireEvent.click(await screen.findByRole('tab', { name: ops.pay.catalog.products }));
    fireEvent.click(await screen.findByRole('switch', { name: 'On sale: 60 Gems, THB · MyCard (web)' }));
    await waitFor(() => expect(api.to(pathOf(payAdminProductSale))).toHaveLength(1));
    expect(bodyOf(api.to(pathOf(payAdminProductSale))[0])).toEqual({
      game_base_id: 3,
      product_id: 'gems_60',
      currency: 'THB',
      pay_mode: 20,
      is_on_sale: 0,
    });
    fireEvent.click(screen.getByRole('switch', { name: 'On sale: 60 Gems' }));
    await waitFor(() => expect(api.to(pathOf(payAdminProductSale))).toHaveLength(2));
    expect(bodyOf(api.to(pathOf(payAdminProductSale))[1])).toEqual({
      game_base_id: 3,
      product_id: 'gems_60',
      is_on_sale: 0,
    });
    await waitFor(() =>
      expect(screen.getByRole('switch', { name: 'On sale: 60 Gems' }).getAttribute('aria-checked')).toBe(
        'false',
      ),
    );
  });

  it('closes a payment channel', async () => {
    const api = catalogServer({
      [pathOf(payAdminChannelSwitch)]: () => ok(channel({ is_open: 0 })),
    });
    await renderOps('/pay/catalog?game=3');
    fireEvent.click(await screen.findByRole('tab', { name: ops.pay.catalog.channels }));
    fireEvent.click(await screen.findByRole('switch', { name: 'Open: MyCard Thailand (THB)' }));
    await waitFor(() => expect(api.to(pathOf(payAdminChannelSwitch))).toHaveLength(1));
    expect(bodyOf(api.to(pathOf(payAdminChannelSwitch))[0])).toEqual({ pay_channel_id: 31, is_open: 0 });
    expect(
      await screen.findByText("MyCard Thailand (THB) is closed: players aren't offered it."),
    ).toBeTruthy();
  });

  it('refuses a staff member without the catalog privilege', async () => {
    const api = staffServer({}, sessionWith('faq'));
    await renderOps('/pay/catalog');
    expect(await screen.findByRole('heading', { name: admin.access.deniedTitle })).toBeTruthy();
    expect(api.to(pathOf(payAdminSwitchDetail))).toHaveLength(0);
  });
});
