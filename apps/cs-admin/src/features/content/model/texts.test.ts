import { describe, expect, it } from 'vitest';
import { hasContent, textsForForm, textsForSave, writtenLanguages } from './texts.ts';

describe('texts per language', () => {
  it('a rich body with tags but no text is empty', () => {
    expect(hasContent('<p></p>')).toBe(false);
    expect(hasContent('<p> <br></p>')).toBe(false);
    expect(hasContent('<p>x</p>')).toBe(true);
    expect(hasContent('   ')).toBe(false);
    expect(hasContent(undefined)).toBe(false);
  });

  it('saves en always and the written languages only, each with every field', () => {
    const texts = {
      en: { title: 'Hi', summary: undefined, body_html: '<p>Body</p>' },
      th: { title: '', summary: '', body_html: '<p></p>' },
      vi: { title: 'Chào', summary: '', body_html: '' },
    };
    expect(textsForSave(texts, ['title', 'summary', 'body_html'])).toEqual({
      en: { title: 'Hi', summary: '', body_html: '<p>Body</p>' },
      vi: { title: 'Chào', summary: '', body_html: '' },
    });
    expect(writtenLanguages(texts)).toEqual(['en', 'vi']);
  });

  it('an answer fills every language of the form, the missing ones empty', () => {
    const form = textsForForm({ en: { title: 'A' }, zh: { title: '乙' } });
    expect(Object.keys(form)).toEqual(['en', 'th', 'cn', 'vi', 'zh']);
    expect(form.th).toEqual({});
    expect(form.zh).toEqual({ title: '乙' });
  });
});
