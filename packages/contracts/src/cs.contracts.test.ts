import { describe, expect, it } from 'vitest';
import { fullPath } from './define.ts';
import * as cs from './cs.contracts.ts';

const calls = Object.values(cs).filter(
  (value): value is typeof cs.faqPage =>
    typeof value === 'object' && value !== null && 'request' in value && 'group' in value,
);

describe('cs calls', () => {
  it('live under the cs group at the paths of spec 7, with the spec encodings', () => {
    const table = Object.fromEntries(calls.map((c) => [fullPath(c), `${c.method} ${c.encoding} ${c.auth}`]));
    expect(table).toEqual({
      '/cs/komoe/api/common/game/list': 'GET query public',
      '/cs/komoe/api/common/faq/page': 'GET query public',
      '/cs/komoe/api/common/question_type/list': 'GET query public',
      '/cs/komoe/api/work_order/page': 'POST json member',
      '/cs/komoe/api/work_order/detail': 'GET query member',
      '/cs/komoe/api/work_order/grade': 'POST form member',
      '/cs/komoe/api/work_order/create': 'POST json member',
      '/cs/komoe/api/contacts/info': 'GET query member',
      '/cs/komoe/api/contacts/save': 'POST form member',
      '/cs/komoe/api/common/file/upload': 'POST multipart member',
    });
    expect(cs.csFileDownloadPath('a b')).toBe('/komoe/api/common/file/download?file_id=a%20b');
  });
});

describe('shared rules (spec 5)', () => {
  const ok = (schema: { safeParse: (v: unknown) => { success: boolean } }, v: unknown) =>
    schema.safeParse(v).success;

  it('contact name 2-20, address at most 50, phone 6-15 digits, e-mail valid', () => {
    expect([
      ok(cs.contactNameRule, 'A'),
      ok(cs.contactNameRule, 'Ab'),
      ok(cs.contactNameRule, 'x'.repeat(21)),
    ]).toEqual([false, true, false]);
    expect([ok(cs.contactAddressRule, 'x'.repeat(50)), ok(cs.contactAddressRule, 'x'.repeat(51))]).toEqual([
      true,
      false,
    ]);
    expect(cs.contactPhoneRule.parse(' +66 81-234-5678 ')).toBe('+66812345678');
    expect([ok(cs.contactPhoneRule, '12345'), ok(cs.contactPhoneRule, '+1234567890123456')]).toEqual([
      false,
      false,
    ]);
    expect([ok(cs.csEmailRule, ' a@b.co '), ok(cs.csEmailRule, 'a@b'), ok(cs.csEmailRule, '')]).toEqual([
      true,
      false,
      false,
    ]);
  });

  it('question: title 5-100, content 1-1000, role id 5-20, role name 1-20; game, type and e-mail required', () => {
    const good = {
      game_base_id: '3',
      question_type: 2,
      email: 'a@b.co',
      question_title: 'Hello',
      question_content: 'Body',
    };
    expect(cs.questionFormSchema.parse(good)).toMatchObject({ game_base_id: 3, attachments: [] });
    for (const bad of [
      { question_title: 'Hey' },
      { question_title: 'x'.repeat(101) },
      { question_title: 'two\nlines' },
      { question_content: '   ' },
      { question_content: 'x'.repeat(1001) },
      { character_id: 'abcd' },
      { character_id: 'ab cde' },
      { character_id: 'x'.repeat(21) },
      { character_name: 'x'.repeat(21) },
      { email: 'nope' },
      { game_base_id: undefined },
      { question_type: undefined },
      {
        attachments: [
          'f'.repeat(16),
          'g'.repeat(16),
          'h'.repeat(16),
          'i'.repeat(16),
          'j'.repeat(16),
          'k'.repeat(16),
        ],
      },
    ]) {
      expect(ok(cs.questionFormSchema, { ...good, ...bad }), JSON.stringify(bad)).toBe(false);
    }
    expect(ok(cs.questionFormSchema, { ...good, character_id: '', character_name: '' })).toBe(true);
  });

  it('create needs the question fields unless it is a follow-up', () => {
    const missing = cs.workOrderCreate.request.safeParse({ question_content: 'More', attachments: [] });
    expect(missing.success).toBe(false);
    expect(missing.error?.issues.map((i) => i.path.join('.')).sort()).toEqual([
      'email',
      'game_base_id',
      'question_title',
      'question_type',
    ]);
    expect(
      cs.workOrderCreate.request.parse({ parent_work_order_id: 9, question_content: 'More' }),
    ).toMatchObject({
      parent_work_order_id: 9,
      attachments: [],
    });
    expect(ok(cs.followUpFormSchema, { parent_work_order_id: 1, question_content: '' })).toBe(false);
  });

  it('names the states, grades and genders of spec 3-4', () => {
    expect(cs.workOrderStatusNames).toEqual({ 0: 'noReply', 1: 'processing', 2: 'replied', 3: 'closed' });
    expect(Object.values(cs.gradeNames)).toEqual([
      'disappointed',
      'discontent',
      'general',
      'satisfaction',
      'superPraise',
    ]);
    expect(cs.sexNames).toEqual({ 0: 'secret', 1: 'male', 2: 'female' });
    expect(cs.hasUploadExtension('shot.JPEG')).toBe(true);
    expect(cs.hasUploadExtension('virus.exe')).toBe(false);
  });
});
