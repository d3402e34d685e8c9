import { describe, expect, it } from 'vitest';
import * as contentAdmin from './content-admin.contracts.ts';
import { fullPath } from './define.ts';
import { auditActions, staffRequirementOf } from './staff.contracts.ts';

const calls = Object.values(contentAdmin).filter(
  (value): value is typeof contentAdmin.newsAdminPage =>
    typeof value === 'object' && value !== null && 'request' in value && 'group' in value,
);

describe('content calls', () => {
  it('live under /csmng/komoe/mng/content, all behind the content privilege, reads GET and writes JSON', () => {
    const table = Object.fromEntries(
      calls.map((c) => [fullPath(c), `${c.method} ${c.encoding} ${staffRequirementOf(c)}`]),
    );
    const crud = (kind: string) => ({
      [`/csmng/komoe/mng/content/${kind}/page`]: 'GET query content',
      [`/csmng/komoe/mng/content/${kind}/detail`]: 'GET query content',
      [`/csmng/komoe/mng/content/${kind}/create_update`]: 'POST json content',
      [`/csmng/komoe/mng/content/${kind}/delete`]: 'POST json content',
    });
    expect(table).toEqual({
      ...crud('news'),
      '/csmng/komoe/mng/content/news/preview': 'POST json content',
      ...crud('activity'),
      '/csmng/komoe/mng/content/activity/preview': 'POST json content',
      ...crud('banner'),
      ...crud('recommend'),
      ...crud('module'),
      ...crud('fans_group'),
      '/csmng/komoe/mng/content/nav/detail': 'GET query content',
      '/csmng/komoe/mng/content/nav/save': 'POST json content',
      '/csmng/komoe/mng/content/image/upload': 'POST multipart content',
    });
  });

  it('have their audit actions', () => {
    expect(auditActions).toEqual(
      expect.arrayContaining([
        'content.article.save',
        'content.article.delete',
        'content.banner.save',
        'content.fans_group.delete',
        'content.nav.save',
        'content.image.upload',
      ]),
    );
  });
});

describe('field rules', () => {
  const article = {
    category: 'notice',
    cover_media_id: `${'a'.repeat(32)}.png`,
    cover_h5_media_id: `${'b'.repeat(32)}.webp`,
    status: 'draft',
    texts: { en: { title: 'Hello', summary: '', body_html: '<p>Hi</p>' } },
  };

  it('texts need en, take the other site languages and refuse any other key', () => {
    expect(contentAdmin.articleSave.safeParse(article).success).toBe(true);
    const th = {
      ...article,
      texts: { ...article.texts, th: { title: 'สวัสดี', summary: '', body_html: 'x' } },
    };
    expect(contentAdmin.articleSave.safeParse(th).success).toBe(true);
    const noEn = contentAdmin.articleSave.safeParse({ ...article, texts: { th: th.texts.th } });
    expect(noEn.error?.issues.map((i) => i.path.join('.'))).toEqual(['texts.en']);
    const ja = contentAdmin.articleSave.safeParse({
      ...article,
      texts: { ...article.texts, ja: th.texts.th },
    });
    expect(ja.error?.issues.map((i) => i.code)).toEqual(['unrecognized_keys']);
  });

  it('titles are one line and trimmed; a save takes 0/1 flags also as text', () => {
    const twoLines = { ...article, texts: { en: { ...article.texts.en, title: 'a\nb' } } };
    expect(contentAdmin.articleSave.safeParse(twoLines).success).toBe(false);
    const parsed = contentAdmin.articleSave.parse({
      ...article,
      pinned: '1',
      texts: { en: { ...article.texts.en, title: '  Hello  ' } },
    });
    expect(parsed).toMatchObject({ pinned: 1, texts: { en: { title: 'Hello' } }, unpublish_at: null });
    expect(contentAdmin.articleSave.safeParse({ ...article, pinned: 2 }).success).toBe(false);
  });

  it('slugs and media ids have one shape', () => {
    expect(contentAdmin.contentSlugRule.parse(' Summer-Cup ')).toBe('summer-cup');
    expect(contentAdmin.contentSlugRule.safeParse('a b').success).toBe(false);
    expect(contentAdmin.mediaIdRule.safeParse('../../etc/passwd').success).toBe(false);
  });

  it('fan group pages are http(s) addresses', () => {
    const group = { url: 'https://community.example.com/x', texts: { en: { name: 'Fans' } } };
    expect(contentAdmin.fansGroupSave.safeParse(group).success).toBe(true);
    expect(contentAdmin.fansGroupSave.safeParse({ ...group, url: 'javascript:alert(1)' }).success).toBe(
      false,
    );
  });
});
