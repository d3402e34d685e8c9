import { describe, expect, it } from 'vitest';
import { fullPath } from './define.ts';
import * as authoring from './pay-channel-authoring.contracts.ts';
import { auditActions, keepsPublicData, staffRequirementOf } from './staff.contracts.ts';

const calls = [authoring.payChannelProviderList, authoring.payChannelCreate, authoring.payChannelSave];

const edit = {
  pay_mode: 108,
  payment_type: 'promptpay',
  provider: 'stripe',
  method_keys: ['promptpay'],
  min_amount: null,
  max_amount: 500000,
  names: { en: 'PromptPay', th: 'พร้อมเพย์' },
  sort: 0,
  is_open: 1,
};

describe('payment channel authoring calls', () => {
  it('live beside the channel list, behind the catalog privilege; the provider list changes nothing public', () => {
    expect(
      Object.fromEntries(
        calls.map((c) => [fullPath(c), `${c.method} ${c.encoding} ${staffRequirementOf(c)}`]),
      ),
    ).toEqual({
      '/csmng/komoe/mng/pay/channel/provider/list': 'GET query catalog',
      '/csmng/komoe/mng/pay/channel/create': 'POST json catalog',
      '/csmng/komoe/mng/pay/channel/save': 'POST json catalog',
    });
    expect(calls.map(keepsPublicData)).toEqual([true, false, false]);
    expect(auditActions).toEqual(expect.arrayContaining(['pay.channel.create', 'pay.channel.save']));
  });

  it('reads an edit: currency in upper case, empty names as none, keys as payment systems write them', () => {
    const parsed = authoring.payChannelCreate.request.parse({
      game_base_id: 3,
      currency: 'thb',
      ...edit,
      names: { en: ' PromptPay ', th: '', cn: null },
    });
    expect(parsed).toMatchObject({ currency: 'THB', names: { en: 'PromptPay', th: null, cn: null } });
    const bad = (patch: object) =>
      authoring.payChannelSave.request.safeParse({ pay_channel_id: 1, ...edit, ...patch }).success;
    expect(bad({})).toBe(true);
    expect(bad({ payment_type: 'Prompt Pay' })).toBe(false);
    expect(bad({ method_keys: ['PH_GCASH', 'promptpay'] })).toBe(true);
    expect(bad({ method_keys: ['Prompt Pay'] })).toBe(false);
    expect(bad({ method_keys: ['gcash-ph'] })).toBe(false);
    expect(bad({ min_amount: 0 })).toBe(false);
    expect(bad({ max_amount: 1.5 })).toBe(false);
    expect(bad({ names: { en: '' } })).toBe(false);
    expect(bad({ names: { en: 'A\nB' } })).toBe(false);
    expect(bad({ pay_mode: 99 })).toBe(false);
  });
});
