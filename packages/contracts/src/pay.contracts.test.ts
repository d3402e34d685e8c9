import { describe, expect, it } from 'vitest';
import { fullPath } from './define.ts';
import * as pay from './pay.contracts.ts';

const calls = Object.values(pay).filter(
  (value): value is typeof pay.paySwitch =>
    typeof value === 'object' && value !== null && 'path' in value && 'group' in value,
);

describe('pay calls', () => {
  it('live under the pay group at the paths of spec 7, each once', () => {
    const paths = calls.map((c) => fullPath(c)).sort();
    expect(paths).toEqual(
      [
        '/pay/api/komoe/webpay/channel_list',
        '/pay/api/komoe/webpay/currency_list',
        '/pay/api/komoe/webpay/game_list',
        '/pay/api/komoe/webpay/product_list',
        '/pay/api/komoe/webpay/switch',
        '/pay/api/komoe/webpay/user/role_list',
        '/pay/api/komoe/webpay/add_order',
        '/pay/api/komoe/webpay/order_detail',
        '/pay/api/komoe/webpay/order_history',
        '/pay/api/komoe/webpay/order_result',
        '/pay/api/web/pay/add_pay_order',
        '/pay/api/web/pay/order_detail',
        '/pay/api/web/pay/order_history',
        '/pay/api/web/pay/order_result',
        '/pay/api/web/pay/channel_list',
        '/pay/api/web/pay/game_list',
        '/pay/api/web/pay/get_captcha',
        '/pay/api/web/pay/product_list',
        '/pay/api/web/pay/product_list/v2',
        '/pay/api/web/pay/switch',
        '/pay/api/web/pay/user/role_list',
        // Ours: the live order status and the lookup without login.
        '/pay/api/web/pay/order_stream',
        '/pay/api/web/pay/order_lookup',
      ].sort(),
    );
    // Reads are GET with a query string; the two order-making calls POST a form (spec 7: form unless JSON).
    const posts = calls.filter((c) => c.method === 'POST').map((c) => c.path);
    expect(posts.sort()).toEqual([
      '/api/komoe/webpay/add_order',
      '/api/web/pay/add_pay_order',
      '/api/web/pay/order_lookup',
    ]);
    expect(calls.every((c) => c.encoding === (c.method === 'GET' ? 'query' : 'form'))).toBe(true);
  });

  it('ask for a member where the answer is personal: characters, the captcha and orders', () => {
    const publicCalls = calls.filter((c) => c.auth === 'public').map((c) => c.path);
    expect(publicCalls.sort()).toEqual(
      [
        '/api/komoe/webpay/channel_list',
        '/api/komoe/webpay/currency_list',
        '/api/komoe/webpay/game_list',
        '/api/komoe/webpay/product_list',
        '/api/komoe/webpay/switch',
        '/api/web/pay/channel_list',
        '/api/web/pay/game_list',
        '/api/web/pay/product_list',
        '/api/web/pay/product_list/v2',
        '/api/web/pay/switch',
        // The lookup without login: its answer is the order of whoever proves its number and the account's address.
        '/api/web/pay/order_lookup',
      ].sort(),
    );
    expect(calls.every((c) => c.auth === 'public' || c.auth === 'member')).toBe(true);
  });
});

describe('pay request fields', () => {
  it('reads the regional product_list query: currency in upper case, pay_mode one of spec 9', () => {
    expect(
      pay.webpayProductList.request.parse({
        distribution_region: '5',
        game_id: 'sfl_sea',
        currency: 'thb',
        pay_mode: '108',
      }),
    ).toEqual({ distribution_region: 5, game_id: 'sfl_sea', currency: 'THB', pay_mode: 108 });
    expect(pay.webpayProductList.request.parse({ game_id: 'g', currency: 'USD', pay_mode: '20' })).toEqual({
      game_id: 'g',
      currency: 'USD',
      pay_mode: 20,
    });
    for (const bad of [
      { game_id: 'g', currency: 'US', pay_mode: '108' },
      { game_id: 'g', currency: 'USD1', pay_mode: '108' },
      { game_id: 'g', currency: 'USD', pay_mode: '13' },
      { game_id: 'g', currency: 'USD', pay_mode: '' },
      { game_id: '', currency: 'USD', pay_mode: '108' },
    ])
      expect(pay.webpayProductList.request.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
  });

  it('takes a positive game_base_id', () => {
    expect(pay.payRoleList.request.parse({ game_base_id: '3' })).toEqual({ game_base_id: 3 });
    expect(pay.payRoleList.request.safeParse({ game_base_id: '0' }).success).toBe(false);
    expect(pay.webpayRoleList.request.safeParse({ distribution_region: '5' }).success).toBe(false);
  });
});

describe('money', () => {
  it('knows the ISO 4217 exponents of the SEA currencies (IDR 2, VND 0)', () => {
    expect(
      ['THB', 'VND', 'PHP', 'IDR', 'MYR', 'SGD', 'USD', 'jpy', 'KWD'].map((c) => pay.currencyExponent(c)),
    ).toEqual([2, 0, 2, 2, 2, 2, 2, 0, 3]);
  });

  it('prices are integer minor units', () => {
    const item = {
      product_id: 'p',
      product_name: 'n',
      product_price: 17900,
      currency: 'THB',
      exponent: 2,
      pay_mode: 108,
      marketing_desc_1: '',
      marketing_desc_2: '',
      product_image: '',
    };
    expect(pay.payProductItem.safeParse(item).success).toBe(true);
    expect(pay.payProductItem.safeParse({ ...item, product_price: 179.0001 }).success).toBe(false);
    expect(pay.payProductItem.safeParse({ ...item, pay_mode: 13 }).success).toBe(false);
  });

  it('tells web payment modes from app-store ones', () => {
    expect(pay.webPayModes.filter((m) => pay.isWebPayMode(m))).toEqual([20, 106, 107, 108]);
    expect([12, 14, 15, 105].some((m) => pay.isWebPayMode(m))).toBe(false);
    expect(Object.keys(pay.payModeNames).map(Number)).toEqual([...pay.payModes]);
  });
});
