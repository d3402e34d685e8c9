import { beforeAll, describe, expect, it } from 'vitest';
import { sanitizeRichText, setOwnOrigins } from './rich-text.ts';

beforeAll(() => setOwnOrigins(['http://localhost:8080']));

describe('sanitizeRichText', () => {
  it.each([
    ['<p>Hi<script>alert(1)</script></p>', '<p>Hi</p>'],
    ['<img src=x onerror="alert(1)"><p>ok</p>', '<p>ok</p>'],
    ['<p onclick="steal()">tap</p>', '<p>tap</p>'],
    ['<a href="javascript:alert(1)">x</a>', '<a>x</a>'],
    ['<a href="//evil.example/">x</a>', '<a>x</a>'],
    ['<a href="/\\evil.example/">x</a>', '<a>x</a>'],
    ['<a href="/news\\..\\evil">x</a>', '<a>x</a>'],
    ['<a href="https:\\\\evil.example/">x</a>', '<a>x</a>'],
    ['<iframe src="https://evil.example"></iframe><p>a</p>', '<p>a</p>'],
    ['<p style="position:fixed">s</p>', '<p>s</p>'],
    ['<svg><script>alert(1)</script></svg>', ''],
    ['<form action="https://evil.example"><input name=p></form>', ''],
  ])('%s -> %s', (dirty, clean) => {
    expect(sanitizeRichText(dirty)).toBe(clean);
  });

  it('keeps structure and makes links to other sites open safely', () => {
    const html = sanitizeRichText(
      '<h2>Patch</h2><ul><li><strong>New</strong> hero</li></ul><a href="https://starfall.example.com/notes">notes</a> <a href="http://localhost:8080/news">news</a> <a href="/news">rel</a>',
    );
    expect(html).toContain('<h2>Patch</h2><ul><li><strong>New</strong> hero</li></ul>');
    expect(html).toContain(
      '<a href="https://starfall.example.com/notes" target="_blank" rel="noopener noreferrer nofollow">notes</a>',
    );
    expect(html).toContain('<a href="http://localhost:8080/news">news</a>');
    expect(html).toContain('<a href="/news">rel</a>');
  });
});
