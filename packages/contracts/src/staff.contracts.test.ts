import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { fullPath } from './define.ts';
import * as staff from './staff.contracts.ts';

const calls = Object.values(staff).filter(
  (value): value is typeof staff.staffLogin =>
    typeof value === 'object' && value !== null && 'request' in value && 'group' in value,
);

describe('staff calls', () => {
  it('live under the csmng group at the paths of spec 7, each staff call naming its privilege', () => {
    const table = Object.fromEntries(
      calls.map((c) => [
        fullPath(c),
        `${c.method} ${c.encoding} ${c.auth}${c.auth === 'staff' ? ` ${staff.staffRequirementOf(c)}` : ''}`,
      ]),
    );
    expect(table).toEqual({
      '/csmng/captcha/sget': 'GET query public',
      '/csmng/login': 'POST json public',
      '/csmng/login_check': 'GET query staff self',
      '/csmng/login_out': 'POST json staff self',
      '/csmng/account/detail': 'GET query staff self',
      '/csmng/account/list': 'GET query staff staff.accounts',
      '/csmng/account/add': 'POST json staff staff.accounts',
      '/csmng/account/save': 'POST json staff staff.accounts',
      '/csmng/account/password': 'POST json staff self',
      '/csmng/account/del': 'GET query staff staff.accounts',
      '/csmng/account/limit': 'GET query staff staff.accounts',
      '/csmng/account/unseal': 'GET query staff staff.accounts',
      '/csmng/audit/page': 'GET query staff staff.accounts',
      '/csmng/login/totp': 'POST json public',
      '/csmng/login/recovery': 'POST json public',
      '/csmng/login/passkey/options': 'POST json public',
      '/csmng/login/passkey': 'POST json public',
      '/csmng/second_factor': 'GET query staff self',
      '/csmng/second_factor/reauth': 'POST json staff self',
      '/csmng/second_factor/reauth/passkey/options': 'POST json staff self',
      '/csmng/second_factor/totp/start': 'POST json staff self',
      '/csmng/second_factor/totp/confirm': 'POST json staff self',
      '/csmng/second_factor/recovery_codes': 'POST json staff self',
      '/csmng/second_factor/passkey/options': 'POST json staff self',
      '/csmng/second_factor/passkey/add': 'POST json staff self',
      '/csmng/second_factor/passkey/remove': 'POST json staff self',
      '/csmng/account/second_factor/reset': 'POST json staff staff.accounts',
    });
  });

  it('a call not declared with defineStaffCall has no requirement, so the server refuses to register it', () => {
    expect(staff.staffRequirementOf(staff.staffLogin)).toBeUndefined();
    const forged = { ...staff.staffLoginCheck, privilege: 'everything' };
    expect(staff.staffRequirementOf(forged)).toBeUndefined();
  });

  it('defineStaffCall is frozen and fixed to csmng / staff', () => {
    const call = staff.defineStaffCall({
      method: 'POST',
      path: '/x',
      privilege: 'faq',
      request: z.object({}),
      response: z.null(),
    });
    expect(call).toMatchObject({ group: 'csmng', auth: 'staff', encoding: 'form', privilege: 'faq' });
    expect(Object.isFrozen(call)).toBe(true);
  });
});

describe('privileges', () => {
  it('are a fixed list of unique ids and names', () => {
    const ids = staff.staffPrivileges.map((p) => p.id);
    const names = staff.staffPrivileges.map((p) => p.name);
    expect(new Set(ids).size).toBe(ids.length);
    expect(new Set(names).size).toBe(names.length);
    expect(names).toEqual(
      expect.arrayContaining(['tickets.read', 'tickets.reply', 'tickets.export', 'staff.accounts']),
    );
    expect(staff.privilegeId('staff.accounts')).toBe(8);
    expect(staff.privilegeNames([8, 1, 99])).toEqual(['tickets.read', 'staff.accounts']);
    expect(staff.privilegeName(99)).toBeUndefined();
  });

  it('privilege_ids accept known ids once each', () => {
    const ok = (v: unknown) => staff.privilegeIdsRule.safeParse(v).success;
    expect([ok([1, 2]), ok([]), ok([1, 1]), ok([99]), ok(['1'])]).toEqual([true, true, false, false, false]);
  });
});

describe('field rules', () => {
  const ok = (schema: z.ZodType, v: unknown) => schema.safeParse(v).success;

  it('account_id: 3-32 of a-z 0-9 . _ -, lower-cased', () => {
    expect(staff.staffAccountIdRule.parse(' Agent.One ')).toBe('agent.one');
    expect([
      ok(staff.staffAccountIdRule, 'ab'),
      ok(staff.staffAccountIdRule, 'abc'),
      ok(staff.staffAccountIdRule, '-abc'),
      ok(staff.staffAccountIdRule, 'a b c'),
      ok(staff.staffAccountIdRule, 'x'.repeat(33)),
    ]).toEqual([false, true, false, false, false]);
  });

  it('password: 10-64 with a letter and a digit', () => {
    expect([
      ok(staff.staffPasswordRule, 'short1'),
      ok(staff.staffPasswordRule, 'longenough'),
      ok(staff.staffPasswordRule, '1234567890'),
      ok(staff.staffPasswordRule, 'long enough 1'),
      ok(staff.staffPasswordRule, `a1${'x'.repeat(63)}`),
      ok(staff.staffPasswordRule, 'line\nbreak12'),
    ]).toEqual([false, false, false, true, false, false]);
  });

  it('audit filters take ISO times with an offset and known actions', () => {
    const parse = (v: object) => staff.auditPage.request.safeParse(v).success;
    expect(parse({ start_time: '2025-01-01T00:00:00Z', action: 'staff.login' })).toBe(true);
    expect(parse({ start_time: '2025-01-01' })).toBe(false);
    expect(parse({ action: 'made.up' })).toBe(false);
  });
});
