import { describe, expect, it } from 'vitest';
import * as catalog from './catalog-admin.contracts.ts';
import { fullPath } from './define.ts';
import { staffRequirementOf, type StaffCallContract } from './staff.contracts.ts';

const calls = Object.values(catalog as Record<string, unknown>).filter(
  (value): value is StaffCallContract =>
    typeof value === 'object' && value !== null && 'request' in value && 'group' in value,
);

describe('FAQ and game calls', () => {
  it('live under csmng at the spec paths, FAQ behind `faq` and games behind `games`', () => {
    const table = Object.fromEntries(
      calls.map((c) => [fullPath(c), `${c.method} ${c.encoding} ${staffRequirementOf(c)}`]),
    );
    expect(table).toEqual({
      '/csmng/komoe/mng/question/page': 'GET query faq',
      '/csmng/komoe/mng/question/create_update': 'POST json faq',
      '/csmng/komoe/mng/question/detail': 'GET query faq',
      '/csmng/komoe/mng/question/online/switch': 'POST json faq',
      '/csmng/komoe/mng/question/delete': 'POST json faq',
      '/csmng/komoe/mng/question/type/list': 'GET query faq',
      '/csmng/komoe/mng/game/search': 'POST json games',
      '/csmng/komoe/mng/game/page': 'GET query games',
      '/csmng/komoe/mng/game/create_update': 'POST json games',
      '/csmng/komoe/mng/game/detail': 'GET query games',
      '/csmng/komoe/mng/game/online/switch': 'POST json games',
      '/csmng/komoe/mng/game/delete': 'POST json games',
      '/csmng/komoe/mng/game/icon/upload': 'POST multipart games',
    });
  });
});

const en = { question_title: 'How do I reset my password?', question_content: 'Use "Forgot password".' };

describe('faqFormSchema', () => {
  it('needs en; other languages may be left out, null or blank', () => {
    const parsed = catalog.faqFormSchema.parse({
      question_type: '3',
      texts: { en, th: { question_title: '', question_content: '' }, cn: null },
    });
    expect(parsed).toMatchObject({ question_type: 3, game_base_id: null, online_type: 1, sort: 0 });
    expect(parsed.texts).toEqual({ en, th: undefined, cn: undefined, vi: undefined, zh: undefined });
    expect(catalog.faqFormSchema.safeParse({ question_type: 3, texts: { th: en } }).success).toBe(false);
  });

  it('refuses half a translation, a one-line title with a line break, and scheduling without a time', () => {
    const half = { en, vi: { question_title: 'Đặt lại mật khẩu', question_content: '' } };
    expect(catalog.faqFormSchema.safeParse({ question_type: 3, texts: half }).success).toBe(false);
    const twoLines = { en: { ...en, question_title: 'Two\nlines' } };
    expect(catalog.faqFormSchema.safeParse({ question_type: 3, texts: twoLines }).success).toBe(false);
    const scheduled = catalog.faqFormSchema.safeParse({ question_type: 3, online_type: 2, texts: { en } });
    expect(scheduled.error?.issues.map((i) => i.path.join('.'))).toEqual(['online_time']);
    expect(
      catalog.faqFormSchema.safeParse({
        question_type: 3,
        online_type: 2,
        online_time: '2030-01-01T00:00:00.000Z',
        texts: { en: { ...en, question_content: 'Line one\nLine two' } },
      }).success,
    ).toBe(true);
  });
});

describe('gameFormSchema', () => {
  const game = {
    game_id: 'nova_1',
    slug: 'Nova-Saga',
    url: 'https://Nova.example.com/play?x="1"',
    names: { en: 'Nova Saga', th: '', zh: '新星傳說' },
  };

  it('normalises the slug and the URL and drops blank names', () => {
    const parsed = catalog.gameFormSchema.parse(game);
    expect(parsed.slug).toBe('nova-saga');
    expect(parsed.url).toBe('https://nova.example.com/play?x=%221%22');
    expect(parsed.names).toEqual({
      en: 'Nova Saga',
      th: undefined,
      cn: undefined,
      vi: undefined,
      zh: '新星傳說',
    });
    expect(parsed.icon_media_id).toBeUndefined();
  });

  it.each([
    ['javascript:alert(1)'],
    ['ftp://files.example.com/'],
    ['//example.com/'],
    ['https://user:secret@example.com/'],
    ['example.com'],
  ])('refuses the URL %s', (url) => {
    expect(catalog.gameFormSchema.safeParse({ ...game, url }).success).toBe(false);
  });

  it('refuses a game without an en name, a slug with odd characters and a media id of another shape', () => {
    expect(catalog.gameFormSchema.safeParse({ ...game, names: { th: 'โนวา' } }).success).toBe(false);
    expect(catalog.gameFormSchema.safeParse({ ...game, slug: 'nova saga' }).success).toBe(false);
    expect(catalog.gameFormSchema.safeParse({ ...game, slug: '-nova' }).success).toBe(false);
    expect(catalog.gameFormSchema.safeParse({ ...game, icon_media_id: '../etc/passwd' }).success).toBe(false);
    expect(catalog.gameFormSchema.safeParse({ ...game, icon_media_id: null }).success).toBe(true);
  });
});
