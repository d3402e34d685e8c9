/** Contact info: read, save, and the service codes -702 / -704 / -705 / -706. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contactInfoData } from '@gp/contracts/cs';
import { caller } from '../../../test/cs-fixtures.ts';
import { loginTestMember, type TestMember } from '../../../test/member-session.ts';
import { createTestApp } from '../../../test/test-app.ts';

let t: Awaited<ReturnType<typeof createTestApp>>;
let call: ReturnType<typeof caller>;
let member: TestMember;
beforeAll(async () => {
  t = await createTestApp();
  call = caller(t.app);
  member = await loginTestMember(t.db, { nickName: 'Somchai_99' });
});
afterAll(() => t.close());

const info = async (who = member) => {
  const { body } = await call.get('/cs/komoe/api/contacts/info', who);
  expect(body.code).toBe(0);
  return contactInfoData.parse(body.data);
};
const valid = {
  contacts: 'Somchai Jaidee',
  sex: '1',
  mobile: '+66 81-234-5678',
  email: 'somchai@example.com',
  address: '99 Sukhumvit Rd, Bangkok',
};
const save = (fields: Record<string, string>, who: TestMember | null = member) =>
  call.form('/cs/komoe/api/contacts/save', fields, who);

describe('contacts/info and contacts/save', () => {
  it('answers empty contact info with the nickname before anything is saved', async () => {
    expect(await info()).toEqual({
      nickname: 'Somchai_99',
      contacts: '',
      sex: 0,
      mobile: '',
      email: '',
      address: '',
    });
  });

  it('saves and answers code 0, then reads back (phone without spaces and dashes)', async () => {
    const { body } = await save(valid);
    expect(body).toEqual({ code: 0, message: expect.any(String), data: null });
    expect(await info()).toEqual({
      nickname: 'Somchai_99',
      contacts: 'Somchai Jaidee',
      sex: 1,
      mobile: '+66812345678',
      email: 'somchai@example.com',
      address: '99 Sukhumvit Rd, Bangkok',
    });
    // Saving again replaces; empty phone, e-mail and address are allowed.
    expect((await save({ contacts: 'ธนา', sex: '2', mobile: '', email: '', address: '' })).body.code).toBe(0);
    expect(await info()).toMatchObject({ contacts: 'ธนา', sex: 2, mobile: '', email: '', address: '' });
  });

  it('answers the first broken rule: -702 name, -704 phone, -705 e-mail, -706 address', async () => {
    const before = await info();
    const cases: [Record<string, string>, number][] = [
      [{ contacts: 'A' }, -702],
      [{ contacts: 'x'.repeat(21) }, -702],
      [{ contacts: '' }, -702],
      [{ contacts: 'A', mobile: 'abc' }, -702],
      [{ mobile: 'call me' }, -704],
      [{ mobile: '12345' }, -704],
      [{ mobile: '+66 81 234 5678 9999 1' }, -704],
      [{ email: 'somchai@' }, -705],
      [{ address: 'ก'.repeat(51) }, -706],
      [{ address: 'line one\nline two' }, -706],
    ];
    for (const [patch, code] of cases) {
      const { status, body } = await save({ ...valid, ...patch });
      expect(status).toBe(200);
      expect(body, JSON.stringify(patch)).toMatchObject({ code, data: null });
    }
    expect(await info()).toEqual(before);
    expect((await save({ ...valid, contacts: 'Ab', address: 'ก'.repeat(50) })).body.code).toBe(0);
  });

  it('translates the codes as customer-service codes, not passport ones', async () => {
    const { body } = await call.form(
      '/cs/komoe/api/contacts/save?lang=vi',
      { ...valid, mobile: 'x' },
      member,
    );
    expect(body).toMatchObject({ code: -704, message: 'Vui lòng nhập số điện thoại hợp lệ.' });
  });

  it('refuses a gender outside secret / male / female with -400, and visitors with -101', async () => {
    expect((await save({ ...valid, sex: '3' })).status).toBe(400);
    expect((await save(valid, null)).body.code).toBe(-101);
    expect((await call.get('/cs/komoe/api/contacts/info', null)).body.code).toBe(-101);
  });

  it("keeps each member's contact info apart", async () => {
    const other = await loginTestMember(t.db);
    expect(await info(other)).toMatchObject({ contacts: '', mobile: '' });
  });
});
