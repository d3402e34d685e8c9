import { describe, expect, it } from 'vitest';
import { fullPath } from './define.ts';
import * as payAdmin from './pay-admin.contracts.ts';
import { auditActions, staffRequirementOf } from './staff.contracts.ts';

const calls = Object.values(payAdmin).filter(
  (value): value is typeof payAdmin.payAdminSwitchSet =>
    typeof value === 'object' && value !== null && 'request' in value && 'group' in value,
);

describe('pay operation calls', () => {
  it('live under /csmng/komoe/mng/pay, all behind the catalog privilege, reads GET and writes JSON', () => {
    const table = Object.fromEntries(
      calls.map((c) => [fullPath(c), `${c.method} ${c.encoding} ${staffRequirementOf(c)}`]),
    );
    expect(table).toEqual({
      '/csmng/komoe/mng/pay/switch/detail': 'GET query catalog',
      '/csmng/komoe/mng/pay/switch/set': 'POST json catalog',
      '/csmng/komoe/mng/pay/game/list': 'GET query catalog',
      '/csmng/komoe/mng/pay/server/list': 'GET query catalog',
      '/csmng/komoe/mng/pay/server/maintenance': 'POST json catalog',
      '/csmng/komoe/mng/pay/product/list': 'GET query catalog',
      '/csmng/komoe/mng/pay/product/price': 'POST json catalog',
      '/csmng/komoe/mng/pay/product/sale': 'POST json catalog',
      '/csmng/komoe/mng/pay/channel/list': 'GET query catalog',
      '/csmng/komoe/mng/pay/channel/switch': 'POST json catalog',
      '/csmng/komoe/mng/pay/order/page': 'POST json catalog',
      '/csmng/komoe/mng/pay/order/detail': 'GET query catalog',
      '/csmng/komoe/mng/pay/delivery/dead_page': 'GET query catalog',
      '/csmng/komoe/mng/pay/delivery/retry': 'POST json catalog',
      '/csmng/komoe/mng/pay/order/refund': 'POST json catalog',
    });
  });

  it('have their audit actions', () => {
    expect(auditActions).toEqual(
      expect.arrayContaining([
        'pay.switch',
        'pay.server.maintenance',
        'pay.product.price',
        'pay.product.sale',
        'pay.channel',
        'pay.delivery.retry',
      ]),
    );
  });
});

describe('field rules', () => {
  const ok = (schema: { safeParse(v: unknown): { success: boolean } }, v: unknown) =>
    schema.safeParse(v).success;

  it('a price is a positive whole number of minor units', () => {
    expect([
      ok(payAdmin.productPriceRule, 54900),
      ok(payAdmin.productPriceRule, '59900'),
      ok(payAdmin.productPriceRule, 0),
      ok(payAdmin.productPriceRule, 12.5),
      ok(payAdmin.productPriceRule, -1),
    ]).toEqual([true, true, false, false, false]);
  });

  it('a price change names a known payment mode and a currency code, upper-cased', () => {
    const parse = (v: object) => payAdmin.payAdminProductPrice.request.safeParse(v);
    const base = { game_base_id: 1, product_id: 'x', pay_mode: 108, product_price: 100 };
    expect(parse({ ...base, currency: 'thb' }).data?.currency).toBe('THB');
    expect(parse({ ...base, currency: 'TH' }).success).toBe(false);
    expect(parse({ ...base, currency: 'THB', pay_mode: 99 }).success).toBe(false);
  });

  it('the order search takes ISO times with an offset and known states', () => {
    const parse = (v: object) => payAdmin.payAdminOrderPageCall.request.safeParse(v).success;
    expect(parse({ start_time: '2025-01-01T00:00:00Z', state: 'paid' })).toBe(true);
    expect(parse({ start_time: '2025-01-01' })).toBe(false);
    expect(parse({ state: 'lost' })).toBe(false);
    expect(parse({ page_size: 101 })).toBe(false);
  });
});
